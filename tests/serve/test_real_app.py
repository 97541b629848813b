"""The real inkterm app behind the front doors: its title over SSH, and a game
that outlives a dropped connection (autosaved, continued at the next login)."""

from __future__ import annotations

import asyncio
import sys
import time

import pytest

from .conftest import connect, open_shell, wait_gone

pytest.importorskip("inkterm.app", reason="the app is not there yet")

from inkterm.engine.saves import read_save  # noqa: E402

APP = [sys.executable, "-m", "inkterm"]


def saves(home):
    return sorted((home / "saves").glob("*.save.json")) if (home / "saves").is_dir() else []


async def poll(check, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        await asyncio.sleep(0.1)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}")


async def poll_pressing(screen, key: bytes, check, timeout: float, what: str):
    """Press ``key`` (again every 2 s, in case the screen was not ready) until check()."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        screen.process.stdin.write(key)
        try:
            return await poll(check, min(2.0, deadline - time.monotonic()), what)
        except AssertionError:
            continue
    raise AssertionError(f"timed out after {timeout}s waiting for {what}")


def choices_in(path) -> int:
    try:
        return len(read_save(path).record.choices)
    except Exception:  # mid-write or not there yet
        return -1


async def test_game_survives_a_dropped_connection(make_server, client_key, data_dir):
    server = await make_server(child=APP)
    home = data_dir / "users" / "ssh" / "ann"

    # First login: title screen, start a game, make one choice (autosaved): Enter takes
    # the highlighted one (a digit may name a place of the board that is closed now).
    conn = await connect(server, keys=[client_key])
    screen = await open_shell(conn, 100, 32)
    await screen.wait_for(r"New game", timeout=30)
    await screen.wait_for(r"No unfinished game", timeout=20)  # the save scan is done
    pid = int(next(iter(server.sessions)).child.pid)
    screen.process.stdin.write(b"n")
    await screen.wait_for(r"Seat 1", timeout=20)
    screen.set_mark()
    screen.process.stdin.write(b"\t\r")  # Tab from the game list to Seat 1; Enter starts
    await screen.wait_for(r"Undo", timeout=20)  # the game screen's footer
    save = (await poll_pressing(screen, b"\r", lambda: saves(home), 30,
                                "an autosave in ann's home"))[0]
    made = await poll(lambda: choices_in(save) if choices_in(save) > 0 else None, 20,
                      "a choice in the save")

    # The connection drops: the app ends; the save stays.
    conn.abort()
    assert await wait_gone(pid), "the app outlived its connection"
    assert choices_in(save) == made

    # Next login as the same name: continue that game and play on.
    async with connect(server, keys=[client_key]) as conn2:
        screen2 = await open_shell(conn2, 100, 32)
        await screen2.wait_for(r"Continue", timeout=30)
        await screen2.wait_for(r"You, bot", timeout=20)  # the title found ann's game
        screen2.set_mark()
        screen2.process.stdin.write(b"c")
        await screen2.wait_for(r"Undo", timeout=20)
        await poll_pressing(screen2, b"\r", lambda: choices_in(save) > made, 30,
                            "the continued game to be saved on")
        assert saves(home) == [save], "continue should carry on the same save"
        assert not saves(data_dir / "users" / "ssh" / "bob")


async def test_a_guest_sees_the_warning_on_the_title_over_ssh(make_server):
    server = await make_server(child=APP, guest=True)
    async with connect(server, username="zoe", keys=None) as conn:
        screen = await open_shell(conn, 100, 32)
        await screen.wait_for(r"New game", timeout=30)
        await screen.wait_for(r"anyone can log in as “zoe”", timeout=10)
        screen.process.stdin.write(b"q")
        await asyncio.wait_for(screen.process.wait(), 20)
