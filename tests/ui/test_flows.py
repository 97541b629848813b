"""The app driven by keys alone, as a player would, with any game: the first in the menu\nwhere one is enough, every game where each must pass. Each game's own flows are in\ntests/games/<game>/test_flows.py."""
from __future__ import annotations

import json
import os
import time

import pytest
from rich.console import Group

from inkterm.app import InktermApp
from inkterm.engine import GAMES, load_game, new_game
from inkterm.engine.saves import save_dir, save_game
from inkterm.screens.confirm import ConfirmScreen
from inkterm.screens.game import GameScreen
from inkterm.screens.gameover import GameOverScreen
from inkterm.screens.handoff import HandoffScreen
from inkterm.screens.log import LogScreen
from inkterm.screens.rules import RulesScreen, find_section, slug
from inkterm.screens.saved_games import SavePicker
from inkterm.screens.title import TitleScreen
from textual.widgets import Button, OptionList

from shown import screen_text

from tests.registered import a_game, game_params, games

GAME = a_game(seats=3)  # where any game will do: the first in the menu


def text_of(widget) -> str:
    """What a Static shows, as plain text (a group of lines: each line's)."""
    shown = getattr(widget, "content", None)
    if isinstance(shown, Group):
        return "\n".join(getattr(line, "plain", str(line)) for line in shown.renderables)
    content = widget.render()
    return getattr(content, "plain", str(content))


async def settle(app, pilot) -> None:
    """Wait until the title has read the save directory (it does so after its frame)."""
    deadline = time.monotonic() + 20.0
    while time.monotonic() < deadline:
        title = next((s for s in app.screen_stack if isinstance(s, TitleScreen)), None)
        if title is None or title.scanned:
            break
        await pilot.pause(0.02)
    await app.workers.wait_for_complete()
    await pilot.pause()


async def until(pilot, condition, seconds: float = 20.0) -> None:
    """Pause until ``condition()`` holds: at once on a quiet machine, within ``seconds``
    on a loaded one (CI runs the suite on every core); fail if never."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        await pilot.pause(0.02)
    assert condition()


async def test_setup_first_enter_opens_the_game_list_not_a_game():
    """A new player's first Enter opens the game list; picking from it and then Enter
    in a seat field starts that game."""
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("n")
        setup = app.screen
        assert app.focused is setup.query_one("#game")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is setup and setup.query_one("#game").expanded
        await pilot.press("down", "enter")
        await pilot.pause()
        assert setup.query_one("#game").value == games()[1]  # the second game in the list
        await pilot.press("tab")
        assert app.focused is setup.query_one("#seat0")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.state.record.game == games()[1]


async def test_setup_says_what_each_bot_level_is_and_seats_it():
    """The setup screen names the levels in words (from the one table of levels), and
    a seat of a level plays that level's bot."""
    from inkterm.bots import LEVELS, SearchBot

    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("n")
        setup = app.screen
        help_text = " ".join(text_of(setup.query_one("#setup-help")).split())
        for name, level in LEVELS.items():
            assert f"{name} {level.words}" in help_text or f"{name} (bot) {level.words}" in help_text
        setup.query_one("#seat1").value = "hard"
        await pilot.press("ctrl+g")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        bot = app.screen.table.bots[1]
        assert isinstance(bot, SearchBot) and bot.level == "hard", bot


async def test_setup_rejects_bad_forms():
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("n")
        setup = app.screen
        setup.query_one("#seat1").value = ""
        await pilot.press("ctrl+g")
        assert app.screen is setup
        first = GAMES[games()[0]]
        assert f"{first.min_players}–{first.max_players} seats" in text_of(setup.query_one("#setup-error"))
        setup.query_one("#seat1").value = "you"
        await pilot.press("ctrl+g")
        assert app.screen is setup and "Two seats are named" in text_of(setup.query_one("#setup-error"))
        setup.query_one("#seat1").value = "bot"
        setup.query_one("#seed").value = "x"
        await pilot.press("ctrl+g")
        assert app.screen is setup
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)


async def test_setup_refuses_one_name_twice_and_a_bot_that_is_not_one():
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("n")
        setup = app.screen
        error = setup.query_one("#setup-error")
        for seat0, seat1, why in [("Ann", " ann ", "Two seats are named 'Ann'"),
                                  ("Ann", "search:abc", "'search:abc' is not a valid bot")]:
            setup.query_one("#seat0").value = seat0
            setup.query_one("#seat1").value = seat1
            await pilot.press("ctrl+g")
            await pilot.pause()
            assert app.screen is setup and why in text_of(error)
            assert "search:N" in text_of(error) or "name of their own" in text_of(error)
        # Two bots of one kind are fine: they are numbered.
        setup.query_one("#seat1").value = "bot"
        setup.query_one("#seat2").value = "bot"
        await pilot.press("ctrl+g")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.state.seats == ["Ann", "bot", "bot 2"]


