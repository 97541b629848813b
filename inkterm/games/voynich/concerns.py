"""What another seat's choice did to you at Voynich that your own facts do not show
(``GameState.concerning``): your research tokens moved or lifted, and a knowledge
piece laid next to one of them."""
from __future__ import annotations

from typing import Any

from . import words as W


def _near(a: str, b: str) -> bool:
    """Two puzzle cells side by side (not diagonally)."""
    return abs(int(a[0]) - int(b[0])) + abs(int(a[1]) - int(b[1])) == 1


def concerning(before: dict[str, Any], after: dict[str, Any], seat: int, by: int) -> list[str]:
    who = before["players"][by]["name"]
    was, now = before["players"][seat]["research"], after["players"][seat]["research"]
    out = []
    gone = sorted(set(was) - set(now))
    came = sorted(set(now) - set(was))
    if gone:
        where = ", ".join(W.cell(c) for c in gone)
        to = f" to {', '.join(W.cell(c) for c in came)}" if came else " off the puzzle"
        out.append(f"{who}'s move took your research token{'s' if len(gone) > 1 else ''} on {where}{to}.")
    for section, cells in after["puzzle"]["pieces"].items():
        for c in sorted(set(cells) - set(before["puzzle"]["pieces"].get(section, ()))):
            mine = [r for r in now if _near(r, c)]
            if mine:
                out.append(f"{who} laid a {section} piece on {W.cell(c)}, next to your research "
                           f"token on {W.cell(mine[0])}.")
    return out
