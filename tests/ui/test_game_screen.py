"""The game screen with any registered game: the table is handed over between people
only when the game has a secret to keep (``hidden_information`` on its GameSpec; its
decisions say ``secret``), always or never when asked; a hint too long for its box."""
from __future__ import annotations

from contextlib import asynccontextmanager

import pytest
from textual.geometry import Region

from inkterm.app import InktermApp
from inkterm.widgets.hint import HintBox
from inkterm.engine import GAMES, Choice, new_game
from inkterm.screens.handoff import HandoffScreen

from tests.registered import a_game, game_params
from test_flows import settle, text_of

OPEN_GAMES = game_params(seats=2, hidden_information=False)  # every seat sees everything


@pytest.mark.parametrize("game", OPEN_GAMES)
async def test_no_handoff_between_two_people_in_a_game_without_secrets(game):
    st = new_game(game, ["Ann", "Bob"], seed=6)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game_screen = app.screen
        assert game_screen.table.viewer == st.decision().seat
        first = st.decision().seat
        while st.decision().seat == first:
            await pilot.press(st.decision().choices[0].shortcut or "1")
            assert not isinstance(app.screen, HandoffScreen)
        await pilot.pause()
        assert app.screen is game_screen and game_screen.table.viewer == st.decision().seat
        assert game_screen.human_to_move()


@pytest.mark.parametrize("game", OPEN_GAMES)
async def test_handoff_always_pauses_even_without_secrets(game):
    st = new_game(game, ["Ann", "Bob"], seed=6)
    app = InktermApp(start=("state", st, None), bot_delay=0, handoff="always")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)


async def test_handoff_never_passes_the_table_directly():
    st = new_game(a_game(seats=2, hidden_information=True), ["Ann", "Bob"], seed=7)
    app = InktermApp(start=("state", st, None), bot_delay=0, handoff="never")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not isinstance(app.screen, HandoffScreen)
        assert app.screen.table.viewer == st.decision().seat


async def test_the_setup_screen_can_ask_for_a_handoff_always():
    game = a_game(seats=2, hidden_information=False) if OPEN_GAMES else a_game(seats=2)
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("n")
        setup = app.screen
        setup.query_one("#game").value = game
        await pilot.pause()
        setup.query_one("#seat0").value, setup.query_one("#seat1").value = "Ann", "Bob"
        for seat in range(2, GAMES[game].max_players):
            setup.query_one(f"#seat{seat}").value = ""
        setup.query_one("#handoff").value = "always"
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.handoff == "always"


async def test_a_hint_too_long_for_its_box_points_to_inspect():
    st = new_game(a_game(seats=2), ["Ann", "bot"], seed=7)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        hint = game.query_one(HintBox)

        async def seen(words: int) -> list[str]:
            """The hint's lines the box shows (below its border)."""
            hint.show_choice(Choice("x", "X", " ".join(f"w{i}" for i in range(words))))
            await pilot.pause()
            rows = hint.render_lines(Region(0, 0, *hint.outer_size))
            return [row.text.strip() for row in rows[1:]]

        for words in range(20, 100, 3):  # none of the hint is lost under the box's edge
            shown = await seen(words)
            assert shown[-1] in ("… i shows it all", f"w{words - 1}") or shown[-1].endswith(f" w{words - 1}"), shown
        assert shown[-1] == "… i shows it all"
        hint.show_choice(Choice("y", "Y", "short"))
        assert text_of(game.query_one("#hint")) == "short"


async def test_the_hint_box_keeps_its_height_through_a_menu_so_the_screen_holds_still():
    """The box is as tall as the menu's tallest hint: moving the highlight from a short
    hint to a long one moves neither the menu nor the board (and lays nothing out)."""
    st = new_game(a_game(seats=2), ["Ann", "bot"], seed=7)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hint = app.screen.query_one(HintBox)
        short, long = Choice("s", "S", "short"), Choice("l", "L", " ".join(f"w{i}" for i in range(40)))
        heights = []
        for current in (short, long, short):
            hint.show_menu([short, long], current)
            await pilot.pause()
            heights.append(hint.outer_size.height)
        assert heights[0] == heights[1] == heights[2] == 4, heights  # three lines under its border
        hint.show_menu([short], short)  # a new menu of short hints: the box shrinks to them
        await pilot.pause()
        assert hint.outer_size.height == 2


