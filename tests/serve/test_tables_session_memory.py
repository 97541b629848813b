"""A served session is the app without OpenSSL: nothing in it speaks TLS or needs
OpenSSL's hashes, and mapping libcrypto and libssl cost every session some 4.5 MiB
of resident memory (benchmarks.table_latency's figure per session)."""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from .conftest import connect, open_shell


@pytest.fixture
def data_dir():
    # Short: the tables' socket lives here (a Unix socket path is at most ~107 bytes).
    path = Path(tempfile.mkdtemp(prefix="ikt-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


async def test_a_served_session_maps_no_openssl(make_server, client_key):
    server = await make_server(child=None)  # what a host runs: the default session command
    async with connect(server, username="ann", keys=[client_key]) as conn:
        screen = await open_shell(conn, cols=100, rows=32)
        await screen.wait_for(r"Join a table", timeout=40)
        [session] = list(server.sessions)
        maps = Path(f"/proc/{session.child.pid}/maps").read_text()
        assert "libcrypto" not in maps and "libssl" not in maps
        screen.process.stdin.write(b"q")
