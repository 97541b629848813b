"""Kiln's board: the six zone tiles, every player's board, the hands and the cards in play.

The widgets draw only the dict they are given (``state.summary()`` or
``state.view(seat)``) and the set of board ids the highlighted choice touches:
``zone:3``, ``card:T4``, ``blank``, ``favour:4``, ``row:2``, ``money``.
Every colour is doubled by a glyph or letter: a highlighted thing is marked ``▶``,
a seat's tokens carry its initial, tapped cards ``↷``, card types are words.
Colours and emphasis come from component classes styled in ``assets/kiln/board.tcss``.

At 120×40 and above the whole table shows at once, the hand over the boards so it is in
sight; below, it folds into views that ``v`` cycles (table, boards, your place: your
board, the cards in front of you and your hand, cards) and that come forward by
themselves when the highlighted choice concerns them. A new seat starts at the top.

The parts: ``table.py`` the zone tiles and the seats in two lines each, ``players.py``
the player boards, ``cards.py`` the hand, the Studio draw and the cards in play,
``parts.py`` what they share (the head line, the legend, seat letters, blank slots).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from textual.containers import VerticalScroll
from textual.geometry import Region

from inkterm.engine.steps import parse_key
from inkterm.games.kiln.view import KilnView
from inkterm.widgets.game_board import GameBoard

from .cards import CardList, HandView, PlayedView
from .parts import VIEWS as VIEW_PARTS, FollowsView, HeadView, KilnPart, LegendView
from .players import PlayersView, SeatBoardView
from .table import SeatsView, ZonesView

WHOLE_TABLE = ("kiln-head", "kiln-zones", "kiln-hand", "kiln-players", "kiln-legend", "kiln-played")


class KilnBoard(VerticalScroll, GameBoard):
    """The whole Kiln table. Below 120×40 it folds into views (see parts.VIEWS)."""

    can_focus = False  # its parts (or the screen's Tab) take the focus

    VIEWS = tuple(VIEW_PARTS)
    DRAWS_LEGEND = True  # its legend part, under the boards

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._parts: list[KilnPart] = []
        self._studio_open = False
        self._drawn_touches: frozenset[str] = frozenset()
        self._seat: tuple | None = None  # (you, current) last drawn

    def compose(self):
        yield HeadView(id="kiln-head")
        yield ZonesView(id="kiln-zones")
        yield SeatsView(id="kiln-seats")
        yield SeatBoardView(id="kiln-seat-board")
        yield HandView(id="kiln-hand")  # whole table: over the boards, in sight at 120x40
        yield PlayersView(id="kiln-players")
        yield LegendView(id="kiln-legend")
        yield PlayedView(id="kiln-played")

    def on_mount(self) -> None:
        self._parts = list(self.query(KilnPart))

    @property
    def has_views(self) -> bool:
        """Whether `v` has something to show: the folded views, or on a whole table
        taller than the screen (four seats), the parts below the fold."""
        return self.is_mounted and (not self.whole or self.max_scroll_y > 0)

    def next_view(self) -> None:
        if self.whole:
            self._scroll_to_next_part()
            return
        if self.scroll_offset.y < self.max_scroll_y:
            # A long hand or many cards in play: v pages down before moving on.
            self.scroll_page_down(animate=False)
            return
        super().next_view()
        self.scroll_home(animate=False)

    def _scroll_to_next_part(self) -> None:
        top = self.scroll_offset.y
        below = [p for p in self._parts if p.display and p.virtual_region.y > top
                 and p.virtual_region.y <= self.max_scroll_y]
        if below:
            self.scroll_to(y=below[0].virtual_region.y, animate=False)
        else:
            self.scroll_home(animate=False)

    def watch_view(self, view: Mapping[str, Any] | None) -> None:
        studio = bool(view and view.get("studio"))
        if studio and not self._studio_open and not self.whole:
            self.view_name = "hand"  # the drawn cards are what the swap is about
        self._studio_open = studio
        seat = (view.get("you"), view.get("current")) if view else None
        if seat != self._seat and self._seat is not None:
            self.scroll_home(animate=False)  # a new seat starts at the top, not where the last left
        self._seat = seat
        super().watch_view(view)

    def draw(self, view: KilnView, touches: frozenset[str]) -> None:
        detail = self.whole
        moved = touches and touches != self._drawn_touches
        self._drawn_touches = touches
        shown = WHOLE_TABLE if detail else VIEW_PARTS[self.view_name]
        for part in self._parts or self.query(KilnPart):
            on = part.id in shown
            part.display = on
            if not on:
                continue
            if isinstance(part, FollowsView) and part.view_name != self.view_name:
                part.view_name = self.view_name
                part._drawn = None
            part.redraw(view, touches, detail)
        if moved and any(t.startswith("card:") for t in touches):
            self.call_after_refresh(self._scroll_to_card, touches)

    def _scroll_to_card(self, touches: frozenset[str]) -> None:
        """Keep the highlighted card's lines in sight (a long hand, a big Studio draw,
        a whole table taller than the screen)."""
        ids = [parse_key(t)[1] for t in touches if t.startswith("card:")]
        for part in self._parts:
            if isinstance(part, CardList) and part.display:
                for cid in ids:
                    if cid in part.card_rows:
                        row, n = part.card_rows[cid]
                        top = part.virtual_region.y + row
                        self.scroll_to_region(Region(0, top, 1, n), animate=False)
                        return

    def view_for(self, view: Mapping[str, Any], touches: frozenset[str]) -> str | None:
        """The view that shows what the highlighted choice touches."""
        if any(t.startswith("zone:") for t in touches):
            return "table"
        if any(t.startswith("card:") for t in touches):
            return "hand" if _touches_own_cards(view, touches) else "cards"
        return None


def _touches_own_cards(view: Mapping[str, Any], touches: frozenset[str]) -> bool:
    """Whether a touched card is in the viewer's hand or Studio draw (else in front of
    someone)."""
    ids = {parse_key(t)[1] for t in touches if t.startswith("card:")}
    you = view.get("you")
    players = view.get("players", [])
    private = list(view.get("studio") or [])
    if you is not None and you < len(players):
        private += players[you].get("hand_cards", [])
    return any(c["id"] in ids for c in private)