def test_find_section():
    heads = ["A game", "Your turn", "Paying for strength", "Materials (1)", "The favour track"]
    assert find_section(heads, "paying-for-strength") == 2
    assert find_section(heads, "materials-1") == 3
    assert find_section(heads, "favour-track") == 4
    assert find_section(heads, "nothing-like-it") is None
    assert slug("  Imperial Hall (6) ") == "imperial-hall-6"


async def test_unbound_keys_do_nothing():
    st = new_game(GAME, ["Ann", "bot"], seed=7)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        before = st.to_json()
        for key in ["z", "x", "f5", "0", "ctrl+t", "tab", "shift+tab", "escape", "left"]:
            await pilot.press(key)
        assert app.screen is game
        assert st.to_json() == before


async def test_small_terminal_shows_notice_and_game_survives_resize():
    st = new_game(GAME, ["Ann", "bot"], seed=7)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        game = app.screen
        notice = game.query_one("#small-notice")
        assert notice.display and not game.query_one("#table").display
        assert "needs at least 80×24" in screen_text(app)
        await pilot.press("1", "enter", "u")  # no blind choices while the table is hidden
        assert st.record.choices == []
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert not notice.display and game.query_one("#table").display
        await pilot.press("1")
        await pilot.resize_terminal(79, 30)
        await pilot.pause()
        assert notice.display
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert game.query_one("#table").display
        assert len(st.record.choices) == 1 and app.screen is game


async def test_handoff_between_humans_only():
    st = new_game("toy", ["Ann", "Bob", "random"], seed=3)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert "Pass to Ann" in screen_text(app)
        # Nothing private is drawn while the table changes hands.
        game = app.screen_stack[-2]
        assert game.table.viewer is None
        await pilot.press("enter")
        assert isinstance(app.screen, GameScreen) and app.screen.table.viewer == 0
        await pilot.press("1")  # Ann -> Bob: hand-off
        assert isinstance(app.screen, HandoffScreen) and "Pass to Bob" in screen_text(app)
        # Digits on the hand-off screen do not play for anyone.
        await pilot.press("1")
        assert len(st.record.choices) == 1
        await pilot.press("enter")
        await pilot.press("1")  # Bob -> bot (plays at once) -> Ann: hand-off again
        assert len(st.record.choices) == 3
        assert isinstance(app.screen, HandoffScreen) and "Pass to Ann" in screen_text(app)


async def test_one_human_never_sees_a_handoff():
    st = new_game("toy", ["Ann", "random", "random"], seed=3)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(6):
            assert not isinstance(app.screen, HandoffScreen)
            if isinstance(app.screen, GameOverScreen):
                break
            await pilot.press("3")
        assert len(st.record.choices) >= 6


