"""A session's app must not outlive its server, even one killed with SIGKILL and
even an app that does not die of the hang-up (apps of a killed server were seen
running on in full test runs)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import pid_alive, wait_gone

#: An app that shrugs off the hang-up and SIGTERM.
DEAF = ("import signal, time\n"
        "for s in (signal.SIGHUP, signal.SIGTERM): signal.signal(s, signal.SIG_IGN)\n"
        "print('deaf', flush=True)\n"
        "time.sleep(600)\n")

#: A stand-in server: one PtyChild running the deaf app; prints the app's pid once
#: the app has stopped listening.
SERVER = f"""
import asyncio, os, sys
from inkterm.serve.common import PtyChild

async def main():
    deaf = asyncio.Event()
    child = PtyChild([sys.executable, "-c", {DEAF!r}], env=dict(os.environ),
                     on_output=lambda data: b"deaf" in data and deaf.set(),
                     on_exit=lambda rc: None)
    await child.start()
    await deaf.wait()
    print(child.pid, flush=True)
    await asyncio.sleep(600)

asyncio.run(main())
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel's parent-death signal is Linux's")
async def test_an_app_that_ignores_the_hang_up_still_ends_with_its_killed_server():
    root = str(Path(__file__).resolve().parents[2])
    server = subprocess.Popen([sys.executable, "-c", SERVER], stdout=subprocess.PIPE,
                              env={**os.environ, "PYTHONPATH": root}, text=True)
    app = None
    try:
        app = int(server.stdout.readline())
        assert pid_alive(app)
        server.kill()
        server.wait()
        assert await wait_gone(app, timeout=5), "the app outlived its SIGKILLed server"
    finally:
        server.kill()
        server.wait()
        if app is not None and pid_alive(app):
            os.kill(app, signal.SIGKILL)


async def test_input_and_its_end_sent_while_the_app_starts_reach_it():
    """An SSH client with a pipe sends its whole script, and its end, at once: on a busy
    machine that came while the app was still starting, and was dropped, and the app
    waited for input for ever (a piped plain game over SSH hung to its timeout)."""
    import asyncio

    from inkterm.serve.common import PtyChild

    out, ended = bytearray(), asyncio.Event()
    child = PtyChild([sys.executable, "-c", "import sys; print(repr(sys.stdin.read()), flush=True)"],
                     env=dict(os.environ), echo=False, on_output=out.extend, on_exit=lambda rc: ended.set())
    child.write(b"1\n2\n")  # before the app runs: as data_received may, mid-start
    child.end_input()
    await child.start()
    await asyncio.wait_for(ended.wait(), 30)
    assert "'1\\n2\\n'" in out.decode()


async def test_hanging_up_on_an_app_can_be_cancelled_as_the_app_ends():
    """A server closing cancels the tasks hanging up on its apps. Python 3.11's
    asyncio.wait_for returned normally when what it waited for finished in the same
    moment as the cancellation, which was lost: the task sent the next signal and
    waited on. Made deterministic: the app's end and the cancellation come together."""
    import asyncio

    from inkterm.serve.common import PtyChild

    deaf = asyncio.Event()
    child = PtyChild([sys.executable, "-c", DEAF], env=dict(os.environ),
                     on_output=lambda data: b"deaf" in data and deaf.set(), on_exit=lambda rc: None)
    await child.start()
    try:
        async with asyncio.timeout(30):
            await deaf.wait()  # the app has stopped listening to the hang-up
        hanging_up = asyncio.create_task(child.terminate(grace=30))
        await asyncio.sleep(0.1)  # the hang-up is sent; it waits for the app's end
        child.exited.set()  # the app's end, as the cancellation comes
        hanging_up.cancel()
        await asyncio.wait([hanging_up], timeout=10)
        assert hanging_up.cancelled(), "the cancellation was swallowed"
    finally:
        child._signal(signal.SIGKILL)
        await child.terminate(grace=5)
