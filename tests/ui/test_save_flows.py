"""Where a save is opened: a game open in another session is only watched or taken over,
a taken-over session cannot roll the save back, one bad file does not hide the good
ones, and a snapshot the record contradicts is reported."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from inkterm.app import InktermApp
from inkterm.engine import new_game
from inkterm.engine.saves import lock_owner, lock_path, read_save, save_dir, save_game
from inkterm.screens.confirm import ChoiceScreen, ConfirmScreen
from inkterm.screens.game import GameScreen
from inkterm.screens.watch import WatchScreen
from inkterm.screens.title import TitleScreen
from test_flows import settle, text_of, until
from textual.widgets import Button, Static

from tests.registered import a_game

GAME = a_game(seats=2)  # any game will do: the first in the menu


def saved_game(choices: int = 11, name: str = f"{GAME}-1.save.json"):
    state = new_game(GAME, ["Ann", "bot"], seed=9)
    for _ in range(choices):
        state.apply(state.decision().choices[0].key)
    path = save_dir() / name
    path.parent.mkdir(parents=True, exist_ok=True)
    save_game(state, path)
    return path


@pytest.fixture
def foreign_session():
    """A live process that is not this one, to stand for another session."""
    proc = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"],
                            stdin=subprocess.PIPE)
    yield proc.pid
    proc.stdin.close()
    proc.wait()


def messages(app) -> list[str]:
    return [n.message for n in app.notices]


async def test_a_save_open_elsewhere_can_be_watched_but_not_played(foreign_session):
    path = saved_game(11)
    lock_path(path).write_text(str(foreign_session))
    before = path.read_text()
    app = InktermApp(start=("continue", str(path)), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        assert str(foreign_session) in text_of(app.screen.query_one("#confirm-detail"))
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, WatchScreen) and app.screen.at == 11)
        assert "Watching" in text_of(app.screen.query_one("#status"))
        assert path.read_text() == before
        saved_game(14)  # the other session plays on: the watcher follows
        await until(pilot, lambda: app.screen.at == 14)
        saved_game(12)  # ...and undoes two choices: so does the watcher
        await until(pilot, lambda: app.screen.at == app.screen.total == 12)
        ahead = path.read_text()
        await pilot.press("q", "q")
    assert path.read_text() == ahead and lock_owner(path) == foreign_session


async def test_take_over_plays_on_and_releases_the_save_at_the_end(foreign_session):
    path = saved_game(11)
    lock_path(path).write_text(str(foreign_session))
    app = InktermApp(start=("continue", str(path)), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert lock_owner(path) == os.getpid()
        await pilot.press("1")
        await until(pilot, lambda: len(read_save(path).record.choices) > 11)
        await pilot.press("q", "y")
    assert not lock_path(path).exists()


async def test_a_session_taken_over_cannot_roll_the_save_back(foreign_session):
    path = saved_game(11)
    app = InktermApp(start=("continue", str(path)), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        # Another session takes the game over and plays on to 20 choices.
        lock_path(path).write_text(str(foreign_session))
        saved_game(20)
        ahead = path.read_text()
        await pilot.press("q")  # asks (a save first must not write 11 over 20), or
        if isinstance(app.screen, ConfirmScreen):  # the take-over was seen first: watching
            assert "took this game over" in text_of(app.screen.query_one("#confirm-detail"))
            await pilot.press("y")
    assert path.read_text() == ahead


async def test_a_nested_file_does_not_hide_the_good_save():
    good = saved_game(5)
    bad = save_dir() / f"{GAME}-nested.save.json"
    bad.write_text("[" * 1024 + "]" * 1024)
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, TitleScreen)
        assert not app.screen.query_one("#continue", Button).disabled
        warn = text_of(app.screen.query_one("#save-warnings", Static))
        assert bad.name in warn and "nested" in warn
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.save_path == good
    assert bad.read_text() == "[" * 1024 + "]" * 1024


async def test_a_contradicted_snapshot_opens_from_the_record_with_a_warning():
    path = saved_game(8)
    data = json.loads(path.read_text())
    data["snapshot"]["model"]["round"] = 9
    path.write_text(json.dumps(data))
    app = InktermApp(start=("continue", str(path)), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.state.summary()["round"] == 1
        assert any("differs from a replay of its moves" in m and path.name in m
                   for m in messages(app))


async def test_starting_the_app_clears_what_killed_writers_left():
    path = saved_game(3)
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True).stdout.strip()
    leftover = path.parent / f".tmp-{gone}-x1y2.json"
    leftover.write_text("{")
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await until(pilot, lambda: not leftover.exists())
    assert path.exists()


async def test_a_choice_is_drawn_before_it_is_written_and_written_within_a_frame(tmp_path):
    """The autosave (JSON and fsync) follows the repaint, so a key is answered at once;
    the save still holds the choice a frame later, and quitting writes one still due."""
    from inkterm.app import InktermApp
    from inkterm.engine import new_game
    from inkterm.engine.saves import read_save

    st = new_game(GAME, ["Ann", "bot"], seed=5)
    path = tmp_path / f"{GAME}.save.json"
    app = InktermApp(start=("state", st, path), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        before = len(st.record.choices)
        screen.play(st.decision().choices[0].key)
        assert screen.table.save_due  # not yet written: the repaint comes first
        await pilot.pause()
        await pilot.pause()
        assert not screen.table.save_due
        assert len(read_save(path).record.choices) >= before + 1
        # One still due when the game is left is written then.
        assert st.decision().seat == 0  # the bot has played its turn: Ann again
        screen.play(st.decision().choices[0].key)
        assert screen.table.save_due
        due = len(st.record.choices)
    assert len(read_save(path).record.choices) == due


async def test_a_session_whose_save_is_taken_over_is_told_at_once_and_watches():
    """Two real apps on one save: the second takes it over; the first says so at once,
    refuses the key pressed on its stale screen (nothing applied, nothing lost) and
    follows the game as a watcher."""
    path = saved_game(11)
    first = InktermApp(start=("continue", str(path)), bot_delay=0)
    second = InktermApp(start=("continue", str(path)), bot_delay=0)
    async with first.run_test(size=(100, 30)) as one, second.run_test(size=(100, 30)) as two:
        await until(one, lambda: isinstance(first.screen, GameScreen) and first.screen.human_to_move())
        stale = first.screen
        made = len(stale.state.record.choices)  # the bot may have moved on opening:
        await until(one, lambda: len(read_save(path).record.choices) == made)  # written
        await until(two, lambda: isinstance(second.screen, ChoiceScreen))  # open elsewhere
        await two.press("t")  # take over
        await until(two, lambda: isinstance(second.screen, GameScreen))
        # At once: the first screen's next key is refused and said, not applied.
        await one.press("enter")  # the highlighted choice, on the stale screen
        stale.play(stale.decision.choices[0].key)  # ...however it comes (a click, a bot)
        assert len(stale.state.record.choices) == made
        await until(one, lambda: isinstance(first.screen, WatchScreen))
        await until(one, lambda: any("took this game over" in m for m in messages(first)))
        told = [m for m in messages(first) if "took this game over" in m]
        assert len(told) == 1 and "only watches" in told[0]
        assert len(read_save(path).record.choices) == made
        # The new owner plays on; the watcher follows; keys there change nothing.
        await until(two, lambda: second.screen.human_to_move())
        await two.press("enter")
        await until(two, lambda: len(read_save(path).record.choices) > made)
        played = len(read_save(path).record.choices)
        await until(one, lambda: first.screen.total == played)
        await one.press("1", "enter", "u")
        assert len(read_save(path).record.choices) == played
        await two.press("q", "y")


async def test_a_take_over_is_noticed_without_a_key_pressed():
    path = saved_game(11)
    first = InktermApp(start=("continue", str(path)), bot_delay=0)
    second = InktermApp(start=("continue", str(path)), bot_delay=0)
    async with first.run_test(size=(100, 30)) as one, second.run_test(size=(100, 30)) as two:
        await until(one, lambda: isinstance(first.screen, GameScreen))
        await until(two, lambda: isinstance(second.screen, ChoiceScreen))
        await two.press("t")
        await until(two, lambda: isinstance(second.screen, GameScreen))
        await until(one, lambda: isinstance(first.screen, WatchScreen))  # its own look, twice a second
        await until(one, lambda: any("took this game over" in m for m in messages(first)))
        await two.press("q", "y")


async def test_a_take_over_by_another_process_is_noticed_and_its_play_followed():
    """The same with the other session in a process of its own, as over SSH: the
    first screen says so at once and follows the save instead of playing on."""
    path = saved_game(11)
    app = InktermApp(start=("continue", str(path)), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.human_to_move())
        made = len(app.screen.state.record.choices)  # the bot may have moved on opening:
        await until(pilot, lambda: len(read_save(path).record.choices) == made)  # written
        other = subprocess.Popen([sys.executable, "-c", TAKE_OVER, str(path)],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        try:
            assert other.stdout.readline().strip() == "taken"
            await until(pilot, lambda: isinstance(app.screen, WatchScreen))
            await until(pilot, lambda: any(f"(process {other.pid}) took this game over" in m
                                           for m in messages(app)))
            await pilot.press("enter", "1", "u")
            assert len(read_save(path).record.choices) == made
            other.stdin.write("play\n")
            other.stdin.flush()
            assert other.stdout.readline().strip() == "played"
            await until(pilot, lambda: app.screen.total == made + 1)
        finally:
            other.stdin.close()
            other.wait(10)


#: Another session: takes the save over, then plays one choice when told to.
TAKE_OVER = """
import sys
from pathlib import Path
from inkterm.engine.saves import OpenSave, read_save
path = Path(sys.argv[1])
held = OpenSave(path, take_over=True)
print("taken", flush=True)
sys.stdin.readline()
state = read_save(path)
state.apply(state.decision().choices[0].key)
held.write(state)
print("played", flush=True)
sys.stdin.read()
"""