async def test_bots_move_with_a_pause_and_the_screen_stays_live():
    st = new_game("toy", ["random", "random"], seed=5)
    app = InktermApp(start=("state", st, None), bot_delay=0.2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not st.is_over  # one step at a time, not all at once
        await pilot.press("l")  # keys still work while bots play
        assert isinstance(app.screen, LogScreen)
        await pilot.press("escape")
        for _ in range(100):
            if isinstance(app.screen, GameOverScreen):
                break
            await pilot.pause(0.1)
        assert isinstance(app.screen, GameOverScreen)


async def test_continue_resumes_exactly_after_quit():
    st = new_game(GAME, ["Ann", "bot"], seed=9)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(7):
            await pilot.press("1")
        snapshot = st.to_json()
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("q", "y")
    assert app.return_code in (0, None)
    # A new app: Continue is offered, names the game, and resumes the same state.
    app2 = InktermApp(bot_delay=0)
    async with app2.run_test(size=(80, 24)) as pilot:
        await settle(app2, pilot)
        title = app2.screen
        assert not title.query_one("#continue", Button).disabled
        info = text_of(title.query_one("#continue-info"))
        assert GAMES[GAME].title in info and "Ann, bot" in info and "round" in info
        await pilot.press("c")
        await pilot.pause()
        game = app2.screen
        assert isinstance(game, GameScreen)
        assert game.state.to_json() == snapshot
        await pilot.press("enter")  # the highlighted choice, whatever its key
        resumed = game.state.record.choices
        assert resumed[: len(st.record.choices)] == st.record.choices
        assert len(resumed) > len(st.record.choices)
    # Still one save file: continuing writes to the same file.
    assert len(list(save_dir().glob("*.save.json"))) == 1


def _save_at(name: str, state, when: float):
    path = save_dir() / f"{name}.save.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    save_game(state, path)
    os.utime(path, (when, when))
    return path


def _played(game: str, seats: list[str], choices: int, seed: int = 1):
    st = new_game(game, seats, seed=seed)
    for _ in range(choices):
        st.apply(st.decision().keys[0])
    return st


async def test_title_focuses_continue_and_lists_every_unfinished_game():
    now = time.time()
    oldest = _played(GAME, ["Ann", "bot"], 3)
    _save_at(f"{GAME}-old", oldest, now - 3000)
    finished = _played("toy", ["Cy", "Di"], 12)
    assert finished.is_over
    _save_at("toy-done", finished, now - 2000)
    newest = _played(GAME, ["Bob", "Cy", "bot"], 1)
    _save_at(f"{GAME}-new", newest, now - 1000)
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        title = app.screen
        assert title.focused is title.query_one("#continue", Button)
        info = text_of(title.query_one("#continue-info"))
        assert "Bob, Cy, bot" in info and f"{GAME}-new.save.json" in info and "1 more" in info
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, SavePicker))
        lines = [str(o.prompt) for o in app.screen.query_one(OptionList).options]
        assert len(lines) == 2  # the finished game is not offered
        title = GAMES[GAME].title
        assert lines[0].startswith(f"1 {title} · Bob, Cy, bot") and "1 choice" in lines[0]
        assert lines[1].startswith(f"2 {title} · Ann, bot") and "3 choices" in lines[1]
        stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(now - 3000))
        assert stamp in lines[1]
        await pilot.press("2")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.state.to_json() == oldest.to_json()
        assert app.screen.save_path.name == f"{GAME}-old.save.json"


async def test_title_with_nothing_to_continue_keeps_new_game_focused():
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert app.screen.focused is app.screen.query_one("#new", Button)


async def test_corrupt_and_foreign_saves_are_reported_and_left_alone():
    d = save_dir()
    d.mkdir(parents=True)
    bad = d / f"{GAME}-broken.save.json"
    bad.write_text("{half a save", encoding="utf-8")
    foreign = d / f"{GAME}-foreign.save.json"
    foreign.write_text(json.dumps({"format": "someone-else", "x": 1}), encoding="utf-8")
    good = new_game(GAME, ["Ann", "bot"], seed=2)
    good.apply(good.decision().keys[0])
    save_game(good, d / f"{GAME}-good.save.json")
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        warn = text_of(app.screen.query_one("#save-warnings"))
        assert bad.name in warn and "not JSON" in warn
        assert foreign.name in warn and "not an inkterm save" in warn
        assert not app.screen.query_one("#continue", Button).disabled  # the good one
    # Asking for the corrupt one by name: a message naming the file, back to the title.
    app = InktermApp(start=("continue", str(bad)), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, TitleScreen)
        messages = [n.message for n in app.notices]
        assert any(bad.name in m and "not JSON" in m for m in messages)
    assert bad.read_text(encoding="utf-8") == "{half a save"
    assert json.loads(foreign.read_text(encoding="utf-8")) == {"format": "someone-else", "x": 1}


def _quit_questions(app) -> list[ConfirmScreen]:
    return [s for s in app.screen_stack if isinstance(s, ConfirmScreen)]


async def test_q_ctrl_c_and_the_palette_quit_all_ask_the_same_during_a_game():
    st = new_game(GAME, ["Ann", "bot"], seed=9)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        palette_quit = next(c for c in app.get_system_commands(game) if c.title == "Quit")
        for ask in (lambda: pilot.press("q"), lambda: pilot.press("ctrl+c"),
                    lambda: pilot.press("ctrl+q"), palette_quit.callback):
            await ask()
            await pilot.pause()
            asked = _quit_questions(app)
            assert len(asked) == 1 and asked[0].question == "Quit inkterm?"
            assert "The game is saved" in asked[0].detail and game.save_path.exists()
            await pilot.press("ctrl+c")  # pressed again: still one question
            assert len(_quit_questions(app)) == 1
            await pilot.press("n")
            assert app.screen is game and app.is_running
        await pilot.press("ctrl+c", "y")
        await until(pilot, lambda: not app.is_running)


async def test_the_palette_quit_asks_when_chosen_by_typing():
    st = new_game(GAME, ["Ann", "bot"], seed=9)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.press(*"quit")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert app.is_running


