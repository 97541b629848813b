"""A shared table's game: the game screen itself, driving a RemoteTable instead of a
local state. The server applies every choice (the bots' too) and saves; this screen
only sends its own seat's choices and draws what the server pushes. No hand-off:
each seat has its own screen.

Leaving the table is not leaving inkterm: Esc or q offers both, and the seat waits
on the server. ``t`` opens the table's panel (who is there, who is away, when each
seat last moved, who asks to join, and the host's say over seats and rules)."""
from __future__ import annotations

import asyncio

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.timer import Timer
from textual.widgets import Input

from inkterm.i18n import N_, _
from inkterm.screens import TABLES_CSS
from inkterm.screens.game import GameScreen
from inkterm.engine.types import TO_YOU
from inkterm.screens.table_panel import TablePanel
from inkterm.table_driver import SharedSeat
from inkterm.tables.chat import MAX_CHAT_CHARS
from inkterm.widgets.action_menu import ActionMenu
from inkterm.widgets.chat_input import ChatInput
from inkterm.widgets.event_log import EventLog

#: The prompt's height while another seat chooses: the most it shows (its max-height
#: in screens.tcss), whatever the decision. The server's prompts take one line or
#: two from move to move, and each change laid the side out again on every seat.
WAITING_LINES = 3
#: How long a choice sent may go unanswered before the screen shows it taken (the
#: menu emptied). The server's update, which redraws the table, mostly comes first:
#: drawing the wait as well cost the choosing seat a second redraw of the board on
#: every move, just as the other seats draw the move on the same cores.
ANSWER_WAIT = 0.1


def set_window_title(app, text: str) -> None:
    """The terminal window's title (OSC 2). ``text`` is ours, never a player's."""
    driver = getattr(app, "_driver", None)
    if driver is not None:
        clean = "".join(ch for ch in text if ch.isprintable())
        driver.write(f"\x1b]2;{clean}\x07")


LEAVE_QUESTION = N_("Leave the table?")
LEAVE_ANSWERS = [("leave", N_("Leave the table (your seat waits)"), "l"), ("quit", N_("Quit inkterm"), "q")]


def ask_leave_or_quit(screen, remote, detail: str) -> None:
    """The one question at a table (Esc, q, the palette's Quit): leave the table for
    the title (the seat waits), or quit inkterm (the others are told either way)."""
    from inkterm.screens.confirm import ChoiceScreen

    app = screen.app
    if isinstance(app.screen, ChoiceScreen) and app.screen.question == LEAVE_QUESTION:
        return

    async def answer(what: str | None) -> None:
        if what == "leave":
            screen.leaving = True
            remote.leave()
            back_to_title(app)
        elif what == "quit":
            screen.leaving = True
            said = remote.leave(quit=True)
            if said is not None:  # the others hear it before the connection closes
                try:  # asyncio.timeout: wait_for can swallow a cancellation (Python 3.11)
                    async with asyncio.timeout(2):
                        await asyncio.shield(said)
                except Exception:
                    pass
            app.exit()

    answers = LEAVE_ANSWERS if remote.you is not None else [
        ("leave", N_("Stop watching"), "l"), LEAVE_ANSWERS[1]]
    app.push_screen(ChoiceScreen(LEAVE_QUESTION, detail, answers), answer)


def back_to_title(app) -> None:
    """Every screen above the title goes (the title lists the seat you left). The
    title is the bottom of the stack (the app's default screen)."""
    from inkterm.screens.title import TitleScreen

    while len(app.screen_stack) > 1 and not isinstance(app.screen, TitleScreen):
        app.pop_screen()


#: How long a note from the table (who came, who left) shows over the game.
NOTE_SECONDS = 6


