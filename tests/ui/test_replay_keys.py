"""A replay's keys step through the game from its first frame, whatever its board is
made of at that size (a part that took the focus kept some: a scroll's End, a tab
bar's arrows)."""
from __future__ import annotations

import pytest

from inkterm.app import InktermApp
from inkterm.screens.replay import ReplayScreen

from tests.random_play import after_random_steps
from tests.registered import game_params


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("game", game_params(2, board=True))
async def test_the_replays_keys_step_from_the_first_frame(game, size):
    record = after_random_steps(game, ["Ann", "Bob"], 3, 40, 1).record
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await app.push_screen(ReplayScreen(record))
        await pilot.pause()
        replay = app.screen
        await pilot.press("right", "right")
        await pilot.pause()
        assert replay.at == 2
        await pilot.press("end")
        await pilot.pause()
        assert replay.at == replay.total
        await pilot.press("home", "right")
        await pilot.pause()
        assert replay.at == 1
