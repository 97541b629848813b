"""The score track as a table of every seat's standing, and the one-line score
summary drawn where the board has room for it."""
from __future__ import annotations

from collections.abc import Sequence

from rich.cells import set_cell_size
from rich.text import Text

from inkterm.games.voynich import words as W
from inkterm.games.voynich.view import SupplyView, VoynichView
from inkterm.i18n import gettext as _

from ..fit import FirstThatFits, shortened
from .common import MARK, TYPES, TYPE_GLYPH, VoyPart, kind_word, page_word


def box_reached(value: int, boxes: list[list[int]]) -> int:
    """The worth of the highest scoring box a knowledge value has reached (0: none yet)."""
    return max((worth for at, worth in boxes if value >= at), default=0)


def next_break(value: int, breaks: list[int]) -> int | None:
    return next((b for b in sorted(breaks) if b > value), None)


class TrackView(VoyPart):
    """The score track as a table: a column per seat, a row per thing people compare —
    OK and how far from the end, each knowledge value with the scoring box it has
    reached and its next breakthrough, sharing tokens, the page opened, the supply."""

    READS = ()
    LABEL = 12
    col = 11

    def draw(self, view: VoynichView, touches: frozenset[str], width: int = 0) -> None:
        players = view.get("players", [])
        track = view.get("track", {})
        breaks = track.get("breakthroughs", [])
        boxes = track.get("boxes", [])
        end = track.get("end", 52)
        current = view.get("current")
        # a column a seat, as wide as a page's name; too many seats for the room: blocks
        self.col = min(11, (width - self.LABEL) // max(1, len(players))) if width else 11
        if self.col < 10:
            self._draw_blocks(view, players, breaks, boxes, end, current)
            return
        lines = []
        names = Text(set_cell_size(_("Track"), self.LABEL), style=self.style("head"), no_wrap=True, overflow="ellipsis")
        for s, p in enumerate(players):
            cell = f"{MARK if s == current else ' '}{p['colour'][0]} {p['name']}"
            names.append(self._fit(cell), style=self.seat_style(players, s) + self.style("head"))
        lines.append(names)

        def row(label: str, cells: Sequence[tuple[str, str | None]]) -> None:
            t = Text(set_cell_size(label, self.LABEL), style=self.style("head"), no_wrap=True, overflow="ellipsis")
            for text, sty in cells:
                t.append(self._fit(text), style=self.style(sty) if sty else "")
            lines.append(t)

        if view.get("over"):
            row(_("OK, final"), [(str(p.get("ok", 0)), "head") for p in players])
        elif view.get("end_triggered"):
            row(_("OK, ending"), [(str(p.get("ok", 0)), "head") for p in players])
        else:
            row(_("OK (to {end})").format(end=end), [(f"{p.get('ok', 0)} ({max(0, end - p.get('ok', 0))})", "head") for p in players])
        for ty in TYPES:
            cells = []
            for p in players:
                v = p.get("knowledge", {}).get(ty, 0)
                box = box_reached(v, boxes)
                nxt = next_break(v, breaks)
                cells.append((f"{v}{'▣' + str(box) if box else ''}{'›' + str(nxt) if nxt else ''}", ty))
            row(f"{TYPE_GLYPH[ty]} {kind_word(ty)}", cells)
        row(_("share"), [("".join(f"{TYPE_GLYPH[t]}{n}" for t, n in p.get("sharing", {}).items() if n) or "–", None)
                      for p in players])
        pages = []
        for s, p in enumerate(players):
            page = p.get("spread")
            is_open = s == current and view.get("open")
            pages.append(((("▶" if is_open else "") + page_word(page)) if page else "–", "current" if is_open else None))
        row(_("page ▶open"), pages)
        row(_("supply"), [(self._supply(p.get("supply", {})), None) for p in players])
        row(_("¶ texts"), [(W.texts(p.get("supply", {}).get("texts", [])), None) for p in players])
        row(_("▲ research"), [(_("{n} to use").format(n=p.get('supply', {}).get('research', 0)), None)
                             for p in players])
        if any("final" in p for p in players):
            row(_("final"), [(str(p["final"]), "head") for p in players])
        lines.append(Text(_("▣ box (worth) › next breakthrough"), style=self.style("muted")))
        self.show_lines(lines)

    def _draw_blocks(self, view, players, breaks, boxes, end, current) -> None:
        """Too many seats for a column each: three lines a seat, the same facts."""
        lines = [Text(_("Track  the game ends at {end} OK").format(end=end), style=self.style("head"))]
        for s, p in enumerate(players):
            ok = p.get("ok", 0)
            t = Text()  # wraps rather than loses a fact at the end
            t.append(f"{MARK if s == current else ' '}{p['colour'][0]} {p['name']}",
                     style=self.seat_style(players, s) + self.style("head"))
            t.append(f"  OK {ok}" + ("" if view.get("end_triggered") else " " + _("({n} to go)").format(n=max(0, end - ok))),
                     style=self.style("head"))
            share = "".join(f"{TYPE_GLYPH[k]}{n}" for k, n in p.get("sharing", {}).items() if n)
            if share:
                t.append("  " + _("share {share}").format(share=share))
            know = Text("   ")
            for ty in TYPES:
                v = p.get("knowledge", {}).get(ty, 0)
                box, nxt = box_reached(v, boxes), next_break(v, breaks)
                know.append(f"{TYPE_GLYPH[ty]}{v}{'▣' + str(box) if box else ''}{'›' + str(nxt) if nxt else ''} ",
                            style=self.style(ty))
            sup = p.get("supply", {})
            page = p.get("spread")
            is_open = s == current and view.get("open")
            rest = Text("   ")
            rest.append((("▶" if is_open else "✗") + page_word(page) + " ") if page else "", style=self.style("current" if is_open else "muted"))
            rest.append(f"{self._supply(sup)} ¶{W.texts(sup.get('texts', []))} ▲{sup.get('research', 0)}")
            lines += [t, know, rest]
        lines.append(Text(_("▣ box reached (worth) › next breakthrough · ▶ page open, ✗ opened last turn · "
                            "supply: ♣ leaves ≈ drops ★ stars ¶ texts ▲ research tokens"), style=self.style("muted")))
        self.show_lines(lines)

    def _fit(self, text: str) -> str:
        return set_cell_size(set_cell_size(text, self.col - 1), self.col)

    @staticmethod
    def _supply(sup: SupplyView) -> str:
        return f"♣{sup.get('leaf', 0)}≈{sup.get('drop', 0)}★{sup.get('star', 0)}"


class ScoreLine(VoyPart):
    """One line above the folded board: every seat's OK, and how near the end is."""

    READS = ()

    def draw(self, view: VoynichView, touches: frozenset[str]) -> None:  # type: ignore[override]  # drawn by VoynichBoard.show with its own arguments, never through redraw
        players = view.get("players", [])
        end = view.get("track", {}).get("end", 52)
        current = view.get("current")
        ending = "· " + _("ending") if view.get("end_triggered") else "· " + _("ends at {end}").format(end=end)
        short = "· " + _("ending") if view.get("end_triggered") else "· " + _("end {end}").format(end=end)

        def seats(limit: int | None, which: range) -> Text:
            t = Text(no_wrap=True, overflow="ellipsis")
            for s in which:
                p = players[s]
                # the colon keeps a name ending in a number ("bot 2") apart from its OK
                t.append(f"{MARK if s == current else ' '}{p['colour'][0]} {shortened(p['name'], limit)}: ",
                         style=self.seat_style(players, s) + self.style("head"))
                t.append(f"{p.get('ok', 0)} OK ", style=self.style("head"))
            return t

        def lines(limit: int | None, tail: str, split: int) -> Text:
            first = seats(limit, range(split))
            if split < len(players):
                first.append("\n")
                first.append_text(seats(limit, range(split, len(players))))
            first.append(tail, style=self.style("muted"))
            return first

        # Best first: one line, then names shortened, then two lines: every seat and
        # its OK stay on screen at 80 columns, whatever the names.
        n, half = len(players), (len(players) + 1) // 2
        forms = [lines(None, ending, n), lines(None, short, n), lines(9, short, n),
                 lines(None, short, half), lines(9, short, half), lines(5, short, half)]
        fit = FirstThatFits(forms)
        self.show(fit, fit.index(self.content_size.width))
