"""The score track as a table of every seat's standing, and the one-line score
summary drawn where the board has room for it."""
from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from inkterm.games.voynich import words as W
from inkterm.games.voynich.view import SupplyView, VoynichView

from ..fit import FirstThatFits, shortened
from .common import MARK, TYPES, TYPE_GLYPH, VoyPart


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
        names = Text(f"{'Track':<{self.LABEL}}", style=self.style("head"), no_wrap=True, overflow="ellipsis")
        for s, p in enumerate(players):
            cell = f"{MARK if s == current else ' '}{p['colour'][0]} {p['name']}"
            names.append(self._fit(cell), style=self.seat_style(players, s) + self.style("head"))
        lines.append(names)

        def row(label: str, cells: Sequence[tuple[str, str | None]]) -> None:
            t = Text(f"{label:<{self.LABEL}}", style=self.style("head"), no_wrap=True, overflow="ellipsis")
            for text, sty in cells:
                t.append(self._fit(text), style=self.style(sty) if sty else "")
            lines.append(t)

        if view.get("over"):
            row("OK, final", [(str(p.get("ok", 0)), "head") for p in players])
        elif view.get("end_triggered"):
            row("OK, ending", [(str(p.get("ok", 0)), "head") for p in players])
        else:
            row(f"OK (to {end})", [(f"{p.get('ok', 0)} ({max(0, end - p.get('ok', 0))})", "head") for p in players])
        for ty in TYPES:
            cells = []
            for p in players:
                v = p.get("knowledge", {}).get(ty, 0)
                box = box_reached(v, boxes)
                nxt = next_break(v, breaks)
                cells.append((f"{v}{'▣' + str(box) if box else ''}{'›' + str(nxt) if nxt else ''}", ty))
            row(f"{TYPE_GLYPH[ty]} {ty.capitalize()}", cells)
        row("share", [("".join(f"{TYPE_GLYPH[t]}{n}" for t, n in p.get("sharing", {}).items() if n) or "–", None)
                      for p in players])
        pages = []
        for s, p in enumerate(players):
            page = p.get("spread")
            is_open = s == current and view.get("open")
            pages.append(((("▶" if is_open else "") + page.capitalize()) if page else "–", "current" if is_open else None))
        row("page ▶open", pages)
        row("supply", [(self._supply(p.get("supply", {})), None) for p in players])
        row("¶ texts", [(W.texts(p.get("supply", {}).get("texts", [])), None) for p in players])
        row("▲ research", [(f"{p.get('supply', {}).get('research', 0)} to use", None) for p in players])
        if any("final" in p for p in players):
            row("final", [(str(p["final"]), "head") for p in players])
        lines.append(Text("▣ box (worth) › next breakthrough", style=self.style("muted")))
        self.show_lines(lines)

    def _draw_blocks(self, view, players, breaks, boxes, end, current) -> None:
        """Too many seats for a column each: three lines a seat, the same facts."""
        lines = [Text(f"Track  the game ends at {end} OK", style=self.style("head"))]
        for s, p in enumerate(players):
            ok = p.get("ok", 0)
            t = Text()  # wraps rather than loses a fact at the end
            t.append(f"{MARK if s == current else ' '}{p['colour'][0]} {p['name']}",
                     style=self.seat_style(players, s) + self.style("head"))
            t.append(f"  OK {ok}" + ("" if view.get("end_triggered") else f" ({max(0, end - ok)} to go)"),
                     style=self.style("head"))
            share = "".join(f"{TYPE_GLYPH[k]}{n}" for k, n in p.get("sharing", {}).items() if n)
            if share:
                t.append(f"  share {share}")
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
            rest.append((("▶" if is_open else "✗") + page.capitalize() + " ") if page else "", style=self.style("current" if is_open else "muted"))
            rest.append(f"{self._supply(sup)} ¶{W.texts(sup.get('texts', []))} ▲{sup.get('research', 0)}")
            lines += [t, know, rest]
        lines.append(Text("▣ box reached (worth) › next breakthrough · ▶ page open, ✗ opened last turn · "
                          "supply: ♣ leaves ≈ drops ★ stars ¶ texts ▲ research tokens", style=self.style("muted")))
        self.show_lines(lines)

    def _fit(self, text: str) -> str:
        return f"{text[: self.col - 1]:<{self.col}}"

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
        ending = "· ending" if view.get("end_triggered") else f"· ends at {end}"

        short = ending.replace("ends at", "end")

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
