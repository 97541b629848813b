"""Inkwell's work still to do, as typed steps of the shared work queue
(``engine/steps.py``).

The queue's top is what happens next: a technique's small question (``Ask``) waits
for the seat above the cubes it concerns; cubes in hand (``Batch``) are placed one at
a time; the starting cubes still to deal (``StartCubes``) lie at the bottom during
setup. Triggered effects waiting for the player (``Trigger``) are not a stack — the
player picks their order — so the state keeps them in a list of their own.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass

from inkterm.engine.steps import Step, StepKinds


@dataclass
class Batch(Step):
    """Cubes in hand, placed one at a time, lowest colour code first. Cubes taken or
    dealt must all fit (``fit``; Spill Cloth may pour ``spill`` of them back); an extra
    cube (a grinder's, a use's, the Turn's gold) without a space goes back."""

    kind = "batch"
    cubes: list[int]
    fit: bool
    spill: int = 0


@dataclass
class StartCubes(Step):
    """A seat's starting cubes, drawn at setup and placed before the first turn."""

    kind = "start"
    seat: int
    cubes: list[int]


@dataclass
class Trigger(Step):
    """A triggered effect waiting for the player: a grinder to resolve, or the first
    use of a limited technique just put on the workspace (it may be declined)."""

    kind = "trigger"
    tid: int
    grinder: bool


@dataclass
class Ask(Step):
    """A question one technique asks the seat now (never put on the queue itself)."""

    tid: int


@dataclass
class Keep(Ask):
    """Steady Hand: keep the technique that came with the Take, or leave it on its slot."""

    kind = "keep"
    slot: str


@dataclass
class Grind(Ask):
    """A grinder whose colours were both gained: which one to search the bag for."""

    kind = "grind"


@dataclass
class Dye(Ask):
    """Dye Merchant: the colour to name."""

    kind = "dye"


@dataclass
class Scrape(Ask):
    """Scraper: which cube to move."""

    kind = "scrape"


@dataclass
class ScrapeTo(Ask):
    """Scraper: where the cube on space index ``src`` goes."""

    kind = "scrape_to"
    src: int


@dataclass
class Second(Ask):
    """Second Helping: which star or circle bottle to take as well."""

    kind = "second"


KINDS = StepKinds(Batch, StartCubes, Trigger, Keep, Grind, Dye, Scrape, ScrapeTo, Second)


def copy_step(step: Step) -> Step:
    """An independent copy, cheaper than a deep copy (clones are the bots' hot path):
    only the cube counts are mutable."""
    other = copy.copy(step)
    if isinstance(other, (Batch, StartCubes)):
        other.cubes = list(other.cubes)
    return other
