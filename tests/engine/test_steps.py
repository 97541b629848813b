"""The shared step queue, choice keys and narration every game builds decisions with."""
from dataclasses import dataclass

import pytest

from inkterm.engine.steps import Narration, Step, StepKinds, WorkQueue, ckey, key_args, key_int, parse_key


@dataclass
class Roll(Step):
    kind = "roll"
    seat: int


@dataclass
class Place(Step):
    kind = "place"
    seat: int
    left: int
    why: str = ""


KINDS = StepKinds(Roll, Place)


def test_keys_build_and_parse_without_slices():
    assert ckey("zone", 3) == "zone:3"
    assert ckey("done") == "done"
    assert parse_key("piece:As:3") == ("piece", "As:3")
    assert parse_key("done") == ("done", "")
    assert key_args("progress:BO3:2") == ["BO3", "2"]
    assert key_args("turn") == []
    assert key_int("zone:5") == 5
    assert key_int("piece:As:3", 1) == 3


def test_the_first_step_pushed_runs_first_and_survives_a_snapshot():
    q = WorkQueue()
    q.push(Roll(0), Place(0, 2, "rows"))
    assert q.top == Roll(0)
    assert [s.kind for s in q] == ["roll", "place"]
    back = WorkQueue.load(q.dump(), KINDS)
    assert back.items == q.items
    assert q.pop() == Roll(0)
    assert q.top_as(Place) == Place(0, 2, "rows") and q.top_as(Roll) is None


def test_a_copy_is_independent():
    q = WorkQueue([Place(1, 3)])
    c = q.copy()
    c.top.left = 0
    c.push(Roll(1))
    assert q.items == [Place(1, 3)]


@pytest.mark.parametrize("data, says", [
    ({"seat": 0}, "no kind"),
    ({"kind": "fly", "seat": 0}, "unknown step 'fly'"),
    ({"kind": "place", "seat": 0}, "does not fit"),
])
def test_a_bad_snapshot_says_what_is_wrong(data, says):
    with pytest.raises(ValueError, match=says):
        WorkQueue.load([data], KINDS)


def test_kinds_must_be_distinct():
    @dataclass
    class Other(Step):
        kind = "roll"

    with pytest.raises(ValueError):
        StepKinds(Roll, Other)


def test_narration_hands_over_what_was_said_once():
    n = Narration()
    n.say("You roll", seat=0)
    n.say("Round 2", kind="round")
    first = n.take()
    assert [(e.text, e.seat, e.kind) for e in first] == [("You roll", 0, "info"), ("Round 2", None, "round")]
    assert n.take() == []