async def test_quit_from_a_handoff_asks_as_the_game_does():
    st = new_game("toy", ["Ann", "Bob"], seed=3)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("ctrl+c")
        asked = _quit_questions(app)
        assert len(asked) == 1 and "The game is saved" in asked[0].detail
        await pilot.press("n")
        await pilot.press("q")
        assert len(_quit_questions(app)) == 1


async def test_away_from_a_game_quitting_does_not_ask():
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("ctrl+c")
        await until(pilot, lambda: not app.is_running)
        assert not _quit_questions(app)


async def test_ctrl_s_saves_and_palette_has_game_commands():
    st = new_game(GAME, ["Ann", "bot"], seed=7)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s")
        game = app.screen
        assert game.save_path is not None and game.save_path.exists()
        assert load_game(game.save_path.read_text(encoding="utf-8")) == st
        titles = [c.title for c in app.get_system_commands(game)]
        assert {"Undo", "Rules", "Save", "Log"} <= set(titles)
        await pilot.press("l")  # the log, full height
        assert isinstance(app.screen, LogScreen)
        await pilot.press("l")
        assert app.screen is game


async def test_title_rules_picks_a_game_and_comes_back(monkeypatch):
    import toy_game

    def unwritten(cls):
        raise FileNotFoundError("rules.md")

    monkeypatch.setattr(toy_game.State, "rules_text", classmethod(unwritten))
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("r")
        await pilot.pause()
        # Several games are registered: choose one (the last, the test game, here
        # without its rules text: a short page, and it says so).
        await pilot.press("end", "enter")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert app.screen.game == "toy"
        await until(pilot, lambda: "not written yet" in screen_text(app))
        assert "Rules — Toy race" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)
        # The digit shown before a game picks it.
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("1")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert app.screen.game == games()[0]


@pytest.mark.parametrize("game", game_params())
async def test_setup_follows_the_game_seats_and_options(game):
    """Choosing a game shows as many seat rows as it takes and a field for each of its
    options; a game started from the form has the seats and the option chosen."""
    spec = GAMES[game]
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("n")
        setup = app.screen
        setup.query_one("#game").value = game
        await until(pilot, lambda: all(setup.query(f"#opt-{o.name}") and setup.query_one(f"#opt-{o.name}").is_mounted
                                       for o in spec.options))
        await pilot.pause()
        rows = [bool(setup.query(f"#seat-row{i}")) and setup.query_one(f"#seat-row{i}").display for i in range(5)]
        assert rows == [i < spec.max_players for i in range(5)]
        option = next((o for o in spec.options if o.choices), None)
        if option is not None:
            setup.query_one(f"#opt-{option.name}").value = option.choices[-1]
        setup.query_one("#seat0").value = "You"
        for i in range(1, spec.max_players):
            setup.query_one(f"#seat{i}").value = "bot" if i < spec.min_players else ""
        setup.query_one("#seed").value = "5"
        await pilot.press("ctrl+g")
        await until(pilot, lambda: app.screen is not setup or text_of(setup.query_one("#setup-error")))
        assert isinstance(app.screen, GameScreen), text_of(setup.query_one("#setup-error"))
        st = app.screen.state
        assert st.record.game == game and st.seats == ["You", *["bot", "bot 2", "bot 3"][: spec.min_players - 1]]
        if option is not None:
            assert st.record.options[option.name] == option.choices[-1]


async def test_bots_wait_while_the_rules_are_open():
    st = new_game("toy", ["Ann", "random"], seed=4)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        game = app.screen_stack[-2]
        game.play("add:1")  # as if chosen just before the rules opened: the bot is next
        await pilot.pause(0.3)
        assert len(st.record.choices) == 1  # the bot does not play behind the rules page
        await pilot.press("escape")
        await until(pilot, lambda: len(st.record.choices) == 2)


async def test_replay_steps_through_a_finished_game():
    from inkterm.bots import make_bot
    from inkterm.screens.replay import ReplayScreen

    st = new_game(GAME, ["Ann", "Bob"], seed=4)
    bot = make_bot("random", seed=1)
    while not st.is_over:
        st.apply(bot.choose(st))
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.press("r")
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert "choice 0/" in screen_text(app) and "round 1" in screen_text(app)
        await pilot.press("right", "right")
        assert replay.at == 2
        first = st.record.choices[0]
        assert replay.states[1].record.choices == [first]
        await pilot.press("left")
        assert replay.at == 1 and "choice 1/" in screen_text(app)
        await pilot.press("end")
        assert replay.at == len(st.record.choices)
        assert replay.states[-1].to_json() == st.to_json()
        assert "Game over" in screen_text(app)
        assert "'s hand" not in screen_text(app)  # public facts only
        await pilot.press("escape")
        assert isinstance(app.screen, GameOverScreen)
