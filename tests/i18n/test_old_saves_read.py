"""Saves from before the engine's texts were data still open, and their whole story
(replayed from the record) renders in every language as strings."""
from __future__ import annotations

from pathlib import Path

import pytest

from inkterm.engine import replay_events
from inkterm.engine.saves import read_save
from inkterm.engine.text import render

GAMES_TESTS = Path(__file__).resolve().parent.parent / "games"
OLD_SAVES = sorted(GAMES_TESTS.glob("*/saves_*/*.save.json"))


@pytest.mark.parametrize("path", OLD_SAVES, ids=lambda p: f"{p.parent.parent.name}-{p.parent.name}-{p.name}")
def test_an_old_save_loads_and_its_story_renders(path):
    state = read_save(path)
    d = state.decision()
    told = [e for _seat, _round, events in replay_events(state.record) for e in events]
    assert told
    for lang in ("en", "zh", "ja"):
        said = [render(e.text, lang) for e in told]
        assert all(isinstance(s, str) and s for s in said)
        if d is not None:
            assert render(d.prompt, lang) and all(render(c.label, lang) for c in d.choices)
