"""The Voynich Puzzle in words for a bot's reason (see ``inkterm/bots/reasons.py``):
what a turn gains in the seat's own standing (knowledge of each kind, OK, sharing
tokens, cards advanced, research tokens lifted or placed) and what it sets up (a
breakthrough within reach)."""
from __future__ import annotations

from inkterm.engine.words import count

#: Knowledge marks at which a breakthrough gives a sharing token (the score track).
BREAKTHROUGHS = (5, 12, 20, 29, 39, 50, 62, 75, 89)


def gains(before: dict, after: dict, seat: int) -> list[str]:
    b, a = before["players"][seat], after["players"][seat]
    out = []
    for kind, n in a["knowledge"].items():
        if n > b["knowledge"][kind]:
            out.append(f"+{n - b['knowledge'][kind]} {kind} knowledge")
    if a["ok"] > b["ok"]:
        out.append(f"+{a['ok'] - b['ok']} OK")
    steps_b = {c["card"]: c["step"] for c in b["book"]}
    for c in a["book"]:
        if c["step"] > steps_b.get(c["card"], c["step"]):
            out.append(f"{c['deck'].capitalize()} {c['number']} advanced to step {c['step']}")
    for kind, n in a["sharing"].items():
        if n > b["sharing"][kind]:
            out.append(f"{count(n - b['sharing'][kind], 'sharing token')} ({kind})")
    placed = len(a["research"]) - len(b["research"])
    if placed > 0:
        out.append(f"{count(placed, 'research token')} onto the puzzle")
    return out


def sets_up(before: dict, after: dict, seat: int) -> list[str]:
    a = after["players"][seat]
    out = []
    for kind, n in a["knowledge"].items():
        nxt = next((m for m in BREAKTHROUGHS if m > n), None)
        if nxt is not None and nxt - n <= 2 and n > before["players"][seat]["knowledge"][kind]:
            out.append(f"brings {kind} within {nxt - n} of a breakthrough")
    return out
