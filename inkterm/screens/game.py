"""The table: the game screen owns the state; its widgets only render and post."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.screen import Screen
from textual.widgets import Static

from inkterm.bots import is_bot, make_bot
from inkterm.engine import GAMES, GameState, IllegalChoice, replay_events
from inkterm.engine.saves import OpenSave, SaveError, new_save_path
from inkterm.engine.words import count, possessive
from inkterm.widgets.action_menu import ActionMenu, Unavailable
from inkterm.widgets.board import BOARD_CSS, board_for
from inkterm.widgets.game_board import GameBoard
from inkterm.widgets.part import TextBox, show_in_place
from inkterm.widgets.touch import BoardTouched
from inkterm.widgets.event_log import EventLog
from inkterm.screens import SCREENS_CSS
from inkterm.screens.since import SinceLastTurn
from inkterm.widgets.footer import KeyFooter

if TYPE_CHECKING:
    from rich.containers import Lines
    from textual.timer import Timer

    from inkterm.app import InktermApp

MIN_SIZE = (80, 24)
#: The hint box's height (see #hint in screens.tcss).
HINT_LINES = 4
#: The areas Tab moves between, in order, and their names in the footer.
AREAS = ("menu", "log", "board")
AREA_TITLES = {"menu": "Menu", "log": "Log", "board": "Board"}


def update_if_changed(widget: Static, content: str | Text) -> None:
    """Update a line of text only when it changed, and lay the screen out again only
    if its size did: most of these lines stay as they were from one move to the next
    (at a shared table, on every seat but the one choosing)."""
    old = widget.content
    if isinstance(content, str) and type(old) is str and old == content:
        return
    if isinstance(content, Text) and isinstance(old, Text) and _text_key(old) == _text_key(content):
        return
    show_in_place(widget, content)


def _text_key(text: Text) -> tuple:
    return (text.plain, text.spans, text.style, text.justify, text.overflow, text.no_wrap, text.end)


def offer(menu: ActionMenu, choices: list, unavailable=()) -> None:
    """Set the menu's rows, leaving an empty menu that stays empty alone: rebuilding
    it repaints it and posts a highlight that the screen answers with another frame."""
    if choices or unavailable or menu.rows:
        menu.set_choices(choices, unavailable)


class GameScreen(SinceLastTurn, Screen):

    if TYPE_CHECKING:
        app: InktermApp  # the screens run in inkterm's app
    CSS_PATH = [SCREENS_CSS, *BOARD_CSS]
    #: List a bot's options in the menu while it thinks (the demo does).
    SHOW_BOT_CHOICES = False
    BINDINGS = [
        Binding("u", "undo", "Undo", id="game.undo"),
        Binding("question_mark", "rules", "Rules", id="game.rules"),
        Binding("l", "log", "Log", id="game.log"),
        # The summary itself says "Esc hides": the footer keeps its room at 80 columns.
        Binding("escape", "dismiss_since", "Hide summary", show=False, id="game.hide-summary"),
        Binding("v", "next_view", "View", id="game.view"),
        Binding("i", "inspect", "Inspect", id="game.inspect"),
        Binding("ctrl+s", "save", "Save", id="game.save"),
        Binding("q", "app.quit", "Quit", id="game.quit"),
        # Tab names the area it moves to, so the log and the board are discoverable.
        *[Binding("tab", f"focus_area('{a}')", AREA_TITLES[a], id="game.next-area") for a in AREAS],
    ]

    def __init__(self, state: GameState, save_path: Path | None = None,
                 open_save: OpenSave | None = None) -> None:
        super().__init__()
        self.state = state
        self.save_path = save_path
        #: The save this session holds (its lock); taken at the first write if not given.
        self.open_save = open_save
        self._save_due = False  # a choice not yet written (see save_soon)
        self.bots = {
            i: make_bot(spec, seed=state.record.seed * 10 + i)
            for i, spec in enumerate(state.seats)
            if is_bot(spec)
        }
        self.humans = [i for i in range(len(state.seats)) if i not in self.bots]
        #: The seat whose private view is on screen (None: only public facts). With one
        #: human it is always theirs; with several it is dropped as their choosing ends
        #: and given to the next person directly, or through a hand-off if needed.
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        #: The person who last had the table: no hand-off is needed to give it back to them.
        self.at_keyboard: int | None = self.viewer
        self.touches: frozenset[str] = frozenset()
        self._followed = None  # the decision the board's views last followed
        self._handoff_open = False
        self._bot_timer: Timer | bool | None = None  # True: a step is under way without a timer
        self._finished = False
        self.save_error: str | None = None
        #: Per human seat: log lines of what the other seats did since it last chose.
        self.since: dict[int, list[Text]] = {i: [] for i in self.humans}

    # --- layout -------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield TextBox("", id="status")
        yield Static("", id="small-notice")
        yield Static("", id="since-top", classes="since")
        with Horizontal(id="table"):
            yield board_for(self.state.record.game)
            with Vertical(id="side"):
                yield TextBox("", id="prompt")
                yield ActionMenu(id="menu")
                yield TextBox("", id="hint")
                yield Static("", id="since-side", classes="since")
                yield EventLog(id="log")
        yield KeyFooter()

    def on_mount(self) -> None:
        spec = GAMES.get(self.state.record.game)
        title = spec.title if spec else self.state.record.game
        log = self.query_one(EventLog)
        log.note(f"{title}: {', '.join(self.state.seats)} (seed {self.state.record.seed}).")
        n = len(self.state.record.choices)
        if n:
            self.retell(log)
            log.note(f"Resumed after {count(n, 'choice')}.")
        board = self.query_one("#board")
        if isinstance(board, ScrollableContainer):
            board.can_focus = True  # arrows and page keys scroll what does not fit
        self.refresh_table()
        self.query_one(ActionMenu).focus()
        # After the first paint: a finished game or a bot's turn moves on from there.
        self.call_after_refresh(self.advance)

    def on_resize(self, event) -> None:
        w, h = self.app.size
        self.query_one("#small-notice", Static).update(
            f"The terminal is {w}×{h}; inkterm needs at least {MIN_SIZE[0]}×{MIN_SIZE[1]}.\n"
            "Make the window larger — the game is kept (and autosaved) meanwhile."
        )
        if self.is_mounted:
            # Breakpoint classes have just changed: the board may draw more or less,
            # and fold into tabs or out of them (the `v` key's footer entry).
            self.call_after_refresh(self.board.redraw)
            self.call_after_refresh(self._show_since)  # above the table or beside it
            self.call_after_refresh(self.refresh_bindings)

    def retell(self, log: EventLog) -> None:
        """The game so far, re-derived from the record (the save keeps no narration),
        and so what each person missed since their last choice."""
        try:
            for seat, round_no, events in replay_events(self.state.record):
                self.remember(seat, events, log.add_events(events, round_no))
        except IllegalChoice as exc:  # a save that loads but does not replay: no history
            log.note(f"The earlier history cannot be shown: {exc}")

    # --- who is at the keyboard -----------------------------------------------------------
    @property
    def decision(self):
        return self.state.decision()

    @property
    def too_small(self) -> bool:
        w, h = self.app.size
        return w < MIN_SIZE[0] or h < MIN_SIZE[1]

    def human_to_move(self) -> bool:
        """A person may choose now: their turn, their view, and the table visible
        (no blind choices while the small-terminal notice hides it)."""
        d = self.decision
        return (
            d is not None
            and d.seat not in self.bots
            and not self._handoff_open
            and self.viewer == d.seat
            and not self.too_small
        )

    def advance(self) -> None:
        """After any change: finish, hand off, or let a bot move."""
        if self._finished or not self.is_attached:
            return
        if self.state.is_over:
            self.finish()
            return
        d = self.decision
        if d.seat in self.bots:
            self.schedule_bot()
            return
        if self.viewer != d.seat and not self._handoff_open:
            if self.needs_handoff(d):
                self.hand_off(d.seat)
            else:
                self.viewer = self.at_keyboard = d.seat
                self.refresh_table()

    def needs_handoff(self, d) -> bool:
        """Whether the table must be covered before ``d``'s chooser sees it: someone
        else had it and (unless the table asks for a pause always, or never) the
        chooser's view holds a secret the other person must not read."""
        if len(self.humans) < 2 or d.seat == self.at_keyboard:
            return False
        mode = getattr(self.app, "handoff", "auto")
        return mode == "always" or (mode == "auto" and d.secret)

    def hide_secrets_if_turn_passed(self) -> None:
        """The moment a person's choosing ends, their private view leaves the screen
        (before any bot thinks), unless they are the only person at the table."""
        d = self.decision
        if len(self.humans) >= 2 and (d is None or d.seat != self.viewer):
            self.viewer = None

    def hand_off(self, seat: int) -> None:
        from inkterm.screens.handoff import HandoffScreen

        self._handoff_open = True
        previous = self.at_keyboard
        self.viewer = None  # nothing private on the table while it changes hands
        self.refresh_table()
        note = ""
        if previous is not None:
            note = f"{possessive(self.state.seats[previous], start=True)} turn is over."

        def done(_=None) -> None:
            self._handoff_open = False
            self.viewer = self.at_keyboard = seat
            self.refresh_table()
            self.query_one(ActionMenu).focus()

        self.app.push_screen(HandoffScreen(self.state.seats[seat], note), done)

    def schedule_bot(self) -> None:
        """One bot step after a short pause, on the event loop: the screen keeps
        painting and taking keys between steps."""
        if self._bot_timer is not None:
            return
        delay = getattr(self.app, "bot_delay", 0.4)
        if delay > 0:
            self._bot_timer = self.set_timer(delay, self.bot_step)
        else:
            self._bot_timer = True
            self.call_later(self.bot_step)

    def bot_step(self) -> None:
        self._bot_timer = None
        d = self.decision
        if d is None or d.seat not in self.bots or not self.is_attached:
            return
        if self.app.screen is not self:
            # A rules page or a question is open: look again shortly (a timer, so a
            # zero bot delay does not spin).
            self._bot_timer = self.set_timer(0.2, self.bot_step)
            return
        if getattr(self.app, "bot_delay", 0.4) > 0:
            # Think in a thread (a search bot may take a while); the screen stays live.
            self._bot_timer = True
            # The bot gets its own copy, made here on the UI thread.
            self.bot_think(d.seat, len(self.state.record.choices), self.state.clone())
            return
        # No pause wanted (tests, demos at full speed): play the bots' choices in one
        # go, saving after each, and draw the table once when a human is next.
        while d is not None and d.seat in self.bots:
            try:
                self.apply_and_log(self.bots[d.seat].choose(self.state))
            except IllegalChoice as exc:  # a bot bug must not wedge the table
                self.notify(str(exc), severity="error")
                return
            d = self.decision
        self.refresh_table()
        self.save_soon()  # one write covers the whole run of bot choices
        self.advance()

    @work(thread=True, exclusive=True, group="bot")
    def bot_think(self, seat: int, at: int, state) -> None:
        key = self.bots[seat].choose(state)
        self.app.call_from_thread(self._bot_chose, seat, at, key)

    def _bot_chose(self, seat: int, at: int, key: str) -> None:
        self._bot_timer = None
        if self._finished or not self.is_attached:
            return
        d = self.decision
        # Only if nothing changed meanwhile (an undo, a resumed game).
        if d is not None and d.seat == seat and len(self.state.record.choices) == at:
            self.play(key)
        else:
            self.advance()

    # --- the one place a choice is applied -----------------------------------------------
    def apply_and_log(self, key: str) -> None:
        """Apply a choice, log its events with their round, and keep them for the
        other people's "since your last turn" summaries. Raises IllegalChoice."""
        st = self.state
        d = st.decision()
        assert d is not None  # a choice is applied to a pending decision
        seat, round_no = d.seat, st.round_number()
        events = st.apply(key)
        self.remember(seat, events, self.query_one(EventLog).add_events(events, round_no))

    def play(self, key: str) -> None:
        try:
            self.apply_and_log(key)
        except IllegalChoice as exc:
            self.notify(str(exc), severity="error")
            return
        self.hide_secrets_if_turn_passed()
        self.refresh_table()
        self.save_soon()
        self.advance()

    def save_soon(self) -> None:
        """Save after the next repaint: the player sees the move at once and the write
        (JSON and fsync) follows within a frame. Leaving the game in any way (quit,
        game over, unmount) writes a save that is still due."""
        if not self._save_due:
            self._save_due = True
            self.call_after_refresh(self.flush_save)

    def flush_save(self) -> None:
        if self._save_due:
            self._save_due = False
            self.autosave()

    def autosave(self) -> bool:
        self._save_due = False
        try:
            if self.open_save is None:
                if self.save_path is None:
                    self.save_path = new_save_path(self.state.record.game)
                self.open_save = OpenSave(self.save_path)
            self.open_save.write(self.state)
        except (OSError, SaveError) as exc:
            if self.save_error is None:
                self.notify(f"Autosave failed: {exc}", severity="error")
            self.save_error = str(exc)
            return False
        self.save_error = None
        return True

    def on_unmount(self) -> None:
        self.flush_save()
        if self.open_save is not None:
            self.open_save.close()

    def finish(self) -> None:
        if self._finished:
            return
        self._finished = True
        from inkterm.screens.gameover import GameOverScreen

        self.autosave()
        self.app.switch_screen(GameOverScreen(self.state))

    # --- rendering ----------------------------------------------------------------------
    def refresh_table(self) -> None:
        if self._finished or not self.is_attached:
            return
        st = self.state
        d = self.decision
        if self.viewer is not None and not self._handoff_open:
            view = st.view(self.viewer)
        else:
            view = st.summary()
        spec = GAMES.get(st.record.game)
        parts = [spec.title if spec else st.record.game]
        if "round" in view:
            parts.append(f"round {view['round']}")
        if d is not None:
            who = st.seats[d.seat]
            parts.append(f"{who}{' (bot)' if d.seat in self.bots else ''} to choose")
        if view.get("phase"):
            parts.append(str(view["phase"]))
        update_if_changed(self.query_one("#status", Static), " · ".join(parts))
        menu = self.query_one(ActionMenu)
        prompt = self.query_one("#prompt", Static)
        if d is None:
            update_if_changed(prompt, "The game is over.")
            offer(menu, [])
        elif d.seat in self.bots:
            who = st.seats[d.seat]
            said = d.prompt if d.prompt.startswith(who) else f"{who}: {d.prompt}"
            update_if_changed(prompt, f"(bot) {said}")
            offer(menu, d.choices if self.SHOW_BOT_CHOICES else [])
        elif self._handoff_open or self.viewer != d.seat:
            update_if_changed(prompt, self.waiting_prompt(d))
            offer(menu, [])
        else:
            who = st.seats[d.seat]
            update_if_changed(prompt, d.prompt if d.prompt.startswith(who) else f"{who}: {d.prompt}")
            offer(menu, d.choices, d.unavailable)
        current = menu.current
        self.touches = frozenset(current.touches or ()) if current is not None else frozenset()
        self.show_hint(current)
        self._show_since()
        concerns = None
        if d is not self._followed:  # a new decision: the board's views follow it
            self._followed = d
            concerns = frozenset(t for c in (d.choices if d else ()) for t in (c.touches or ()))
        self.board.show(view, self.board_touches(), concerns)

    def waiting_prompt(self, d) -> str:
        """The prompt while someone else (or nobody yet, behind a hand-off) chooses."""
        return f"Waiting for {self.state.seats[d.seat]}…"

    @property
    def board(self) -> GameBoard:
        return self.query_one("#board", GameBoard)

    def board_touches(self) -> frozenset[str]:
        """What the board marks: what the highlighted choice touches."""
        return self.touches

    def show_hint(self, choice) -> None:
        """The highlighted choice's hint; one too long for the box ends in a pointer to
        inspect, which shows it whole (the box stays small so the menu keeps its rows)."""
        hint = self.query_one("#hint", Static)
        text = Text((choice.hint or "") if choice is not None else "")
        width = hint.content_size.width or 30
        # Wrapping costs on every key press: only a hint near the box's size can overflow.
        long = len(text.plain) > width * (HINT_LINES - 1)
        lines: Lines | list[Text] = text.wrap(self.app.console, width) if long else []
        if len(lines) > HINT_LINES:
            text = Text("\n").join([*lines[: HINT_LINES - 1], Text("… i shows it all", style="italic")])
        update_if_changed(hint, text)

    def on_action_menu_highlighted(self, message: ActionMenu.Highlighted) -> None:
        choice = message.choice
        touches = frozenset(choice.touches or ()) if choice is not None else frozenset()
        self.show_hint(choice)
        if touches != self.touches:
            self.touches = touches
            self.board.touches = self.board_touches()

    def on_action_menu_chosen(self, message: ActionMenu.Chosen) -> None:
        if self.human_to_move():
            self.play(message.key)

    def on_board_touched(self, message: BoardTouched) -> None:
        """A click on the board: highlight the first choice that touches what was
        clicked; a second click on it (or Enter) makes the choice."""
        if not self.human_to_move():
            return
        menu = self.query_one(ActionMenu)
        for choice in menu.choices:
            if message.touch in (choice.touches or ()):
                if menu.current is choice:
                    self.play(choice.key)
                else:
                    menu.highlight_choice(choice)
                menu.focus()
                return

    # --- keys ---------------------------------------------------------------------------
    def on_key(self, event) -> None:
        """A choice's key (its shortcut, or its place in the menu) picks it, wherever
        the focus is; a dimmed place says why it cannot be chosen."""
        if not event.character or not self.human_to_move():
            return
        row = self.query_one(ActionMenu).row_for_key(event.character)
        if row is None:
            return
        event.stop()
        event.prevent_default()
        if isinstance(row, Unavailable):
            self.notify(f"{row.label} — {row.reason}", severity="warning", timeout=2)
        else:
            self.play(row.key)

    # --- focus areas -------------------------------------------------------------------
    def _area_of(self, widget) -> str | None:
        for area in AREAS:
            target = self.query_one(f"#{area}")
            if widget is target or (widget is not None and target in widget.ancestors):
                return area
        return None

    def _next_area(self) -> str:
        areas = [a for a in AREAS if self.query_one(f"#{a}").display]
        here = self._area_of(self.focused)
        return areas[(areas.index(here) + 1) % len(areas)] if here in areas else "menu"

    def action_focus_area(self, area: str) -> None:
        target = self.query_one(f"#{area}")
        if target.focusable:
            target.focus()
        else:  # a board made of parts: its first part that takes the focus
            inner = next((w for w in target.query("*") if w.focusable), None)
            (inner or self.query_one(ActionMenu)).focus()

    def on_descendant_focus(self, event) -> None:
        self.refresh_bindings()  # the footer's Tab entry names the next area

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "dismiss_since":
            d = self.decision
            return bool(d is not None and self.since.get(d.seat) and self.human_to_move())
        if action == "focus_area":
            return bool(parameters) and parameters[0] == self._next_area()
        if action == "next_view":  # only boards that fold into tabs on a small screen
            board = self.query("#board")
            return bool(board) and board.first(GameBoard).has_views
        return True

    def action_next_view(self) -> None:
        """Show the board's next tab while the menu keeps the focus."""
        self.board.next_view()

    def action_undo(self) -> None:
        st = self.state
        if not self.human_to_move() or not st.can_undo():
            self.notify("Nothing of yours to undo since the last new information.",
                        severity="warning")
            return
        try:
            self.state = st.undo()
        except Exception as exc:  # a replay problem: keep the current state
            self.notify(f"Undo failed: {exc}", severity="error")
            return
        self.query_one(EventLog).note("(undone)")
        self.autosave()
        self.refresh_table()
        self.advance()

    def action_rules(self) -> None:
        d = self.decision
        self.app.show_rules(self.state.record.game, d.topic if d else "")

    def action_log(self) -> None:
        """The whole log, full height; Escape or l comes back."""
        from inkterm.screens.log import LogScreen

        self.app.push_screen(LogScreen(self.query_one(EventLog).entries))

    def action_inspect(self) -> None:
        """Read in full what the highlighted choice touches, or look up any card."""
        from inkterm.screens.inspect import InspectScreen

        seat = None if self._handoff_open else self.viewer
        self.app.push_screen(InspectScreen(self.state, self.query_one(ActionMenu).current, seat))

    def action_save(self) -> None:
        if self.autosave():
            assert self.save_path is not None  # autosave chose one
            self.notify(f"Saved to {self.save_path.name}")

    def confirm_quit(self) -> None:
        """Save, then ask before quitting (the app's quit comes here while a game is
        open, whichever key or command asked)."""
        from inkterm.screens.confirm import ask_to_quit

        saved = self.autosave()
        ask_to_quit(self.app, (
            "The game is saved; choose Continue on the title screen to resume it."
            if saved
            else f"Not saved: {self.save_error}"
        ))

    # --- command palette ----------------------------------------------------------------
    def palette_commands(self):
        yield SystemCommand("Undo", "Take back your last choice", self.action_undo)
        yield SystemCommand("Rules", "Rules for the current decision", self.action_rules)
        yield SystemCommand("Save", "Save the game now", self.action_save)
        yield SystemCommand("Log", "The whole event log, full height", self.action_log)
        yield SystemCommand("Inspect", "Read a card or a place in full", self.action_inspect)