class TableScreen(GameScreen):
    CSS_PATH = [*GameScreen.CSS_PATH, TABLES_CSS]
    BINDINGS = [Binding("c", "chat", "Chat"), Binding("t", "table_panel", "Table"),
                Binding("escape", "leave_menu", "Leave", show=False)]

    def __init__(self, remote) -> None:
        self.shared = SharedSeat(remote)
        super().__init__(remote, table=self.shared)
        self.remote = remote
        self.seat = remote.you  # the seat this screen plays (None: watching)
        remote.on_change = self.table_changed
        remote.on_error = self.table_refused
        remote.on_chat = self.chat_said
        self._mounted = False  # updates before then are drawn by on_mount itself
        self._said_early: list[tuple[str, str]] = []  # chat before then, shown by on_mount
        self._title = ""  # the window title last written
        self._prompt_lines: int | None = None  # the prompt's height set (see refresh_table)
        self._answer_due: Timer | None = None  # set while a choice sent awaits its answer
        #: The table is being left on purpose (or handed to a new screen): unmounting
        #: then says nothing more to the server.
        self.leaving = False

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield ChatInput(placeholder=_("Say something to the table (Enter sends, Esc closes)"),
                        id="chat", max_length=MAX_CHAT_CHARS)

    def on_mount(self) -> None:
        # Textual then runs GameScreen.on_mount too (handlers run for every class),
        # which writes the game so far (the story the server rebuilt for this seat).
        self._mounted = True
        self.call_later(self._under_the_story)  # after the game so far (GameScreen.on_mount)
        self.show_whose_turn(turn_began=self.remote.my_turn)

    def tell_history(self, resumed: bool = False) -> None:
        super().tell_history(resumed)
        # Sitting down or coming back, the log is read first: the game so far and the
        # table's chat under it. What was missed before then ("since your last turn",
        # what hit you first) waits for `s` or this seat's turn: a bot's move meanwhile
        # would otherwise put the panel in the log's place before it was read.
        d = self.decision
        if d is not None and (story := self.table.since(d.seat)):
            self._since_told = (d.seat, len(story.turns))
        self._log_first = True

    _log_first = False

    def _show_since(self, recalled: bool = False) -> None:
        if self._log_first and not recalled and not self.remote.my_turn:
            return
        self._log_first = False
        super()._show_since(recalled)

    def _under_the_story(self) -> None:
        """Under the game so far, where the log is read first: the table this is, and
        its chat (what a returning player missed)."""
        if self.live:
            self.query_one(EventLog).note(
                (_("Watching table {code}.") if self.remote.you is None else _("Playing at table {code}.")).format(
                    code=self.remote.code))
        said = [*self.remote.chat, *self._said_early]
        self._said_early = []
        if self.remote.chat and self.live:
            self.query_one(EventLog).note(_("The table's chat so far:"))
        for name, text in said:
            self.chat_said(name, text, now=False)

    # --- what the server sends ------------------------------------------------------
    @property
    def live(self) -> bool:
        return self._mounted and self.is_attached and not self._finished

    def table_changed(self, events, turn_began: bool) -> None:
        self._answered()
        if not self.live:
            return
        remote = self.remote
        if remote.ended is not None:
            self.leaving = True
            self._finished = True
            self.notify(_("Table {code} is {ended}; its game is kept on the server.").format(
                code=remote.code, ended=_(remote.ended)), title=_("Table ended"), timeout=15)
            remote.leave()
            back_to_title(self.app)
            return
        if remote.you != self.seat:  # a seat given to us: its screen instead
            self.leaving = True
            self._finished = True
            self.app.switch_screen(TableScreen(remote))
            return
        # Labelled with the round they happened in (the server's), not the round now;
        # what a move did to this seat is told in "since your last turn", as at a
        # local table, not in the log.
        self.shared.catch_up()
        self.query_one(EventLog).add_events([e for e in events if e.kind != TO_YOU], remote.update.round)
        self.refresh_table()
        self.show_whose_turn(turn_began)
        self.advance()
        if isinstance(self.app.screen, TablePanel):
            self.app.screen.show()

    def table_refused(self, text: str) -> None:
        self._answered()
        if self.live:
            self.notify(text, severity="error")
            self.refresh_table()

    # --- chat ------------------------------------------------------------------------
    def action_chat(self) -> None:
        box = self.query_one("#chat", Input)
        box.display = True
        box.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "chat":
            if event.value.strip():
                self.remote.say(event.value)
            self.close_chat()

    def on_key(self, event) -> None:
        if event.key == "escape" and self.query_one("#chat", Input).has_focus:
            event.stop()
            self.close_chat()

    def close_chat(self) -> None:
        box = self.query_one("#chat", Input)
        box.value = ""
        box.display = False
        self.query_one(ActionMenu).focus()

    def chat_said(self, name: str, text: str, now: bool = True) -> None:
        """A chat line in the log, as plain text (the server made it so; Text keeps
        any markup in it as typed). No name: a note from the table itself, which
        (said ``now``) also shows for a few seconds: a bot's moves just after a
        player left scrolled the log's note away before anyone could read it."""
        if not self._mounted:
            self._said_early.append((name, text))
            return
        if not self.live:
            return
        if name:  # kept with the log's lines, so the full log (l) holds the chat too
            self.query_one(EventLog).add_line(Text(_("{name}: {text}").format(name=name, text=text), style="bold"))
        else:  # the table itself: who came and went
            self.query_one(EventLog).note(text)
            if now:  # several close together all show (widgets/notices.py), newest first
                self.notify(text, title=_("Table {code}").format(code=self.remote.code), timeout=NOTE_SECONDS)

    def show_whose_turn(self, turn_began: bool) -> None:
        """The window title says whose turn it is; the bell rings when ours begins."""
        mine = self.remote.my_turn
        title = self.state.seats[self.remote.you] if self.remote.you is not None else _("watching")
        title = _("inkterm {code}: {who}").format(code=self.remote.code, who=_("your turn") if mine else title)
        if title != self._title:  # most moves leave it as it was
            self._title = title
            set_window_title(self.app, title)
        if turn_began:
            self.app.bell()

    # --- what differs from a local game (see also SharedSeat) ------------------------------
    def _answered(self) -> None:
        if self._answer_due is not None:
            self._answer_due.stop()
            self._answer_due = None

    def _unanswered(self) -> None:
        if self.remote.pending:
            self.refresh_table()  # the choice shown taken: the answer is late

    def refresh_table(self) -> None:
        if self.remote.pending and self._answer_due is None and self.is_attached:
            self._answer_due = self.set_timer(ANSWER_WAIT, self._unanswered)
            return
        if self.is_attached and not self._finished:
            d = self.decision
            lines = WAITING_LINES if d is not None and d.seat != self.table.viewer else None
            if lines != self._prompt_lines:  # each setting lays out: only as turns change
                self._prompt_lines = lines
                self.query_one("#prompt").styles.height = lines  # None: the stylesheet's
        super().refresh_table()

    def finish(self) -> None:
        if self._finished:
            return
        self.table.state = self.remote.finished_state()  # the game-over screen needs the real game
        super().finish()

    def action_save(self) -> None:
        self.notify(_("The server saves this table after every choice."))

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "undo":  # only what the server allows (the table's undo rule)
            return self.remote.can_undo()
        return super().check_action(action, parameters)

    def action_undo(self) -> None:
        """Take back your last choice (nothing new was revealed since, and nobody else
        has chosen since, so nobody need agree); the others read what was taken back."""
        if not self.remote.can_undo():
            why = (_("Undo is off at this table.") if not self.remote.table.undo else
                   _("Nothing of yours to take back since the last new information."))
            self.notify(why, severity="warning")
            return
        self.remote.take_back()
        self.refresh_table()

    def action_leave_menu(self) -> None:
        d = self.decision
        if d is not None and self.table.missed.get(d.seat) and self.human_to_move():
            self.action_dismiss_since()  # Esc first hides the summary, as at a local game
            return
        self.confirm_quit()

    def action_table_panel(self) -> None:
        self.app.push_screen(TablePanel(self.remote))

    def confirm_quit(self) -> None:
        code = self.remote.code
        ask_leave_or_quit(self, self.remote,
                          _("The table goes on without you: Watch table {code} to look on again.").format(code=code)
                          if self.remote.you is None else
                          _("Your seat waits on the server: Continue on the title (or Join {code}) "
                            "brings you back to it.").format(code=code))

    def on_unmount(self) -> None:  # GameScreen.on_unmount runs after it
        if not self.leaving:
            self.remote.leave()
