"""The work still to do (work.py) lives in the shared typed work queue: it survives a
snapshot and a clone, and a snapshot whose steps do not fit is refused in words."""
import json
import random

import pytest

from inkterm.engine import new_game
from inkterm.games.inkwell.rules import State
from inkterm.games.inkwell.work import Batch, Keep, StartCubes, Trigger

from .helpers import cubes, give_tech, keys, set_bottle, start


def restored(st):
    """A state rebuilt from ``st``'s snapshot alone (not from its record)."""
    other = State(st.record.prefix(0))
    other.restore_snapshot(json.loads(st.to_json())["snapshot"])
    other.record = st.record.prefix(len(st.record.choices))
    return other


def test_setup_queues_the_starting_cubes_in_turn_order():
    st = new_game("inkwell", ["a", "b", "c"], seed=4, options={"first_player": "2"})
    deals = st.start_queue
    assert [d.seat for d in deals] == [2, 0] and [sum(d.cubes) for d in deals] == [1, 2]
    assert st.work.top is deals[0] and st.hand == [] and st.asking is None


@pytest.mark.parametrize("n, seed", [(1, 3), (3, 8), (5, 2)])
def test_snapshot_restores_the_work_queue_at_every_step(n, seed):
    st = new_game("inkwell", [f"P{i}" for i in range(n)], seed=seed)
    r = random.Random(seed)
    seen = set()
    while not st.is_over:
        if st.work or st.pending:
            seen.update(type(s).__name__ for s in [*st.work, *st.pending])
            back = restored(st)
            assert back == st and back.decision().keys == st.decision().keys
            key = r.choice(st.decision().keys)
            assert [e.text for e in back.apply(key)] == [e.text for e in st.apply(key)]
            assert back.summary() == st.summary()
        else:
            st.apply(r.choice(st.decision().keys))
    assert "Batch" in seen and ("StartCubes" in seen or n == 1)  # solo deals no starting cubes


def test_steady_hand_asks_above_the_cubes_of_its_take():
    st = start(2)
    give_tech(st, 0, next(t for t, s in st.C.techniques.items() if s.effect.kind == "steady_hand"))
    bid = next(b for b in st.active if st.link[b])
    set_bottle(st, bid, ["Au"], tech=st.deck[0])
    st.apply(f"take:{bid}")
    assert isinstance(st.asking, Keep) and st.hand[0].cubes == cubes("Au")
    assert [type(s) for s in st.work] == [Keep, Batch]  # the question first, then the cubes
    back = restored(st)
    assert back == st and keys(back) == ["tech:keep", "tech:leave"]
    st.apply("tech:leave")
    assert st.asking is None and st.hand and "auto" in keys(st)


def test_clone_copies_the_work_queue_deeply():
    st = new_game("inkwell", ["a", "b"], seed=5)
    other = st.clone()
    other.start_queue[0].cubes[0] += 1
    assert other.start_queue[0].cubes != st.start_queue[0].cubes


def test_a_snapshot_with_a_misplaced_step_is_refused():
    st = start(2)
    snap = json.loads(st.to_json())["snapshot"]
    assert snap["shape"] == 3
    snap["model"]["pending"] = [Batch(cubes("R"), fit=True).as_dict()]
    with pytest.raises(ValueError, match="pending effects hold a 'batch' step"):
        State(st.record.prefix(0)).restore_snapshot(snap)
    snap["model"]["pending"] = [Trigger(3, grinder=True).as_dict()]
    snap["model"]["work"] = [{"kind": "start", "seat": 1}]
    with pytest.raises(ValueError, match="'start' step does not fit"):
        State(st.record.prefix(0)).restore_snapshot(snap)


def test_start_cubes_are_typed():
    st = new_game("inkwell", ["a", "b"], seed=1)
    assert all(isinstance(d, StartCubes) for d in st.start_queue)
