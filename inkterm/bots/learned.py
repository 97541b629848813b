"""A judge learned from played games, for search's leaves.

A hand-weighted evaluation adds up a seat's named parts (points now, what its tokens,
money, cards … should bring) with weight one each. Greedy and search both judged by
it, so where it is wrong both were wrong the same way, and search's plan of the turn
gained only a few points a game over greedy (docs/balance.md, rounds 12 and 13). The
learned judge weighs the same parts, fitted on self-play games to predict each seat's
final score, with weights of their own for each phase of the game (a seat's turns
left) and for the seat that judges (its hand is known) and the others (only their
public facts). Greedy keeps the hand evaluation, so every balance figure measured
with greedy stands.

A game takes part by giving ``seat_parts`` in its bot hooks and a fitted file
``inkterm/assets/<game>/judge.json`` (written by ``python -m inkterm.sim.judge``);
without them search judges by the game's ``evaluate``.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

FILE = "judge.json"


class Weights(BaseModel):
    """A seat's predicted final score in one phase: ``bias`` plus each part times its weight."""

    model_config = ConfigDict(extra="forbid")

    bias: float
    parts: dict[str, float] = Field(min_length=1)
    rows: int = Field(ge=0)  # positions the weights were fitted on


class Judge(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str
    target: Literal["final score"] = "final score"
    #: The command that refits these weights, and what they were fitted on.
    command: str
    games: int = Field(ge=1)
    #: By phase (a seat's turns left; a later phase than the last uses the last): the
    #: weights for the judging seat's own parts, and for every other seat's.
    own: dict[int, Weights] = Field(min_length=1)
    other: dict[int, Weights] = Field(min_length=1)

    @model_validator(mode="after")
    def _whole(self) -> Judge:
        names = set(next(iter(self.own.values())).parts)
        for side in (self.own, self.other):
            if sorted(side) != list(range(len(side))):
                raise ValueError("phases must run 0, 1, 2 … without a gap")
            for phase, w in side.items():
                if set(w.parts) != names:
                    raise ValueError(f"phase {phase} weighs other parts than phase 0: {sorted(set(w.parts) ^ names)}")
        return self

    def predict(self, phase: int, parts: list[tuple[str, float]], own: bool) -> float:
        side = self.own if own else self.other
        w = side[min(phase, len(side) - 1)]
        weights = w.parts
        return w.bias + sum(weights.get(name, 1.0) * x for name, x in parts)


@lru_cache(maxsize=None)
def judge(game: str) -> Judge | None:
    """``game``'s fitted judge, or None when it has none."""
    path = resources.files("inkterm.assets") / game / FILE
    if not path.is_file():
        return None
    j = Judge.model_validate_json(path.read_text(encoding="utf-8"))
    if j.game != game:
        raise ValueError(f"{game}'s {FILE} is fitted for {j.game!r}")
    return j


def learned_values(j: Judge, seat_parts, state, seat: int) -> list[float]:
    """Every seat's predicted final score as ``seat`` sees it."""
    return [j.predict(tl, parts, s == seat) for s, (tl, parts) in enumerate(seat_parts(state, seat))]


def learned_evaluate(j: Judge, seat_parts):
    """An ``evaluate(state, seat)``: the seat's predicted final score minus the best
    other seat's (its own alone when solo), as the hand evaluation reads a lead."""
    def evaluate(state, seat: int) -> float:
        vals = learned_values(j, seat_parts, state, seat)
        others = [x for s, x in enumerate(vals) if s != seat]
        return vals[seat] - max(others) if others else vals[seat]
    return evaluate
