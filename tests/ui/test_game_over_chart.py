"""The end of a game explains it, for every game: each seat's score over the game as a
chart and the moments that swung it, in words."""
import pytest

from inkterm.app import InktermApp
from inkterm.bots import make_bot
from inkterm.engine import new_game
from inkterm.screens.gameover import GameOverScreen
from inkterm.widgets.score_chart import ScoreChart, marks, ticks

from shown import screen_text

from tests.registered import game_params


async def _until_over(app, pilot) -> None:
    for _ in range(100):
        if isinstance(app.screen, GameOverScreen):
            return
        await pilot.pause(0.05)
    raise AssertionError("no game-over screen")


@pytest.mark.parametrize("game", game_params(seats=3))
async def test_game_over_draws_the_scores_and_tells_what_swung_it(game):
    state = new_game(game, ["Ann", "Bob", "Cy"], seed=5)
    bots = [make_bot("greedy", seed=i) for i in range(3)]
    while not state.is_over:
        state.apply(bots[state.decision().seat].choose(state))
    app = InktermApp(start=("state", state, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _until_over(app, pilot)
        chart = app.screen.query_one(ScoreChart)
        assert [line[-1] for line in chart.lines] == state.scores()
        await pilot.pause(0.2)
        drawn = chart.render().plain
        for mark, name in zip(marks(state.seats), state.seats):
            assert f"{name} ({mark})" in drawn and drawn.count(mark) > 2
        text = " ".join(screen_text(app).split())
        swung = " ".join(str(app.screen.query_one("#swings").render()).split())
        assert swung.startswith("What swung it") and swung.count("•") == 3
        assert "The game in scores" in text


def test_marks_read_without_colour_and_ticks_are_whole_points():
    assert marks(["Ann", "Bob"]) == ["A", "B"]
    assert marks(["Ann", "Abe", "Bob"]) == ["1", "2", "B"]  # clashing initials: seat numbers
    assert ticks(0, 34) == [0, 7, 14, 21, 28, 35]
    assert ticks(3, 3) == [3]


async def test_a_wide_name_keeps_the_chart_in_line():
    """A seat named in Chinese or Japanese: its mark is one cell wide and its legend
    reads whole, every row of the chart as wide as the chart (plotext counts a wide
    character as one cell: the rows after it were pushed a column right)."""
    from rich.cells import cell_len

    game = game_params(seats=2)[0].values[0]
    seats = ["あなた", "bot"]
    state = new_game(game, seats, seed=5)
    bots = [make_bot("greedy", seed=i) for i in range(2)]
    while not state.is_over:
        state.apply(bots[state.decision().seat].choose(state))
    assert marks(seats) == ["1", "B"]
    app = InktermApp(start=("state", state, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _until_over(app, pilot)
        chart = app.screen.query_one(ScoreChart)
        await pilot.pause(0.2)
        rows = chart.render().plain.splitlines()
        assert "あなた (1)" in chart.render().plain and "B" in "".join(rows[2:])
        assert {cell_len(row) for row in rows} == {chart.size.width}, rows
