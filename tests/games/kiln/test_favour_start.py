"""The favour track's first space is the start medal, not the setup screen's "Start"
button: in Chinese 起点, not 开始 (the board said "♦0 开始", "begin")."""
from __future__ import annotations

from inkterm.engine.text import render
from inkterm.games.kiln.core import SPACE_NAMES
from inkterm.widgets.kiln.table import FAVOUR_SHORT


def test_the_start_space_reads_as_the_rulebooks_start():
    for words in (SPACE_NAMES[0], FAVOUR_SHORT[0]):
        assert render(words, "zh") == "起点" and render(words, "ja") == "出発"
        assert render(words, "en") == "Start"
