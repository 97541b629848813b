"""The mat: the bottles in their rings (the star at the heart, circles round it,
diamonds outside with their technique cards) and the Abbot's track running round
the whole mat's edge, as printed: ``A`` at the top left, clockwise to the end space,
the arrows I II III where they stand, the Abbot ``●`` on it and the walked part
heavy. Smaller, the same mat drawn tighter: a letter a cube, the technique under its
diamond, the track closer round it."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.style import Style
from rich.cells import cell_len
from rich.text import Text

from inkterm.i18n import gettext as _

from .common import (InkPart, abbot_words, fit, line, reason, short_reason, tech_name, tech_text, wrap)

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


def spread(cells: list[Text], width: int) -> Text | None:
    """``cells`` side by side on one line ``width`` wide: each centred in an equal share
    if they fit there, else each as wide as it is with the room left between them;
    None if they do not fit on one line."""
    if sum(c.cell_len for c in cells) + 2 * (len(cells) - 1) > width:
        return None
    seg = width // len(cells)
    if all(c.cell_len <= seg for c in cells):
        return Text.assemble(*(fit(c, seg, "center") for c in cells), no_wrap=True)
    gap = (width - sum(c.cell_len for c in cells)) // (len(cells) + 1)
    return fit(Text.assemble(*(part for c in cells for part in (" " * gap, c)), no_wrap=True), width)


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
    """The mat: the bottles in their rings inside the Abbot's track, at full size with
    the whole table, drawn tighter on a small screen. Bottles that cannot be taken are
    dimmed, with why."""

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
        self.show_lines(self._rings(view, view.get("mat", []), touches, small=not detail))

    def _rings(self, view: dict, mat: list[dict], touches: frozenset[str], small: bool = False) -> list[Text]:
        width = max(30 if small else 40, self.width())
        inner = width - 2 - 2 * MARGIN
        rows: list[Text] = []
        self.line_of = {}
        for row in mat_rows(mat):
            seg = inner // len(row)
            tops, unders, ids = [], [], []
            for b in row:
                cell = self.bottle_cell(b, touches)
                card = (self.slot_cell(b, touches, wide=not small) if b.get("slot") and b.get("active")
                        else Text())
                if card and cell.cell_len + 2 + card.cell_len <= seg:  # the card beside its diamond
                    cell, card = Text.assemble(cell, "  ", card), Text()
                tops.append(cell)
                unders.append(card)
                ids.append(b["id"])
            # side by side where the row's bottles fit (each in its share of the width,
            # or closer together), else a line each: nothing on the mat is cut
            line_up = spread(tops, inner)
            if line_up is not None:
                for bid in ids:
                    self.line_of[bid] = len(rows) + 1  # under the frame's top edge
                rows.append(line_up)
                if any(u.plain.strip() for u in unders):
                    below = spread(unders, inner)
                    rows += [below] if below is not None else [fit(u, inner, "center") for u in unders if u]
            else:
                for bid, top, under in zip(ids, tops, unders):
                    self.line_of[bid] = len(rows) + 1
                    rows.append(fit(top, inner, "center"))
                    if under:
                        rows.append(fit(under, inner, "center"))
        rows += self._reasons(mat, inner, small)
        for b in mat if not small else ():  # small: the menu's hint says the card's text
            tech = b.get("technique")
            if tech and f"slot:{b['slot']}" in touches:
                slot = f"{b['slot']} "  # wrapped, the card goes on under its name, not its slot
                rows += wrap(self, Text(f"{slot}{tech_name(tech)}{_(': ')}{tech_text(tech)}",
                                        style=self.style("muted")), inner, hang=len(slot))
        if not small:  # on a small screen the strip above says it, always in sight
            foot = Text(abbot_words(view), style=self.style("head"))
            forced = [p["name"] for p in view.get("players", []) if p.get("must_turn") and not p.get("finished")]
            if forced:
                foot.append(" · " + _("must Turn: {names}").format(names=_(", ").join(forced)), style=self.style("forced"))
            rows += wrap(self, foot, inner)  # never cut: it is the Abbot's next step
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
                body = (Text.assemble(Text(text, style=style), body[cell_len(text):]) if side == "left"
                        else Text.assemble(body[: len(body) - cell_len(text)], Text(text, style=style)))
            out.append(Text.assemble(left, body, right, no_wrap=True, overflow="crop"))
        out.append(bottom)
        return out

    _frame_key: tuple | None = None
    _frame: tuple = ()

    def _track(self, view: dict, width: int, height: int) -> tuple:
        """The frame as the top line, the bottom line and, a row each, the left and
        right cells with any words that go inside."""
        cells = perimeter(width, height)
        end_word = _("end")
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

        def label(i: int, words: str, style, mark: str) -> None:
            """``words`` on the track, ending on cell ``i``; on a side, a mark on cell
            ``i`` and the words inside the frame beside it."""
            # A cell a grid place: a wide character takes its own and the next ("").
            text = [piece for ch in words for piece in ((ch, "") if cell_len(ch) == 2 else (ch,))]
            i = max(1, i)
            if cells[i][2] in ("top", "bottom"):
                i = max(1, i - len(text) + 1)
            x, y, side = cells[i]
            if side in ("left", "right"):
                inside[y] = (side, words, style)
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
        label(last, end_word, self.style("head"), "◆")
        grid[0][0], styles[0][0] = "A", self.style("head")
        x, y, _side = cells[here]
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

    def _reasons(self, mat: list[dict], width: int, small: bool = False) -> list[Text]:
        """Under the rings: the active bottles that cannot be taken, a line per reason
        (on a small mat in few words: inspect says it in full)."""
        by_reason: dict[str, list[str]] = {}
        for b in mat:
            if b.get("active") and b.get("why_not"):
                why = short_reason(b["why_not"]) if small else reason(b["why_not"])
                by_reason.setdefault(why, []).append(b.get("name", b["id"]))
        out: list[Text] = []
        for why, ids in by_reason.items():
            out += wrap(self, line(("✗ ", self.style("blocked")), (" ".join(ids), self.style("blocked")),
                                   (_(": ") + why, self.style("muted"))), width)
        return out
