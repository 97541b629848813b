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
