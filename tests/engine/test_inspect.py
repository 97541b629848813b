"""Inspect's words come from the games: every lookup describes itself, in words, and
a seat is never told about another seat's hand."""
from __future__ import annotations

import pytest

from inkterm.bots import make_bot
from inkterm.engine import new_game


def played(game: str, steps: int = 60):
    st = new_game(game, ["Ann", "Bob"], seed=3)
    bots = [make_bot("random", seed=s) for s in range(2)]
    for _ in range(steps):
        if st.is_over:
            break
        st.apply(bots[st.decision().seat].choose(st))
    return st


@pytest.mark.parametrize("game", ["kiln", "inkwell", "voynich"])
def test_every_lookup_is_described(game):
    st = played(game)
    entries = st.lookups(0)
    assert entries
    for touch, label in entries:
        text = st.describe(touch, 0)
        assert text and label


def test_kiln_never_describes_another_seats_hand():
    st = played("kiln", 20)
    theirs = st.m.players[1].hand
    assert theirs
    assert not any(t == f"card:{c}" for t, _ in st.lookups(0) for c in theirs)
    for cid in theirs:
        assert "hand" not in st.describe(f"card:{cid}", 0)
