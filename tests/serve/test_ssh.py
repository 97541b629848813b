"""The SSH front door, exercised with a real asyncssh client over loopback."""

from __future__ import annotations

import asyncio
import os
import stat
import sys
import time

import pytest

from .conftest import Screen, asyncssh, connect, open_shell, pid_alive, wait_gone

from inkterm.serve.ssh_keys import ensure_host_key


async def test_key_login_first_frame_keys_and_resize(make_server, client_key, data_dir):
    server = await make_server()
    t0 = time.monotonic()
    async with connect(server, keys=[client_key]) as conn:
        screen = await open_shell(conn, 80, 24)
        await screen.wait_for(r"inkterm probe")
        m = await screen.wait_for(r"pid=(\d+) size=80x24 keys=0")
        first_frame = time.monotonic() - t0
        pid = int(m.group(1))
        assert pid_alive(pid)
        assert first_frame < 15

        screen.set_mark()
        screen.process.stdin.write(b"x")
        await screen.wait_for(r"keys=1 last=x")

        screen.set_mark()
        screen.process.change_terminal_size(100, 30)
        await screen.wait_for(r"size=100x30 keys=1")

        # The child's environment: the client's TERM and a per-user INKTERM_HOME.
        env = dict(
            item.split("=", 1)
            for item in open(f"/proc/{pid}/environ", "rb").read().decode().split("\0")
            if "=" in item
        )
        assert env["TERM"] == "xterm-256color"
        assert env["INKTERM_HOME"] == str(data_dir / "users" / "ssh" / "ann")
        assert "SSH_AUTH_SOCK" not in env
        assert env["INKTERM_SERVED"] == "ssh"  # the app knows files it writes stay on the host
        assert "INKTERM_GUEST" not in env  # ann logged in with her key

        screen.process.stdin.write(b"q")  # the app quits: the session ends with it
        await asyncio.wait_for(screen.process.wait(), 10)
        assert screen.process.exit_status == 0
    assert await wait_gone(pid)
    assert not server.sessions


async def test_wrong_key_is_refused(make_server):
    server = await make_server()
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    with pytest.raises(asyncssh.PermissionDenied):
        async with connect(server, keys=[stranger]):
            pass
    with pytest.raises(asyncssh.PermissionDenied):  # and no key at all
        async with connect(server, keys=None):
            pass
    assert not server.sessions


async def test_exec_sftp_and_forwarding_are_refused(make_server, client_key):
    server = await make_server()
    async with connect(server, keys=[client_key]) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_process("echo hacked", encoding=None)
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", server.port)  # local forwarding
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 9)
        # The connection is still good for what it is for.
        screen = await open_shell(conn)
        await screen.wait_for(r"keys=0")
    assert not server.sessions or await _drained(server)


async def test_agent_and_x11_forwarding_are_refused(make_server, client_key, tmp_path):
    server = await make_server()
    async with connect(server, keys=[client_key], agent_forwarding=True,
                       agent_path=str(tmp_path / "no-agent")) as conn:
        screen = await open_shell(conn)
        pid = int((await screen.wait_for(r"pid=(\d+)")).group(1))
        env = open(f"/proc/{pid}/environ", "rb").read().decode()
        assert "SSH_AUTH_SOCK" not in env and "DISPLAY=" not in env
        session = next(iter(server.sessions))
        assert session._chan.get_agent_path() is None  # the request was refused
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_process(term_type="xterm", x11_forwarding=True,
                                      x11_display="127.0.0.1:0")


async def test_shell_without_pty_gets_a_message(make_server, client_key):
    server = await make_server()
    async with connect(server, keys=[client_key]) as conn:
        process = await conn.create_process(encoding=None)  # like `ssh -T`
        out = await asyncio.wait_for(process.stdout.read(), 10)
        await asyncio.wait_for(process.wait(), 10)
        assert b"needs a terminal" in out
        assert process.exit_status == 1


async def test_guest_lets_a_keyless_client_in(make_server):
    server = await make_server(guest=True)
    async with connect(server, username="guest-7", keys=None) as conn:
        screen = await open_shell(conn)
        await screen.wait_for(r"inkterm probe")
        pid = int((await screen.wait_for(r"pid=(\d+) size=\S+ keys=0")).group(1))
        env = open(f"/proc/{pid}/environ", "rb").read().decode().split("\0")
        assert "INKTERM_GUEST=1" in env and "INKTERM_USER=guest-7" in env  # the title warns


