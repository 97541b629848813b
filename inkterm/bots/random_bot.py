"""The simplest opponent: a uniformly random legal choice."""
from __future__ import annotations

import random

from .explain import Reason


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state) -> str:
        d = state.decision()
        if d is None:
            raise ValueError("the game is over; there is nothing to choose")
        return self.rng.choice(d.choices).key

    def choose_explained(self, state) -> tuple[str, Reason]:
        key = self.choose(state)
        return key, Reason("only" if len(state.decision().choices) == 1 else "random")
