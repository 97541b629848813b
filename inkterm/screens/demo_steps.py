"""The demo's steps at a person's pace: every bot decision is one step, told while
the board still shows the position it is decided in (its choice highlighted), and
applied only when the reader moves on. Steps are kept, so ``←`` goes back to one
already told and ``→`` replays it as it was (the bots' random draws are not made
again). No Textual here: the demo screen keeps the time and draws."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from inkterm.screens.narration import Narration

#: A reader's pace at speed 1, in words a second (about 200 words a minute), and the
#: least and most time one step stays on screen by itself.
WORDS_PER_SECOND = 3.3
LEAST_SECONDS = 2.5
MOST_SECONDS = 45.0


def reading_seconds(words: int, speed: float = 1.0) -> float:
    """How long a step of ``words`` words stays in auto mode at ``speed``."""
    return min(MOST_SECONDS, max(LEAST_SECONDS, words / WORDS_PER_SECOND)) / speed


@dataclass
class Step:
    """One decision told: the position before it (a copy), who chose, what and why."""

    at: int  # how many choices the game had made before it
    before: Any  # the GameState it is decided in, a copy nobody plays on
    seat: int
    key: str
    narration: Narration
    #: Whether its rule is told in full (the first time the demo meets that rule).
    full_rule: bool

    @property
    def words(self) -> int:
        return self.narration.words(self.full_rule)


class Tape:
    """The steps told so far, one per choice of the game from choice ``start`` on:
    ``steps[i].at == start + i``."""

    def __init__(self, start: int = 0) -> None:
        self.start = start
        self.steps: list[Step] = []
        self._rules_told: set[str] = set()

    def read(self, heading: str) -> None:
        """The reader has read this rule already: its steps name it, not tell it."""
        self._rules_told.add(heading)

    def step_at(self, at: int) -> Step | None:
        """The step told before at this point of the game (after a step back)."""
        i = at - self.start
        return self.steps[i] if 0 <= i < len(self.steps) else None

    def tell(self, state: Any, seat: int, key: str, narration: Narration) -> Step:
        """Keep the step decided now in ``state`` (its rule in full the first time)."""
        at = len(state.record.choices)
        known = self.step_at(at)
        if known is not None:  # told already (a thought that arrived after a step back)
            return known
        assert at == self.start + len(self.steps), "a demo's steps are told in the order of the game"
        rule = narration.rule.heading if narration.rule is not None else None
        full = rule is not None and rule not in self._rules_told
        if rule is not None:
            self._rules_told.add(rule)
        step = Step(at, state.clone(), seat, key, narration, full)
        self.steps.append(step)
        return step
