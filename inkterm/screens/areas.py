"""Tab between the game screen's areas (the menu, the log, the board), each named in
the footer as the one Tab moves to next, so the log and the board are discoverable."""
from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding
from textual.containers import ScrollableContainer

from inkterm.widgets.action_menu import ActionMenu

#: The areas Tab moves between, in order (their widgets' ids), and their names.
AREAS = ("menu", "log", "board")
AREA_TITLES = {"menu": "Menu", "log": "Log", "board": "Board"}
#: One binding an area: the footer shows the one that check_action lets through.
AREA_BINDINGS = [Binding("tab", f"focus_area('{a}')", AREA_TITLES[a], id="game.next-area") for a in AREAS]

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.widget import Widget

    _Mixed = Screen  # what the mixin is mixed into
else:
    _Mixed = object


class FocusAreas(_Mixed):
    """A mixin for the game screen (type-checked as the screen it is mixed into)."""

    def _area_of(self, widget) -> str | None:
        for area in AREAS:
            found = self.query(f"#{area}")
            target = found.first() if found else None
            if target is not None and (widget is target or (widget is not None and target in widget.ancestors)):
                return area
        return None

    def next_area(self) -> str:
        # Asked by the footer, also of a screen being taken down (its parts already gone).
        areas = [a for a in AREAS if (found := self.query(f"#{a}")) and found.first().display]
        here = self._area_of(self.focused)
        return areas[(areas.index(here) + 1) % len(areas)] if here in areas else "menu"

    def action_focus_area(self, area: str) -> None:
        target = self.query_one(f"#{area}")
        if target.focusable:
            target.focus()
        else:  # a board made of parts: the view in front's scrolling part (the
            # arrows and page keys scroll it), else its first part that takes the focus
            shown = [w for w in target.query(ScrollableContainer) if w.region.area and not w.disabled]
            inner: Widget | None = next((w for w in shown if w.focusable), None)
            if inner is None and shown:
                # A scrolling part kept out of the focus chain (a click on the board
                # leaves the focus on the menu) takes it when Tab asks for the board.
                inner = shown[0]
                shown[0].can_focus = True
            inner = inner or next((w for w in target.query("*") if w.focusable), None)
            (inner or self.query_one(ActionMenu)).focus()

    def on_descendant_focus(self, event) -> None:
        self.refresh_bindings()  # the footer's Tab entry names the next area
