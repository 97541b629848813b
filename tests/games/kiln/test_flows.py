"""Kiln driven by keys alone, as a player would: from the title to the hand-off and the
hand, a whole game by Enter, the zones' digits, undo, the rules at the decision's topic,
NO_COLOR and a click on a zone. The shell's flows with any game: tests/ui/test_flows.py."""
from __future__ import annotations

from inkterm.app import InktermApp
from inkterm.engine import load_game, new_game
from inkterm.engine.saves import list_saves
from inkterm.screens.game import GameScreen
from inkterm.screens.gameover import GameOverScreen
from inkterm.screens.handoff import HandoffScreen
from inkterm.screens.rules import RulesScreen, slug
from inkterm.screens.setup import SetupScreen
from inkterm.screens.title import TitleScreen
from textual.widgets import Button, MarkdownViewer

from shown import screen_text
from test_flows import settle, text_of, until


async def test_title_setup_game():
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, TitleScreen)
        assert app.screen.query_one("#continue", Button).disabled
        assert "No unfinished game" in text_of(app.screen.query_one("#continue-info"))
        await pilot.press("n")
        assert isinstance(app.screen, SetupScreen)
        # Three seats: replace seat 3's empty name.
        app.screen.query_one("#seat2").value = "Cy"
        app.screen.query_one("#seed").value = "42"
        await pilot.press("ctrl+g")
        await pilot.pause()
        # Two humans: the table is handed to the first one before anything private shows.
        assert isinstance(app.screen, HandoffScreen) and "Pass to You" in screen_text(app)
        await pilot.press("enter")
        assert isinstance(app.screen, GameScreen)
        st = app.screen.state
        assert st.record.game == "kiln" and st.seats == ["You", "bot", "Cy"] and st.record.seed == 42
        await pilot.press("v", "v")  # at 80×24 Kiln's hand is the board's third view
        assert "Your hand" in screen_text(app)
        # The setup screen was replaced: leaving the game goes back to the title.
        assert [type(s).__name__ for s in app.screen_stack][-2] == "TitleScreen"


async def test_whole_kiln_game_by_keys_alone():
    """Enter on the highlighted (first) choice every time, to the game-over screen
    (against the quick bot: what it plays is not what is checked)."""
    st = new_game("kiln", ["Ann", "easy"], seed=11)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(400):
            if isinstance(app.screen, GameOverScreen):
                break
            assert isinstance(app.screen, GameScreen)  # one human: never a hand-off
            await pilot.press("enter")
        assert isinstance(app.screen, GameOverScreen)
        assert st.is_over
        text = screen_text(app)
        assert "Game over" in text and "Final ranking" in text and "Tie-break" in text
        winner = st.seats[st.ranking()[0]]
        assert f"{winner} wins" in text
        # The autosave holds the finished game, so it is not offered for Continue.
        saves = list_saves()
        assert len(saves) == 1 and saves[0].state.is_over
        assert saves[0].state.record.choices == st.record.choices
        await pilot.press("enter")
        assert isinstance(app.screen, TitleScreen)


async def test_digits_pick_choices_and_hint_follows_highlight():
    st = new_game("kiln", ["Ann", "bot"], seed=7)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        d = st.decision()
        await pilot.press("down")
        assert d.choices[1].hint.split(":")[0] in text_of(game.query_one("#hint"))
        assert game.touches == frozenset(d.choices[1].touches)
        menu_lines = [l for l in screen_text(app).splitlines() if "▶2 " in l]
        assert menu_lines, "the highlighted choice is marked by a glyph, not only colour"
        zone = int(d.choices[1].touches[0].split(":")[1])
        assert f"▶{'⚀⚁⚂⚃⚄⚅'[zone - 1]}{zone} " in screen_text(app)  # the zone's tile is marked
        await pilot.press("2")
        assert st.record.choices == [d.choices[1].key]
        # A digit beyond the list does nothing.
        n = len(st.decision().choices)
        await pilot.press(str(min(9, n + 1)))
        assert len(st.record.choices) == 1


async def test_undo_steps_back_own_choice():
    st = new_game("kiln", ["Ann", "bot"], seed=7)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        first = st.decision().keys
        await pilot.press("1")
        assert len(game.state.record.choices) == 1
        await pilot.press("u")
        assert game.state.record.choices == []
        assert game.state.decision().keys == first
        # Nothing left to undo: harmless.
        await pilot.press("u")
        assert game.state.record.choices == []
        # The autosave follows the undo.
        saved = load_game(game.save_path.read_text(encoding="utf-8"))
        assert saved.record.choices == []


async def test_question_mark_opens_rules_at_the_decision_topic():
    st = new_game("kiln", ["Ann", "bot"], seed=7)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("1")  # a zone: now the boost question
        topic = st.decision().topic
        assert topic
        await pilot.press("question_mark")
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        viewer = rules.query_one(MarkdownViewer)
        await until(pilot, lambda: viewer.scroll_y > 0)  # scrolled down to the section
        assert rules.section is not None and slug(rules.section) == topic
        assert rules.section in text_of(rules.query_one("#rules-title"))
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        # Kept for next time, opened at the new decision's topic.
        await pilot.press("u")  # back to the zone menu: another topic
        other = app.screen.state.decision().topic
        assert other != topic
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert app.screen is rules
        await until(pilot, lambda: rules.section is not None and slug(rules.section) == other)
        await pilot.press("escape")


async def test_no_color_still_marks_the_choice_and_the_board(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    st = new_game("kiln", ["Ann", "random"], seed=7)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down")
        assert app.no_color
        text = screen_text(app)
        lines = text.splitlines()
        d = st.decision()
        zone = int(d.choices[1].touches[0].split(":")[1])
        assert any(f"▶{'⚀⚁⚂⚃⚄⚅'[zone - 1]}{zone} " in l for l in lines)  # the board's tile
        assert any("▶2 " in l for l in lines)  # the menu
        assert "▶A Ann" in text  # whose turn: mark, initial, name


async def test_clicking_a_zone_highlights_then_makes_its_choice():
    st = new_game("kiln", ["Ann", "random"], seed=7)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        d = st.decision()
        target = d.choices[2]  # a main action in some zone
        zone = int(target.touches[0].split(":")[1])
        zones = game.query_one("#kiln-zones")
        # Click the zone tile's die face, wherever the layout puts it.
        lines = screen_text(app).splitlines()
        face = "⚀⚁⚂⚃⚄⚅"[zone - 1]
        row = next(i for i, l in enumerate(lines) if face in l[: zones.region.right])
        offset = (lines[row].index(face) - zones.region.x, row - zones.region.y + 1)
        await pilot.click(zones, offset=offset)
        assert game.query_one("#menu").current is target
        assert st.record.choices == []
        await pilot.click(zones, offset=offset)
        assert st.record.choices == [target.key]
