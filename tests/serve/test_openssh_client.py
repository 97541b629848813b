"""Interoperability: the stock OpenSSH client (if installed) logs in with a key,
sees the app, types, resizes its window (within the size cap), and is refused
with a wrong key, also with a key that is right for another name."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import time

import pytest

from .conftest import add_key, asyncssh, visible

from inkterm.serve.common import MAX_COLUMNS, MAX_ROWS, PtyChild

SSH = shutil.which("ssh")
pytestmark = pytest.mark.skipif(SSH is None, reason="no OpenSSH client (ssh) installed")


class Terminal:
    """The OpenSSH client running on a pty of its own, as in a terminal window."""

    def __init__(self, argv, cols=80, rows=24, lang="C.UTF-8"):
        self.raw = bytearray()
        self.mark = 0
        self.new = asyncio.Event()
        self.rc = None
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color",
               "HOME": os.environ.get("HOME", "/tmp"), "LANG": lang}
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


def private_key_file(tmp_path, key, name):
    path = tmp_path / name
    path.write_bytes(key.export_private_key())
    path.chmod(0o600)
    return path


async def assert_refused(server, key_file, user):
    term = Terminal(ssh_argv(server.port, key_file, user))
    await term.child.start()
    try:
        await asyncio.wait_for(term.child.exited.wait(), 20)
        assert term.rc == 255
        assert "Permission denied" in visible(bytes(term.raw))
        assert not server.sessions
    finally:
        await term.child.terminate()


async def test_openssh_client_with_a_wrong_key_is_refused(make_server, tmp_path):
    server = await make_server()
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    await assert_refused(server, private_key_file(tmp_path, stranger, "id_other"), "ann")


async def test_openssh_client_with_another_names_key_is_refused(make_server, data_dir, tmp_path):
    ann = asyncssh.generate_private_key("ssh-ed25519")
    (data_dir / "keys" / "ann.pub").unlink()
    add_key(data_dir, "ann", ann)  # bob.pub holds only Bob's key
    server = await make_server()
    ann_file = private_key_file(tmp_path, ann, "id_ann")
    await assert_refused(server, ann_file, "bob")  # Ann's key, Bob's name
    term = Terminal(ssh_argv(server.port, ann_file, "ann"))  # and as herself she plays
    await term.child.start()
    try:
        await term.wait_for(r"pid=(\d+) size=80x24 keys=0")
        term.child.write(b"q")
        await asyncio.wait_for(term.child.exited.wait(), 15)
        assert term.rc == 0
    finally:
        await term.child.terminate()


async def test_openssh_client_window_is_capped(make_server, client_key, tmp_path):
    server = await make_server()
    key_file = private_key_file(tmp_path, client_key, "id_ed25519")
    cap = f"size={MAX_COLUMNS}x{MAX_ROWS}"
    term = Terminal(ssh_argv(server.port, key_file), 4000, 3000)  # the pty request
    await term.child.start()
    try:
        await term.wait_for(f"your window is 4000x3000; the table uses at most "
                            f"{MAX_COLUMNS}x{MAX_ROWS}")
        await term.wait_for(cap)
        term.mark = len(term.raw)
        term.child.resize(120, 40)  # smaller windows are passed on as they are
        await term.wait_for(r"size=120x40")
        term.mark = len(term.raw)
        term.child.resize(65535, 65535)  # and a window-change request is capped too
        await term.wait_for(cap)
        term.child.write(b"q")
        await asyncio.wait_for(term.child.exited.wait(), 15)
        assert term.rc == 0
    finally:
        await term.child.terminate()


async def test_openssh_client_told_when_a_resize_is_capped(make_server, client_key, tmp_path):
    server = await make_server()
    term = Terminal(ssh_argv(server.port, private_key_file(tmp_path, client_key, "id")), 80, 24)
    await term.child.start()
    try:
        await term.wait_for(r"size=80x24")
        assert "the table uses at most" not in visible(bytes(term.raw))
        term.mark = len(term.raw)
        term.child.resize(500, 300)
        await term.wait_for(f"your window is 500x300; the table uses at most "
                            f"{MAX_COLUMNS}x{MAX_ROWS}")
        await term.wait_for(f"size={MAX_COLUMNS}x{MAX_ROWS}")
        # Written below the app's rows, where its repaints do not reach.
        assert f"\x1b[{MAX_ROWS + 1};1H".encode() in term.raw
        term.child.write(b"q")
        await asyncio.wait_for(term.child.exited.wait(), 15)
        assert term.rc == 0
    finally:
        await term.child.terminate()


async def assert_name_refused(server, argv, said, lang="C.UTF-8"):
    """The client is told why its login name is refused, and nothing more happens: no
    app, no game slot held, no folder made for the name, the connection closed."""
    term = Terminal(argv, lang=lang)
    await term.child.start()
    try:
        await asyncio.wait_for(term.child.exited.wait(), 20)
        text = visible(bytes(term.raw))
        assert term.rc not in (0, None) and said in text, text
        assert not server.sessions and not server._holding
        assert not (server.config.data_dir / "users" / "ssh").exists() or not any(
            (server.config.data_dir / "users" / "ssh").iterdir())
        assert not any(h.logged_in for h in server._connections)
        return text
    finally:
        await term.child.terminate()


async def test_openssh_login_names_are_checked_as_every_door_checks_them(make_server, client_key,
                                                                         tmp_path):
    """A guest (or a shared key) may not log in under a lookalike of a name a key is
    filed under ("аnn" with a Cyrillic а beside ann.pub), nor under a name that is not
    one; the client is told why. The name itself still logs in."""
    server = await make_server(guest=True)
    key_file = private_key_file(tmp_path, client_key, "id_ed25519")
    for user, said in (("\u0430nn", "looks the same as 'ann'"), ("Ann", "'Ann' is taken (as 'ann')"),
                       ("a" * 40, "at most 32 characters")):
        await assert_name_refused(server, ssh_argv(server.port, key_file, user), said)
    term = Terminal(ssh_argv(server.port, key_file, "ann"))
    await term.child.start()
    try:
        await term.wait_for(r"pid=(\d+) size=80x24 keys=0")
    finally:
        await term.child.terminate()
