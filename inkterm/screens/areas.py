"""Tab between the game screen's areas (the menu, the log, the board), each named in
the footer as the one Tab moves to next, so the log and the board are discoverable."""
from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding

from inkterm.widgets.action_menu import ActionMenu
from inkterm.widgets.game_board import GameBoard

#: The areas Tab moves between, in order (their widgets' ids), and their names.
AREAS = ("menu", "log", "board")
AREA_TITLES = {"menu": "Menu", "log": "Log", "board": "Board"}
#: One binding an area: the footer shows the one that check_action lets through.
AREA_BINDINGS = [Binding("tab", f"focus_area('{a}')", AREA_TITLES[a], id="game.next-area") for a in AREAS]

if TYPE_CHECKING:
    from textual.screen import Screen

    _Mixed = Screen  # what the mixin is mixed into
else:
    _Mixed = object


class FocusAreas(_Mixed):
    """A mixin for the game screen (type-checked as the screen it is mixed into)."""

    def _area_widget(self, area: str):
        """The widget an area is now: "since your last turn" is the log while it shows
        in the log's place (so the footer's Tab entry stays as it was: no rebuild)."""
        if area == "log" and (since := self.query_one_optional("#since")) is not None and since.display:
            return since
        return self.query_one_optional(f"#{area}")

    def _area_of(self, widget) -> str | None:
        for area in AREAS:
            target = self._area_widget(area)
            if target is not None and (widget is target or (widget is not None and target in widget.ancestors)):
                return area
        return None

    def _board_parts(self) -> list:
        """Where Tab stops on the board now (its focus_parts: what scrolls, what opens)."""
        board = self.query_one_optional("#board")
        if board is None or not board.display:
            return []
        if isinstance(board, GameBoard):
            return board.focus_parts()
        return [board] if board.focusable else [w for w in board.query("*") if w.focusable]

    def next_area(self) -> str:
        # Asked by the footer (three times a repaint of its keys), also of a screen being
        # taken down (its parts already gone). query_one by id is cached until the DOM
        # changes, where query() matches every node's selectors each time.
        areas = [a for a in AREAS if (found := self._area_widget(a)) is not None and found.display
                 and (a != "board" or self._board_parts())]
        here = self._area_of(self.focused)
        if here == "board":  # the board's parts one after another, then on round
            parts = self._board_parts()
            if self.focused in parts and parts.index(self.focused) + 1 < len(parts):
                return "board"
        return areas[(areas.index(here) + 1) % len(areas)] if here in areas else "menu"

    def action_focus_area(self, area: str) -> None:
        if area == "board":
            parts = self._board_parts()
            at = parts.index(self.focused) + 1 if self.focused in parts else 0
            (parts[at] if at < len(parts) else self.query_one(ActionMenu)).focus()
            return
        target = self._area_widget(area)
        if target is None:
            return
        if target.focusable:
            target.focus()
        else:  # an area made of parts: its first part that takes the focus
            inner = next((w for w in target.query("*") if w.focusable), None)
            (inner or self.query_one(ActionMenu)).focus()

    def on_descendant_focus(self, event) -> None:
        self.refresh_bindings()  # the footer's Tab entry names the next area
