"""Turns on the game screen's clock: after every choice the screen asks its driver
what comes next and does it — the game-over screen, the hand-off screen between
people, or a bot's step. A bot moves after a short pause (the app's ``bot_delay``),
thinking in a thread while the screen keeps painting and taking keys; with no pause,
a run of bots' choices is played in one go, drawn and saved once."""
from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work

from inkterm.engine import IllegalChoice
from inkterm.table_driver import Next
from inkterm.widgets.action_menu import ActionMenu

if TYPE_CHECKING:
    from textual.timer import Timer

    from inkterm.engine import Decision, GameState
    from inkterm.screens.host import HostedScreen
    from inkterm.table_driver import Played, TableDriver

    _Mixed = HostedScreen  # what the mixin is mixed into
else:
    _Mixed = object


class Turns(_Mixed):
    """A mixin for the game screen (type-checked as the screen it is mixed into)."""

    if TYPE_CHECKING:  # what it uses of the game screen
        table: TableDriver
        _finished: bool

        @property
        def state(self) -> GameState: ...
        @property
        def decision(self) -> Decision | None: ...

        def finish(self) -> None: ...
        def log_played(self, played: Played) -> None: ...
        def refresh_table(self) -> None: ...
        def save_soon(self) -> None: ...
        def still_ours(self) -> bool: ...

    #: The bot step to come: its timer, True while one is under way without a timer.
    _bot_timer: Timer | bool | None = None

    def play(self, key: str) -> None:
        """A choice: the driver applies it, the table is drawn, saved soon, and moves on."""
        if not self.still_ours():  # refused, and said: never applied and then lost
            return
        try:
            self.log_played(self.table.apply(key))
        except IllegalChoice as exc:
            self.notify(str(exc), severity="error")
            return
        self.table.turn_passed()
        self.refresh_table()
        self.save_soon()
        self.advance()

    def advance(self) -> None:
        """After any change: finish, hand off, show the next person's view, or let a bot move."""
        if self._finished or not self.is_attached:
            return
        step = self.table.advance()
        if step is Next.FINISH:
            self.finish()
        elif step is Next.BOT:
            self.schedule_bot()
        elif step is Next.HAND_OFF and (d := self.decision) is not None:
            self.hand_off(d.seat)
        elif step is Next.TAKE:
            self.refresh_table()

    def hand_off(self, seat: int) -> None:
        """Cover the table until ``seat``'s player is ready."""
        from inkterm.screens.handoff import HandoffScreen

        note = self.table.cover()
        self.refresh_table()

        def ready(_=None) -> None:
            self.table.uncover(seat)
            self.refresh_table()
            self.query_one(ActionMenu).focus()

        self.app.push_screen(HandoffScreen(self.state.seats[seat], note), ready)

    def schedule_bot(self) -> None:
        if self._bot_timer is not None:
            return
        if self.host.bot_delay > 0:
            self._bot_timer = self.set_timer(self.host.bot_delay, self.bot_step)
        else:
            self._bot_timer = True
            self.call_later(self.bot_step)

    def bot_step(self) -> None:
        self._bot_timer = None
        d = self.decision
        if d is None or d.seat not in self.table.bots or not self.is_attached:
            return
        if self.app.screen is not self:
            # A rules page or a question is open: look again shortly (a timer, so a
            # zero bot delay does not spin).
            self._bot_timer = self.set_timer(0.2, self.bot_step)
        elif self.host.bot_delay > 0:
            # Think in a thread (a search bot may take a while), on a copy made here.
            self._bot_timer = True
            self.bot_think(d.seat, len(self.state.record.choices), self.state.clone())
        elif self.still_ours():
            try:
                for played in self.table.bots_play():
                    self.log_played(played)
            except IllegalChoice as exc:  # a bot bug must not wedge the table
                self.notify(str(exc), severity="error")
                return
            self.refresh_table()
            self.save_soon()  # one write covers the whole run of bot choices
            self.advance()

    @work(thread=True, exclusive=True, group="bot")
    def bot_think(self, seat: int, at: int, state) -> None:
        key = self.table.bots[seat].choose(state)
        self.app.call_from_thread(self._bot_chose, seat, at, key)

    def _bot_chose(self, seat: int, at: int, key: str) -> None:
        self._bot_timer = None
        if self._finished or not self.is_attached:
            return
        if self.table.still(seat, at):  # nothing changed meanwhile (an undo, a resumed game)
            self.play(key)
        else:
            self.advance()
