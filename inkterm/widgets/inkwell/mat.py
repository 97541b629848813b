"""The mat: the bottles in their rings (the star at the heart, circles round it,
diamonds outside with their technique cards) and the Abbot's track running round
the whole mat's edge, as printed: ``A`` at the top left, clockwise to the end space,
the arrows I II III where they stand, the Abbot ``●`` on it and the walked part
heavy. Smaller, the bottles a line each (the strip above says where the Abbot is)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.style import Style
from rich.text import Text

from .common import (SHAPE, InkPart, abbot_words, fit, line, short_reason, wrap)

#: Columns kept free inside the frame on each side: an arrow on a side of the track
#: writes its number there.
MARGIN = 4


def mat_rows(mat: list[dict]) -> list[list[dict]]:
    """The bottles as on the printed mat, top to bottom: each ring's first half above
    the heart and its other half below, outer rings further out."""
    rings: dict[int, list[dict]] = {}
    for b in mat:
        rings.setdefault(b.get("ring", 1), []).append(b)
    above: list[list[dict]] = []
    below: list[list[dict]] = []
    for ring in sorted(r for r in rings if r > 0):
        bottles = rings[ring]
        half = (len(bottles) + 1) // 2
        above.insert(0, bottles[:half])
        below.append(bottles[half:])
    return [row for row in (*above, rings.get(0, []), *below) if row]


def perimeter(width: int, height: int) -> list[tuple[int, int, str]]:
    """The frame's cells clockwise from the top left corner: (x, y, side), side one of
    ``top right bottom left`` or a corner ``tl tr br bl``."""
    out = [(0, 0, "tl")] + [(x, 0, "top") for x in range(1, width - 1)] + [(width - 1, 0, "tr")]
    out += [(width - 1, y, "right") for y in range(1, height - 1)]
    out += [(width - 1, height - 1, "br")] + [(x, height - 1, "bottom") for x in range(width - 2, 0, -1)]
    out += [(0, height - 1, "bl")] + [(0, y, "left") for y in range(height - 2, 0, -1)]
    return out


LIGHT = {"top": "─", "bottom": "─", "left": "│", "right": "│", "tl": "╭", "tr": "╮", "br": "╯", "bl": "╰"}
HEAVY = {"top": "━", "bottom": "━", "left": "┃", "right": "┃", "tl": "┏", "tr": "┓", "br": "┛", "bl": "┗"}


class MatView(InkPart):
    """The mat: at full size the bottles in their rings inside the Abbot's track;
    smaller, a bottle a line. Bottles that cannot be taken are dimmed, with why."""

    READS = ("bottle:", "slot:")
    KEYS = ("mat", "abbot", "end_space", "arrows", "arrows_crossed")
    #: The line each bottle was last drawn on (the board scrolls it into view).
    line_of: dict[str, int] = {}
    #: Drawn in full only when the whole table is on screen (the rings are tall).
    FULL_NEEDS_WHOLE = True

    def data(self, view: Mapping[str, Any]):
        forced = tuple(p["name"] for p in view.get("players", []) if p.get("must_turn") and not p.get("finished"))
        return super().data(view), forced

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        mat = view.get("mat", [])
        self.show_lines(self._rings(view, mat, touches) if detail else self._list(mat, touches))

    # ---------------------------------------------------------------- whole table
    def _rings(self, view: dict, mat: list[dict], touches: frozenset[str]) -> list[Text]:
        width = max(40, self.width())
        inner = width - 2 - 2 * MARGIN
        rows: list[Text] = []
        self.line_of = {}
        for row in mat_rows(mat):
            seg = inner // len(row)
            tops, unders = [], []
            for b in row:
                self.line_of[b["id"]] = len(rows) + 1  # under the frame's top edge
                cell = self.bottle_cell(b, touches)
                card = self.slot_cell(b, touches, wide=True) if b.get("slot") and b.get("active") else Text()
                if card and cell.cell_len + 2 + card.cell_len <= seg:  # the card beside its diamond
                    cell, card = Text.assemble(cell, "  ", card), Text()
                tops.append(fit(cell, seg, "center"))
                unders.append(fit(card, seg, "center"))
            rows.append(Text.assemble(*tops))
            if any(u.plain.strip() for u in unders):  # else below it
                rows.append(Text.assemble(*unders))
        rows += self._reasons(mat, inner)
        for b in mat:
            tech = b.get("technique")
            if tech and f"slot:{b['slot']}" in touches:
                rows += wrap(self, Text(f"{b['slot']} {tech['name']}: {tech['text']}",
                                        style=self.style("muted")), inner)
        foot = Text(abbot_words(view), style=self.style("head"))
        forced = [p["name"] for p in view.get("players", []) if p.get("must_turn") and not p.get("finished")]
        if forced:
            foot.append(f" · must Turn: {', '.join(forced)}", style=self.style("forced"))
        rows.append(foot)
        return self._framed(view, [fit(r, inner) for r in rows], width)

    def _framed(self, view: dict, rows: list[Text], width: int) -> list[Text]:
        """``rows`` inside the track: each of the frame's cells is a stretch of track,
        space 0 (``A``) at the top left corner and the end space just before it."""
        height = len(rows) + 2
        key = (width, height, view.get("abbot"), view.get("end_space"), tuple(view.get("arrows", [])),
               view.get("arrows_crossed"))
        if self._frame_key != key:  # the track changes once a turn, the bottles at every key
            self._frame_key, self._frame = key, self._track(view, width, height)
        top, bottom, sides = self._frame
        out = [top]
        for y, row in enumerate(rows, 1):
            left, right, inside = sides[y]
            body = Text.assemble(" " * MARGIN, row, " " * MARGIN)
            if inside is not None:  # an arrow's or the end's words beside its mark
                side, text, style = inside
                body = (Text.assemble(Text(text, style=style), body[len(text):]) if side == "left"
                        else Text.assemble(body[: len(body) - len(text)], Text(text, style=style)))
            out.append(Text.assemble(left, body, right, no_wrap=True, overflow="crop"))
        out.append(bottom)
        return out

    _frame_key: tuple | None = None
    _frame: tuple = ()

    def _track(self, view: dict, width: int, height: int) -> tuple:
        """The frame as the top line, the bottom line and, a row each, the left and
        right cells with any words that go inside."""
        cells = perimeter(width, height)
        last = len(cells) - 1
        end = max(1, view.get("end_space", 0))
        abbot = min(view.get("abbot", 0), end)
        crossed = view.get("arrows_crossed", 0)

        def at(space: int) -> int:
            return min(last, space * last // end)

        here = at(abbot)
        grid = [[" "] * width for _ in range(height)]
        styles: list[list[Style | str]] = [[""] * width for _ in range(height)]
        for i, (x, y, side) in enumerate(cells):
            walked = i < here
            grid[y][x] = (HEAVY if walked else LIGHT)[side]
            styles[y][x] = self.style("walked" if walked else "frame")
        inside: dict[int, tuple[str, str, Style | str]] = {}  # row -> (side, words, style)

        def label(i: int, text: str, style, mark: str) -> None:
            """``text`` on the track, ending on cell ``i``; on a side, a mark on cell
            ``i`` and the words inside the frame beside it."""
            i = max(1, i)
            if cells[i][2] in ("top", "bottom"):
                i = max(1, i - len(text) + 1)
            x, y, side = cells[i]
            if side in ("left", "right"):
                inside[y] = (side, text, style)
                grid[y][x], styles[y][x] = mark, style
                return
            xs = [cells[min(last, i + k)][0] for k in range(len(text))]
            x0 = max(1, min(min(xs), width - 1 - len(text)))
            for k, ch in enumerate(text):
                grid[y][x0 + k], styles[y][x0 + k] = ch, style

        for k, space in enumerate(view.get("arrows", []), 1):
            # An arrow lies between two spaces: it ends just before space `space`.
            side = cells[max(1, at(space) - 1)][2]
            label(at(space) - 1, ("I", "II", "III")[k - 1] if k <= 3 else str(k),
                  self.style("forced") if k <= crossed else self.style("head"),
                  "▲" if side == "left" else "▼")
        label(last, "end", self.style("head"), "◆")
        grid[0][0], styles[0][0] = "A", self.style("head")
        x, y, _ = cells[here]
        grid[y][x], styles[y][x] = "●", self.style("current")

        def runs(y: int) -> Text:  # a span per run of one style, not per cell
            t = Text(no_wrap=True, overflow="crop")
            x = 0
            while x < width:
                n = x
                while n < width and styles[y][n] == styles[y][x]:
                    n += 1
                t.append("".join(grid[y][x:n]), style=styles[y][x])
                x = n
            return t

        sides = {y: (Text(grid[y][0], style=styles[y][0]), Text(grid[y][-1], style=styles[y][-1]),
                     inside.get(y)) for y in range(1, height - 1)}
        return runs(0), runs(height - 1), sides

    def _reasons(self, mat: list[dict], width: int) -> list[Text]:
        """Under the rings: the active bottles that cannot be taken, a line per reason."""
        by_reason: dict[str, list[str]] = {}
        for b in mat:
            if b.get("active") and b.get("why_not"):
                by_reason.setdefault(b["why_not"], []).append(b["id"])
        return [line(("✗ ", self.style("blocked")), (" ".join(ids), self.style("blocked")),
                     (f": {why}", self.style("muted")))
                for why, ids in by_reason.items()]

    # ---------------------------------------------------------------- folded
    def _list(self, mat: list[dict], touches: frozenset[str]) -> list[Text]:
        """A bottle a line: the bottle and its cubes, then its technique or why it
        cannot be taken (short); the bottles out of play on one line."""
        active = [b for b in mat if b.get("active")]
        self.line_of = {b["id"]: n for n, b in enumerate(active)}
        cells = [self.bottle_cell(b, touches) for b in active]
        col = max((c.cell_len for c in cells), default=0) + 1
        out = []
        for b, cell in zip(active, cells):
            why = b.get("why_not")
            side = (Text(short_reason(why), style=self.style("muted")) if why
                    else self.slot_cell(b, touches, wide=False) if b.get("slot") else Text())
            out.append(line(fit(cell, col), side))
        idle = [f"{SHAPE.get(b['shape'], '?')} {b['id']} {b.get('min_players', 1)}+"
                for b in mat if not b.get("active")]
        if idle:
            out.append(line((f" {' '.join(idle)}: out of play", self.style("blocked"))))
        return out
