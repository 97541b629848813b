"""Inkwell's demo: a rule's list is rendered as bullets, without the Markdown marks."""
from inkterm.app import InktermApp

from shown import screen_text
from test_demo import _wait_for


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
