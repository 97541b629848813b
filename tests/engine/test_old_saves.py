"""Saves written by inkterm before the save hardening (format version 1, made with the
code of that time and kept byte for byte) still open, equal to a replay of their record.
Each game keeps its own in ``tests/games/<game>/saves_v1/`` (a game added since has none)."""
import json
from pathlib import Path

import pytest

from inkterm.engine import replay
from inkterm.engine.saves import read_save

GAMES_TESTS = Path(__file__).resolve().parent.parent / "games"
OLD_SAVES = sorted(GAMES_TESTS.glob("*/saves_v1/*.save.json"))


def test_each_old_save_is_kept_by_its_own_game():
    assert len(OLD_SAVES) >= 3
    for path in OLD_SAVES:
        assert json.loads(path.read_text())["game"] == path.parent.parent.name, path


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


@pytest.mark.parametrize("path", OLD_SAVES[:1], ids=lambda p: p.name)
def test_a_snapshot_of_an_older_shape_is_not_compared(monkeypatch, tmp_path, path):
    state = read_save(path)
    # Tamper with the model: same shape, so the check catches it.
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
