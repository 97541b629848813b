"""The app's own screens around a game, in Chinese and Japanese at 80×24 and 120×40:
a game in progress for every registered game (a seeded random position, the "since
your last turn" panel up), the game-over screen, the saved-games list, the log, the
inspect and hand-off screens: every text drawn whole (nothing past the edge, no wide
character cut) and no English word left but names and keys. What other parts still
draw in English is listed in ``screens.NOT_YET_TRANSLATED``, by game."""
from __future__ import annotations

import contextlib

import pytest

from inkterm import i18n
from inkterm.screens.game import GameScreen
from tests.random_play import after_random_steps
from tests.registered import game_params
from tests.seeds import SLOW

from .screens import app_in, english_words, english_words_in, game_of, problems, still_english

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
LANGS = ["zh", "ja"]
#: A person and a bot: after the random steps it is often the person's turn with the
#: bot's moves to tell (the since panel).
SEATS = ["Ann", "bot"]


def a_game_some_way_in(game: str, least: int = 8):
    """A position at least ``least`` choices in where the person chooses just after the
    bot chose (seeded random choices for both)."""
    from inkterm.bots import make_bot
    from inkterm.engine import new_game

    st, bot, last = new_game(game, list(SEATS), seed=7), make_bot("random", seed=7), None
    while not st.is_over:
        d = st.decision()
        if len(st.record.choices) >= least and d.seat == 0 and last == 1:
            return st
        last = d.seat
        st.apply(bot.choose(st))
    raise AssertionError(f"no position of {game} where Ann chooses after the bot")


def a_finished_game(game: str):
    return after_random_steps(game, SEATS, seed=5, steps=100_000, bot_seed=5)


async def settle(pilot, screen_type=None) -> None:
    await pilot.app.workers.wait_for_complete()
    for _ in range(100):
        if screen_type is None or isinstance(pilot.app.screen, screen_type):
            break
        await pilot.pause(0.02)
    await pilot.pause()
    await pilot.pause()


def status_phase(app) -> str:
    """The phase the status line carries, where the game still says it in English."""
    screen = app.screen
    if isinstance(screen, GameScreen) and still_english(game_of(app)):
        return str(screen.table.view().get("phase") or "")
    return ""


def assert_in_the_language(app, engine_words: str = "") -> None:
    assert problems(app) == []
    assert english_words(app, engine_words) == set()


@contextlib.asynccontextmanager
async def running(lang: str, size: tuple[int, int]):
    """The app in ``lang`` at ``size``, its first screen settled: (app, pilot)."""
    app = app_in(lang)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        yield app, pilot


def each_game_language_and_size(test):
    """The test for every shipped game, in each language, at each size."""
    for mark in (pytest.mark.parametrize("game", game_params(shipped=True)),
                 pytest.mark.parametrize("lang", LANGS), pytest.mark.parametrize("size", SIZES)):
        test = mark(test)
    return test


@each_game_language_and_size
async def test_a_game_in_progress(game, lang, size):
    async with running(lang, size) as (app, pilot):
        app.open_game(a_game_some_way_in(game), None)
        await settle(pilot, GameScreen)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.query_one("#since").display, "the since panel shows the bot's moves"
        assert_in_the_language(app, status_phase(app))
        # The log full height, and inspect: their own words.
        await pilot.press("l")
        await settle(pilot)
        assert_in_the_language(app)
        await pilot.press("escape")
        await pilot.press("i")
        await settle(pilot)
        assert_in_the_language(app)
        # The list's first entry is this screen's own; the rest are the game's lookups.
        first = str(app.screen.query_one("#inspect-list").get_option_at_index(0).prompt)
        assert english_words_in(first) == set()


@each_game_language_and_size
async def test_game_over(game, lang, size):
    from inkterm.screens.gameover import GameOverScreen

    async with running(lang, size) as (app, pilot):
        await app.push_screen(GameOverScreen(a_finished_game(game)))
        await settle(pilot, GameOverScreen)
        assert_in_the_language(app)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
async def test_the_saved_games_list(lang, size):
    """Continue with two unfinished games: the list says each in the language."""
    from inkterm.engine.saves import new_save_path, save_game
    from inkterm.screens.saved_games import SavePicker
    from inkterm.screens.title import TitleScreen

    for game in [p.values[0] for p in game_params(shipped=True)][:2] * 2:
        save_game(a_game_some_way_in(game), new_save_path(game))
    app = app_in(lang)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for _ in range(200):
            if app.screen.scanned:
                break
            await pilot.pause(0.02)
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("c")
        await settle(pilot, SavePicker)
        assert isinstance(app.screen, SavePicker)
        assert_in_the_language(app)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
