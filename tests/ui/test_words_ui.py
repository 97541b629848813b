"""The shell's own sentences about a seat: the hand-off note and the game-over heading."""
from __future__ import annotations

from inkterm.app import InktermApp
from inkterm.engine import new_game
from inkterm.screens.gameover import GameOverScreen
from inkterm.screens.handoff import HandoffScreen

from shown import screen_text




async def test_handoff_note_reads_your_turn_for_you_and_ann_s_for_ann():
    st = new_game("toy", ["You", "Ann"], seed=3)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # You take the table
        await pilot.press("1")  # You -> Ann
        assert isinstance(app.screen, HandoffScreen)
        text = screen_text(app)
        assert "Your turn is over." in text and "You's" not in text and "Pass to Ann" in text
        await pilot.press("enter")
        await pilot.press("1")  # Ann -> You
        assert isinstance(app.screen, HandoffScreen)
        assert "Ann's turn is over." in screen_text(app)


async def test_game_over_heading_reads_you_win():
    st = new_game("toy", ["You", "Ann"], seed=3)
    while not st.is_over:  # You add 3, Ann adds 1: You win
        st.apply("add:3" if st.decision().seat == 0 else "add:1")
    assert st.ranking()[0] == 0
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(100):
            if isinstance(app.screen, GameOverScreen) and "Game over" in screen_text(app):
                break
            await pilot.pause(0.02)
        text = screen_text(app)
        assert "Game over — You win" in text and "You wins" not in text
