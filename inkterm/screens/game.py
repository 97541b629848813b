"""The table on screen. Its TableDriver decides who plays and when (bots, hand-offs,
what each person missed, saving); the screen draws what the driver says, routes the
keys, and keeps the time: a bot's pause and thinking thread, the save after the
repaint. Its widgets only render and post; only the driver applies choices."""
from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, Vertical

from inkterm.engine import Decision, GameState
from inkterm.engine.saves import OpenSave
from inkterm.i18n import _
from inkterm.screens import SCREENS_CSS
from inkterm.screens.areas import AREA_BINDINGS, FocusAreas
from inkterm.screens.host import HostedScreen, StyledOnce
from inkterm.screens.lookups import Lookups
from inkterm.screens.since import SINCE_BINDINGS, SinceLastTurn
from inkterm.screens.turns import Turns
from inkterm.table_driver import Played, SaveFile, TableDriver
from inkterm.widgets.action_menu import ActionMenu, Unavailable
from inkterm.widgets.board import BOARD_CSS, board_for
from inkterm.widgets.event_log import EventLog
from inkterm.widgets.fit import status_line
from inkterm.widgets.footer import KeyFooter
from inkterm.widgets.game_board import GameBoard
from inkterm.widgets.hint import HintBox
from inkterm.widgets.legend import LegendLine
from inkterm.widgets.part import TextBox, update_if_changed
from inkterm.widgets.plain import Plain
from inkterm.widgets.touch import BoardTouched

MIN_SIZE = (80, 24)
#: How often a game looks whether another session has taken its save over.
LOCK_CHECK_SECONDS = 0.5


