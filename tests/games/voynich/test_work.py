"""The turn's work queue: typed steps that survive a snapshot and a clone."""
from __future__ import annotations

import random

import pytest

from inkterm.engine import new_game
from inkterm.games.voynich.rules import State
from inkterm.games.voynich.tables import PLACE
from inkterm.games.voynich.tasks import Task

SEATS = ["a", "b", "c"]


def _with_work(seed: int, stage: int) -> State:
    """A random game stopped while a placement's Task at ``stage`` is pending."""
    st = new_game("voynich", SEATS, seed=seed)
    rng = random.Random(seed)
    while not st.is_over:
        top = st.work.top
        if isinstance(top, Task) and top.code in PLACE and top.stage == stage:
            return st
        st.apply(rng.choice(st.decision().choices).key)
    raise AssertionError("no such step in the game")


@pytest.mark.parametrize("stage", [0, 1])
def test_a_snapshot_with_an_action_under_way_restores_and_plays_on_alike(stage):
    st = _with_work(3, stage)
    snap = st.to_dict()["snapshot"]
    assert snap["shape"] == State.snapshot_shape == 2
    assert snap["model"]["work"][-1]["kind"] == "action" and snap["model"]["work"][-1]["stage"] == stage
    other = new_game("voynich", SEATS, seed=3)
    other.restore_snapshot(snap)
    assert other._dump() == st._dump() and other.decision().keys == st.decision().keys
    before, clone = st._dump(), st.clone()
    key = next(k for k in st.decision().keys if k != "decline")
    st.apply(key)  # changes the pending step in place (its source, its stage)
    assert clone._dump() == before  # the clone's step is its own
    for s in (other, clone):
        s.apply(key)
        assert s._dump() == st._dump()


def test_a_snapshot_naming_an_unknown_step_is_refused():
    st = _with_work(3, 0)
    snap = st.to_dict()["snapshot"]
    snap["model"]["work"][-1]["kind"] = "nonsense"
    with pytest.raises(ValueError, match="unknown step 'nonsense'"):
        new_game("voynich", SEATS, seed=3).restore_snapshot(snap)
