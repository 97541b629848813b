"""The Voynich Puzzle in words for a bot's reason (see ``inkterm/bots/reasons.py``): for
each named part of the evaluation (``evaluate.value_parts``), what a turn changed in it
in the seat's own standing (OK, knowledge of each kind and cards advanced, sharing
tokens, research tokens placed or lifted), and what it sets up (a breakthrough within
reach). Each is said in the reader's language (the words are rendered here, where the
reason is read)."""
from __future__ import annotations

from inkterm.i18n import N_
from inkterm.engine.text import Msg, nmsg

from .words import KIND_NAME, card_words

#: Knowledge marks at which a breakthrough gives a sharing token (the score track).
BREAKTHROUGHS = (5, 12, 20, 29, 39, 50, 62, 75, 89)


def _ok(before: dict, after: dict, seat: int) -> list[str]:
    b, a = before["players"][seat], after["players"][seat]
    return [f"+{a['ok'] - b['ok']} OK"] if a["ok"] > b["ok"] else []  # a number and a mark


def _advanced(before: dict, after: dict, seat: int) -> list[str]:
    b, a = before["players"][seat], after["players"][seat]
    steps_b = {c["card"]: c["step"] for c in b["book"]}
    return [str(Msg("{card} advanced to step {step}", card=card_words(c["card"]), step=c["step"]))
            for c in a["book"] if c["step"] > steps_b.get(c["card"], c["step"])]


def _pages(before: dict, after: dict, seat: int) -> list[str]:
    b, a = before["players"][seat], after["players"][seat]
    out = [str(Msg("+{n} {kind} knowledge", n=n - b["knowledge"][kind], kind=KIND_NAME.get(kind, kind)))
           for kind, n in a["knowledge"].items() if n > b["knowledge"][kind]]
    return out + _advanced(before, after, seat)


def _sharing(before: dict, after: dict, seat: int) -> list[str]:
    b, a = before["players"][seat], after["players"][seat]
    return [str(nmsg("{n} sharing token ({kind})", "{n} sharing tokens ({kind})", n - b["sharing"][kind],
                     kind=KIND_NAME.get(kind, kind)))
            for kind, n in a["sharing"].items() if n > b["sharing"][kind]]


def _research(before: dict, after: dict, seat: int) -> list[str]:
    b, a = before["players"][seat], after["players"][seat]
    placed = len(a["research"]) - len(b["research"])
    if placed > 0:
        return [str(nmsg("{n} research token onto the puzzle", "{n} research tokens onto the puzzle", placed))]
    if placed < 0:
        return [str(nmsg("{n} research token lifted from the puzzle", "{n} research tokens lifted from the puzzle",
                         -placed))]
    return []


#: What each part of the evaluation is, in words: the part's name as ``value_parts``
#: gives it, and what a turn changed in it (or, for the advances it plans, which no
#: view shows, the words said when that part rose).
TELLERS = {
    N_("OK"): _ok,
    N_("pages by knowledge and step"): _pages,
    N_("what the cards' steps bring"): _advanced,
    N_("advances the research tokens meet"): Msg("research tokens where a card's next step can use them"),
    N_("advances within reach"): Msg("a card's next step within reach"),
    N_("research tokens for advances to come"): Msg("research tokens kept for advances to come"),
    N_("knowledge by its breakthroughs"): Msg("knowledge nearer a breakthrough"),
    N_("sharing tokens held"): _sharing,
    N_("research tokens on the puzzle"): _research,
}


def sets_up(before: dict, after: dict, seat: int) -> list[str]:
    a = after["players"][seat]
    out = []
    for kind, n in a["knowledge"].items():
        nxt = next((m for m in BREAKTHROUGHS if m > n), None)
        if nxt is not None and nxt - n <= 2 and n > before["players"][seat]["knowledge"][kind]:
            out.append(str(Msg("brings {kind} within {n} of a breakthrough", kind=KIND_NAME.get(kind, kind), n=nxt - n)))
    return out
