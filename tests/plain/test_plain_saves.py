"""One save, two ways to play it: a game saved in plain mode continues in the app,
and a game saved in the app continues in plain mode, each picking up exactly where
the other stopped."""
from __future__ import annotations

import pytest
from test_flows import until

from inkterm.app import InktermApp
from inkterm.engine.saves import read_save, save_dir
from inkterm.screens.game import GameScreen
from tests.registered import game_params

from .helpers import BOT, inkterm, saves

GAMES = game_params(seats=2, shipped=True)


def choices(path) -> int:
    try:
        return len(read_save(path).record.choices)
    except Exception:  # not written yet
        return -1


@pytest.mark.parametrize("game", GAMES)
async def test_a_plain_save_continues_in_the_app(game, inkterm_home):
    run = inkterm("play", game, "--plain", "--seed", "8", "--seats", f"Ann,{BOT}", script="1\n1\n1\n", home=inkterm_home)
    assert run.returncode == 0, run.stderr
    (path,) = saves(inkterm_home)
    before = read_save(path).record.choices
    made = len(before)
    assert made >= 3
    app = InktermApp(start=("continue", str(path)), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.table.choosing())
        screen = app.screen
        assert screen.state.record.choices == before
        await pilot.press("enter")  # the highlighted choice
        await until(pilot, lambda: choices(path) > made)
        app.exit()
    assert read_save(path).record.choices[:made] == before


@pytest.mark.parametrize("game", GAMES)
async def test_an_app_save_continues_in_plain_mode(game, inkterm_home):
    app = InktermApp(start=("play", game, ["Ann", BOT], 8, {}), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.table.choosing())
        await pilot.press("enter")
        await until(pilot, lambda: bool(saves(inkterm_home)) and choices(saves(inkterm_home)[0]) >= 1)
        path = app.screen.save_path
        app.exit()
    assert path is not None and path.parent == save_dir()
    before = read_save(path).record.choices
    run = inkterm("continue", "--plain", path.name.removesuffix(".save.json"), script="1\n", home=inkterm_home)
    assert run.returncode == 0, run.stderr
    said = " ".join(run.stdout.split())
    n = len(before)
    assert f"Resumed after {n} choice{'s' if n != 1 else ''}." in said
    after = read_save(path).record.choices
    assert after[:n] == before and len(after) > n
