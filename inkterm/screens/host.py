"""What inkterm's screens ask of the app they run in, beyond Textual's own App: the
app implements it (and mypy checks that it does, in app.py), so a screen reaches the
app through this and never imports it (the app imports the screens)."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol, cast

from textual import events
from textual.screen import Screen

if TYPE_CHECKING:
    from inkterm.engine import GameState
    from inkterm.engine.saves import OpenSave


class Host(Protocol):
    #: Seconds a bot waits before each visible step (tests use 0).
    bot_delay: float
    #: When a hand-off screen covers the table between people: "auto", "always", "never".
    handoff: str

    def open_game(self, state: GameState, path: Path | None, *, replace: bool = False,
                  opened: OpenSave | None = None) -> None: ...
    def continue_game(self, path: Path, *, take_over: bool = False) -> bool: ...
    def learn_or_watch(self, game: str | None) -> None: ...
    def show_rules(self, game: str, topic: str = "") -> None: ...
    def show_scene(self, game: str, topic: str, speed: float = 1.0, rule_read: bool = False) -> bool: ...


class HostedScreen(Screen):
    """A screen that asks the app for more than Textual's App offers."""

    @property
    def host(self) -> Host:
        return cast("Host", self.app)


class StyledOnce(Screen):
    """A screen whose first coming to the front does not style every node again.

    Textual restyles a whole screen each time it comes to the front (ScreenResume).
    The first time, a game screen was just composed, each node styled as it mounted,
    its size classes given before that (the app's ``push_screen``), so that pass
    changed nothing and cost a third of opening a game. Coming back later (after the
    log, the rules, a hand-off) restyles as Textual does. (Not every screen may skip
    it: the setup screen's picture changes without it; the game screens' do not, at
    either size, in every snapshot.)"""

    _resumed_once = False

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        # Handled here before Screen's own handler (subclass first), which reads the flag.
        if not self._resumed_once:
            self._resumed_once = True
            event.refresh_styles = False
