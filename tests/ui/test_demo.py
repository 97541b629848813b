"""The rules demo, of every game: bots play every seat and each step is explained."""
import pytest

from inkterm.app import InktermApp
from inkterm.engine import GAMES
from inkterm.screens import demo as demo_mod
from inkterm.screens.demo import DemoScreen
from inkterm.screens.gameover import GameOverScreen

from shown import screen_text
from test_flows import until

from tests.registered import a_game, game_params

GAME = a_game(seats=2)  # where any game will do

async def _wait_for(pilot, cond, steps=400):
    for _ in range(steps):
        if cond():
            return True
        await pilot.pause(0.05)
    return cond()


async def test_demo_explains_pauses_steps_and_leaves(inkterm_home):
    app = InktermApp(start=("demo", GAME, 2, 3, 8.0, "random"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, DemoScreen)
        assert await _wait_for(pilot, lambda: screen.narration is not None)
        await pilot.pause(0.1)
        text = screen_text(app)
        assert "Chosen:" in text and "Why:" in text and "The rule — " in text
        await pilot.press("space")
        assert screen.paused
        n = len(screen.state.record.choices)
        await pilot.pause(0.5)
        assert len(screen.state.record.choices) == n  # paused: nothing moves
        await pilot.press("right")
        assert await _wait_for(pilot, lambda: len(screen.state.record.choices) == n + 1)
        await pilot.pause(0.3)
        assert len(screen.state.record.choices) == n + 1  # one step, and no more
        await pilot.press("minus")
        assert screen.speed == 4.0
        await pilot.press("u", "1", "ctrl+s")  # no undo, no picks, no saves in a demo
        assert len(screen.state.record.choices) == n + 1
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, DemoScreen)
    assert not list(inkterm_home.glob("**/*.save.json"))


async def test_demo_runs_a_whole_game_to_the_end(inkterm_home, monkeypatch):
    monkeypatch.setattr(demo_mod, "PACE", 0.0005)
    app = InktermApp(start=("demo", GAME, 2, 5, 8.0, "random"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        made, still = -1, 0
        while not isinstance(app.screen, GameOverScreen):  # a slow machine is no failure: a stop is
            await pilot.pause(0.05)
            now = len(screen.state.record.choices)
            made, still = now, (still + 1 if now == made else 0)
            assert still < 200, f"the demo stopped at choice {now}"
        # The end of a demo explains the game as the end of any game does.
        from inkterm.widgets.score_chart import ScoreChart

        await until(pilot, lambda: app.screen.query(ScoreChart))  # built after the screen is pushed
        chart = app.screen.query_one(ScoreChart)
        assert [line[-1] for line in chart.lines] == screen.state.scores()
        assert app.screen.query_one("#swings")


@pytest.mark.parametrize("game", game_params(seats=2))
async def test_demo_keys_and_narration_fit_80x24(game):
    app = InktermApp(start=("demo", game, 2, 3, 1.0, "greedy"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.pause()
        assert "space Pause" in screen_text(app).splitlines()[23]
        await pilot.press("space")  # paused before the first step
        await pilot.press("right")
        assert await _wait_for(pilot, lambda: screen.narration is not None)
        await pilot.pause(0.1)
        lines = screen_text(app).splitlines()
        footer = lines[23]
        # Paused, space goes on, and the footer says so.
        for key in ("space Go on", "→ Next", "+ Faster", "- Slower", "Leave"):
            assert key in footer, footer
        assert any(line.startswith(" Why: ") for line in lines)
        assert "paused" in "".join(lines)


async def test_demo_says_its_opening_line_once(monkeypatch):
    from inkterm.widgets.event_log import EventLog

    notes = []
    monkeypatch.setattr(EventLog, "note", lambda self, text: notes.append(text))
    app = InktermApp(start=("demo", GAME, 2, 3, 1.0, "greedy"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space")
        await pilot.pause(0.1)
        assert notes == [f"{GAMES[GAME].title}: Ann, Bob (seed 3)."]


# --- a person's pace ---------------------------------------------------------------------
def _told_on_its_board(screen) -> None:
    """The step on screen is the decision the board and menu show, its choice highlighted."""
    from inkterm.widgets.action_menu import ActionMenu

    d = screen.decision
    who = screen.state.seats[d.seat]
    assert screen.narration.decided == f"{who}: {str(d.prompt).removeprefix(f'{who}: ')}"
    current = screen.query_one(ActionMenu).current
    assert current is not None and screen.narration.chosen.startswith(str(current.label))
    board = screen.board
    wanted = board.view_for(board.view or {}, frozenset(current.touches))
    assert wanted is None or not board.has_views or board.view_name == wanted


@pytest.mark.parametrize("game", game_params(seats=2))
async def test_demo_tells_each_step_over_the_position_it_is_decided_in(game):
    app = InktermApp(start=("demo", game, 2, 3, 1.0, "greedy"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("space")
        assert await _wait_for(pilot, lambda: screen.narration is not None)
        for _ in range(6):
            n = len(screen.state.record.choices)
            await pilot.pause(0.1)
            _told_on_its_board(screen)
            text = screen_text(app)
            assert " Why: " in text and " Deciding: " in text  # beside the board, at 80×24
            await pilot.press("right")
            assert await _wait_for(pilot, lambda n=n: screen.state.is_over or screen.shown.at == n + 1)
            if screen.state.is_over:
                break


async def test_demo_at_speed_1_waits_while_a_person_reads():
    app = InktermApp(start=("demo", GAME, 2, 3, 1.0, "greedy"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert await _wait_for(pilot, lambda: screen.narration is not None)
        await pilot.pause(2.0)
        assert len(screen.state.record.choices) == 0  # still on the first step


def test_a_longer_step_stays_longer():
    from inkterm.screens.demo_steps import LEAST_SECONDS, MOST_SECONDS, reading_seconds

    assert reading_seconds(5) == LEAST_SECONDS
    assert LEAST_SECONDS < reading_seconds(40) < reading_seconds(80) < MOST_SECONDS
    assert reading_seconds(80, speed=2.0) == reading_seconds(80) / 2


async def test_demo_steps_back_and_replays_the_same_steps():
    app = InktermApp(start=("demo", GAME, 2, 3, 1.0, "greedy"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("space")
        assert await _wait_for(pilot, lambda: screen.narration is not None)
        saves, keys = [], []
        for i in range(3):
            saves.append(screen.state.to_json())
            keys.append(screen.shown.key)
            await pilot.press("right")
            assert await _wait_for(pilot, lambda i=i: screen.shown.at == i + 1)
        await pilot.press("left", "left")
        assert screen.shown.at == 1 and screen.paused
        assert screen.state.to_json() == saves[1]
        _told_on_its_board(screen)
        await pilot.press("left")
        assert screen.shown.at == 0 and screen.state.to_json() == saves[0]
        await pilot.press("left")  # nothing before the first step
        assert screen.shown.at == 0
        for i in range(3):
            assert screen.shown.key == keys[i]  # the same step again, not a new draw
            await pilot.press("right")
            assert await _wait_for(pilot, lambda i=i: screen.shown.at == i + 1)
