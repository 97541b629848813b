"""A rules demo: bots play every seat while a panel explains each decision — what
is being decided, what was chosen and why (the bot's own reasoning), and the rule
that governs it — at a person's pace: a step is told on the board it is decided on,
with its choice highlighted, and stays for as long as it takes to read (or until a
key); ``←`` goes back a step (see ``demo_steps``)."""
from __future__ import annotations

from typing import Protocol, cast

from rich.text import Text
from textual import work
from textual.binding import Binding
from textual.timer import Timer

from inkterm.bots import make_bot
from inkterm.bots.explain import Reason
from inkterm.i18n import _
from inkterm.screens.game import GameScreen
from inkterm.screens.demo_steps import Step, Tape, reading_seconds
from inkterm.screens.narration import narrate
from inkterm.screens.teaching import PANEL_TEXT, TEACH_CSS, leave, one_shot, toggle_log, with_panel
from inkterm.widgets.action_menu import ActionMenu
from inkterm.widgets.event_log import EventLog
from inkterm.widgets.plain import Plain
from inkterm.table_driver import TableDriver

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
#: Scales every step's reading time (tests make it tiny).
PACE = 1.0


class Explains(Protocol):
    """A bot that gives its reason (every bot make_bot builds does)."""

    def choose_explained(self, state) -> tuple[str, Reason]: ...


