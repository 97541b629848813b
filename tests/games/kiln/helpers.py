"""Arranging Kiln positions for scenario tests: a real game, then the model set by hand."""
from __future__ import annotations

from inkterm.engine import new_game
from inkterm.engine.steps import WorkQueue
from inkterm.games.kiln.steps import Turn


class FixedDice:
    """Stands in for the state's generator where a test needs known die results."""

    def __init__(self, pips):
        self.values = [(p - 1 + 0.5) / 6 for p in pips]

    def random(self):
        return self.values.pop(0)


def game(n=2, seed=1):
    return new_game("kiln", [f"P{i + 1}" for i in range(n)], seed=seed)


def arrange(s, seat=0, dice=None, **fields):
    """Make it ``seat``'s turn, before the main action, with the given dice and fields."""
    m = s.m
    n = len(m.players)
    first = [(seat + i) % n for i in range(n)]
    m.order = first + first[::-1]
    m.start_seat = seat
    m.turn = 0
    m.queue = WorkQueue([Turn()])
    m.mains = m.extra_mains = m.bellows = 0
    if dice is not None:
        assert sum(dice) <= 10
        m.dice = list(dice)
    p = m.players[seat]
    for k, v in fields.items():
        assert hasattr(p, k), k
        setattr(p, k, list(v) if isinstance(v, (list, tuple)) else v)
    s._decided = False
    return p


def keys(s):
    return [c.key for c in s.decision().choices]


def play(s, *ks):
    events = []
    for k in ks:
        events += s.apply(k)
    return events


PREFER = ("noboost", "skip", "done", "forward", "split:0")


def simple_turn(s):
    """Take the first zone's main action, decline every option, end the turn."""
    seat = s.decision().seat
    s.apply(next(k for k in keys(s) if k.startswith("zone:")))
    while s.decision() is not None and s.decision().seat == seat:
        ks = keys(s)
        if "end" in ks:
            s.apply("end")
            return
        s.apply(next((k for k in PREFER if k in ks), ks[0]))
