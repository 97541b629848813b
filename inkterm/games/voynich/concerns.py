"""What another seat's choice did to you at Voynich that your own facts do not show
(``GameState.concerning``): your research tokens moved or lifted, and a knowledge
piece laid next to one of them."""
from __future__ import annotations

from typing import Any

from inkterm.engine.text import Msg, Text, nmsg

from . import words as W


def _near(a: str, b: str) -> bool:
    """Two puzzle cells side by side (not diagonally)."""
    return abs(int(a[0]) - int(b[0])) + abs(int(a[1]) - int(b[1])) == 1


def concerning(before: dict[str, Any], after: dict[str, Any], seat: int, by: int) -> list[Text]:
    who = before["players"][by]["name"]
    was, now = before["players"][seat]["research"], after["players"][seat]["research"]
    out: list[Text] = []
    gone = sorted(set(was) - set(now))
    came = sorted(set(now) - set(was))
    if gone:
        cells = tuple(W.cell(c) for c in gone)
        moved = (nmsg("{who}'s move took your research token on {cells} to {to}.",
                      "{who}'s move took your research tokens on {cells} to {to}.", len(gone), who=who, cells=cells,
                      to=tuple(W.cell(c) for c in came)) if came else
                 nmsg("{who}'s move took your research token on {cells} off the puzzle.",
                      "{who}'s move took your research tokens on {cells} off the puzzle.", len(gone), who=who,
                      cells=cells))
        out.append(moved)
    for section, cells in after["puzzle"]["pieces"].items():
        for c in sorted(set(cells) - set(before["puzzle"]["pieces"].get(section, ()))):
            mine = [r for r in now if _near(r, c)]
            if mine:
                out.append(laid_next_to(who, section, c, mine[0]))
    return out


def laid_next_to(who: str, section: str, cell: str, near: str) -> Msg:
    """The kind goes in brackets: "a {kind} piece" read "a astrology piece"."""
    return Msg("{who} laid a piece on {cell} ({kind}), next to your research token on {near}.", who=who,
               kind=W.KIND_NAME.get(section, section), cell=W.cell(cell), near=W.cell(near))