class DemoScreen(GameScreen):
    """Every seat is a bot; the menu shows the options with the bot's pick
    highlighted, the panel explains it; moving on applies it."""

    CSS_PATH = [*GameScreen.CSS_PATH, TEACH_CSS]
    SHOW_BOT_CHOICES = True
    SHOWS_SINCE = False  # the panel narrates what happened

    # The footer must fit 80 columns: the demo's own keys only, and first (priority:
    # the menu's own arrows and page keys would hide them). The game's keys that mean
    # nothing here are hidden; they still answer, with a note.
    BINDINGS = [
        # Two words for one key: check_action lets through the one that says what
        # space does now (a paused demo's footer said "Pause").
        Binding("space", "pause", "Pause", priority=True, id="demo.pause"),
        Binding("space", "pause('resume')", "Go on", priority=True, id="demo.resume"),
        Binding("right", "step", "Next", priority=True, id="demo.step"),
        Binding("left", "back", "Back", priority=True, id="demo.back"),
        Binding("plus,equals_sign", "faster", "Faster", key_display="+", priority=True, id="demo.faster"),
        Binding("minus", "slower", "Slower", key_display="-", priority=True, id="demo.slower"),
        Binding("question_mark", "rules", "Rules", priority=True, id="demo.rules"),
        Binding("l", "log", "Log", priority=True, id="demo.log"),
        Binding("v", "next_view", "View", priority=True, id="demo.view"),
        Binding("q,escape", "leave", "Leave", priority=True, id="demo.leave"),
        # Said in the narration's title, to leave the footer room.
        Binding("pagedown", "scroll_rule(1)", "Rule down", show=False, priority=True, id="demo.rule-down"),
        Binding("pageup", "scroll_rule(-1)", "Rule up", show=False, priority=True, id="demo.rule-up"),
        Binding("u", "undo", "Undo", show=False),
        Binding("ctrl+s", "save", "Save", show=False),
    ]

    def __init__(self, state, speed: float = 1.0, bot: str = "greedy") -> None:
        # Seats carry people's names so they can be told apart; a bot plays each, and
        # nothing is saved: a demo is nobody's game.
        bots = {i: make_bot(bot, seed=state.record.seed * 10 + i) for i in range(len(state.seats))}
        super().__init__(state, table=TableDriver(state, bots, humans=[]))
        self.add_class("teaching")
        self.paused = False
        self.speed = min(SPEEDS, key=lambda s: abs(s - speed))
        self.tape = Tape(len(state.record.choices))
        #: The step on screen (None before the first): decided in the position shown.
        self.shown: Step | None = None
        #: Turns the pages of a long step (see _turn_pages).
        self._pages: Timer | None = None

    @property
    def narration(self):
        """The narration on screen (None before the first step)."""
        return self.shown.narration if self.shown is not None else None

    def compose(self):
        yield from with_panel(super().compose(), "narration",
                              _("Bots play every seat; each step is explained here."))

    def on_mount(self) -> None:
        # Textual runs GameScreen.on_mount too (handlers run for every class that
        # defines one): calling it again here wrote the opening line twice.
        self._show_speed()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        # Nobody chooses in a demo: no area to Tab to and no choice to inspect, so the
        # footer keeps its room for the demo's own keys at 80 columns.
        if action in ("focus_area", "inspect"):
            return False
        if action == "pause":
            return bool(parameters) == self.paused
        return super().check_action(action, parameters)

    # --- steps ----------------------------------------------------------------------------
    def schedule_bot(self) -> None:
        """A bot is to choose (the driver says so after every change): the step told
        before at this point, if the reader came back to it, else the bot thinks now."""
        if self._bot_timer is not None:
            return
        told = self.tape.step_at(len(self.state.record.choices))
        if told is not None:
            self.show_step(told)
            return
        self._bot_timer = True
        self.call_later(self.bot_step)

    def bot_step(self) -> None:
        """The bot thinks (in a thread: a search bot takes a while, and the keys stay
        live), then its step is told."""
        self._bot_timer = None
        d = self.decision
        if d is None or not self.is_attached or self.app.screen is not self:
            if d is not None and self.is_attached:
                self._bot_timer = self.set_timer(0.3, self.bot_step)
            return
        self._bot_timer = True
        self.think(d.seat, len(self.state.record.choices), self.state.clone())

    @work(thread=True, exclusive=True, group="demo-bot")
    def think(self, seat: int, at: int, state) -> None:
        key, reason = cast(Explains, self.table.bots[seat]).choose_explained(state)
        self.app.call_from_thread(self._thought, seat, at, key, reason)

    def _thought(self, seat: int, at: int, key: str, reason) -> None:
        self._bot_timer = None
        if self._finished or not self.is_attached:
            return
        d = self.decision
        if d is None or not self.table.still(seat, at):
            self.advance()
            return
        self.show_step(self.tape.tell(self.state, seat, key, narrate(self.state, d, key, reason)))

    def show_step(self, step: Step) -> None:
        """Tell ``step`` over the position it is decided in, its choice highlighted;
        in auto mode it stays for its reading time, then the demo moves on."""
        self.shown = step
        self.query_one(f"#{PANEL_TEXT}", Plain).update(step.narration.renderable(step.full_rule))
        self.query_one("#narration").scroll_home(animate=False)
        self._highlight_shown()
        if not self.paused:
            seconds = reading_seconds(step.words, self.speed) * PACE
            self._bot_timer = one_shot(self, seconds, self.move_on)
            self.call_after_refresh(self._turn_pages, step, seconds)

    def _turn_pages(self, step: Step, seconds: float) -> None:
        """A step longer than the panel (a rule read the first time) turns its pages
        by itself, each after its share of the reading time."""
        panel = self.query_one("#narration")
        page = max(1, panel.scrollable_content_region.height)
        pages = -(-panel.virtual_size.height // page)
        if step is not self.shown or pages < 2 or self.paused:
            return
        self._pages = self.set_interval(seconds / pages, self._next_page, repeat=pages - 1)

    def _next_page(self) -> None:
        self.query_one("#narration").scroll_page_down(animate=False)

    def _highlight_shown(self) -> None:
        step = self.shown
        if step is None or step.at != len(self.state.record.choices):
            return
        menu = self.query_one(ActionMenu)
        chosen = next((c for c in menu.choices if c.key == step.key), None)
        if chosen is not None:
            menu.highlight_choice(chosen)

    def move_on(self) -> None:
        """Apply the step on screen; the next one is told when its bot has thought."""
        self._stop_timer()
        step = self.shown
        if self._finished or step is None or step.at != len(self.state.record.choices):
            self.advance()
            return
        self.play(step.key)

    def _stop_timer(self) -> None:
        if self._pages is not None:
            self._pages.stop()
            self._pages = None
        timer = self._bot_timer
        if timer is not None and not isinstance(timer, bool):
            timer.stop()
        if timer is not True:  # a thought under way comes back and is checked then
            self._bot_timer = None

    def refresh_table(self) -> None:
        d = self.decision
        if d is not None:
            self.table.viewer = d.seat  # a demo shows the acting seat's view, hand included
        super().refresh_table()
        self._highlight_shown()

    def _show_speed(self) -> None:
        state = (_("paused: → next, ← back, space goes on") if self.paused
                 else _("speed ×{speed}, each step stays while you read").format(speed=f"{self.speed:g}"))
        self.query_one("#narration").border_title = Text(_("Demo · {state} · PgDn/PgUp scroll").format(state=state))

    # --- keys ---------------------------------------------------------------------------
    def action_pause(self, _resume: str = "") -> None:
        """Pause; pressed again, go on at once (the reader has read the step)."""
        self.paused = not self.paused
        self._show_speed()
        self.refresh_bindings()
        if self.paused:
            self._stop_timer()
        else:
            self.move_on()

    def action_step(self) -> None:
        self.move_on()

    def action_back(self) -> None:
        """Back to the step before the one on screen, its position restored; the demo
        pauses there (→ or space goes on)."""
        shown = self.shown
        before = self.tape.step_at(shown.at - 1) if shown is not None else None
        if before is None:
            self.notify(_("This is the first step of the demo."), timeout=2)
            return
        self._stop_timer()
        if not self.paused:
            self.paused = True
            self._show_speed()
            self.refresh_bindings()
        self.table.state = before.before.clone()
        self.query_one(EventLog).note(_("(back to choice {n})").format(n=before.at + 1))
        self.refresh_table()
        self.show_step(before)

    def action_faster(self) -> None:
        i = SPEEDS.index(self.speed)
        self.speed = SPEEDS[min(i + 1, len(SPEEDS) - 1)]
        self._show_speed()

    def action_slower(self) -> None:
        i = SPEEDS.index(self.speed)
        self.speed = SPEEDS[max(i - 1, 0)]
        self._show_speed()

    def action_scroll_rule(self, direction: int) -> None:
        panel = self.query_one("#narration")
        (panel.scroll_page_down if direction > 0 else panel.scroll_page_up)(animate=False)

    def action_log(self) -> None:
        toggle_log(self)

    def action_leave(self) -> None:
        leave(self)

    def confirm_quit(self) -> None:
        self.app.exit()  # a demo has nothing to lose: quit without asking

    # A demo has no player's choices to pick, undo or save.
    def action_pick(self, n: int) -> None:
        pass

    def action_undo(self) -> None:
        self.notify(_("A demo cannot be undone; ← goes back a step."), timeout=2)

    def action_save(self) -> None:
        self.notify(_("Demos are not saved."), timeout=2)
