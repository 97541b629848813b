"""What a player reads beside the table, on keys and in the command palette: the whole
log, inspect, and the palette's commands (a mixin of the game screen)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import SystemCommand

from inkterm.i18n import _
from inkterm.widgets.action_menu import ActionMenu
from inkterm.widgets.event_log import EventLog

if TYPE_CHECKING:
    from textual.screen import Screen

    from inkterm.engine import GameState
    from inkterm.table_driver import TableDriver

    _Mixed = Screen  # what the mixin is mixed into
else:
    _Mixed = object


class Lookups(_Mixed):
    """A mixin for the game screen (type-checked as the screen it is mixed into)."""

    if TYPE_CHECKING:
        table: TableDriver

        @property
        def state(self) -> GameState: ...
        def action_undo(self) -> None: ...
        def action_rules(self) -> None: ...
        def action_save(self) -> None: ...

    def action_log(self) -> None:
        """The whole log, full height; Escape or l comes back."""
        from inkterm.screens.log import LogScreen

        self.app.push_screen(LogScreen(self.query_one(EventLog).entries))

    def action_inspect(self) -> None:
        """Read in full what the highlighted choice touches, or look up any card."""
        from inkterm.screens.inspect import InspectScreen

        seat = None if self.table.covered else self.table.viewer
        self.app.push_screen(InspectScreen(self.state, self.query_one(ActionMenu).current, seat))

    def palette_commands(self):
        yield SystemCommand(_("Undo"), _("Take back your last choice"), self.action_undo)
        yield SystemCommand(_("Rules"), _("Rules for the current decision"), self.action_rules)
        yield SystemCommand(_("Save"), _("Save the game now"), self.action_save)
        yield SystemCommand(_("Log"), _("The whole event log, full height"), self.action_log)
        yield SystemCommand(_("Inspect"), _("Read a card or a place in full"), self.action_inspect)
