"""Views move on a new decision, not on the highlight (every game whose board folds
into views below 120×40): while the highlight moves between choices that concern
different views, the view in front stays and what each touches is marked there; a
new decision brings its own view forward."""
from __future__ import annotations

import random

import pytest
from textual.app import App

from inkterm.engine import GAMES, new_game
from inkterm.widgets.board import BOARD_CSS, board_for


ASSETS_APP = board_for.__globals__["__file__"].rsplit("/widgets/", 1)[0] + "/assets/app.tcss"


class BoardApp(App):
    CSS_PATH = [ASSETS_APP, *BOARD_CSS]

    def __init__(self, board) -> None:
        super().__init__()
        self.board = board

    def compose(self):
        yield self.board


def folded_games() -> list[str]:
    return [g for g in GAMES if len(type(board_for(g)).VIEWS) > 1]


def on_a_view(game: str):
    """A real position, and two of its choices that the board shows on a view."""
    board = board_for(game)
    spec = GAMES[game]
    for seed in range(1, 40):
        st = new_game(game, [f"S{i}" for i in range(max(2, spec.min_players))], seed=seed)
        rng = random.Random(seed)
        while (d := st.decision()) is not None:
            view = st.view(d.seat)
            shown = [c for c in d.choices if board.view_for(view, frozenset(c.touches))]
            if len(shown) >= 2:
                return view, shown[0], shown[1], board.view_for(view, frozenset(shown[0].touches))
            st.apply(rng.choice(d.keys))
    pytest.fail(f"no decision of {game} has two choices on a view")


@pytest.mark.parametrize("game", folded_games())
async def test_moving_the_highlight_keeps_the_view_a_new_decision_moves_it(game):
    view, first, second, concerned = on_a_view(game)
    t1, t2 = frozenset(first.touches), frozenset(second.touches)
    board = board_for(game)
    app = BoardApp(board)
    async with app.run_test(size=(56, 22)) as pilot:  # a board's share of 80×24: folded
        board.show(view, t1, t1 | t2)  # a new decision: its view comes forward
        await pilot.pause()
        assert board.has_views and board.view_name == concerned
        board.next_view()  # the player looks at another view (v)
        chosen = board.view_name
        assert chosen != concerned
        for touches in (t2, t1):  # the highlight moves among the choices
            board.show(view, touches)
            await pilot.pause()
            await pilot.pause()
            assert board.view_name == chosen, (first.label, second.label)
        board.show(view, t2, t1 | t2)  # a new decision brings its view forward again
        await pilot.pause()
        assert board.view_name == concerned


def well_on(game: str, seed: int = 2, steps: int = 40):
    """A position well into a game (a human's turn), with as much on the board as any."""
    spec = GAMES[game]
    st = new_game(game, ["Ann"] + [f"Bob{i}" for i in range(1, max(2, spec.min_players))], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if st.decision() is None:
            break
        st.apply(rng.choice(st.decision().keys))
    return st


@pytest.mark.parametrize("game", folded_games())
async def test_tab_to_the_board_focuses_the_view_in_front_and_its_keys_scroll_it(game):
    """At 80×24, in every view: Tab reaches the board, the focus lands on a part of the
    view in front that takes keys (not a hidden view, not the tab strip), and when a
    scrolling part holds more than it shows, the page keys move it."""
    from textual.containers import ScrollableContainer

    from inkterm.app import InktermApp
    from inkterm.screens.game import GameScreen

    st = well_on(game)
    app = InktermApp(start=("state", st, None), bot_delay=0, handoff="never")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.board.has_views
        board = screen.board
        for _view in board.VIEWS:
            for _ in range(4):  # menu → log (when shown) → board
                if app.focused is not None and board in app.focused.ancestors_with_self:
                    break
                await pilot.press("tab")
                await pilot.pause()
            focused = app.focused
            assert focused is not None and board in focused.ancestors_with_self, (board.view_name, focused)
            # a part of the view in front that takes keys (one that scrolls, or a picker
            # Enter opens), where the board says Tab stops
            assert focused in board.focus_parts() and focused.region.area, (board.view_name, focused)
            if isinstance(focused, ScrollableContainer) and focused.max_scroll_y > 0:
                await pilot.press("pagedown")
                await pilot.pause()
                assert focused.scroll_y > 0, board.view_name
                await pilot.press("home")
            await pilot.press("tab")  # back to the menu, whose v shows the next view
            await pilot.pause()
            screen.query_one("#menu").focus()
            await pilot.press("v")
            await pilot.pause()
