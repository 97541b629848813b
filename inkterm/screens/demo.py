"""A rules demo: bots play every seat while a panel explains each decision — what
was possible, what was chosen, and the rule that governs it."""
from __future__ import annotations

import re

from textual.binding import Binding
from textual.widgets import Static

from inkterm.screens.game import GameScreen
from inkterm.screens.rules import find_section, rules_text

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
BASE_DELAY = 1.6  # seconds per step at speed 1


def rule_sections(game: str) -> tuple[list[str], list[str]]:
    """The rules' ##/### headings and the first paragraph under each."""
    text = rules_text(game) or ""
    heads, bodies = [], []
    for m in re.finditer(r"^#{2,3} (.+)\n((?:(?!#{1,3} ).*\n?)*)", text, re.M):
        heads.append(m.group(1).strip())
        body = m.group(2).strip()
        bodies.append(body.split("\n\n")[0] if body else "")
    return heads, bodies


class DemoScreen(GameScreen):
    """Every seat is a bot; the menu shows the options, the panel explains the pick."""

    SHOW_BOT_CHOICES = True

    BINDINGS = [
        Binding("space", "pause", "Pause/go"),
        Binding("right", "step", "Step"),
        Binding("plus,equals_sign", "faster", "Faster"),
        Binding("minus", "slower", "Slower"),
        Binding("question_mark", "rules", "Rules"),
        Binding("l", "log", "Log"),
        Binding("q,escape", "leave", "Leave"),
    ]

    def __init__(self, state, speed: float = 1.0, bot: str = "greedy") -> None:
        super().__init__(state, None)
        from inkterm.bots import make_bot

        # Seats carry people's names so they can be told apart; a bot plays each.
        self.bots = {i: make_bot(bot, seed=state.record.seed * 10 + i) for i in range(len(state.seats))}
        self.humans = []
        self.paused = False
        self.speed = min(SPEEDS, key=lambda s: abs(s - speed))
        self._heads, self._bodies = rule_sections(state.record.game)

    def compose(self):
        yield from super().compose()
        yield Static("", id="demo-explain")

    def on_mount(self) -> None:
        super().on_mount()
        self._explain_waiting()

    # Demos are not games of anyone's: nothing is saved.
    def autosave(self) -> bool:
        return True

    @property
    def delay(self) -> float:
        return BASE_DELAY / self.speed

    def schedule_bot(self) -> None:
        if self._bot_timer is None and not self.paused:
            self._bot_timer = self.set_timer(self.delay, self.bot_step)

    def bot_step(self) -> None:
        """Choose, explain, then apply: one visible step of the demo."""
        self._bot_timer = None
        d = self.decision
        if d is None or not self.is_attached or self.app.screen is not self:
            if d is not None and self.is_attached:
                self._bot_timer = self.set_timer(0.3, self.bot_step)
            return
        key = self.bots[d.seat].choose(self.state)
        self._explain(d, key)
        self.play(key)

    def refresh_table(self) -> None:
        d = self.decision
        if d is not None:
            self.viewer = d.seat  # a demo shows the acting seat's view, hand included
        super().refresh_table()

    def _explain(self, d, key: str) -> None:
        who = self.state.seats[d.seat]
        chosen = next((c for c in d.choices if c.key == key), None)
        options = ", ".join(c.label for c in d.choices[:6])
        more = f" and {len(d.choices) - 6} more" if len(d.choices) > 6 else ""
        lines = [
            f"[b]{who}[/b] decides: {d.prompt.removeprefix(who + ': ')}",
            f"Possible ({len(d.choices)}): {options}{more}.",
            f"Chosen: [b]{chosen.label if chosen else key}[/b]" + (f" — {chosen.hint}" if chosen and chosen.hint else ""),
        ]
        i = find_section(self._heads, d.topic)
        if i is not None and self._bodies[i]:
            rule = " ".join(self._bodies[i].replace("**", "").replace("*", "").split())
            lines.append(f"[i]Rule ({self._heads[i]}):[/i] {rule[:230] + ('…' if len(rule) > 230 else '')}")
        self._set_explain(lines)

    def _explain_waiting(self) -> None:
        self._set_explain(["Bots play every seat; each step is explained here."])

    def _set_explain(self, lines: list[str]) -> None:
        state = "paused" if self.paused else f"speed ×{self.speed:g}"
        keys = "space pause · → step · + − speed · q leave"
        self.query_one("#demo-explain", Static).update("\n".join(lines + [f"[dim]{state} · {keys}[/dim]"]))

    # --- keys ---------------------------------------------------------------------------
    def action_pause(self) -> None:
        self.paused = not self.paused
        if self.paused and self._bot_timer not in (None, True):
            self._bot_timer.stop()
            self._bot_timer = None
        self.notify("Paused: → steps, space goes on." if self.paused else "Going on.", timeout=2)
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
        self.notify(f"Speed ×{self.speed:g}", timeout=1.5)

    def action_slower(self) -> None:
        i = SPEEDS.index(self.speed)
        self.speed = SPEEDS[max(i - 1, 0)]
        self.notify(f"Speed ×{self.speed:g}", timeout=1.5)

    def action_leave(self) -> None:
        self._finished = True
        if self._bot_timer not in (None, True):
            self._bot_timer.stop()
        self.app.pop_screen() if len(self.app.screen_stack) > 1 else self.app.exit()

    def confirm_quit(self) -> None:
        self.app.exit()  # a demo has nothing to lose: quit without asking

    # A demo has no player's choices to pick, undo or save.
    def action_pick(self, n: int) -> None:
        pass

    def action_undo(self) -> None:
        self.notify("A demo cannot be undone; press space to pause.", timeout=2)

    def action_save(self) -> None:
        self.notify("Demos are not saved.", timeout=2)
