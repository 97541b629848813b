"""Inkwell's board: the mat with its bottles in rings and the Abbot's track round it,
the page in front of the player whose turn it is, the desk and techniques, every
player at a glance, the other seats' pages and the page II/III displays.

The widgets draw only the dict they are given (``state.summary()`` or
``state.view(seat)``) and the board ids the highlighted choice touches:
``bottle:C2``, ``slot:T1``, ``space:A3``, ``page:II-4``, ``tech:16``, ``workspace``.

At 120×40 and above the whole table is on screen at once. Smaller, a strip of the
public standing (Abbot, every seat's points, page and Turns, gold) stays at the top
and the rest folds into views that ``v`` cycles and that follow the decision.

Colour is never the only signal:

* a bottle's cubes are written one way everywhere: each colour's letter
  ``K R Y G B`` (``★`` for gold) on its colour, with ``×n`` when there are several
  (``K×3 R Y×2 ★``);
* a page space is ``<id><state><takes>``: ``3·R`` is space 3, empty, takes red (or
  gold); ``3■★`` is space 3 holding gold; ``?`` takes any cube, ``★`` only gold;
* ``▶`` marks what the highlighted choice touches; ``+`` marks the empty spaces the
  highlighted bottle's cubes could go to (by accepted colour; the game's fit rule
  decides whether they all fit together); a bottle that cannot be taken now is
  dimmed and says why;
* ``!`` marks a player the Abbot forces to Turn, ``✓`` a finished player, ``⚑`` the
  first player.

The pieces live beside this module: ``mat`` (the rings and the track), ``page``,
``seats`` (the strip, the players, the supply), ``panels`` (desk, displays, key).
Styles come from component classes in ``assets/inkwell/board.tcss``.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from textual.containers import Vertical, VerticalScroll

from inkterm.widgets.game_board import GameBoard

from .common import LETTER, SYMBOL, InkPart, short_reason
from .mat import MatView
from .page import OthersView, PageView
from .panels import DeskView, DisplayView, LegendView
from .seats import PlayersView, StripView, SupplyView

__all__ = ["LETTER", "SYMBOL", "InkwellBoard", "short_reason"]


# --------------------------------------------------------------------------- board
class InkwellBoard(Vertical, GameBoard):
    """The whole Inkwell table. Below 120×40 it folds into views under the standing strip."""

    can_focus = False  # its parts (or the screen's Tab) take the focus

    VIEWS = ("table", "desk", "players", "offer", "key")
    #: Top to bottom: at 120×40 all of them at once, so the order is the table's.
    PARTS = (MatView, PageView, DeskView, PlayersView, OthersView, SupplyView,
             DisplayView, LegendView)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._revealed: frozenset[str] = frozenset()  # the touches last scrolled to

    def compose(self):
        yield StripView(id="inkwell-strip")
        with VerticalScroll(id="inkwell-body"):  # Tab stops here: keys scroll it
            for part in self.PARTS:
                yield part(id=f"inkwell-{part.__name__[:-4].lower()}")

    def next_view(self) -> None:
        super().next_view()
        self.query_one("#inkwell-body").scroll_home(animate=False)
        self._revealed = frozenset()

    def draw(self, view: Mapping[str, Any], touches: frozenset[str]) -> None:
        whole = self.whole
        detail = self.screen.has_class("-wide")
        found = self.query(StripView)
        if not found:  # asked while its parts are not there (a screen going, under load)
            return
        strip = found.first()
        if strip.display == whole:  # styles only when the fold changes: keys stay cheap
            strip.display = not whole
        if not whole:
            strip.redraw(view, touches, detail)
        for part in self.query_one("#inkwell-body").query_children(InkPart):
            shown = whole or part.VIEW == self.view_name
            if part.display != shown:
                part.display = shown
            if shown:  # a folded-away part is drawn when its view comes forward
                part.redraw(view, touches, whole if part.FULL_NEEDS_WHOLE else detail)
        if touches and touches != self._revealed:
            self._revealed = touches
            self.call_after_refresh(self._reveal, touches)

    def view_for(self, view: Mapping[str, Any], touches: frozenset[str]) -> str | None:
        """The view that shows what the highlighted choice touches."""
        kinds = {t.split(":", 1)[0] for t in touches}
        if kinds & {"bottle", "slot", "space"}:
            return "table"
        if kinds & {"tech", "workspace"}:
            return "desk"
        if "page" in kinds:
            offered = {pg["id"] for pages in (view.get("display") or {}).values() for pg in pages}
            if any(t[5:] in offered for t in touches if t.startswith("page:")):
                return "offer"
            return "table"
        return None

    def _reveal(self, touches: frozenset[str]) -> None:
        """Scroll what the highlighted choice touches into sight: the bottle's line and
        as much of the page below it as fits, the page, the desk or the displays."""
        body = self.query_one("#inkwell-body")
        view = self.view_for(self.view or {}, touches)
        if view is None or not body.max_scroll_y:
            return
        if view == "table":
            page = self.query_one(PageView).virtual_region
            top, bottom = page.y, page.bottom
            mat = self.query_one(MatView)
            rows = [mat.line_of[t[7:]] for t in touches if t.startswith("bottle:") and t[7:] in mat.line_of]
            if rows:
                top = mat.virtual_region.y + min(rows)
        else:
            region = self.query_one(DeskView if view == "desk" else DisplayView).virtual_region
            top, bottom = region.y, region.bottom
        height = body.scrollable_content_region.height
        y = top if bottom - top > height else min(top, max(body.scroll_y, bottom - height))
        body.scroll_to(y=y, animate=False, immediate=True)
