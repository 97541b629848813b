"""The Voynich Puzzle's guided first game: "Meanwhile" ends with what Mei's turn gained,
in the same words a bot's reason uses (the evaluation's parts that moved), so the
learner reads why it mattered, not only what she did."""
from __future__ import annotations

from inkterm.app import InktermApp

from test_learn import learner_turn, panel_text


async def test_meanwhile_says_what_the_opponents_turn_gained():
    app = InktermApp(start=("learn", "voynich", True), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        for key in ("enter", "enter", "3", "1", "1", "3"):  # the first turn, in the Baths
            await pilot.press(key)
            await pilot.pause()
        await learner_turn(pilot, screen)
        text = " ".join(panel_text(screen).split())
        # Mei grew her leaf to stem 1, which pays 2 Botany knowledge.
        assert "Meanwhile: Mei opens Botany" in text, text
        assert "all told for Mei: +2 botany knowledge" in text, text
