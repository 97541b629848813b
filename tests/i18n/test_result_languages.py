"""The game-over screen's words made by the engine read in Chinese and Japanese: the
headline (a margin, a tie-break, a shared win, nobody, the reader as "You") and the
moments that swung a seeded game of every registered game."""
from __future__ import annotations

import pytest

from inkterm import i18n
from inkterm.engine import Result, Standing
from inkterm.engine.swings import swings, turns
from inkterm.engine.text import Msg, render

from tests.registered import game_params

from .test_engine_languages import english_words, messages, untranslated
from tests.engine.test_swings import played


def headline(scores, winners, names=("Ann", "Bob", "Cy")):
    return Result([Standing(n, sc) for n, sc in zip(names, scores)], winners).headline


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_the_headline_in_the_language(lang):
    said = [headline([40, 31, 12], ["Ann"]), headline([40, 40], ["Ann"]),
            headline([40, 40, 3], ["Ann", "Bob"]), headline([40, 40, 40], ["Ann", "Bob", "Cy"]),
            headline([40], ["Ann"]), headline([9, 5], ["You"], ("You", "Bob")),
            Result([], []).headline]
    for text in said:
        assert isinstance(text, Msg)
        assert not [m.id for m in messages(text) if untranslated(m, lang)]
        assert english_words(render(text, lang), ["Ann", "Bob", "Cy"]) == [], render(text, lang)
    assert "9" in render(said[0], lang) and i18n.catalog(lang).gettext("you") in render(said[5], lang)


def test_the_headline_in_english_as_before():
    assert str(headline([9, 5], ["You"], ("You", "Bob"))) == "You win by 4"
    assert str(headline([40, 40, 40], ["Ann", "Bob", "Cy"])) == "Ann, Bob and Cy share the win"


@pytest.mark.parametrize("lang", ["zh", "ja"])
@pytest.mark.parametrize("game", game_params(seats=2))
def test_the_moments_in_the_language(game, lang):
    state = played(game, 3)
    moments = swings(turns(state.record), state.seats)
    assert moments
    for m in moments:
        assert isinstance(m.words, Msg)
        said = render(m.words, lang)
        own = [m for m in messages(m.words) if untranslated(m, lang)]
        assert not own, said
        if not any(isinstance(e.text, str) and e.text for t in turns(state.record) for _, es in t.steps
                   for e in es):  # a game whose rules still make English strings: its events aside
            assert english_words(said, state.seats) == [], said
        assert f"+{m.gain}" in said


@pytest.mark.parametrize("lang", ["zh", "ja"])
@pytest.mark.parametrize("game", game_params(seats=2))
def test_the_tie_break_lines_in_the_language(game, lang):
    """What the game-over screen's tie-break says (made by the game, kept in its view as
    a message's data) reads in the language."""
    state = played(game, 4)
    for text in state.result().tiebreaks:
        if isinstance(text, str):  # a game whose rules still say it in English
            continue
        assert not [m.id for m in messages(text) if untranslated(m, lang)], str(text)
        assert english_words(render(text, lang), [*state.seats, "OK"]) == [], render(text, lang)


@pytest.mark.parametrize("lang", ["zh", "ja"])
async def test_the_reader_is_named_in_the_language_on_the_game_over_screen(lang):
    """A seat named You (a lesson's learner) is the reader in the ranking, the score
    breakdown's columns and the chart's legend, as in the headline."""
    from inkterm.screens.gameover import GameOverScreen
    from inkterm.widgets.score_chart import ScoreChart
    from tests.random_play import after_random_steps

    from .screens import app_in, table_text
    from .test_game_screens import settle

    state = after_random_steps(game_params(seats=2)[0].values[0], ["You", "bot"], seed=5, steps=100_000, bot_seed=5)
    app = app_in(lang)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await app.push_screen(GameOverScreen(state))
            await settle(pilot, GameOverScreen)
            you = i18n.gettext("you")
            for table in ("#ranking", "#breakdown"):
                shown = table_text(app.screen.query_one(table).content.renderable)
                assert you in shown.split("\n") and "You" not in shown.split("\n"), shown
            assert you in app.screen.query_one(ScoreChart).render().plain
    finally:
        i18n.use("en")
