"""Helpers for the serve tests: a real SSH server on 127.0.0.1 (a free port) whose
sessions run the tiny probe app, and a client-side screen that waits for text."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh", reason="the serve extra (asyncssh) is not installed")

from inkterm.serve.ssh_server import InktermSSHServer, SSHConfig  # noqa: E402

PROBE = [sys.executable, "-m", "inkterm.serve.probe"]

# CSI, OSC, charset and keypad escapes: stripped so the visible text can be searched.
ANSI = re.compile(
    rb"\x1b(?:\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78])"
)


def visible(data: bytes) -> str:
    return ANSI.sub(b"", data).decode("utf-8", "replace")


class Screen:
    """What one SSH client has received, with bounded waits for text."""

    def __init__(self, process) -> None:
        self.process = process
        self.raw = bytearray()
        self.mark = 0

    def set_mark(self) -> None:
        """Later waits only look at output from here on."""
        self.mark = len(self.raw)

    async def wait_for(self, pattern: str, timeout: float = 15.0) -> re.Match:
        deadline = time.monotonic() + timeout
        rx = re.compile(pattern)
        while True:
            m = rx.search(visible(bytes(self.raw[self.mark:])))
            if m:
                return m
            left = deadline - time.monotonic()
            if left <= 0:
                tail = visible(bytes(self.raw[-400:]))
                raise AssertionError(f"{pattern!r} not seen within {timeout}s; tail: {tail!r}")
            try:
                chunk = await asyncio.wait_for(self.process.stdout.read(65536), left)
            except asyncio.TimeoutError:
                continue
            if not chunk:
                if rx.search(visible(bytes(self.raw[self.mark:]))):
                    continue
                # The app's last words, whole: a crash prints its traceback there.
                raise AssertionError(f"connection ended before {pattern!r}; "
                                     f"got {visible(bytes(self.raw[-6000:]))!r}")
            self.raw += chunk

    async def read_to_end(self, timeout: float = 10.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                chunk = await asyncio.wait_for(
                    self.process.stdout.read(65536), deadline - time.monotonic())
            except asyncio.TimeoutError:
                break
            if not chunk:
                break
            self.raw += chunk
        return visible(bytes(self.raw))


@pytest.fixture
def client_key():
    return asyncssh.generate_private_key("ssh-ed25519")


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    d = tmp_path / "serve-data"
    d.mkdir()
    return d


@pytest.fixture
async def make_server(data_dir: Path, client_key):
    """Start servers on 127.0.0.1:<free port>; all are closed after the test."""
    servers: list[InktermSSHServer] = []
    for name in ("ann", "bob"):  # the one test key may log in as either
        add_key(data_dir, name, client_key)

    async def start(**overrides) -> InktermSSHServer:
        cfg = dict(host="127.0.0.1", port=0, data_dir=data_dir, child=PROBE)
        cfg.update(overrides)
        server = await InktermSSHServer(SSHConfig(**cfg)).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        await asyncio.wait_for(server.close(), 20)
        assert not server.sessions, "a session outlived its server"


@pytest.fixture
def chromium(tmp_path: Path):
    """Headless Chromium for a browser test, its network and page events on:
    ``async with chromium(url) as browser`` (opens ``url``, if given; closed after).
    A test that asks for it is skipped where no chromium is installed, and fails where
    $INKTERM_REQUIRE_BROWSER says it must run."""
    from . import cdp

    cdp.need_chromium()

    @asynccontextmanager
    async def opened(url: str | None = None) -> AsyncIterator[cdp.Browser]:
        browser = cdp.Browser(tmp_path / "chromium-profile")
        try:
            await browser.start()
            await browser.call("Network.enable")
            await browser.call("Page.enable")
            if url is not None:
                await browser.call("Page.navigate", url=url)
            yield browser
        finally:
            await browser.close()

    return opened


def add_key(data_dir: Path, name: str, key) -> Path:
    """Let ``key`` log in as ``name`` (appended to keys/NAME.pub)."""
    keys = data_dir / "keys"
    keys.mkdir(mode=0o700, exist_ok=True)
    path = keys / f"{name}.pub"
    with open(path, "ab") as fh:
        fh.write(key.export_public_key())
    path.chmod(0o600)
    return path


def connect(server: InktermSSHServer, *, username: str = "ann", keys=None, **kw):
    kw.setdefault("agent_path", None)
    return asyncssh.connect(
        "127.0.0.1", server.port, username=username,
        client_keys=keys, known_hosts=None,
        password=None, kbdint_auth=False, **kw,
    )


async def open_shell(conn, cols: int = 80, rows: int = 24, **kw) -> Screen:
    process = await conn.create_process(
        term_type="xterm-256color", term_size=(cols, rows), encoding=None, **kw)
    return Screen(process)


def pid_alive(pid: int) -> bool:
    """True while the process exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
            state = fh.read().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


async def wait_gone(pid: int, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not pid_alive(pid):
            return True
        await asyncio.sleep(0.05)
    return not pid_alive(pid)


def processes_under(path: Path) -> list[int]:
    """This user's processes that belong to a test's data directory: the server
    (``--data-dir``) and every session's app (INKTERM_HOME below it)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            if entry.stat().st_uid != os.getuid():
                continue
            words = (entry / "cmdline").read_bytes().split(b"\0")
            env = (entry / "environ").read_bytes().split(b"\0")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state == "Z":
            continue
        ours = str(path).encode()
        if ours in words or any(v.startswith(b"INKTERM_HOME=" + ours) for v in env):
            found.append(int(entry.name))
    return found


@pytest.fixture
def table_data():
    """The server's data directory; afterwards, no process of the test may be
    left running (a left-over app is ended, and the test fails)."""
    # Short: the tables' Unix socket lives here, and its path may not exceed ~107 bytes.
    path = Path(tempfile.mkdtemp(prefix="ikt-"))
    yield path
    left = processes_under(path)
    for _ in range(100):
        if not left:
            break
        time.sleep(0.1)
        left = processes_under(path)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    shutil.rmtree(path, ignore_errors=True)
    assert not left, f"processes outlived the test: {left}"
