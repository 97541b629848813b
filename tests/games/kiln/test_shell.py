"""The game screen's shell with Kiln: the board's own numbers and letters as shortcuts, places
closed now, the log and the since-your-last-turn summary, a hand kept secret, inspect.
The same with any game: tests/ui/test_game_screen.py."""
from __future__ import annotations

import re

from inkterm.app import InktermApp
from inkterm.engine import new_game
from inkterm.widgets.action_menu import ActionMenu, Unavailable

from inkterm.engine.saves import save_dir, save_game
from inkterm.screens.handoff import HandoffScreen
from inkterm.screens.log import LogScreen

from test_flows import screen_text, settle, text_of, until


def kiln_with_dice(dice: list[int], seats=("Ann", "bot"), seed: int = 7):
    """A fresh Kiln game whose zones hold ``dice`` (the scenario under test)."""
    st = new_game("kiln", list(seats), seed=seed)
    st.m.dice = list(dice)
    st._decided = False
    return st


# --- 1. shortcuts are the board's own numbers ---------------------------------------------
async def test_a_digit_picks_the_zone_with_that_number_when_others_are_empty():
    st = kiln_with_dice([0, 0, 4, 0, 3, 3])
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(ActionMenu)
        assert [c.shortcut for c in menu.choices[:3]] == ["3", "5", "6"]
        text = screen_text(app)
        assert "Materials — no dice" in text and "Bank — no dice" in text
        await pilot.press("5")  # the Shop's pip, though it is the second zone offered
        assert st.record.choices == ["zone:5"]


async def test_free_actions_answer_to_letters():
    st = kiln_with_dice([2, 2, 2, 2, 1, 1])
    st.m.players[0].clay = 9
    st._decided = False
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        assert st.record.choices == ["reroll"]


async def test_a_dimmed_place_cannot_be_chosen_by_digit_arrow_or_enter():
    st = kiln_with_dice([0, 3, 3, 2, 1, 1])
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(ActionMenu)
        assert isinstance(menu.rows[0], Unavailable) and menu.rows[0].label == "Materials"
        await pilot.press("1")
        assert st.record.choices == []
        assert menu.current.key == "zone:2"
        await pilot.press("up", "home", "up")
        assert not isinstance(menu.rows[menu.highlighted], Unavailable)
        await pilot.press("enter")
        assert st.record.choices and st.record.choices[0] != "zone:1"


# --- 2. nothing out of reach at 80×24 -------------------------------------------------------
async def test_the_menu_keeps_the_highlighted_choice_in_view_at_80x24():
    st = kiln_with_dice([2, 1, 1, 4, 2, 0])
    st.m.players[0].clay, st.m.players[0].glaze = 9, 5
    st._decided = False
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(ActionMenu)
        assert len(menu.rows) > menu.size.height // 2  # more than fits
        await pilot.press("up")  # wraps to the last choice: Exchange
        await pilot.pause()
        assert menu.current.key == "exchange"
        assert any("▶x Exchange" in line for line in screen_text(app).splitlines())


def footer_text(app) -> str:
    return screen_text(app).splitlines()[-1]


async def test_tab_names_the_area_it_moves_to_in_the_footer():
    st = new_game("kiln", ["Ann", "bot"], seed=7)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        for target in ("Log", "Board", "Menu"):
            await until(pilot, lambda: f"tab {target}" in footer_text(app))
            await pilot.press("tab")
            await until(pilot, lambda: game._area_of(app.focused) == target.lower())
        # The board, once focused, scrolls by keys: nothing needs the mouse wheel.
        await pilot.press("tab", "tab")
        board = game.query_one("#board")
        assert app.focused is board


# --- 3. a log that remembers ------------------------------------------------------------------
def log_text(app) -> str:
    return "\n".join(line.plain for line in app.screen.query_one("#log").entries)


