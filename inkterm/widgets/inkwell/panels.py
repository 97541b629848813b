"""The desk (the viewer's workspace and techniques), the pages on offer and the key."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.style import Style
from rich.cells import cell_len
from rich.text import Text

from inkterm.games.inkwell.content import COLOUR_WORDS
from inkterm.i18n import gettext as _
from inkterm.widgets.hanging import Hanging
from inkterm.widgets.touch import click_style

from .common import (CODE_OF_WORD, MARK, STATUS, SYMBOL, InkPart, line, page_name, side_words, tech_name, tech_text,
                     uses, viewer_seat)
from .page import PageDrawing


class DeskView(InkPart):
    """The viewer's workspace side and techniques (placed this page and underneath)."""

    READS = ("tech:", "workspace")
    VIEW = "desk"
    KEYS = ("current", "you", "private", "solo")

    def data(self, view: Mapping[str, Any]):
        seat, players = viewer_seat(view), view.get("players", [])
        return super().data(view), players[seat] if seat is not None and seat < len(players) else None

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        players = view.get("players", [])
        seat = viewer_seat(view)
        if seat is None or seat >= len(players):
            self.update("")
            return
        p = players[seat]
        mine = view.get("current") == seat
        hi = touches if mine else frozenset()
        ws = p["workspace"]
        side = ws.get("side")
        if side is None and view.get("you") == seat:
            side = (view.get("private") or {}).get("workspace_side")
        lines: list[Text | Hanging] = []
        t = Text()
        t.append(_("Desk") + " ", style=self.style("head") + click_style("workspace"))
        start = len(t)  # wrapped, the desk's words go on under themselves, not under "Desk"
        code = CODE_OF_WORD.get(ws["colour"], "?")
        t.append(code, style=self.style(f"cube-{code}") if code in SYMBOL else "")
        t.append(f" {_(ws['colour'])}", style=self.ink(code))
        ws_hi = "workspace" in hi
        if side is None:
            secret = "  " + (_("side secret until everyone has chosen") if not view.get("solo") else _("no side yet"))
            t.append("  " + _("choose a side:") if ws_hi else secret,
                     style=self.style("hi") if ws_hi else self.style("muted"))
        else:
            name, text = side_words(ws, side)
            t.append("  " + _("side {side}: ").format(side=side))
            t.append(name, style=self.style("hi") if ws_hi else self.style("head"))
            t.append(f" — {text}", style=self.style("muted"))
        lines.append(Hanging(*t.divide([start])))
        if side is None and ws_hi:
            for s in ("a", "b"):
                name, text = side_words(ws, s.upper())
                lines.append(Hanging(Text(f" {s.upper()} "), Text.assemble(  # wrapped, under the name
                    (name, self.style("head")), (f" — {text}", self.style("muted")))))
        techs = p.get("techniques") or []
        placed = sum(1 for x in techs if x.get("where") == "workspace")
        head = Text()
        cap = p.get("capacity")  # None while the side, which may raise it, is secret
        head.append(_("Techniques"), style=self.style("head"))
        if cap is not None:
            said = _(": {n} of {cap} slots used this page, {free} free").format(
                n=placed, cap=cap, free=max(0, cap - placed))
        else:
            said = _(": {n} placed this page").format(n=placed)
        start = len(head) + len(said) - len(said.lstrip(":： "))  # wrapped, under what it says
        head.append(said)
        if not techs:
            head.append(_(": none yet"), style=self.style("muted"))
        lines.append(Hanging(*head.divide([start])))
        for x in techs:
            h = f"tech:{x['id']}" in hi
            row = Text(no_wrap=not h, overflow="ellipsis")
            row.append(MARK if h else " ", style=self.style("current"))
            row.append(" " + _("under") + " " if x.get("where") == "under" else " ")
            status = x.get("status", "up")
            row.append(tech_name(x), style=(self.style("hi") if h else
                       self.style("muted") if status == "down" else self.style("head"))
                       + click_style(f"tech:{x['id']}"))
            row.append(f" [{_(STATUS[status]) if status in STATUS else status}{_(', ')}{uses(x['uses'])}]")
            row.append(f" {tech_text(x)}", style=self.style("muted"))
            lines.append(row)
        self.show_lines(lines)


