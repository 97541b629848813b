"""The translated screens fit 80×24 and 120×40 in Chinese and Japanese: every text
drawn whole (nothing past the edge, nothing cut mid-character) and no English left
but names and keys."""
from __future__ import annotations

import pytest

from .screens import app_in, english_words, open_screen, problems

SCREENS = ("title", "setup", "language", "quit")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("lang", ["zh", "ja"])
@pytest.mark.parametrize("screen", SCREENS)
async def test_drawn_whole_in_the_language(screen, lang, size):
    app = app_in(lang)
    async with app.run_test(size=size) as pilot:
        await open_screen(pilot, screen)
        assert problems(app) == []
        assert english_words(app) == set()


async def test_the_check_sees_a_cut_label():
    """The check itself: a label wider than its button is reported."""
    from inkterm.widgets.plain import PlainButton

    app = app_in("zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_screen(pilot, "title")
        button = app.screen.query_one("#new", PlainButton)
        button.label = "新游戏" * 30
        await pilot.pause()
        assert any("#new" in p for p in problems(app))
