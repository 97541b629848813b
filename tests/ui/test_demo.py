"""The rules demo: bots play every seat and each step is explained."""
from inkterm.app import InktermApp
from inkterm.screens import demo as demo_mod
from inkterm.screens.demo import DemoScreen
from inkterm.screens.gameover import GameOverScreen


async def _wait_for(pilot, cond, steps=400):
    for _ in range(steps):
        if cond():
            return True
        await pilot.pause(0.05)
    return cond()


async def test_demo_explains_pauses_steps_and_leaves(inkterm_home):
    app = InktermApp(start=("demo", "kiln", 2, 3, 8.0, "random"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, DemoScreen)
        explain = screen.query_one("#demo-explain")
        assert await _wait_for(pilot, lambda: "Chosen:" in str(explain.render()))
        text = str(explain.render())
        assert "Possible (" in text and "Rule (" in text
        await pilot.press("space")
        assert screen.paused
        n = len(screen.state.record.choices)
        await pilot.pause(0.5)
        assert len(screen.state.record.choices) == n  # paused: nothing moves
        await pilot.press("right")
        await pilot.pause(0.1)
        assert len(screen.state.record.choices) == n + 1  # one step
        await pilot.press("minus")
        assert screen.speed == 4.0
        await pilot.press("u", "1", "ctrl+s")  # no undo, no picks, no saves in a demo
        assert len(screen.state.record.choices) == n + 1
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, DemoScreen)
    assert not list(inkterm_home.glob("**/*.save.json"))


async def test_demo_runs_a_whole_game_to_the_end(inkterm_home, monkeypatch):
    monkeypatch.setattr(demo_mod, "BASE_DELAY", 0.001)
    app = InktermApp(start=("demo", "kiln", 2, 5, 8.0, "random"))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await _wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), steps=1200)
