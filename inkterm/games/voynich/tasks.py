"""The work still to do in a turn, as typed steps on the state's ``WorkQueue``
(``inkterm/engine/steps.py``): an action under way (a card's, or one gained as a
reward) and a leaf waiting for its owner to pick a Pool 2 slot. The step on top is the
pending decision; an effect that triggers another action pushes it on top (ruling 39)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from inkterm.engine.steps import Step, StepKinds


@dataclass
class Task(Step):
    """An action being carried out. A placement asks first for the token (``stage`` 0;
    its source goes to ``src``), then where it goes; a transformation asks first for
    the drop (its space goes to ``origin``), then for the leaf."""

    kind = "action"
    code: str  # the action: bo.drop, ba.transform …
    seat: int
    optional: bool = False  # gained as a reward: the seat may decline it (ruling 38)
    excl: str | None = None  # a space the token may not come from (the one just rewarded)
    stage: int = 0
    src: str | None = None
    origin: str | None = None


@dataclass
class Pool2Entry(Step):
    """A leaf pushed into Pool 2 while more than one slot is free: its owner picks the
    slot (even off turn)."""

    kind = "pool2"
    code: ClassVar[str] = "pool2"
    optional: ClassVar[bool] = False
    seat: int
    tok: list  # the leaf, as a state token (owner, kind, id, translated)


STEP_KINDS = StepKinds(Task, Pool2Entry)
