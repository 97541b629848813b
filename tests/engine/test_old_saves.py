"""Saves written by inkterm before the save hardening (format version 1, made with the
code of that time and kept byte for byte) still open, equal to a replay of their record."""
from pathlib import Path

import pytest

from inkterm.engine import replay
from inkterm.engine.saves import read_save

OLD_SAVES = sorted((Path(__file__).parent / "saves_v1").glob("*.save.json"))


def test_there_are_old_saves_of_every_game():
    assert {p.name.split("-")[0] for p in OLD_SAVES} == {"kiln", "inkwell", "voynich"}


@pytest.mark.parametrize("path", OLD_SAVES, ids=lambda p: p.name)
def test_old_save_still_opens(path):
    state = read_save(path)
    assert len(state.record.choices) > 0 and not state.is_over
    assert state == replay(state.record)
    assert state.decision() is not None


@pytest.mark.parametrize("path", OLD_SAVES, ids=lambda p: p.name)
def test_old_save_opens_without_a_warning(path):
    """Its snapshot matches the replay, or was written in an older shape of the game's
    dump (then there is nothing to compare): either way no false warning."""
    notes: list[str] = []
    read_save(path, notes)
    assert notes == []


def test_a_snapshot_of_an_older_shape_is_not_compared(monkeypatch, tmp_path):
    path = next(p for p in OLD_SAVES if p.name.startswith("kiln"))
    state = read_save(path)
    # Tamper with the model: same shape, so the check catches it.
    import json
    raw = json.loads(path.read_text())
    raw["snapshot"]["model"] = {"changed": True}
    shape = type(state).snapshot_shape
    if shape > 1:
        raw["snapshot"]["shape"] = shape
    bad = tmp_path / "bad.save.json"
    bad.write_text(json.dumps(raw))
    notes: list[str] = []
    read_save(bad, notes)
    assert len(notes) == 1 and "differs from a replay of its moves" in notes[0]
    # The game now dumps in a new shape: the old snapshot is not compared at all.
    monkeypatch.setattr(type(state), "snapshot_shape", shape + 1)
    notes = []
    again = read_save(bad, notes)
    assert notes == [] and again == replay(again.record)
    assert json.loads(again.to_json())["snapshot"]["shape"] == shape + 1
