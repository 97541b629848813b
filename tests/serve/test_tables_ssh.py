"""The SSH server runs the shared tables: each session's app is given the socket
and a token the server bound to the login name; the token dies with the session."""
from __future__ import annotations

import asyncio
import shutil
import tempfile
from pathlib import Path

import pytest

from .conftest import connect, open_shell

from inkterm.session_env import TABLES_SOCKET_ENV, TABLES_TOKEN_ENV
from inkterm.tables.client import TableClient, TableRefused


@pytest.fixture
def data_dir():
    # Short: the tables' socket lives here (a Unix socket path is at most ~107 bytes).
    path = Path(tempfile.mkdtemp(prefix="ikt-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def environ(pid: int) -> dict[str, str]:
    raw = open(f"/proc/{pid}/environ", "rb").read().decode()
    return dict(item.split("=", 1) for item in raw.split("\0") if "=" in item)


async def test_a_session_speaks_for_its_login_name_only_while_it_lasts(make_server, client_key,
                                                                       data_dir):
    server = await make_server()
    assert server.tables is not None
    async with connect(server, username="bob", keys=[client_key]) as conn:
        screen = await open_shell(conn)
        pid = int((await screen.wait_for(r"pid=(\d+) size=80x24")).group(1))
        env = environ(pid)
        assert env[TABLES_SOCKET_ENV] == str(data_dir / "tables.sock")
        token = env[TABLES_TOKEN_ENV]
        client = await TableClient.connect(env[TABLES_SOCKET_ENV], token)
        assert client.name == "bob"
        await client.close()
        screen.process.stdin.write(b"q")
        await asyncio.wait_for(screen.process.wait(), 15)
    for _ in range(50):
        if not server.sessions:
            break
        await asyncio.sleep(0.1)
    with pytest.raises(TableRefused):
        await TableClient.connect(str(data_dir / "tables.sock"), token)


async def test_tables_off_when_the_socket_path_is_too_long(make_server, data_dir):
    deep = data_dir / ("d" * 100)
    deep.mkdir()
    server = await make_server(data_dir=deep)
    assert server.tables is None  # logins still play, each on their own
