"""Pass-and-play: a full screen that hides the table until the next player is ready."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen

from inkterm.i18n import _
from inkterm.screens import SCREENS_CSS
from inkterm.widgets.footer import KeyFooter
from inkterm.widgets.plain import Plain


class HandoffScreen(Screen[None]):
    """Covers everything (it is a full screen, not a modal): nothing private shows."""

    CSS_PATH = SCREENS_CSS

    BINDINGS = [
        Binding("enter", "ready", "I am ready", id="handoff.ready"),
        Binding("q", "app.quit", "Quit", id="handoff.quit"),  # the game underneath saves and asks
    ]

    def __init__(self, name: str, note: str = "") -> None:
        super().__init__()
        self.player = name
        self.note = note

    def compose(self) -> ComposeResult:
        with Middle():
            with Center(id="handoff-box"):
                yield Plain(_("Pass to {name}").format(name=self.player), id="handoff-name")
                yield Plain(
                    f"{self.note}\n" if self.note else "",
                    id="handoff-note",
                )
                yield Plain(
                    _("{name}, press Enter when the others are not looking.").format(name=self.player),
                    id="handoff-help",
                )
        yield KeyFooter()

    def action_ready(self) -> None:
        self.dismiss()
