"""The puzzle: the 8×8 grid with its pieces, letters, circles and every seat's
research tokens."""
from __future__ import annotations

from rich.text import Text

from inkterm.games.voynich import words as W
from inkterm.games.voynich.view import PlayerView, VoynichView
from inkterm.i18n import gettext as _
from inkterm.widgets.touch import click_style

from .common import MARK, TYPE_GLYPH, VoyPart


def stack_slots(seats: list[int], players: list[PlayerView]) -> tuple[list[tuple[str, int | None]], bool]:
    """The two characters a cell has for its research tokens, as (text, seat) parts, and
    whether they say everything: one owner (``R``, ``R3``) or two with one each (``RB``).
    Anything more shows the total and a ``*`` and is spelt out under the puzzle."""
    distinct = sorted(set(seats))
    if len(distinct) == 1:
        n = len(seats)
        return [(players[distinct[0]]["colour"][0], distinct[0]), (str(n) if n > 1 else " ", None)], n < 10
    if len(distinct) == 2 and len(seats) == 2:
        return [(players[s]["colour"][0], s) for s in distinct], True
    return [(str(min(len(seats), 9)), None), ("*", None)], False


#: The puzzle's frame: its sides are the edge cells, its corners the corner cells.
CORNERS = ("◤", "◥", "◣", "◢")


class PuzzleView(VoyPart):
    """The 8×8 puzzle as it lies on the board: the frame (its sides the edge cells, its
    corners the corner cells), the letters printed on the empty cells, the pieces as
    tiles of their type's colour (the central piece one 2×2 block), every seat's research
    tokens, and each row's and column's value beside the grid."""

    READS = ("cell:",)

    def draw(self, view: VoynichView, touches: frozenset[str], note: Text | None = None) -> None:  # type: ignore[override]  # drawn by VoynichBoard.show with its own arguments, never through redraw
        pz = view.get("puzzle", {})
        players = view.get("players", [])
        letters = pz.get("letters", ["." * 8] * 8)
        grid = pz.get("grid", ["." * 8] * 8)
        rowv = pz.get("row_values", [0] * 8)
        colv = pz.get("col_values", [0] * 8)
        circle = {rc for cells in pz.get("circles", {}).values() for rc in cells}
        piece = {rc: t for t, cells in pz.get("pieces", {}).items() for rc in cells}
        loose = set(pz.get("unconnected", []))
        research: dict[str, list[int]] = {}
        for s, p in enumerate(players):
            for rc in p.get("research", []):
                research.setdefault(rc, []).append(s)
        hi_cells = {t[5:].replace(",", "") for t in touches if t.startswith("cell:")}
        frame, muted = self.style("frame"), self.style("muted")

        # the top of the frame carries the column numbers, the bottom the column values
        def edge(left: str, right: str, labels: list, word: str, style) -> Text:
            t = Text()
            t.append(f" {left}", style=frame)
            for label in labels:
                t.append("─", style=frame)
                t.append(str(label), style=style)
                t.append("──", style=frame)
            t.append(right, style=frame)
            t.append(f" {word}", style=muted)
            return t

        lines = [edge(CORNERS[0], CORNERS[1], list(range(1, 9)), _("row"), self.style("head"))]
        crowded: dict[tuple, list[str]] = {}
        for r in range(8):
            line = Text()
            line.append(f"{r + 1}", style=self.style("head"))
            line.append("│", style=frame)
            for c in range(8):
                rc = f"{r + 1}{c + 1}"
                seats = research.get(rc, [])
                line.append_text(self._cell(rc, grid[r][c], letters[r][c], rc in circle,
                                            piece.get(rc), rc in loose, seats,
                                            rc in hi_cells, players, crowded))
            line.append("│", style=frame)
            line.append(f" {rowv[r]}", style=self.style("value"))
            lines.append(line)
        lines.append(edge(CORNERS[2], CORNERS[3], list(colv), _("col"), self.style("value")))
        for stack, cells in crowded.items():
            t = Text().append("* ", style=self.style("head"))
            t.append(" ".join(W.cell(rc) for rc in cells) + ": ", style=muted)
            for i, (seat, n) in enumerate(stack):
                t.append(("" if not i else " ") + f"{players[seat]['colour'][0]}{n}", style=self.seat_style(players, seat))
            lines.append(t)
        lines += [Text(_(line), style=muted) for line in W.PUZZLE_KEY]
        if note is not None:
            lines.append(note)
        self.show_lines(lines)

    def _cell(self, rc, g, letter, in_circle, ptype, loose, seats, hi, players, crowded) -> Text:
        t = Text()
        t.append(MARK if hi else " ", style=self.style("mark") if hi else "")
        centre = g == "*"
        if centre:  # one block: only the first of its four cells names it
            t.append("◎" if rc == "44" else " ", style=self.style("centre"))
        elif ptype:
            t.append(TYPE_GLYPH[ptype], style=self.style("muted") if loose else self.style(ptype))
        else:
            ch = letter.upper() if in_circle else letter.lower()
            t.append(ch, style=self.style("circle" if in_circle else "gutter"))
        # two slots: research tokens by owner (R, RB, R2), or a count and * (spelt out
        # below the puzzle), or ? for a piece not yet linked to the centre
        if seats:
            parts, exact = stack_slots(seats, players)
            for text, seat in parts:
                t.append(text, style=self.seat_style(players, seat) if seat is not None else self.style("head"))
            if not exact:
                stack = tuple((s, seats.count(s)) for s in sorted(set(seats)))
                crowded.setdefault(stack, []).append(rc)
        elif loose:
            t.append("? ", style=self.style("muted"))
        else:
            t.append("  ")
        # a piece is a tile of its type's colour; the central piece one block, the gaps
        # between its four cells filled
        if centre:
            t.stylize(self.style("tile-centre"), 0 if rc in ("45", "55") else 1)
        elif ptype and not loose:
            t.stylize(self.style(f"tile-{ptype}"), 1)
        if hi:
            t.stylize(self.style("hi"), 1)
        t.stylize(click_style(f"cell:{rc[0]},{rc[1]}"))
        return t
