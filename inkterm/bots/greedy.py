"""Greedy: try every choice once and keep the one whose position looks best.

"Once" means a ply of the bot's own: a decision in these games is often one step of a
chain (zone → boost → split …), so after each candidate the bot follows the rest of
its own turn with the game's cheap default policy, then scores the position with the
game's ``evaluate``. Choices that open a sub-menu (they offer ``back``) are scored by
their best item. It plans on ``determinize``d copies, so it never sees other seats'
hidden cards or the dice to come; choices that reveal something (a roll, a draw) are
averaged over a few such copies. ``plan_turn`` plays the rest of a turn by greedy's own
picks: search starts from that line where the game says a choice ``plans`` the turn.
"""
from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

from inkterm.engine.types import BACK_KEY

from .base import weighable_keys
from .explain import Option, Reason, quick_reason
from .guard import RUN_LIMIT, GuardedBot
from .hooks import hooks

FOLLOW = 12  # own steps followed after a candidate, at most
CHANCE_SAMPLES = 3  # copies averaged for a choice that reveals new information


class GreedyBot(GuardedBot):
    name = "greedy"
    #: An evaluation of its own in place of the game's (a probe's yardstick: how the
    #: game's greedy judged a position before a change, say); None: the game's.
    judge: Callable | None = None

    def _hooks(self, game: str):
        h = hooks(game)
        return h if self.judge is None else SimpleNamespace(**{**vars(h), "evaluate": self.judge})

    def choose_explained(self, state) -> tuple[str, Reason]:
        """The same choice as ``choose`` (same random draws), with the bot's reason:
        every candidate's value, best first, and the position's value before."""
        weighed: list[Option] = []
        key, _ = self.decide(state, weighed)
        if not weighed:
            return key, quick_reason(state.decision(), self.guard)
        weighed.sort(key=lambda o: (o.key != key, -o.value))
        d = state.decision()
        return key, Reason("greedy", weighed, before=self._hooks(state.game_id).evaluate(state, d.seat))

    def pick(self, state, d, keys: list[str], trace: list[Option] | None = None) -> str:
        h = self._hooks(state.game_id)
        if self.judge is None:  # (a probe's own judge keeps greedy as it was)
            keys = [k for k in h.prefer(state, d, keys) if k in keys] or keys
        seat = d.seat
        base = state.determinize(seat, self.rng)
        best, best_v = [], float("-inf")
        for key in keys:
            v = self._value(state, base, key, seat, h, menu=True)
            if trace is not None:
                trace.append(Option(key, v))
            if v > best_v + 1e-9:
                best, best_v = [key], v
            elif v >= best_v - 1e-9:
                best.append(key)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def plan_turn(self, base, key: str, seat: int) -> tuple[list[str], object]:
        """The rest of ``seat``'s turn after ``key`` as greedy would play it, on a
        clone of ``base``: its keys after ``key``, and the position it ends in (search
        starts its tree from this line at a ``plans`` decision). Greedy itself does not
        weigh a choice by it: planning its double page, the Voynich greedy became as
        strong as search (docs/balance.md, rounds 13 and 14)."""
        s = base.clone()
        s.apply(key)
        line: list[str] = []
        d = s.decision()
        while d is not None and d.seat == seat and len(line) < RUN_LIMIT:
            keys = weighable_keys(d)
            line.append(keys[0] if len(keys) == 1 else self.pick(s, d, keys))
            s.apply(line[-1])
            d = s.decision()
        return line, s

    def _value(self, state, base, key: str, seat: int, h, menu: bool) -> float:
        s = base.clone()
        s.apply(key)
        if s.history[-1][1]:  # revealed something: average over fresh copies
            total = self._follow(s, seat, h, menu)
            for _ in range(CHANCE_SAMPLES - 1):
                s = state.determinize(seat, self.rng)
                s.apply(key)
                total += self._follow(s, seat, h, menu)
            return total / CHANCE_SAMPLES
        return self._follow(s, seat, h, menu)

    def _follow(self, s, seat: int, h, menu: bool) -> float:
        d = s.decision()
        if menu and d is not None and d.seat == seat and any(c.key == BACK_KEY for c in d.choices):
            items = [c.key for c in d.choices if c.key != BACK_KEY]
            if items:
                return max(self._value(s, s, k, seat, h, menu=False) for k in items)
        steps = 0
        while d is not None and d.seat == seat and steps < FOLLOW:
            s.apply(h.default_choice(s, d))
            d = s.decision()
            steps += 1
        return h.evaluate(s, seat)
