"""A rules demo: bots play every seat while a panel explains each decision — what
is being decided, what was chosen and why (the bot's own reasoning), and the rule
that governs it."""
from __future__ import annotations

from typing import Protocol, cast

from rich.text import Text
from textual import work
from textual.binding import Binding

from inkterm.bots import make_bot
from inkterm.bots.explain import Reason
from inkterm.screens.game import GameScreen
from inkterm.screens.narration import narrate
from inkterm.screens.teaching import PANEL_TEXT, TEACH_CSS, leave, toggle_log, with_panel
from inkterm.widgets.plain import Plain
from inkterm.table_driver import TableDriver

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
BASE_DELAY = 1.6  # seconds per step at speed 1


class Explains(Protocol):
    """A bot that gives its reason (every bot make_bot builds does)."""

    def choose_explained(self, state) -> tuple[str, Reason]: ...


class DemoScreen(GameScreen):
    """Every seat is a bot; the menu shows the options, the panel explains the pick."""

    CSS_PATH = [*GameScreen.CSS_PATH, TEACH_CSS]
    SHOW_BOT_CHOICES = True
    SHOWS_SINCE = False  # the panel narrates what happened

    # The footer must fit 80 columns: the demo's own keys only, and first (priority:
    # the menu's own arrows and page keys would hide them). The game's keys that mean
    # nothing here are hidden; they still answer, with a note.
    BINDINGS = [
        Binding("space", "pause", "Pause", priority=True, id="demo.pause"),
        Binding("right", "step", "Step", priority=True, id="demo.step"),
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
        #: The last decision told (None before the first step).
        self.narration = None

    def compose(self):
        yield from with_panel(super().compose(), "narration",
                              "Bots play every seat; each step is explained here.")

    def on_mount(self) -> None:
        # Textual runs GameScreen.on_mount too (handlers run for every class that
        # defines one): calling it again here wrote the opening line twice.
        self._show_speed()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        # Nobody chooses in a demo: no area to Tab to and no choice to inspect, so the
        # footer keeps its room for the demo's own keys at 80 columns.
        if action in ("focus_area", "inspect"):
            return False
        return super().check_action(action, parameters)

    @property
    def delay(self) -> float:
        return BASE_DELAY / self.speed

    def schedule_bot(self) -> None:
        if self._bot_timer is None and not self.paused:
            self._bot_timer = self.set_timer(self.delay, self.bot_step)

    def bot_step(self) -> None:
        """One visible step of the demo: the bot thinks (in a thread: a search bot
        takes a while, and the keys stay live), then its choice is told and applied."""
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
        self._tell(narrate(self.state, d, key, reason))
        self.play(key)

    def refresh_table(self) -> None:
        d = self.decision
        if d is not None:
            self.table.viewer = d.seat  # a demo shows the acting seat's view, hand included
        super().refresh_table()

    def _tell(self, narration) -> None:
        self.narration = narration
        self.query_one(f"#{PANEL_TEXT}", Plain).update(narration.renderable())
        self.query_one("#narration").scroll_home(animate=False)

    def _show_speed(self) -> None:
        state = "paused: → steps, space goes on" if self.paused else f"speed ×{self.speed:g}"
        self.query_one("#narration").border_title = Text(f"Demo · {state} · PgDn/PgUp scroll")

    # --- keys ---------------------------------------------------------------------------
    def action_pause(self) -> None:
        self.paused = not self.paused
        timer = self._bot_timer
        if self.paused and timer is not None and not isinstance(timer, bool):
            timer.stop()
            self._bot_timer = None
        self._show_speed()
        if not self.paused:
            self.advance()

    def action_step(self) -> None:
        if not self.paused:
            self.action_pause()
        if self._bot_timer is None and self.decision is not None:
            self._bot_timer = True
            self.bot_step()

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
        self.notify("A demo cannot be undone; press space to pause.", timeout=2)

    def action_save(self) -> None:
        self.notify("Demos are not saved.", timeout=2)
