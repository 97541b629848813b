"""Inspect's words come from the games: in every game, every lookup describes itself in
words. (That a seat is never told about another's hand is each game's own test.)"""
from __future__ import annotations

import pytest

from inkterm.bots import make_bot
from inkterm.engine import new_game

from ..registered import game_params


def played(game: str, steps: int = 60):
    st = new_game(game, ["Ann", "Bob"], seed=3)
    bots = [make_bot("random", seed=s) for s in range(2)]
    for _ in range(steps):
        if st.is_over:
            break
        st.apply(bots[st.decision().seat].choose(st))
    return st


@pytest.mark.parametrize("game", game_params(seats=2))
def test_every_lookup_is_described(game):
    st = played(game)
    entries = st.lookups(0)
    assert entries
    for touch, label in entries:
        text = st.describe(touch, 0)
        assert text and label