class GameScreen(SinceLastTurn, Turns, FocusAreas, Lookups, StyledOnce, HostedScreen):
    CSS_PATH = [SCREENS_CSS, *BOARD_CSS]
    #: The menu takes the keys from the first frame (Textual's default, a board's part,
    #: perhaps hidden at this size, kept a player's Enter while on_mount's move waited).
    AUTO_FOCUS = "#menu"
    #: List a bot's options in the menu while it thinks (the demo does).
    SHOW_BOT_CHOICES = False
    BINDINGS = [
        Binding("u", "undo", "Undo", id="game.undo"),
        Binding("question_mark", "rules", "Rules", id="game.rules"),
        Binding("l", "log", "Log", id="game.log"),
        Binding("v", "next_view", "View", id="game.view"),
        Binding("i", "inspect", "Inspect", id="game.inspect"),
        Binding("ctrl+s", "save", "Save", id="game.save"),
        Binding("q", "app.quit", "Quit", id="game.quit"),
        *SINCE_BINDINGS,
        *AREA_BINDINGS,
    ]

    def __init__(self, state: GameState, save_path: Path | None = None,
                 open_save: OpenSave | None = None, *, table: TableDriver | None = None) -> None:
        """A local game (saved to ``save_path``, or the save ``open_save`` holds), or
        whatever ``table`` drives (a shared table's seat, a demo, a lesson)."""
        super().__init__()
        self.table = table or TableDriver.local(state, SaveFile(save_path, open_save))
        self.touches: frozenset[str] = frozenset()  # what the highlighted choice touches
        self._followed: Decision | None = None  # the decision the board's views last followed
        self._finished = False
        #: Another session took the save over: this one only watches (see still_ours).
        self._lost = False

    @property
    def state(self) -> GameState:
        return self.table.state

    @property
    def decision(self) -> Decision | None:
        return self.table.decision

    @property
    def save_path(self) -> Path | None:
        saver = self.table.saver
        return saver.path if isinstance(saver, SaveFile) else None

    @property
    def board(self) -> GameBoard:
        return self.query_one("#board", GameBoard)

    # --- layout -------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield TextBox("", id="status")
        yield Plain("", id="small-notice")
        with Horizontal(id="table"):
            with Vertical(id="board-column"):
                yield board_for(self.state.record.game)
                yield LegendLine(self.state.record.game, id="legend")
            with Vertical(id="side"):
                yield TextBox("", id="prompt")
                yield ActionMenu(id="menu")
                yield HintBox("", id="hint")
                yield from self.compose_since()  # in the log's place while it shows
                yield EventLog(id="log")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.table.handoff = self.host.handoff
        self.tell_history(resumed=True)
        self.watch(self.board, "view_name", self.show_legend)  # the legend line follows the view
        if isinstance(self.board, ScrollableContainer):
            self.board.can_focus = True  # arrows and page keys scroll what does not fit
        self.refresh_table()
        self.query_one(ActionMenu).focus()
        # Another session may take the save over (and a stat is cheap): see still_ours.
        self.set_interval(LOCK_CHECK_SECONDS, self.still_ours, name="lock-check")
        # After the first paint: a finished game or a bot's turn moves on from there.
        self.call_after_refresh(self.advance)

    def on_resize(self, event) -> None:
        w, h = self.app.size
        self.query_one("#small-notice", Plain).update(
            _("The terminal is {w}×{h}; inkterm needs at least {min_w}×{min_h}.\n"
              "Make the window larger — the game is kept (and autosaved) meanwhile.").format(
                w=w, h=h, min_w=MIN_SIZE[0], min_h=MIN_SIZE[1]))
        if self.is_mounted:
            # Breakpoint classes have just changed: the board may draw more or less,
            # and fold into tabs or out of them (the `v` key's footer entry).
            self.call_after_refresh(self.board.redraw)
            self.call_after_refresh(self.show_legend)
            self.call_after_refresh(self.refresh_bindings)

    def show_legend(self) -> None:
        boards, lines = self.query("#board"), self.query(LegendLine)
        if boards and lines:  # not on a screen being taken down
            lines.first().follow(boards.first(GameBoard))

    # --- choosing -------------------------------------------------------------------------
    def human_to_move(self) -> bool:
        """A person may choose now, and sees the table (no blind choices while the
        small-terminal notice hides it)."""
        w, h = self.app.size
        return self.table.choosing() and w >= MIN_SIZE[0] and h >= MIN_SIZE[1]

    def log_played(self, played: Played) -> None:
        self.query_one(EventLog).add_events(played.events, played.round)

    # --- saving -------------------------------------------------------------------------
    def save_soon(self) -> None:
        """Save after the next repaint. Leaving the game in any way writes a save still due."""
        if self.table.save_soon():
            self.call_after_refresh(self.flush_save)

    def flush_save(self) -> None:
        if self.table.save_due and not self.autosave():
            self.still_ours()  # taken over between the choice and its write: said

    def autosave(self) -> bool:
        problem = self.table.save()
        if problem:
            self.notify(problem, severity="error")
        return self.table.save_error is None

    def still_ours(self) -> bool:
        """Whether this session still holds its save; once another took it over, this
        one says so at once and watches (no choice is applied here and then lost)."""
        told = None if self._lost else self.table.taken_over()
        if told is None:
            return not self._lost
        self._lost = True
        self.notify(told, title=_("Game taken over"), severity="warning", timeout=15)
        if self.is_attached and self.save_path is not None and not self._finished:
            from inkterm.screens.watch import WatchScreen

            self._finished = True  # nothing more is played or written here
            while self.app.screen is not self and self in self.app.screen_stack:
                self.app.pop_screen()  # a question or a rules page over the game: moot now
            self.app.switch_screen(WatchScreen(self.save_path, self.state.record))
        return False

    def on_unmount(self) -> None:
        self.flush_save()
        self.table.close()

    def finish(self) -> None:
        if not self._finished:
            self._finished = True
            from inkterm.screens.gameover import GameOverScreen

            self.autosave()
            self.app.switch_screen(GameOverScreen(self.state))

    # --- drawing ------------------------------------------------------------------------
    def refresh_table(self) -> None:
        if self._finished or not self.is_attached:
            return
        table, d = self.table, self.decision
        view = table.view()
        update_if_changed(self.query_one("#status", Plain), status_line(table.status(view)))
        prompt, choices, closed = table.prompt(self.SHOW_BOT_CHOICES)
        update_if_changed(self.query_one("#prompt", Plain), prompt)
        menu = self.query_one(ActionMenu)
        menu.offer(choices, closed, d.seat if d is not None else None)
        current = menu.current
        self.touches = frozenset(current.touches or ()) if current is not None else frozenset()
        self.query_one(HintBox).show_menu(choices, current)
        self._show_since()
        concerns = None
        if d is not self._followed:  # a new decision: the board's views follow it
            self._followed = d
            concerns = frozenset(t for c in (d.choices if d else ()) for t in c.touches)
        self.board.show(view, self.board_touches(), concerns)

    def board_touches(self) -> frozenset[str]:
        """What the board marks: what the highlighted choice touches."""
        return self.touches

    def on_action_menu_highlighted(self, message: ActionMenu.Highlighted) -> None:
        choice = message.choice
        self.query_one(HintBox).show_choice(choice)
        touches = frozenset(choice.touches) if choice is not None else frozenset()
        if touches != self.touches:
            self.touches = touches
            self.board.touches = self.board_touches()

    # --- keys ---------------------------------------------------------------------------
    def on_action_menu_chosen(self, message: ActionMenu.Chosen) -> None:
        if self.human_to_move():
            self.play(message.key)

    def on_board_touched(self, message: BoardTouched) -> None:
        """A click on the board: highlight the first choice that touches what was
        clicked; a second click on it (or Enter) makes the choice."""
        menu = self.query_one(ActionMenu)
        choice = next((c for c in menu.choices if message.touch in c.touches), None)
        if choice is None or not self.human_to_move():
            return
        if menu.current is choice:
            self.play(choice.key)
        else:
            menu.highlight_choice(choice)
        menu.focus()

    def on_key(self, event) -> None:
        """A choice's key (its shortcut, or its place in the menu) picks it, wherever
        the focus is; a dimmed place says why it cannot be chosen."""
        if not event.character or not self.human_to_move():
            return
        row = self.query_one(ActionMenu).row_for_key(event.character)
        if row is not None:
            event.stop()
            event.prevent_default()
            if isinstance(row, Unavailable):
                self.notify(_("{place} — {reason}").format(place=row.label, reason=row.reason), severity="warning", timeout=2)
            else:
                self.play(row.key)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if (since := self.since_allows(action)) is not None:
            return since
        if action == "focus_area":
            return bool(parameters) and parameters[0] == self.next_area()
        if action == "next_view":  # only boards that fold into views on a small screen
            board = self.query_one_optional("#board", GameBoard)
            return board is not None and board.has_views
        return True

    def action_next_view(self) -> None:
        """Show the board's next view while the menu keeps the focus."""
        self.board.next_view()

    def action_undo(self) -> None:
        if not self.still_ours():
            return
        if not self.human_to_move() or not self.state.can_undo():
            self.notify(_("Nothing of yours to undo since the last new information."), severity="warning")
            return
        try:
            self.table.undo()
        except Exception as exc:  # a replay problem: keep the current state
            self.notify(_("Undo failed: {problem}").format(problem=exc), severity="error")
            return
        self.tell_history()  # as if the undone choices were never made
        self.autosave()
        self.refresh_table()
        self.advance()

    def action_rules(self) -> None:
        d = self.decision
        self.host.show_rules(self.state.record.game, d.topic if d else "")

    def action_save(self) -> None:
        if self.autosave():
            self.notify(_("Saved to {file}").format(file=self.save_path.name) if self.save_path else _("Saved"))

    def confirm_quit(self) -> None:
        """Save, then ask before quitting (the app's quit comes here while a game is
        open, whichever key or command asked)."""
        from inkterm.screens.confirm import QUIT_DETAILS, ask_to_quit

        saved = self.autosave()
        ask_to_quit(self.app, QUIT_DETAILS[0] if saved
                    else _("Not saved: {problem}").format(problem=self.table.save_error))
