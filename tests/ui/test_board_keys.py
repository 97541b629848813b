"""Every board view is reachable and scrollable by keys at 80×24, in every registered
game: `v` brings each view forward, Tab reaches the part that scrolls it, and End, Home,
PgDn and Down move it (nothing is left that only a mouse reaches)."""
from __future__ import annotations

import pytest

from inkterm.app import InktermApp
from inkterm.bots import make_bot
from inkterm.engine import GAMES, new_game
from inkterm.screens.game import GameScreen
from inkterm.widgets.game_board import GameBoard, shown_within


def mid_game(game: str):
    """A game some way in, Ann (a person) to choose, the others bots."""
    spec = GAMES[game]
    seats = ["Ann"] + [f"bot {i}" for i in range(1, max(2, spec.min_players))]
    st = new_game(game, seats, seed=5)
    bot = make_bot("random", seed=5)
    last = st.clone()
    for n in range(400):
        d = st.decision()
        if d is None:  # a short game: its last position with Ann to choose
            return last
        if d.seat == 0:
            if n > 25:
                break
            last = st.clone()
        st.apply(bot.choose(st))
    return st


async def to_game_screen(pilot):
    for _ in range(20):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if isinstance(pilot.app.screen, GameScreen):
            return pilot.app.screen
        await pilot.press("enter")  # a hand-off first
    raise AssertionError(pilot.app.screen)


async def tab_to_board(pilot, screen, board):
    for _ in range(6):
        if screen.focused is not None and board in (screen.focused, *screen.focused.ancestors):
            return screen.focused
        await pilot.press("tab")
    raise AssertionError(f"Tab never reaches the board (focus: {screen.focused})")


@pytest.mark.parametrize("game", list(GAMES))
async def test_every_view_is_reached_and_scrolled_by_keys_at_80x24(game):
    app = InktermApp(start=("state", mid_game(game), None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_game_screen(pilot)
        board = screen.query_one("#board", GameBoard)
        names = board.VIEWS or ("",)
        seen = set()
        for _ in names:
            seen.add(board.view_name)
            screen.query_one("#menu").focus()
            await pilot.pause()
            part = await tab_to_board(pilot, screen, board)
            assert shown_within(part, board), (board.view_name, part)
            # every scrolling part of this view, one Tab after another
            for _ in range(len(board.focus_parts())):
                part = screen.focused
                if getattr(part, "max_scroll_y", 0):
                    await pilot.press("end")
                    await pilot.pause()
                    assert part.scroll_y == part.max_scroll_y, (board.view_name, part)
                    await pilot.press("home")
                    await pilot.pause()
                    assert part.scroll_y == 0, (board.view_name, part)
                    await pilot.press("pagedown")
                    await pilot.pause()
                    assert part.scroll_y > 0, (board.view_name, part)
                if board.focus_parts()[-1] is part:
                    break
                await pilot.press("tab")
                await pilot.pause()
            screen.query_one("#menu").focus()
            await pilot.press("v")
            await pilot.pause()
        assert seen == set(names)
