"""The simplest opponent: a uniformly random legal choice."""
from __future__ import annotations

import random

from .base import pending_decision
from .explain import Reason


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state) -> str:
        return self.rng.choice(pending_decision(state).choices).key

    def choose_explained(self, state) -> tuple[str, Reason]:
        key = self.choose(state)
        return key, Reason("only" if len(state.decision().choices) == 1 else "random")
