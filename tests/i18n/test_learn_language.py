"""Learn in Chinese and Japanese: a lesson played a few steps by keys at 80×24 says
each step in the language (its text table's words, whole on the screen), while the
moves it asks for are the English lesson's."""
from __future__ import annotations

import pytest

from inkterm import i18n
from inkterm.app import InktermApp
from inkterm.content_texts import read_table
from inkterm.lessons import lesson_path
from inkterm.screens.learn import LearnScreen
from test_demo import screen_text
from test_learn import learner_turn, panel_text, pick_by_keys

from ..registered import games

STEPS = 4  # the opening: reading steps and the first choices asked for


@pytest.mark.parametrize("lang", ["zh", "ja"])
@pytest.mark.parametrize("game", games(lesson=True))
async def test_a_lesson_plays_by_keys_in_the_language(game, lang, tmp_path, monkeypatch):
    monkeypatch.setenv("INKTERM_HOME", str(tmp_path))
    table = read_table(lesson_path(game), lang)
    assert table is not None
    i18n.use(lang)
    try:
        app = InktermApp(start=("learn", game, True), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, LearnScreen)
            for _ in range(STEPS):
                await learner_turn(pilot, screen)
                step = screen.tutor.current
                assert step.say == table.texts[f"steps.{screen.tutor.step + 1}.say"]
                said = "".join(panel_text(screen).split())
                assert "".join(step.say.split())[:12] in said, (step.say, said)
                # The step's last words are on screen, nothing cut at 80 columns.
                assert "".join(step.say.split())[-8:] in "".join(screen_text(app).split())
                if step.asks:
                    await pick_by_keys(pilot, screen, step.accept[0])
                else:
                    await pilot.press("enter")
                    await pilot.pause()
            assert screen.tutor.step >= 2  # it went on, by the keys
    finally:
        i18n.use("en")