async def test_colour_depth_comes_from_the_client(make_server, client_key):
    server = await make_server()
    async with connect(server, keys=[client_key]) as conn:
        process = await conn.create_process(
            term_type="xterm", term_size=(80, 24), encoding=None,
            env={"COLORTERM": "truecolor", "LC_ALL": "C.UTF-8", "EVIL": "x", "PATH": "/tmp"})
        screen = Screen(process)
        pid = int((await screen.wait_for(r"pid=(\d+)")).group(1))
        env = dict(item.split("=", 1) for item in
                   open(f"/proc/{pid}/environ", "rb").read().decode().split("\0") if "=" in item)
        assert env["TERM"] == "xterm"
        assert env["COLORTERM"] == "truecolor"
        assert env["LC_ALL"] == "C.UTF-8"
        assert "EVIL" not in env and env["PATH"] != "/tmp"


async def test_two_clients_get_separate_processes(make_server, client_key, data_dir):
    server = await make_server()
    async with connect(server, keys=[client_key], username="ann") as c1, \
            connect(server, keys=[client_key], username="bob") as c2:
        s1, s2 = await asyncio.gather(open_shell(c1, 80, 24), open_shell(c2, 90, 25))
        m1, m2 = await asyncio.gather(
            s1.wait_for(r"pid=(\d+) size=80x24"), s2.wait_for(r"pid=(\d+) size=90x25"))
        p1, p2 = int(m1.group(1)), int(m2.group(1))
        assert p1 != p2 and pid_alive(p1) and pid_alive(p2)
        assert len(server.sessions) == 2
        # Keys go to their own session only.
        s1.set_mark(); s2.set_mark()
        s1.process.stdin.write(b"a")
        await s1.wait_for(r"keys=1 last=a")
        s2.process.stdin.write(b"b")
        await s2.wait_for(r"keys=1 last=b")
        assert "last=a" not in s2.raw.decode("utf-8", "replace")
        assert (data_dir / "users" / "ssh" / "ann").is_dir()
        assert (data_dir / "users" / "ssh" / "bob").is_dir()


async def test_dropped_connection_ends_the_child(make_server, client_key):
    server = await make_server()
    fds_before = len(os.listdir("/proc/self/fd"))
    conn = await connect(server, keys=[client_key])
    screen = await open_shell(conn)
    pid = int((await screen.wait_for(r"pid=(\d+)")).group(1))
    assert pid_alive(pid)
    conn.abort()  # no goodbye: the TCP connection just goes away
    assert await wait_gone(pid), "the app outlived its connection"
    assert await _drained(server)
    # The pty and the sockets are closed again (nothing leaks per session).
    deadline = time.monotonic() + 5
    while len(os.listdir("/proc/self/fd")) > fds_before and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert len(os.listdir("/proc/self/fd")) <= fds_before


async def test_session_limit(make_server, client_key):
    server = await make_server(max_sessions=1)
    async with connect(server, keys=[client_key]) as c1, \
            connect(server, keys=[client_key], username="bob") as c2:
        s1 = await open_shell(c1)
        await s1.wait_for(r"keys=0")
        s2 = await open_shell(c2)
        text = await s2.read_to_end()
        assert "table is full" in text
        assert s2.process.exit_status == 1
        assert len(server.sessions) == 1


async def test_logged_in_connections_are_capped(make_server, client_key):
    server = await make_server(max_sessions=1)  # at most 1 * 2 + 4 = 6 logged in
    conns = [await connect(server, keys=[client_key]) for _ in range(6)]
    try:
        try:  # closed right after logging in (connect() may not even return)
            extra = await connect(server, keys=[client_key])
            await asyncio.wait_for(extra.wait_closed(), 10)
        except (asyncssh.Error, OSError):
            pass
        assert len(server._connections) == 6
    finally:
        for c in conns:
            c.close()


