"""Connections that do not play cannot keep players out: those not logged in
are counted apart (a short login timeout, a limit per address), and logged-in
connections that run no game hold a slot only briefly."""

from __future__ import annotations

import asyncio
import time

from .conftest import connect, open_shell

from inkterm.serve.ssh_server import SSHConfig


async def idle_socket(server):
    """A TCP connection that never says a word."""
    return await asyncio.open_connection("127.0.0.1", server.port)


def logging_in(server) -> int:
    return sum(1 for handler in server._connections if not handler.logged_in)


async def until(condition, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.02)


async def test_idle_sockets_do_not_lock_players_out(make_server, client_key):
    server = await make_server(max_sessions=2)
    per_address = server.config.max_logging_in_per_address
    sockets = []
    for _ in range(3 * (2 * 2 + 4)):  # far more than used to lock everyone out
        sockets.append(await idle_socket(server))
    try:
        await until(lambda: logging_in(server) == per_address)
        async with connect(server, keys=[client_key]) as conn:  # a player still gets in
            screen = await open_shell(conn)
            await screen.wait_for(r"inkterm probe")
            await screen.wait_for(r"keys=0")
        assert logging_in(server) <= per_address
        # The sockets dropped to make room see the end of their connection.
        reader = sockets[0][0]
        await asyncio.wait_for(reader.read(), 10)
        assert reader.at_eof()
    finally:
        for _, writer in sockets:
            writer.close()


async def test_logging_in_has_a_short_time_limit(make_server):
    assert SSHConfig().login_timeout <= 20
    server = await make_server(login_timeout=1.0)
    reader, writer = await idle_socket(server)
    t0 = time.monotonic()
    try:
        await asyncio.wait_for(reader.read(), 10)  # the banner, then the end
        assert reader.at_eof()
        assert 0.5 < time.monotonic() - t0 < 5
        await until(lambda: not server._connections)
    finally:
        writer.close()


async def test_all_addresses_together_are_capped_too(make_server):
    server = await make_server(max_logging_in=3)
    sockets = [await idle_socket(server) for _ in range(3)]
    try:
        await until(lambda: logging_in(server) == 3)
        reader, writer = await idle_socket(server)
        sockets.append((reader, writer))
        await asyncio.wait_for(reader.read(), 10)
        assert reader.at_eof() and logging_in(server) == 3
    finally:
        for _, w in sockets:
            w.close()


async def test_a_logged_in_connection_without_a_game_holds_a_slot_briefly(make_server):
    server = await make_server(guest=True, max_sessions=1, sessionless_timeout=1.5)
    lurker = await connect(server, username="lurker", keys=None)  # never opens a session
    try:
        async with connect(server, username="ann", keys=None) as conn:
            screen = await open_shell(conn)
            assert "table is full" in await screen.read_to_end()  # the lurker counts
        t0 = time.monotonic()
        await asyncio.wait_for(lurker.wait_closed(), 10)  # ... and is closed soon
        assert time.monotonic() - t0 < 5
        async with connect(server, username="ann", keys=None) as conn:  # now Ann plays
            screen = await open_shell(conn)
            await screen.wait_for(r"keys=0")
            await asyncio.sleep(2)  # a player's connection is not closed under them
            screen.set_mark()
            screen.process.stdin.write(b"x")
            await screen.wait_for(r"keys=1 last=x")
    finally:
        lurker.close()
