"""Why a bot chose what it chose, in words, from the bot's own reasoning.

A bot asked for its reason (``choose_explained``) returns a ``Reason`` next to the
key it would have chosen anyway: the same choice, drawn from the same random
numbers; a bot not asked does no extra work.
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

    def text(self, label, seat_name: str) -> str:
        """The reason in words; ``label(key)`` names a choice as the menu does."""
        if self.kind == "only":
            return "it was the only legal choice."
        if self.kind == "routine":
            return "after a long run of steps this turn, the bot finishes it the simple way."
        if self.kind == "unrepeated":
            return ("the bot already made the other choices in this same position this turn; "
                    "it takes this one so as not to go round in circles.")
        if self.kind == "scripted":
            return f"it plays a fixed strategy: {self.note[:1].lower()}{self.note[1:].rstrip('.')}."
        if self.kind == "random":
            return "the random bot picks any legal choice, without weighing them."
        best = self.options[0]
        rest = self.options[1:]
        if self.kind == "greedy":
            before = self.before or 0.0
            text = (f"the bot tried each of {len(self.options)} choices and judged this one best: "
                    f"it {_moves(best.value - before, f'{seat_name}’s projected lead')} "
                    f"(to {_signed(best.value)} points)")
            if rest:
                nxt = rest[0]
                if abs(nxt.value - best.value) < 1e-9:
                    text += f"; {label(nxt.key)} looked as good, and the bot drew between them"
                else:
                    text += f"; the next best, {label(nxt.key)}, {_moves(nxt.value - before, 'it')}"
            return text + "."
        return self._search_text(label, seat_name)

    def _search_text(self, label, seat_name: str) -> str:
        """A share of playouts won is a win estimate only when playouts reach the end
        of the game; a shorter horizon gives the average lead where they stop."""
        best, rest = self.options[0], self.options[1:]
        until = _HORIZON_WORDS.get(self.horizon, "the end of the turn")
        text = f"the bot played out {self.playouts} possible futures to {until}; this choice "
        if self.horizon == "end":
            text += (f"won {_percent(best.ahead)} of its playouts "
                     f"(average lead {_signed(best.value)} points)")
            if rest:
                text += f"; the next best, {label(rest[0].key)}, won {_percent(rest[0].ahead)}"
        else:
            text += f"left {seat_name} {_lead(best.value)} on average"
            if rest:
                text += f"; the next best, {label(rest[0].key)}, {_lead(rest[0].value)}"
        return text + "."


_HORIZON_WORDS = {"turn": "the end of the turn", "round": "the bot's next turn",
                  "end": "the end of the game"}


def _lead(x: float) -> str:
    if f"{abs(x):.1f}" == "0.0":
        return "level"
    return f"{abs(x):.1f} points {'ahead' if x > 0 else 'behind'}"


def _signed(x: float) -> str:
    return f"{x:+.1f}".replace("+0.0", "±0").replace("-0.0", "±0")


def _moves(change: float, what: str) -> str:
    """"raises WHAT by 1.5", "lowers WHAT by 0.5" or "leaves WHAT as it was"."""
    size = f"{abs(change):.1f}"
    if size == "0.0":
        return f"leaves {what} as it was"
    return f"{'raises' if change > 0 else 'lowers'} {what} by {size}"


def _percent(x: float | None) -> str:
    return f"{round(100 * (x or 0.0))}%"


def quick_reason(d, guard) -> Reason:
    """Why a bot chose without weighing: one real option, its simple default after
    a long run, or the one choice it had not made here yet (the loop guard)."""
    real = [c for c in d.choices if c.key != BACK_KEY] if d is not None else []
    if len(real) <= 1:
        return Reason("only")
    return Reason("routine" if guard.run > RUN_LIMIT else "unrepeated")
