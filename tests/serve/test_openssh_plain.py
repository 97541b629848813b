"""Plain mode over SSH with the stock OpenSSH client: ``ssh HOST plain`` gives the game
as lines of text — from a pipe (a script of numbers plays a whole game, and what comes
back has no escape sequence), or in a terminal (``ssh -t``) where the player types."""

from __future__ import annotations

import asyncio
import shutil
import sys

import pytest

from inkterm.engine import GAMES
from inkterm.engine.saves import read_save
from tests.plain.helpers import numbers, problems
from tests.registered import a_game

from .test_openssh_client import Terminal, private_key_file, ssh_argv

SSH = shutil.which("ssh")
pytestmark = pytest.mark.skipif(SSH is None, reason="no OpenSSH client (ssh) installed")

APP = [sys.executable, "-m", "inkterm"]
GAME = a_game(seats=2, shipped=True)


def menu_number(game: str) -> int:
    """The game's line in plain mode's menu (the server's app knows only the shipped games)."""
    shipped = [gid for gid, spec in GAMES.items() if spec.module.startswith("inkterm.games.")]
    return shipped.index(game) + 1


def piped_argv(port, key_file, command: str) -> list[str]:
    """The client without a terminal (``-T``, as when its input is a pipe), asking for ``command``."""
    argv = ssh_argv(port, key_file)
    return [argv[0], "-T", *[a for a in argv[1:] if a != "-tt"], command]


def user_saves(data_dir):
    return sorted((data_dir / "users" / "ssh" / "ann" / "saves").glob("*.save.json"))


async def test_a_piped_script_plays_a_whole_game_over_ssh(make_server, client_key, data_dir, tmp_path):
    server = await make_server(child=APP)
    key_file = private_key_file(tmp_path, client_key, "id_ed25519")
    argv = piped_argv(server.port, key_file, "plain")
    # The game, then ann against the quick bot (an empty line, the default bot, is the
    # terminal test's below): a whole game of the default bot's moves took minutes on a
    # busy machine, past this test's timeout.
    script = f"{menu_number(GAME)}\nann,easy\n" + numbers(5)
    proc = await asyncio.create_subprocess_exec(
        *argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(script.encode()), 240)
    text = out.decode("utf-8")
    assert proc.returncode == 0, (err, text[-1000:])
    assert "inkterm in plain mode. Type a number and press Enter." in text
    assert "The game is over:" in text, text[-1500:]
    assert "\r" not in text and problems(text) == []
    (path,) = user_saves(data_dir)
    state = read_save(path)
    assert state.is_over and state.record.seats == ["ann", "easy"]


async def test_plain_in_a_terminal_over_ssh_and_the_end_of_input_saves(make_server, client_key, data_dir, tmp_path):
    server = await make_server(child=APP)
    key_file = private_key_file(tmp_path, client_key, "id_ed25519")
    term = Terminal(ssh_argv(server.port, key_file) + ["plain"], 80, 24)
    await term.child.start()
    try:
        await term.wait_for(r"Type a number and press Enter\.")
        term.child.write(f"{menu_number(GAME)}\r".encode())
        await term.wait_for(r"An empty line: ann against one bot\.")
        term.mark = len(term.raw)
        term.child.write(b"\r")
        await term.wait_for(r"Plain mode: type the number(.|\n)*\n> $")
        term.mark = len(term.raw)
        term.child.write(b"1\r")  # the terminal shows it as typed (the server's pty echoes)
        await term.wait_for(r"^1\r\n(.|\n)*\nann: ")
        term.child.write(b"\x04")  # Ctrl+D: the end of the input
        await term.wait_for(r"The game is saved as")
        await asyncio.wait_for(term.child.exited.wait(), 15)
        assert term.rc == 0
    finally:
        await term.child.terminate()
    (path,) = user_saves(data_dir)
    assert len(read_save(path).record.choices) >= 1


async def test_only_plain_may_be_asked_for(make_server, client_key, tmp_path):
    server = await make_server(child=APP)
    key_file = private_key_file(tmp_path, client_key, "id_ed25519")
    argv = piped_argv(server.port, key_file, "plain; sh")
    proc = await asyncio.create_subprocess_exec(
        *argv, stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, _ = await asyncio.wait_for(proc.communicate(), 30)
    assert proc.returncode != 0 and b"inkterm" not in out
