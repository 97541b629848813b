"""One session per save, a save never goes backwards, and killed writers leave
nothing behind — with real second processes where a pid matters."""
import os
import signal
import subprocess
import sys
import time

import pytest

from inkterm.engine import GAMES, new_game
from inkterm.engine.saves import (
    OpenSave, SaveConflict, SaveInUse, lock_owner, lock_path, read_save, remove_leftovers,
    save_game,
)

from ..registered import a_game

GAME = a_game(seats=2)  # any game: these are the save files' sessions

HOLD = """
import sys
from pathlib import Path
from inkterm.engine.saves import OpenSave
OpenSave(Path(sys.argv[1]), take_over=len(sys.argv) > 2)
print("open", flush=True)
sys.stdin.read()
"""


def played(n: int, seed: int = 3):
    state = new_game(GAME, ["Ann", "Bob"], seed=seed)
    for _ in range(n):
        state.apply(state.decision().choices[0].key)
    return state


@pytest.fixture
def save(tmp_path):
    path = tmp_path / f"{GAME}-1.save.json"
    save_game(played(11), path)
    return path


def hold_open(path, *extra):
    """Another process that opens ``path`` and keeps it until its stdin closes."""
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(path), *extra],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "open"
    return proc


def dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_a_second_process_is_refused_while_the_first_lives(save):
    other = hold_open(save)
    try:
        with pytest.raises(SaveInUse) as exc:
            OpenSave(save)
        assert exc.value.pid == other.pid and "open in another session" in str(exc.value)
    finally:
        other.stdin.close()
        other.wait()
    # The owner is gone (its lock is still on disk): the save is taken over silently.
    assert lock_path(save).exists() and lock_owner(save) is None
    assert OpenSave(save).held


def test_an_explicit_take_over_stops_the_old_session_saving(save):
    mine = OpenSave(save)
    other = hold_open(save, "take-over")
    try:
        assert lock_owner(save) == other.pid
        before = save.read_text()
        with pytest.raises(SaveConflict, match="took this game over"):
            mine.write(played(12))
        assert save.read_text() == before
    finally:
        other.stdin.close()
        other.wait()


def test_a_stale_session_cannot_roll_the_save_back(save):
    stale = OpenSave(save)  # opened at 11 choices
    save_game(played(20), save)  # meanwhile the game went on to 20 (another writer)
    before = save.read_text()
    for behind in (played(11), played(1), played(13, seed=4)):  # shorter, or another line
        with pytest.raises(SaveConflict, match="not overwritten"):
            stale.write(behind)
        assert save.read_text() == before
    stale.write(played(21))  # an extension of what is on disk is fine
    assert len(read_save(save).record.choices) == 21


def test_the_owner_may_undo_its_own_last_write(save):
    mine = OpenSave(save)
    mine.write(played(12))
    mine.write(played(11))  # undo: the disk holds exactly what this session wrote
    assert len(read_save(save).record.choices) == 11


def test_close_releases_only_a_lock_still_held(save):
    mine = OpenSave(save)
    mine.close()
    assert not lock_path(save).exists()


def test_leftovers_of_dead_writers_are_removed_and_live_ones_kept(save):
    folder = save.parent
    dead = folder / f".tmp-{dead_pid()}-abc.json"
    old_style = folder / ".tmp-k2j3h4.json"  # named before pids were put in the name
    live = folder / f".tmp-{os.getpid()}-def.json"
    stale_lock = lock_path(folder / f"{GAME}-2.save.json")
    for p, text in ((dead, "{"), (old_style, "{"), (live, "{"), (stale_lock, str(dead_pid()))):
        p.write_text(text)
    removed = remove_leftovers(folder)
    assert sorted(removed) == sorted([dead, old_style, stale_lock])
    assert live.exists() and save.exists()


WRITER = """
import sys
from pathlib import Path
from inkterm.engine import new_game
from inkterm.engine.saves import save_game
state = new_game(sys.argv[2], ["A", "B", "C"][:int(sys.argv[3])], seed=1)
print("go", flush=True)
while True:
    save_game(state, Path(sys.argv[1]))
"""


def test_a_writer_killed_mid_save_leaves_nothing_after_the_next_start(tmp_path):
    game = a_game(shipped=True)  # a shipped game: the writer runs without the tests' toy game
    target = tmp_path / f"{game}-1.save.json"
    seats = str(min(3, GAMES[game].max_players))
    leftovers = 0
    for _ in range(30):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(target), game, seats],
                                stdout=subprocess.PIPE)
        proc.stdout.readline()
        time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        tmps = list(tmp_path.glob(".tmp-*.json"))
        assert all(p.name.startswith(f".tmp-{proc.pid}-") for p in tmps)
        leftovers += len(tmps)
        remove_leftovers(tmp_path)
        assert not list(tmp_path.glob(".tmp-*.json"))
        if leftovers >= 2:
            break
    assert leftovers >= 2  # kills did land mid-save, and what they left was cleared
    read_save(target)  # the save itself is whole


def test_an_unreadable_save_is_neither_locked_nor_overwritten(tmp_path):
    broken = tmp_path / f"{GAME}-2.save.json"
    broken.write_text("{half")
    with pytest.raises(SaveConflict, match="not overwritten"):
        OpenSave(broken)
    assert not lock_path(broken).exists() and broken.read_text() == "{half"
