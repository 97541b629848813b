"""Kiln's steps: the typed pieces of work a turn is made of (see ``engine/steps.py``).

An ``Ask`` waits for the current player's choice and names the rules section that
explains it (``topic``, for ``?``); a ``Task`` the rules do by themselves. They sit in
``Model.queue``; when it runs empty, ``Turn`` (the open window of rule 9) is asked.
Which function decides, handles or runs each step is listed in ``rules.py``.

Steps are never changed once queued (a later step is a new one), so copies of a game
may share them. ``kind`` is written into saves' snapshots: never rename one.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from inkterm.engine.steps import Step, StepKinds


@dataclass
class Ask(Step):
    """A decision of the current player."""

    topic: ClassVar[str] = "your-turn"


@dataclass
class Task(Step):
    """Work that needs no choice."""


# --- decisions -----------------------------------------------------------------------
@dataclass
class Turn(Ask):
    """Rule 9: main action, free actions, blank-making, end."""

    kind = "turn"


@dataclass
class Boost(Ask):
    """Rule 10b: pay 1 money for +1 strength in zone ``pip``?"""

    kind = "boost"
    topic = "paying-for-strength"
    pip: int


@dataclass
class Split(Ask):
    """``n`` materials, split between clay and glaze."""

    kind = "split"
    topic = "materials-1"
    n: int
    why: str


@dataclass
class Favour(Ask):
    """Rule 18: ``n`` favour, forward or back."""

    kind = "favour"
    topic = "the-favour-track"
    n: int
    tribute_bonus: int


@dataclass
class Place(Ask):
    """``n`` tokens on one zone."""

    kind = "place"
    topic = "the-favour-track"
    n: int
    why: str


@dataclass
class Play(Ask):
    """R20: play a hand card ``discount`` cheaper, or none."""

    kind = "play"
    topic = "playing-cards"
    discount: int
    why: str


@dataclass
class Copy(Ask):
    """The Imperial Kiln: copy a zone with dice at strength ``s`` for ``fee``."""

    kind = "copy"
    topic = "imperial-kiln-6"
    s: int
    fee: int
    owned: list[str]  # the persistent cards in front of the player when the action began


@dataclass
class Studio(Ask):
    """Rule 15: swap the drawn cards with the hand, or be done."""

    kind = "studio"
    topic = "studio-4"


@dataclass
class Give(Ask):
    """The hand card that goes back for the drawn card ``taken``."""

    kind = "give"
    topic = "studio-4"
    taken: str


@dataclass
class Pick(Ask):
    """Wheel-throwing: a token on a zone not ``chosen`` yet, ``left`` to go."""

    kind = "pick"
    topic = "card-list"
    left: int
    chosen: list[int]


@dataclass
class Super(Ask):
    """The Kiln Superintendent: which zone's effect."""

    kind = "super"
    topic = "card-list"


@dataclass
class MoveFrom(Ask):
    """Porters: up to ``n`` tokens from which zone."""

    kind = "move_from"
    topic = "card-list"
    n: int


@dataclass
class MoveTo(Ask):
    kind = "move_to"
    topic = "card-list"
    n: int
    src: int


@dataclass
class MoveCount(Ask):
    kind = "move_count"
    topic = "card-list"
    n: int
    src: int
    dst: int


@dataclass
class Present(Ask):
    """Kiln Hand: ``n`` tokens on a zone where the player already has one."""

    kind = "present"
    topic = "card-list"
    n: int


@dataclass
class Sell(Ask):
    """Broker: ``k`` materials for ``money``."""

    kind = "sell"
    topic = "card-list"
    k: int
    money: int


@dataclass
class Reroll(Ask):
    kind = "reroll"
    topic = "free-actions"


@dataclass
class Exchange(Ask):
    kind = "exchange"
    topic = "free-actions"


# --- work without a choice -------------------------------------------------------------
@dataclass
class Act(Task):
    """Rule 10: the main action in zone ``pip``, ``boost`` paid."""

    kind = "act"
    pip: int
    boost: int


@dataclass
class Effect(Task):
    """A zone's effect at strength ``s``. ``is_action``: part of a main action, so the
    ``owned`` cards' modifiers apply (R21); ``acting``: the zone acted in."""

    kind = "effect"
    pip: int
    s: int
    is_action: bool
    acting: int
    owned: list[str]


@dataclass
class Persist(Task):
    """R4: the ``owned`` persistent cards of zone ``pip`` trigger."""

    kind = "persist"
    pip: int
    acting: int
    owned: list[str]


@dataclass
class Trigger(Task):
    kind = "trigger"
    cid: str
    acting: int


@dataclass
class Gain(Task):
    """``n`` favour to gain (rule 18)."""

    kind = "gain"
    n: int
    tribute_bonus: int


@dataclass
class Space(Task):
    """Rule 19: resolve favour space ``space``."""

    kind = "space"
    space: int
    tribute_bonus: int


@dataclass
class Blanks(Task):
    kind = "blanks"
    n: int
    source: str


@dataclass
class Rows(Task):
    """R26: the next completed row's reward, one at a time."""

    kind = "rows"


@dataclass
class Reward(Task):
    kind = "reward"
    row: int


@dataclass
class Offer(Task):
    """R20: offer a card play ``discount`` cheaper, if any is playable."""

    kind = "offer"
    discount: int
    why: str


@dataclass
class CardEffect(Task):
    """A play card's effect (R16)."""

    kind = "card"
    cid: str


ASKS: tuple[type[Ask], ...] = (Turn, Boost, Split, Favour, Place, Play, Copy, Studio, Give, Pick,
                               Super, MoveFrom, MoveTo, MoveCount, Present, Sell, Reroll, Exchange)
TASKS: tuple[type[Task], ...] = (Act, Effect, Persist, Trigger, Gain, Space, Blanks, Rows, Reward,
                                 Offer, CardEffect)
KINDS = StepKinds(*ASKS, *TASKS)
