"""How the bots judge a Voynich position, and which cards each seat picked.

``evaluate`` is the public score lead (points now minus the best other seat's).
``card_picks`` lists, per seat, the cards in its book at the end of the game, for
the simulator's per-card statistics.
"""
from __future__ import annotations


def seat_values(state, seat: int) -> list[float]:
    return [float(x) for x in state.scores()]


def evaluate(state, seat: int) -> float:
    sc = seat_values(state, seat)
    others = [x for s, x in enumerate(sc) if s != seat]
    return sc[seat] - max(others) if others else sc[seat]


VALUE_SCALE = 4.0


def card_picks(state) -> list[list[str]]:
    return [[str(b["card"]) for b in p.get("book", [])] for p in state.summary()["players"]]
