"""The rules demo: bots play every seat and each step is explained."""
import pytest

from inkterm.app import InktermApp
from inkterm.screens import demo as demo_mod
from inkterm.screens.demo import DemoScreen
from inkterm.screens.gameover import GameOverScreen

from shown import screen_text




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
    monkeypatch.setattr(demo_mod, "BASE_DELAY", 0.001)
    app = InktermApp(start=("demo", "kiln", 2, 5, 8.0, "random"))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await _wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), steps=1200)


@pytest.mark.parametrize("game", ["kiln", "inkwell", "voynich"])
async def test_demo_keys_and_narration_fit_80x24(game):
    app = InktermApp(start=("demo", game, 2, 3, 1.0, "greedy"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("space")  # paused before the first step
        await pilot.press("right")
        assert await _wait_for(pilot, lambda: screen.narration is not None)
        await pilot.pause(0.1)
        lines = screen_text(app).splitlines()
        footer = lines[23]
        for key in ("space Pause", "→ Step", "+ Faster", "- Slower", "Leave"):
            assert key in footer, footer
        assert any(line.startswith(" Why: ") for line in lines)
        assert "paused" in "".join(lines)


async def test_demo_renders_the_rule_lists_included():
    """Inkwell's placing rule starts "A page has three kinds of space:" and its list
    follows, as bullets, without the Markdown marks."""
    app = InktermApp(start=("demo", "inkwell", 2, 3, 1.0, "greedy"))
    async with app.run_test(size=(80, 40)) as pilot:
        screen = app.screen
        await pilot.press("space")
        for _ in range(30):
            if screen.narration is not None and screen.narration.rule.heading == "Placing cubes":
                break
            n = len(screen.state.record.choices)
            await pilot.press("right")
            await _wait_for(pilot, lambda: len(screen.state.record.choices) > n)
        assert screen.narration.rule.heading == "Placing cubes"
        await pilot.pause(0.1)
        text = screen_text(app)
        assert "A page has three kinds of space:" in text
        assert "• a colour space takes that colour or gold;" in text
        assert "**" not in text


async def test_demo_says_its_opening_line_once(monkeypatch):
    from inkterm.widgets.event_log import EventLog

    notes = []
    monkeypatch.setattr(EventLog, "note", lambda self, text: notes.append(text))
    app = InktermApp(start=("demo", "voynich", 2, 3, 1.0, "greedy"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space")
        await pilot.pause(0.1)
        assert notes == ["The Voynich Puzzle: Ann, Bob (seed 3)."]
