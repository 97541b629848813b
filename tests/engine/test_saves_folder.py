"""The saves folder is read safely: anything but a regular file in it (a named pipe,
a socket, a folder, a symbolic link) is named and skipped, never waited on;
the title's scan finishes and `q` ends the process; `inkterm continue` says the same
in one line; the keymap and a lesson's kept place are read the same way."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from inkterm.engine import GAMES, new_game
from inkterm.engine.saves import list_saves, save_game
from inkterm.home import NotReadable, read_file

ROOT = Path(__file__).resolve().parent.parent.parent
GAME = sorted(GAMES)[0]


def a_save(path: Path) -> None:
    state = new_game(GAME, ["Ann", "Bob"][: max(1, GAMES[GAME].min_players) + 1], seed=3)
    state.apply(state.decision().choices[0].key)
    save_game(state, path)


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A saves folder with one good save and every kind of thing that is not a save:
    a FIFO (no writer: opening it to read would wait for ever), a Unix socket, a
    folder, a link to a save outside the folder and one to the good save (which would
    give that game two names, and so two locks)."""
    monkeypatch.setenv("INKTERM_HOME", str(tmp_path / "home"))
    saves = tmp_path / "home" / "saves"
    saves.mkdir(parents=True)
    a_save(saves / "good.save.json")
    (saves / "alias.save.json").symlink_to(saves / "good.save.json")
    os.mkfifo(saves / "pipe.save.json")
    monkeypatch.chdir(saves)  # a socket's path must be short: bind it relative to here
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind("sock.save.json")
    (saves / "dir.save.json").mkdir()
    a_save(tmp_path / "outside.save.json")
    (saves / "out.save.json").symlink_to(tmp_path / "outside.save.json")
    monkeypatch.chdir(tmp_path)
    yield saves
    sock.close()


def test_everything_but_a_file_is_named_and_skipped_at_once(folder):
    started = time.monotonic()
    saves = {info.path.name: info for info in list_saves(folder)}
    assert time.monotonic() - started < 2
    assert saves["good.save.json"].unfinished
    problems = {name: info.error for name, info in saves.items() if info.error}
    assert set(problems) == {"pipe.save.json", "sock.save.json", "dir.save.json", "out.save.json",
                             "alias.save.json"}
    assert "named pipe" in problems["pipe.save.json"]
    assert "socket" in problems["sock.save.json"]
    assert "folder" in problems["dir.save.json"]
    assert "symbolic link" in problems["out.save.json"] and "outside" in problems["out.save.json"]
    for name, error in problems.items():
        assert error.startswith(str(folder / name)) and "\n" not in error


def test_a_file_read_is_bounded_in_size(tmp_path):
    big = tmp_path / "big"
    big.write_bytes(b"x" * 1001)
    with pytest.raises(NotReadable, match="too large"):
        read_file(big, 1000)
    assert read_file(big, 1001) == b"x" * 1001


def test_a_pipe_named_as_the_keymap_is_reported_not_waited_on(tmp_path, monkeypatch):
    from inkterm.keymap import read_keymap

    monkeypatch.setenv("INKTERM_HOME", str(tmp_path))
    os.mkfifo(tmp_path / "keys.toml")
    keymap, problems = read_keymap()
    assert keymap == {} and len(problems) == 1 and "named pipe" in problems[0]


def _run(script: str, home: Path, *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    env = {**os.environ, "INKTERM_HOME": str(home), "NO_COLOR": "1"}
    return subprocess.run([sys.executable, *args] if not script else [sys.executable, "-c", script],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=timeout,
                          stdin=subprocess.DEVNULL)


TITLE = """
import asyncio
from inkterm.app import InktermApp

async def main():
    app = InktermApp()
    async with app.run_test(size=(110, 40)) as pilot:
        for _ in range(500):
            if app.screen.scanned:
                break
            await pilot.pause(0.02)
        print("scanned:", app.screen.scanned)
        print(app.screen.query_one("#continue-info").render())
        print(app.screen.query_one("#save-warnings").render())
        await pilot.press("q")

asyncio.run(main())
"""


def test_the_title_lists_around_them_and_q_ends_the_process(folder):
    """In a process of its own: on a FIFO, the scan used to wait for ever (and `q`
    left the process running on that thread)."""
    started = time.monotonic()
    r = _run(TITLE, folder.parent, timeout=30)
    assert r.returncode == 0, r.stderr[-2000:]
    assert time.monotonic() - started < 30
    assert "scanned: True" in r.stdout
    assert "(good.save.json)" in r.stdout and "more unfinished" not in r.stdout
    assert "could not be read" in r.stdout and "named pipe" in r.stdout


def test_inkterm_continue_names_what_is_not_a_save_in_one_line(folder):
    for name in ("good.save.json", "alias.save.json"):
        (folder / name).unlink()
    r = _run("", folder.parent, "-m", "inkterm", "continue", timeout=30)
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "no unfinished game" in r.stderr and "not read" in r.stderr
    r = _run("", folder.parent, "-m", "inkterm", "continue", "nosuch", timeout=30)
    assert r.returncode == 2 and "pipe.save.json" in r.stderr and "named pipe" in r.stderr
