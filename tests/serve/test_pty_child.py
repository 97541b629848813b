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
