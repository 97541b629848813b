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