async def test_after_continue_the_log_holds_the_earlier_events():
    st = new_game("kiln", ["Ann", "bot"], seed=7)
    st.apply("zone:1")
    for key in ("noboost", "split:2", "end"):
        if st.decision().get(key):
            st.apply(key)
    path = save_dir() / "kiln-resume.save.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    save_game(st, path)
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("c")
        await pilot.pause()
        text = log_text(app)
        assert "R1 Ann acts in Materials" in text
        assert "R1 Ann ends the turn." in text
        await pilot.press("l")  # and the whole of it, full height, from its start by keys
        assert isinstance(app.screen, LogScreen)
        await pilot.press("home")
        await pilot.pause()
        assert "Ann acts in Materials" in screen_text(app)


def since_text(app) -> str:
    return text_of(app.screen.query_one("#since-text"))


async def test_after_continue_the_summary_tells_what_the_others_did():
    st = new_game("kiln", ["Ann", "bot"], seed=7)
    while st.decision().seat == 0:  # Ann's first turn
        st.apply("end" if st.decision().get("end") else st.decision().choices[0].key)
    while st.decision().seat == 1:  # the bot's, saved before Ann comes back
        st.apply("end" if st.decision().get("end") else st.decision().choices[0].key)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        summary = since_text(app)
        assert app.screen.since_panel.display
        assert "R1 bot:" in summary and "R1 Ann" not in summary


async def test_since_your_last_turn_appears_after_a_bots_turn_until_dismissed_and_comes_back():
    st = new_game("kiln", ["Ann", "bot"], seed=7)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        assert not game.since_panel.display  # nothing has happened yet
        await pilot.press("1")
        while "end" not in st.record.choices:  # Ann's first turn, to its end
            await pilot.press("e" if st.decision().get("end") else "enter")
        await until(pilot, lambda: st.decision().seat == 0)
        await pilot.pause()
        since = game.since_panel
        assert since.display and not game.query_one("#log").display  # in the log's place
        lines = since_text(app).splitlines()
        assert lines[0].startswith("Since your last turn") and "Esc hides, s recalls" in lines[0]
        # The bot's turns (two in a row: the snake order), each under its seat and round
        # (after what happened to Ann: the bot took the lead)
        first = lines.index("R1 bot:")
        assert lines[1:first] in ([], ["To you:", "  R1 bot overtook you: 1 to your 0."]), lines[1:first]
        headings = [line for line in lines[first:] if not line.startswith("  ")]
        assert headings == ["R1 bot:", "R1 bot:"]
        turns = "\n".join(lines[first + 1:]).split("\nR1 bot:\n")
        for turn in ([line.strip() for line in t.splitlines()] for t in turns):
            assert turn and all(line.startswith("bot ") for line in turn)
            assert not any("ends the turn" in line for line in turn)  # the heading marks the turn
            assert len(set(turn)) == len(turn)  # repeats told once, with a count
        await pilot.press("escape")
        assert not since.display and game.query_one("#log").display
        await pilot.press("s")  # and back with one key
        assert since.display and since_text(app).splitlines()[1] == lines[1]
        await pilot.press("s")
        assert not since.display


async def test_since_your_last_turn_leaves_every_seat_and_seven_menu_rows_at_80x24():
    """The summary takes the log's place: the board keeps every row (Kiln's four seats)
    and the menu keeps at least seven."""
    st = _after_the_others(new_game("kiln", ["Ann", "bot", "bot 2", "bot 3"], seed=7))
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        since = game.since_panel
        assert since.display
        assert "R1 bot:" in since_text(app) and "R1 bot 3:" in since_text(app)
        board = game.query_one("#board")
        assert board.max_scroll_y == 0  # nothing of the board below the fold
        shown = screen_text(app)
        for name in ("Ann", "bot", "bot 2", "bot 3"):  # each seat's row, with its score
            assert re.search(rf"[A-Z] {name} (⚑ )?★\d", shown), name
        assert game.query_one(ActionMenu).scrollable_content_region.height >= 7


