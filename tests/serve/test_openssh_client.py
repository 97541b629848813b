"""Interoperability: the stock OpenSSH client (if installed) logs in with a key,
sees the app, types, resizes its window, and is refused with a wrong key."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import time

import pytest

from .conftest import asyncssh, visible

from inkterm.serve.common import PtyChild

SSH = shutil.which("ssh")
pytestmark = pytest.mark.skipif(SSH is None, reason="no OpenSSH client (ssh) installed")


class Terminal:
    """The OpenSSH client running on a pty of its own, as in a terminal window."""

    def __init__(self, argv, cols=80, rows=24):
        self.raw = bytearray()
        self.mark = 0
        self.new = asyncio.Event()
        self.rc = None
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color",
               "HOME": os.environ.get("HOME", "/tmp"), "LANG": "C.UTF-8"}
        self.child = PtyChild(argv, env=env, cols=cols, rows=rows,
                              on_output=self._out, on_exit=self._exit)

    def _out(self, data):
        self.raw += data
        self.new.set()

    def _exit(self, rc):
        self.rc = rc
        self.new.set()

    async def wait_for(self, pattern, timeout=20.0):
        deadline = time.monotonic() + timeout
        while True:
            m = re.search(pattern, visible(bytes(self.raw[self.mark:])))
            if m:
                return m
            left = deadline - time.monotonic()
            if left <= 0 or self.rc is not None:
                raise AssertionError(f"{pattern!r} not seen (rc={self.rc}); tail "
                                     f"{visible(bytes(self.raw[-300:]))!r}")
            self.new.clear()
            try:
                await asyncio.wait_for(self.new.wait(), left)
            except asyncio.TimeoutError:
                pass


def ssh_argv(port, key_file, user="ann"):
    return [SSH, "-tt", "-F", "/dev/null", "-p", str(port), "-i", str(key_file),
            "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none", "-o", "BatchMode=yes",
            "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "LogLevel=ERROR", f"{user}@127.0.0.1"]


async def test_openssh_client_plays_and_resizes(make_server, client_key, tmp_path):
    server = await make_server()
    key_file = tmp_path / "id_ed25519"
    key_file.write_bytes(client_key.export_private_key())
    key_file.chmod(0o600)
    term = Terminal(ssh_argv(server.port, key_file), 80, 24)
    await term.child.start()
    try:
        m = await term.wait_for(r"pid=(\d+) size=80x24 keys=0")
        term.mark = len(term.raw)
        term.child.write(b"z")
        await term.wait_for(r"keys=1 last=z")
        term.mark = len(term.raw)
        term.child.resize(120, 40)  # the player resizes the window
        await term.wait_for(r"size=120x40")
        term.child.write(b"q")
        await asyncio.wait_for(term.child.exited.wait(), 15)
        assert term.rc == 0
    finally:
        await term.child.terminate()


async def test_openssh_client_with_a_wrong_key_is_refused(make_server, tmp_path):
    server = await make_server()
    key_file = tmp_path / "id_other"
    key_file.write_bytes(asyncssh.generate_private_key("ssh-ed25519").export_private_key())
    key_file.chmod(0o600)
    term = Terminal(ssh_argv(server.port, key_file))
    await term.child.start()
    try:
        await asyncio.wait_for(term.child.exited.wait(), 20)
        assert term.rc == 255
        assert "Permission denied" in visible(bytes(term.raw))
        assert not server.sessions
    finally:
        await term.child.terminate()
