"""The event log, full height: the whole game so far, readable at 80×24."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import RichLog

from inkterm.i18n import _
from inkterm.screens import SCREENS_CSS
from inkterm.widgets.footer import KeyFooter
from inkterm.widgets.plain import Plain


class LogScreen(Screen[None]):
    CSS_PATH = SCREENS_CSS
    BINDINGS = [
        Binding("escape,l,q", "close", "Back to the game", id="log.close"),
    ]

    def __init__(self, lines: list) -> None:
        super().__init__()
        self.lines = list(lines)

    def compose(self) -> ComposeResult:
        yield Plain(_("Log — arrows and page keys scroll"), id="log-title")
        # Wrapped at its width: RichLog's own least width (78) is wider than the log at
        # 80 columns, whose lines then ran two cells past its edge.
        yield RichLog(wrap=True, markup=False, highlight=False, max_lines=None, min_width=20, id="log-full")
        yield KeyFooter()

    def on_mount(self) -> None:
        log = self.query_one("#log-full", RichLog)
        for line in self.lines:
            log.write(line)
        log.focus()

    def action_close(self) -> None:
        self.dismiss()
