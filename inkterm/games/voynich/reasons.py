"""The Voynich Puzzle in words for a bot's reason (see ``inkterm/bots/reasons.py``): for
each named part of the evaluation (``evaluate.value_parts``), what a turn changed in it
in the seat's own standing (OK, knowledge of each kind and cards advanced, sharing
tokens, research tokens placed or lifted), and what it sets up (a breakthrough within
reach)."""
from __future__ import annotations

from inkterm.engine.words import count

#: Knowledge marks at which a breakthrough gives a sharing token (the score track).
BREAKTHROUGHS = (5, 12, 20, 29, 39, 50, 62, 75, 89)


def _ok(before: dict, after: dict, seat: int) -> list[str]:
    b, a = before["players"][seat], after["players"][seat]
    return [f"+{a['ok'] - b['ok']} OK"] if a["ok"] > b["ok"] else []


def _advanced(before: dict, after: dict, seat: int) -> list[str]:
    b, a = before["players"][seat], after["players"][seat]
    steps_b = {c["card"]: c["step"] for c in b["book"]}
    return [f"{c['deck'].capitalize()} {c['number']} advanced to step {c['step']}"
            for c in a["book"] if c["step"] > steps_b.get(c["card"], c["step"])]


def _pages(before: dict, after: dict, seat: int) -> list[str]:
    b, a = before["players"][seat], after["players"][seat]
    out = [f"+{n - b['knowledge'][kind]} {kind} knowledge"
           for kind, n in a["knowledge"].items() if n > b["knowledge"][kind]]
    return out + _advanced(before, after, seat)


def _sharing(before: dict, after: dict, seat: int) -> list[str]:
    b, a = before["players"][seat], after["players"][seat]
    return [f"{count(n - b['sharing'][kind], 'sharing token')} ({kind})"
            for kind, n in a["sharing"].items() if n > b["sharing"][kind]]


def _research(before: dict, after: dict, seat: int) -> list[str]:
    b, a = before["players"][seat], after["players"][seat]
    placed = len(a["research"]) - len(b["research"])
    if placed > 0:
        return [f"{count(placed, 'research token')} onto the puzzle"]
    if placed < 0:
        return [f"{count(-placed, 'research token')} lifted from the puzzle"]
    return []


#: What each part of the evaluation is, in words: the part's name as ``value_parts``
#: gives it, and what a turn changed in it (or, for the advances it plans, which no
#: view shows, the words said when that part rose).
TELLERS = {
    "OK": _ok,
    "pages by knowledge and step": _pages,
    "what the cards' steps bring": _advanced,
    "advances the research tokens meet": "research tokens where a card's next step can use them",
    "advances within reach": "a card's next step within reach",
    "research tokens for advances to come": "research tokens kept for advances to come",
    "knowledge by its breakthroughs": "knowledge nearer a breakthrough",
    "sharing tokens held": _sharing,
    "research tokens on the puzzle": _research,
}


def sets_up(before: dict, after: dict, seat: int) -> list[str]:
    a = after["players"][seat]
    out = []
    for kind, n in a["knowledge"].items():
        nxt = next((m for m in BREAKTHROUGHS if m > n), None)
        if nxt is not None and nxt - n <= 2 and n > before["players"][seat]["knowledge"][kind]:
            out.append(f"brings {kind} within {nxt - n} of a breakthrough")
    return out