class DisplayView(InkPart):
    """The open page II and III displays; a highlighted page is drawn in full."""

    READS = ("page:",)
    VIEW = "offer"
    KEYS = ("display",)

    def data(self, view: Mapping[str, Any]):
        return super().data(view), self.whole

    @property
    def whole(self) -> bool:
        return self.screen.has_class("-wide", "-tall")

    def _row(self, level: str, pages: list[dict], touches: frozenset[str], names: bool, whole: bool) -> Text:
        """``II  ▶II-4 Owl × blue 13pt  II-5 Rose × black 12pt``: a display's pages,
        each with its name, multiplier colour and points."""
        on_offer = _("{level} on offer: ")
        head = on_offer.format(level=level) if whole else f"{level:<4}"
        row = line((head if level else " " * cell_len(on_offer.format(level="III") if whole else "    "),
                    self.style("head")))
        if not pages:
            row.append(_("all taken"), style=self.style("muted"))
        for n, pg in enumerate(pages):
            h = f"page:{pg['id']}" in touches
            pts = sum(i["points"] for i in pg["illustrations"])
            m = pg.get("multiplier", "?")
            if n:
                row.append("  " if names else " ")
            row.append(MARK if h else "", style=self.style("current"))
            row.append(f"{pg['id']} {page_name(pg)}" if names or h else pg["id"],
                       style=(self.style("hi") if h else Style()) + click_style(f"page:{pg['id']}"))
            row.append(" × ")  # the multiplier colour in words: "× green"
            row.append(_(COLOUR_WORDS.get(m, m)), style=self.ink(m))
            row.append(" " + _("{n}pt").format(n=pts), style=self.style("muted"))
        return row

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        # The whole table has no views to title: a level's row says what it is.
        whole = self.whole
        lines: list[Text] = [] if whole else [Text(_("Pages to choose from"), style=self.style("head"))]
        shown: dict | None = None
        width = self.width()
        for level, pages in (view.get("display") or {}).items():
            # With names; a page a line when a level's pages do not fit one.
            row = self._row(level, pages, touches, True, whole)
            lines += [row] if row.cell_len <= width or len(pages) < 2 else [
                self._row(level if i == 0 else "", [pg], touches, True, whole) for i, pg in enumerate(pages)]
            shown = next((pg for pg in pages if f"page:{pg['id']}" in touches), shown)
        if shown is not None:
            lines.append(Text(f"{shown['id']} {page_name(shown)}{_(': ')}"
                              + _("{n} spaces").format(n=len(shown['spaces'])),
                              style=self.style("head")))
            drawing = PageDrawing(self, shown)
            lines += drawing.boxes(self.width()) if detail else drawing.rows(self.width())
        self.show_lines(lines)


class LegendView(InkPart):
    """How to read the board without colour."""

    VIEW = "key"
    KEYS = ()

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        self.update(Text.assemble(
            (_("Key") + " ", self.style("head")),
            (_("cubes K R Y G B, ★ gold; K×3 = three black. Bottles ☆ star, ○ circle, "
               "◊ diamond (its technique card with it); 3+ = used with 3 or more players; "
               "dimmed = cannot be taken now (✗ under the rings says why). Spaces: 3·R empty, "
               "takes red or gold; ? any cube; ★ gold only; 3■K holds black; a box or ▕ ▏ "
               "frames an illustration, illus B its name (its spaces B1, B2…), ✓ complete; others' pages small (B: illustration B): a letter a cube, · "
               "empty. Track (round the mat): A start, clockwise to the end, "
               "I II III the arrows, ● the Abbot, walked part heavy. ▶ the "
               "highlighted choice; + room for the highlighted bottle; ! must Turn; "
               "✓1st finished; ⚑ first player."), self.style("muted"))))