async def test_a_game_opened_part_way_says_so_and_an_undo_retells_without_clutter():
    """Continue: the log tells the game so far and where it resumed. An undo tells the
    log anew from the record, without the undone choice and without an "(undone)" line."""
    game = a_game(seats=2, hidden_information=False)
    st = new_game(game, ["Ann", "Bob"], seed=6)
    for _ in range(3):
        st.apply(st.decision().choices[0].key)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        log = app.screen.query_one("#log")

        def said() -> list[str]:
            return [line.plain for line in log.entries]

        assert said()[-1] == "Resumed after 3 choices."
        before = said()
        await pilot.press(st.decision().choices[0].shortcut or "1")
        assert len(st.record.choices) == 4 and said() != before and st.can_undo()
        await pilot.press("u")
        await pilot.pause()
        assert len(app.screen.state.record.choices) == 3  # (an undo replays into a new state)
        assert not any("undone" in line for line in said())
        assert said() == before[:-1]  # the same story, told anew


async def play_the_first_turn(pilot, st) -> None:
    """The first seat's turn, each decision's first choice, by keys."""
    first = st.decision().seat
    while st.decision().seat == first:
        await pilot.press(st.decision().choices[0].shortcut or "1")
    await pilot.pause()


@asynccontextmanager
async def after_the_first_turn(game: str):
    """Ann against Bob at 80×24, Ann's first turn played: Bob's screen, with its story."""
    st = new_game(game, ["Ann", "Bob"], seed=6)
    app = InktermApp(start=("state", st, None), bot_delay=0, handoff="never")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await play_the_first_turn(pilot, st)
        yield pilot, screen


@pytest.mark.parametrize("game", OPEN_GAMES)
async def test_since_your_last_turn_is_drawn_once_per_story(game, monkeypatch):
    """Every move refreshes the table; the "since your last turn" panel is laid out
    and drawn again only when its story changed (at a shared table every seat
    refreshes on every move: redrawing an unchanged story was most of a move's cost)."""
    from inkterm.widgets.plain import Plain

    async with after_the_first_turn(game) as (pilot, screen):
        assert screen.since_panel.display  # the other person's turn: what Ann did
        drawn = []
        real = Plain.update
        monkeypatch.setattr(Plain, "update", lambda self, *a, **k: (drawn.append(self.id), real(self, *a, **k))[1])
        for _ in range(3):
            screen.refresh_table()
        await pilot.pause()
        assert "since-text" not in drawn, drawn


@pytest.mark.parametrize("game", OPEN_GAMES)
async def test_since_your_last_turn_is_the_log_area_while_it_shows(game):
    """In the log's place, the panel is the log to Tab: the footer's Tab entry reads
    as it did (showing and hiding the panel at every turn rebuilds no footer), and Tab
    from the menu goes to the panel."""
    st = new_game(game, ["Ann", "Bob"], seed=6)
    app = InktermApp(start=("state", st, None), bot_delay=0, handoff="never")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        before = screen.next_area()
        await play_the_first_turn(pilot, st)
        assert screen.since_panel.display
        assert screen.next_area() == before == "log"
        await pilot.press("tab")
        assert screen.focused is screen.since_panel


@pytest.mark.parametrize("game", OPEN_GAMES)
async def test_since_your_last_turn_sets_a_wrapped_event_in_under_itself(game):
    """An event too long for the panel goes on under its own text, two cells in: at
    the left edge a continuation read as the next seat's heading."""
    from textual.geometry import Region

    from inkterm.screens.since import HEAD

    async with after_the_first_turn(game) as (pilot, screen):
        text = screen.since_panel.query_one("#since-text")
        rows = [s.text.rstrip() for s in text.render_lines(Region(0, 0, text.size.width, text.size.height))]
        heads = {"Ann:", "To you:"} | {f"R{r} Ann:" for r in range(1, 40)}
        body = [row for row in rows[1:] if row and row not in heads and not HEAD.endswith(row.strip())]
        assert body and all(row.startswith("  ") for row in body), rows
