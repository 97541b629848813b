"""A pipe's script reaches plain mode whole and in order, whenever its pieces arrive:
before the session's app exists, while it starts, or after. A busy server once wrote
what came during the start before what came first (and the pipe's end before both),
so a piped game started from the middle of its script."""

from __future__ import annotations

import asyncio
import sys

from inkterm.serve import ssh_server
from inkterm.serve.common import PtyChild

from .conftest import connect

#: Stands in for plain mode: gives back every line it reads, until the input ends.
ECHO = [sys.executable, "-c", "import sys\nfor line in sys.stdin: print(line.strip(), flush=True)\nprint('end')"]


async def until(check, what: str, timeout: float = 10.0) -> None:
    async with asyncio.timeout(timeout):
        while not check():
            await asyncio.sleep(0.01)


async def test_input_before_and_during_the_apps_start_arrives_in_order(make_server, client_key, monkeypatch):
    """Made deterministic with two gates: the session's start waits until the first
    line has arrived (no app yet), the app's start until the second line and the
    pipe's end have (the app being started)."""
    session_may_start, child_may_start = asyncio.Event(), asyncio.Event()
    sessions: list = []
    starting: list[PtyChild] = []
    start_session, start_child = ssh_server._Session._start, PtyChild.start

    async def gated_session(self):
        sessions.append(self)
        await session_may_start.wait()
        await start_session(self)

    async def gated_child(self):
        starting.append(self)
        await child_may_start.wait()
        await start_child(self)

    monkeypatch.setattr(ssh_server._Session, "_start", gated_session)
    monkeypatch.setattr(PtyChild, "start", gated_child)
    server = await make_server(child=ECHO)
    async with connect(server, keys=[client_key]) as conn:
        process = await conn.create_process("plain", encoding=None)
        process.stdin.write(b"first\n")
        await until(lambda: bool(sessions and sessions[0]._early_input), "the first line, before the app")
        session_may_start.set()
        await until(lambda: bool(starting), "the app being started")
        process.stdin.write(b"second\n")
        process.stdin.write_eof()
        await until(lambda: b"second" in starting[0]._pending and b"\x04" in starting[0]._pending,
                    "the second line and the end, while the app starts")
        child_may_start.set()
        async with asyncio.timeout(30):
            out = await process.stdout.read()
            await process.wait()
    assert out.decode().split() == ["first", "second", "end"]


async def test_what_the_app_wrote_while_its_client_lagged_reaches_the_client_after_it_ends():
    """A slow client pauses reading the app's pty; an app that writes its last lines
    then and ends (a piped game's "The game is over") still has them passed on."""
    import os

    got, ended = bytearray(), asyncio.Event()
    child = PtyChild([sys.executable, "-c", "import sys; sys.stdin.readline(); print('the last words', flush=True)"],
                     env=dict(os.environ), echo=False, on_output=got.extend, on_exit=lambda rc: ended.set())
    await child.start()
    child.pause_output()  # the client is not keeping up
    child.write(b"go\n")
    async with asyncio.timeout(30):
        await ended.wait()
    assert b"the last words" in got
