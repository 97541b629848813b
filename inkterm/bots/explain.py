"""Why a bot chose what it chose, as data: the bot's own reasoning.

A bot asked for its reason (``choose_explained``) returns a ``Reason`` next to the
key it would have chosen anyway: the same choice, drawn from the same random
numbers; a bot not asked does no extra work. The words are ``bots/reasons.py``'s
(and the game's ``reasons`` module's): a reason is told by what the choice does in
the game, never by the bot's numbers.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from inkterm.engine.types import BACK_KEY

from .guard import RUN_LIMIT


@dataclass
class Option:
    """One choice the bot weighed and what it thought of it."""

    key: str
    value: float  # the bot's estimate after this choice (greedy: projected lead in points)
    ahead: float | None = None  # search: the share of playouts that ended ahead


@dataclass
class Reason:
    """``kind``: "only" (nothing else was legal), "routine" (the bot's simple default,
    e.g. after a long run of free actions), "random", "greedy", "search" or "scripted"
    (a probe's strategy decided alone). ``options``: what was weighed, best first (the chosen one first)."""

    kind: str
    options: list[Option] = field(default_factory=list)
    before: float | None = None  # greedy: the estimate before choosing
    playouts: int = 0  # search: how many playouts were run
    horizon: str = "turn"  # search: how far each playout went (the game's SEARCH_HORIZON)
    note: str = ""  # scripted: the strategy, in words


def quick_reason(d, guard) -> Reason:
    """Why a bot chose without weighing: one real option, its simple default after
    a long run, or the one choice it had not made here yet (the loop guard)."""
    real = [c for c in d.choices if c.key != BACK_KEY] if d is not None else []
    if len(real) <= 1:
        return Reason("only")
    return Reason("routine" if guard.run > RUN_LIMIT else "unrepeated")
