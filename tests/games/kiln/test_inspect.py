"""Inspect on Kiln: a seat is never told about another seat's hand."""
from __future__ import annotations

from tests.engine.test_inspect import played


def test_kiln_never_describes_another_seats_hand():
    st = played("kiln", 20)
    theirs = st.m.players[1].hand
    assert theirs
    assert not any(t == f"card:{c}" for t, _ in st.lookups(0) for c in theirs)
    for cid in theirs:
        assert "hand" not in st.describe(f"card:{cid}", 0)