async def test_idle_session_is_closed(make_server, client_key):
    server = await make_server(idle_timeout=1.0, check_interval=0.2)
    async with connect(server, keys=[client_key]) as conn:
        screen = await open_shell(conn)
        # (Under load the app may not even have drawn before it is idle long enough.)
        deadline = time.monotonic() + 10
        while not (server.sessions and next(iter(server.sessions)).child
                   and next(iter(server.sessions)).child.pid):
            assert time.monotonic() < deadline, "no session started"
            await asyncio.sleep(0.02)
        pid = next(iter(server.sessions)).child.pid
        text = await screen.read_to_end(timeout=15)
        assert "no key for" in text
        reset_at = screen.raw.rfind(b"\x1b[?1049l")  # the terminal is put back
        assert 0 <= reset_at < screen.raw.rfind(b"no key for")
        assert await wait_gone(pid)
        assert await _drained(server)


async def test_connection_without_a_game_is_closed_soon(make_server, client_key):
    server = await make_server(sessionless_timeout=1.0)
    conn = await connect(server, keys=[client_key])
    t0 = time.monotonic()
    await asyncio.wait_for(conn.wait_closed(), 10)
    assert time.monotonic() - t0 >= 0.9
    assert not server._connections


async def test_odd_login_names_stay_inside_the_users_dir(make_server, data_dir):
    server = await make_server(guest=True)
    async with connect(server, username="../../etc", keys=None) as conn:
        screen = await open_shell(conn)
        pid = int((await screen.wait_for(r"pid=(\d+)")).group(1))
        env = open(f"/proc/{pid}/environ", "rb").read().decode()
        home = [e for e in env.split("\0") if e.startswith("INKTERM_HOME=")][0].split("=", 1)[1]
        assert os.path.dirname(home) == str(data_dir / "users" / "ssh")
        assert os.path.basename(home).startswith("~")  # no plain name starts so


def test_host_key_is_created_once_owner_only(tmp_path):
    path = tmp_path / "keys" / "ssh_host_ed25519_key"
    k1 = ensure_host_key(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    k2 = ensure_host_key(path)
    assert k1.get_fingerprint() == k2.get_fingerprint()


async def test_clients_see_the_same_host_key_after_restart(make_server, client_key, data_dir):
    seen = []
    for _ in range(2):
        server = await make_server()
        async with connect(server, keys=[client_key]) as conn:
            seen.append(conn.get_server_host_key().get_fingerprint())
        await server.close()
    assert seen[0] == seen[1]
    assert stat.S_IMODE((data_dir / "ssh_host_ed25519_key").stat().st_mode) == 0o600


async def _drained(server, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while server.sessions and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    return not server.sessions


def test_child_program_is_made_absolute(tmp_path, monkeypatch):
    from inkterm.serve.common import resolve_argv

    monkeypatch.chdir(tmp_path)
    assert resolve_argv(["bin/app", "-x"]) == [str(tmp_path / "bin" / "app"), "-x"]
    assert os.path.isabs(resolve_argv(["python3", "-m", "inkterm"])[0])


def test_a_session_allocates_from_two_malloc_arenas_unless_the_host_says(tmp_path, monkeypatch):
    from inkterm.serve.common import child_environment

    monkeypatch.delenv("MALLOC_ARENA_MAX", raising=False)
    assert child_environment(term="xterm", inkterm_home=tmp_path)["MALLOC_ARENA_MAX"] == "2"
    monkeypatch.setenv("MALLOC_ARENA_MAX", "4")
    assert child_environment(term="xterm", inkterm_home=tmp_path)["MALLOC_ARENA_MAX"] == "4"


async def test_a_slow_client_pauses_the_app_instead_of_filling_memory(make_server, client_key):
    total = 16 * 1024 * 1024  # far more than the pty, channel and client buffers hold
    flood = [sys.executable, "-c",
             "import os\nb = b'x' * 65536\nfor _ in range(%d): os.write(1, b)\n" % (total // 65536)]
    server = await make_server(child=flood)
    async with connect(server, keys=[client_key]) as conn:
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        deadline = time.monotonic() + 10
        while not server.sessions:
            assert time.monotonic() < deadline, "no session started"
            await asyncio.sleep(0.01)
        session = next(iter(server.sessions))
        await asyncio.sleep(1.5)  # the client reads nothing meanwhile
        assert session.child.running, "the app should be blocked on its full pty"
        assert session._chan.get_write_buffer_size() < 2 * 1024 * 1024
        got = 0
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            chunk = await asyncio.wait_for(process.stdout.read(1 << 20), 10)
            if not chunk:
                break
            got += len(chunk)
        assert got >= total  # nothing was lost on the way
