"""A "show me" scene (see ``inkterm/scenes.py``): a rule played on a real board from a
prepared position, each step told as the demo tells a bot's (over the position it is
decided in, at a person's pace, ``←`` back), then back to where it was opened from."""
from __future__ import annotations

from rich.text import Text

from inkterm.i18n import N_, _
from inkterm.scenes import Scene
from inkterm.screens import demo
from inkterm.screens.demo import DemoScreen
from inkterm.screens.demo_steps import reading_seconds
from inkterm.screens.narration import Narration, deciding, rule_for
from inkterm.screens.teaching import PANEL_TEXT, leave, one_shot
from inkterm.widgets.plain import Plain

#: How long the scene's last board stays before going back, at speed 1.
LAST_LOOK_SECONDS = 5.0


def told(state, d, key: str, say: str, topic: str) -> Narration:
    """A scene's step as the screen tells it: decision ``d`` of ``state``, its choice
    ``key``, what the scene says of it, and the rule the scene shows."""
    who = state.seats[d.seat]
    chosen = d.get(key)
    said = str(chosen.label) if chosen is not None else key
    if chosen is not None and chosen.hint and chosen.hint != chosen.label:
        said += f" — {chosen.hint}"
    return Narration(decided=deciding(who, str(d.prompt)),
                     chosen=said, why=say, rule=rule_for(state.record.game, topic), why_label=N_("Look"))


def seconds(game: str, scene: Scene, rule_read: bool = True) -> float:
    """How long ``scene`` plays by itself at speed 1: each step's reading time as the
    demo times it (the rule in full at the first step unless read already), then the
    last look."""
    state, total = scene.opening(game), LAST_LOOK_SECONDS
    for i, step in enumerate(scene.steps):
        narration = told(state, state.decision(), step.key, step.say, scene.topic)
        total += reading_seconds(narration.words(i == 0 and not rule_read)) * demo.PACE
        state.apply(step.key)
    return total


class SceneScreen(DemoScreen):
    def __init__(self, game: str, scene: Scene, speed: float = 1.0, rule_read: bool = False) -> None:
        super().__init__(scene.opening(game), speed=speed)
        self.scene = scene
        self.ended = False
        rule = rule_for(game, scene.topic)
        if rule_read and rule is not None:  # opened from the rule: its heading is enough (? shows it)
            self.tape.read(rule.heading)

    def on_mount(self) -> None:
        self.query_one(f"#{PANEL_TEXT}", Plain).update(_("Show me — {title}").format(title=self.scene.title))

    def _show_speed(self) -> None:
        state = _("paused: → next, ← back") if self.paused else f"×{self.speed:g}"
        self.query_one("#narration").border_title = Text(
            _("Show me: {title} · {state}").format(title=self.scene.title, state=state))

    def schedule_bot(self) -> None:
        """The scene's next step (its key from the data), or its end."""
        if self._bot_timer is not None or self.ended:
            return
        at = len(self.state.record.choices)
        i = at - self.tape.start
        d = self.decision
        if d is None or i >= len(self.scene.steps):
            self.end_scene()
            return
        told = self.tape.step_at(at)
        if told is None:
            step = self.scene.steps[i]
            told = self.tape.tell(self.state, d.seat, step.key, self.narrate(d, step.key, step.say))
        self.show_step(told)

    def narrate(self, d, key: str, say: str) -> Narration:
        return told(self.state, d, key, say, self.scene.topic)

    def end_scene(self) -> None:
        """The board after the last step, a last look, then back (→ or Esc at once)."""
        self.ended = True
        self.shown = None
        self.query_one(f"#{PANEL_TEXT}", Plain).update(
            _("That was “{title}”. → or Esc goes back; ← shows the last step again.").format(
                title=self.scene.title))
        if not self.paused:
            self._bot_timer = one_shot(self, LAST_LOOK_SECONDS / self.speed * demo.PACE, self.move_on)

    def move_on(self) -> None:
        if self.ended and self.shown is None:
            leave(self)
            return
        super().move_on()

    def action_back(self) -> None:
        if self.ended and self.shown is None:  # back from the end: the last step again
            self.ended = False
            last = self.tape.steps[-1] if self.tape.steps else None
            if last is not None:
                self._stop_timer()
                self.paused = True
                self._show_speed()
                self.table.state = last.before.clone()
                self.refresh_table()
                self.show_step(last)
            return
        super().action_back()

    def finish(self) -> None:
        """The game ending inside a scene ends the scene, not in the game-over screen."""
        self.end_scene()
