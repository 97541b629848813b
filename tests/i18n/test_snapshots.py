"""Pictures of the title and setup screens in Chinese and Japanese (80×24), as the
shell's own snapshots are taken (tests/ui/test_shell_snapshots.py). Update after an
intended change with ``pytest tests/i18n/test_snapshots.py --snapshot-update`` and look
at the report before committing the new SVGs."""
from __future__ import annotations

import pytest

from .screens import app_in, open_screen


def run_before(screen: str):
    async def run(pilot):
        await open_screen(pilot, screen)

    return run


@pytest.mark.parametrize("lang", ["zh", "ja"])
@pytest.mark.parametrize("screen", ["title", "setup"])
def test_screen_in_the_language(snap_compare, screen, lang):
    assert snap_compare(app_in(lang), run_before=run_before(screen))


def a_game_run_before(finished: bool):
    """The first shipped game some way in (the since panel up), or at its end."""
    from inkterm.screens.game import GameScreen
    from inkterm.screens.gameover import GameOverScreen
    from tests.registered import a_game

    from .test_game_screens import a_finished_game, a_game_some_way_in, settle

    async def run(pilot):
        await open_screen(pilot, "title")
        if finished:
            await pilot.app.push_screen(GameOverScreen(a_finished_game(a_game(shipped=True))))
            await settle(pilot, GameOverScreen)
        else:
            pilot.app.open_game(a_game_some_way_in(a_game(shipped=True)), None)
            await settle(pilot, GameScreen)

    return run


@pytest.mark.parametrize("lang", ["zh", "ja"])
@pytest.mark.parametrize("finished", [False, True], ids=["game", "gameover"])
def test_game_in_the_language(snap_compare, finished, lang):
    assert snap_compare(app_in(lang), run_before=a_game_run_before(finished))
