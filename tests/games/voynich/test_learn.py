"""The Voynich Puzzle's guided first game: the panel tells what the opponent did meanwhile,
and what it came to."""
from __future__ import annotations

from inkterm.app import InktermApp

from test_learn import learner_turn, panel_text


async def test_the_panel_says_what_the_opponent_did_meanwhile():
    """The log gives way to the panel: what Mei did since the learner's last choice
    is told before the next step, and forgotten once the learner chooses."""
    app = InktermApp(start=("learn", "voynich", True), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        for key in ("enter", "enter", "3", "1", "1", "3"):  # the first turn, in the Baths
            await pilot.press(key)
            await pilot.pause()
        await learner_turn(pilot, screen)
        text = " ".join(panel_text(screen).split())
        assert "Meanwhile: Mei opens Botany; Mei uses Botany 8" in text, text
        # and what her turn came to, in the words of a bot's reason: her leaf on stem 1
        # paid 2 Botany knowledge.
        assert "all told for Mei: +2 botany knowledge" in text, text
        assert text.index("Meanwhile") < text.index(screen.tutor.current.say.split(".")[0])
        await pilot.press("4")  # Writing: the learner chose, the news is old
        await pilot.pause()
        assert "Meanwhile" not in panel_text(screen)
