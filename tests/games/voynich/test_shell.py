"""The game screen's shell with The Voynich Puzzle: a double page keeps its place in the
book as its shortcut, and the board's sections view comes forward for a decision about
a section. The hand-offs of a game without secrets: tests/ui/test_game_screen.py."""
from __future__ import annotations

import re

from inkterm.app import InktermApp
from inkterm.engine import new_game

from test_flows import screen_text


async def test_voynich_double_pages_keep_their_place_in_the_book():
    st = new_game("voynich", ["Ann", "bot"], seed=6)
    st.apply("spread:botany")

    def ann_opens_again() -> bool:
        d = st.decision()
        return d.seat == 0 and d.prompt.endswith("opened last turn)")

    while not ann_opens_again():
        st.apply(st.decision().choices[0].key)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Botany — opened last turn" in screen_text(app)
        n = len(st.record.choices)
        await pilot.press("1")
        assert len(st.record.choices) == n
        await pilot.press("4")
        assert st.record.choices[n] == "spread:writing"


# --- 6. board views follow the decision -----------------------------------------------------
def voynich_before_writing_a_text():
    """Ann and Bob (seed 2), one choice before one of them must "Add a text (Writing)",
    and that choice."""
    from inkterm.bots import make_bot

    st = new_game("voynich", ["Ann", "Bob"], seed=2)
    bots = [make_bot("random", seed=2), make_bot("random", seed=3)]
    keys = []
    while not st.decision().prompt.endswith("Add a text (Writing)"):  # where it goes
        keys.append(bots[st.decision().seat].choose(st))
        st.apply(keys[-1])
    before = new_game("voynich", ["Ann", "Bob"], seed=2)
    for key in keys[:-1]:
        before.apply(key)
    return before, keys[-1]


async def test_the_sections_view_follows_add_a_text_writing_at_80x24():
    st, last = voynich_before_writing_a_text()
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        tabs = game.query_one("#vy-tabs")
        while tabs.active != "vy-tab-book":  # the player's own choice of view
            await pilot.press("v")
        game.play(last)
        await pilot.pause()
        await pilot.pause()
        assert st.decision().prompt.endswith(": Add a text (Writing)")
        assert tabs.active == "vy-tab-sections"
        board_lines = [line[:46] for line in screen_text(app).splitlines()]
        assert any(line.lstrip().startswith("Writing") for line in board_lines)
        assert any(re.match(r"\s*1 .*│", line) for line in board_lines)  # its row 1
        # A decision that concerns no view gives the player's choice back.
        game.query_one("#board").follow(frozenset())
        assert tabs.active == "vy-tab-book"