async def test_the_hand_off(lang, size):
    from inkterm.screens.handoff import HandoffScreen
    from inkterm.table_driver import SaveFile, TableDriver

    app = app_in(lang)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        st = after_random_steps(game_params(shipped=True)[0].values[0], ["Ann", "Bob"], 3, 4, 3)
        driver = TableDriver.local(st, SaveFile())
        driver.at_keyboard = 0
        await app.push_screen(HandoffScreen("Bob", driver.cover()))  # "Ann's turn is over."
        await settle(pilot, HandoffScreen)
        assert_in_the_language(app)


def test_the_catalog_is_used():
    """The check above would pass on an English screen with an empty catalog: the
    active language really translates (a guard against testing English)."""
    i18n.use("zh")
    try:
        assert i18n.gettext("Final ranking") != "Final ranking"
    finally:
        i18n.use("en")


@pytest.mark.parametrize("lang", LANGS)
async def test_the_keys_panel(lang):
    """The palette's Keys: every key's words on the game screen in the language."""
    from rich.console import Console

    from inkterm.widgets.key_help import TranslatedKeyPanel

    app = app_in(lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.open_game(a_game_some_way_in(game_params(shipped=True)[0].values[0]), None)
        await settle(pilot, GameScreen)
        app.action_show_help_panel()
        await settle(pilot)
        console = Console(width=100, record=True, file=open("/dev/null", "w"))
        table = app.screen.query_one(TranslatedKeyPanel).children[0]
        console.print(table.render())
        shown = console.export_text()
        assert "u" in shown.split() and english_words_in(shown) == set(), shown


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", game_params(shipped=True))
async def test_a_demo(game, lang, size, monkeypatch):
    """A demo's first step: its keys, status and panel fit (the narration's words are
    the game's and the rules', other parts: NOT_YET_TRANSLATED)."""
    from inkterm.screens import demo
    from inkterm.screens.demo import DemoScreen

    monkeypatch.setattr(demo, "PACE", 1000.0)  # the first step stays while the screen is read
    app = app_in(lang)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        app.start_demo(game, 2, 11)
        await settle(pilot, DemoScreen)
        for _ in range(100):
            if app.screen.shown is not None:
                break
            await pilot.pause(0.05)
        assert app.screen.shown is not None
        assert_in_the_language(app, status_phase(app))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", game_params(shipped=True, lesson=True))
async def test_a_lesson(game, lang, size):
    """A lesson's first step: its keys and status fit (the lesson's own words are
    content: NOT_YET_TRANSLATED's #panel-text)."""
    from inkterm.screens.learn import LearnScreen

    app = app_in(lang)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        app.start_lesson(game, restart=True)
        await settle(pilot, LearnScreen)
        assert isinstance(app.screen, LearnScreen)
        assert_in_the_language(app, status_phase(app))


#: How many steps of a demo (and of a lesson) the walks below read: every step of a
#: lesson and a long demo in the nightly run, the first steps otherwise.
WALK = 400 if SLOW else 12


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", game_params(shipped=True, lesson=True))
async def test_a_lesson_step_by_step(game, lang):
    """Each step of a lesson (its panel, the board it points at, what the others did
    meanwhile) in the language and drawn whole, at 80×24, where room is least."""
    from inkterm.screens.learn import LearnScreen

    async with running(lang, (80, 24)) as (app, pilot):
        app.start_lesson(game, restart=True)
        await settle(pilot, LearnScreen)
        screen = app.screen
        for _ in range(WALK):
            assert_in_the_language(app, status_phase(app))
            step = screen.showing_step
            if screen.tutor.finished:
                break
            if step is None:  # the others play
                await pilot.pause(0.05)
                continue
            if step.asks:
                screen.play(step.accept[0])
            else:
                await pilot.press("enter")
            await settle(pilot)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", game_params(shipped=True))
async def test_a_demo_step_by_step(game, lang, monkeypatch):
    """A demo's steps one after another (→): each narration (the decision, the choice,
    the bot's reason, the rule) in the language and drawn whole."""
    from inkterm.screens import demo
    from inkterm.screens.demo import DemoScreen

    monkeypatch.setattr(demo, "PACE", 1000.0)
    async with running(lang, (120, 40)) as (app, pilot):
        app.start_demo(game, 2, 11)
        await settle(pilot, DemoScreen)
        screen = app.screen
        for _ in range(100):
            if screen.shown is not None:
                break
            await pilot.pause(0.05)
        await pilot.press("space")  # paused: → steps on
        for _ in range(WALK):
            if app.screen is not screen or screen._finished:
                break
            assert_in_the_language(app, status_phase(app))
            await pilot.press("right")
            await settle(pilot)
            for _ in range(50):
                if screen.shown is not None and screen.shown.at == len(screen.state.record.choices):
                    break
                await pilot.pause(0.05)
