"""Connections that do not play cannot keep players out: those not logged in
are counted apart (a short login grace time, a limit per address and OpenSSH's
MaxStartups random early drop, which sheds the likeliest idle socket rather than
the newcomer), and logged-in connections that run no game hold a slot only briefly."""

from __future__ import annotations

import asyncio
import logging
import time

import pytest

from .conftest import connect, open_shell
from .test_openssh_client import SSH, Terminal, private_key_file, ssh_argv

from inkterm.serve.ssh_server import SSHConfig
from inkterm.serve.startups import MaxStartups


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
    per_address = server.config.max_startups_per_address
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
    server = await make_server(max_startups=MaxStartups(3, 100, 3))
    sockets = [await idle_socket(server) for _ in range(3)]
    try:
        await until(lambda: logging_in(server) == 3)
        sockets.append(await idle_socket(server))
        oldest = sockets[0][0]  # as silent as the rest, and waiting longest: shed
        await asyncio.wait_for(oldest.read(), 10)
        assert oldest.at_eof()
        await asyncio.sleep(0.2)
        assert logging_in(server) == 3
    finally:
        for _, w in sockets:
            w.close()


def test_max_startups_follows_sshd():
    """sshd_config(5): from ``start`` connections logging in, one is refused with a
    chance of ``rate``%, rising linearly to always at ``full``."""
    ms = MaxStartups.parse("10:30:60")
    assert (ms.start, ms.rate, ms.full) == (10, 30, 60) and str(ms) == "10:30:60"
    assert ms.shed_chance(9) == 0 and ms.shed_chance(10) == pytest.approx(0.3)
    assert ms.shed_chance(35) == pytest.approx(0.65) and ms.shed_chance(60) == 1
    assert MaxStartups.parse("5").shed_chance(4) == 0 and MaxStartups.parse("5").shed_chance(5) == 1
    for bad in ("10:30", "a:b:c", "10:130:60", "60:30:10", "0:30:60"):
        with pytest.raises(ValueError):
            MaxStartups.parse(bad)


#: 4 idle sockets from each of 13 addresses: 52, more than OpenSSH's default start
#: of 10 and what locked every player out before (32).
IDLE_ADDRESSES = [f"127.0.0.{n}" for n in range(2, 15)]
IDLE_PER_ADDRESS = 4


@pytest.mark.skipif(SSH is None, reason="no OpenSSH client (ssh) installed")
async def test_idle_sockets_from_many_addresses_do_not_keep_an_openssh_login_out(
        make_server, client_key, tmp_path, caplog):
    server = await make_server()  # the defaults a host gets
    caplog.set_level(logging.WARNING, logger="inkterm.serve.ssh")

    def shed() -> int:
        return sum("dropping one" in r.getMessage() for r in caplog.records)

    sockets = []
    for address in IDLE_ADDRESSES:
        for _ in range(IDLE_PER_ADDRESS):
            sockets.append(await asyncio.open_connection("127.0.0.1", server.port,
                                                         local_addr=(address, 0)))
    term = None
    try:
        held = len(sockets)
        await until(lambda: logging_in(server) + shed() == held)  # every socket arrived
        assert logging_in(server) >= server.config.max_startups.start  # and many are held
        t0 = time.monotonic()
        term = Terminal(ssh_argv(server.port, private_key_file(tmp_path, client_key, "id")))
        await term.child.start()
        await term.wait_for(r"pid=\d+ size=80x24 keys=0", timeout=15)
        took = time.monotonic() - t0
        print(f"an OpenSSH login beside {logging_in(server)} idle sockets: {took:.2f} s")
        assert took < 2.0, f"the login took {took:.2f} s"
        assert logging_in(server) <= server.config.max_startups.full
        term.child.write(b"q")
        await asyncio.wait_for(term.child.exited.wait(), 15)
        assert term.rc == 0
    finally:
        if term is not None:
            await term.child.terminate()
        for _, writer in sockets:
            writer.close()


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