async def test_the_summary_tells_first_what_happened_to_you_and_pages_by_keys():
    """Nothing is cut: a long summary scrolls with [ and ]; what the others did to
    you (an event that is yours in another seat's turn) comes first."""
    from inkterm.table_driver import Played
    from inkterm.engine import Event

    st = _after_the_others(new_game("kiln", ["Ann", "bot", "bot 2", "bot 3"], seed=7))
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        missed = game.table.missed[0]
        missed.append(Played(1, 1, [Event("bot plays Slander 谗言 for 0 money.", 1, "card"),
                                     Event("Ann loses 1 favour to Slander (now favour 1).", 0, "card")]))
        game._show_since()
        await pilot.pause()
        lines = since_text(app).splitlines()
        assert lines[1] == "To you:" and "Ann loses 1 favour to Slander" in lines[2]
        panel = game.since_panel
        assert panel.max_scroll_y > 0  # more than the panel shows: it pages, nothing dropped
        assert "bot plays Slander" in since_text(app)
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert panel.scroll_y > 0
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert panel.scroll_y == 0


def _after_the_others(st):
    """Ann's first turn played, then everyone else's, up to Ann's next choice."""
    def step():
        st.apply("end" if st.decision().get("end") else st.decision().choices[0].key)
    while st.decision().seat == 0:
        step()
    while st.decision().seat != 0:
        step()
    return st


# --- 4. secrets -------------------------------------------------------------------------------
def hand_names(st, seat: int) -> list[str]:
    return [c["name"] for c in st.view(seat)["players"][seat]["hand_cards"]]


async def test_no_secret_on_screen_during_a_bots_turn_after_a_humans():
    st = new_game("kiln", ["Ann", "bot", "Bob"], seed=7)
    app = InktermApp(start=("state", st, None), bot_delay=0.5)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        game = app.screen
        board = game.query_one("#board")
        while board.view_name != "hand":  # at 80×24 the hand has a view of its own
            await pilot.press("v")
        await pilot.pause()
        assert any(name in screen_text(app) for name in hand_names(st, 0))  # Ann sees hers
        await pilot.press("1")
        while "end" not in st.record.choices:
            await pilot.press("e" if st.decision().get("end") else "enter")
        assert st.decision().seat == 1  # the bot's turn, and it has not moved yet
        await pilot.pause()
        text = screen_text(app)
        assert app.screen is game and game.table.viewer is None
        assert not any(name in text for name in hand_names(st, 0) if name not in log_text(app))
        assert "Ann's hand" not in text


# --- 5. inspect -------------------------------------------------------------------------------
async def test_inspect_reads_the_highlighted_card_and_looks_up_any_card_in_front_of_anyone():
    from inkterm.screens.inspect import InspectScreen

    st = new_game("kiln", ["Ann", "bot"], seed=7)
    theirs = next(c for c in st.cards.values() if c.type == "persistent" and c.id not in st.m.players[0].hand)
    st.m.players[1].tableau.append(theirs.id)
    st._decided = False
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        menu = game.query_one(ActionMenu)
        while menu.current.key != "zone:4":  # highlight the Studio, do not take it
            await pilot.press("down")
        await pilot.press("i")
        assert isinstance(app.screen, InspectScreen)
        text = screen_text(app)
        assert "Studio" in text and "Tokens: Ann" in text  # the zone, as it stands
        panel = app.screen
        labels = [label for _, label in panel.entries]
        target = labels.index(f"bot: {theirs.label}")
        for _ in range(target):
            await pilot.press("down")
        await pilot.pause()
        text = text_of(panel.query_one("#inspect-text"))
        assert theirs.text in text and "In front of bot" in text  # the full text, not cut
        assert panel.query_one("#inspect-scroll").max_scroll_y == 0  # all of it in view
        await pilot.press("escape")
        assert app.screen is game
