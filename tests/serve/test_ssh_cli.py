"""`inkterm serve ssh` as a command: argument defaults, refusing to start
without keys, the --guest warning, and a clean shutdown on SIGTERM."""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

from .conftest import asyncssh, open_shell, wait_gone
from .test_web import free_port

from inkterm.serve import ssh, web

ROOT = Path(__file__).resolve().parents[2]
PROBE = f"{sys.executable} -m inkterm.serve.probe"


def test_arguments_and_defaults():
    p = argparse.ArgumentParser()
    ssh.add_arguments(p)
    a = p.parse_args([])
    assert (a.host, a.port, a.guest, a.authorized_keys, a.max_sessions) == (
        "127.0.0.1", 2222, False, None, 8)
    a = p.parse_args(["--host", "0.0.0.0", "--port", "2200", "--authorized-keys", "k",
                      "--guest", "--max-sessions", "3"])
    assert (a.host, a.port, a.guest, str(a.authorized_keys), a.max_sessions) == (
        "0.0.0.0", 2200, True, "k", 3)
    w = argparse.ArgumentParser()
    web.add_arguments(w)
    b = w.parse_args([])
    assert (b.host, b.port) == ("127.0.0.1", 8000)


def serve_ssh(*args, timeout=30):
    """Run ``inkterm serve ssh`` to its end (for the cases where it refuses to start)."""
    return subprocess.run([sys.executable, "-m", "inkterm.serve.ssh", *map(str, args)],
                          cwd=ROOT, capture_output=True, text=True, timeout=timeout)


def test_without_keys_or_guest_it_refuses_to_start(tmp_path):
    out = serve_ssh("--data-dir", tmp_path, "--port", free_port())
    assert out.returncode == 2
    assert "no player keys" in out.stderr and "--guest" in out.stderr
    assert str(tmp_path / "keys" / "ann.pub") in out.stderr  # says where keys go
    assert stat.S_IMODE((tmp_path / "keys").stat().st_mode) == 0o700


def test_a_keys_folder_others_may_write_is_pointed_out_at_start(tmp_path):
    (tmp_path / "keys").mkdir()
    (tmp_path / "keys").chmod(0o777)
    out = serve_ssh("--data-dir", tmp_path, "--port", free_port())
    assert out.returncode == 2  # (and it has no keys yet)
    assert f"every key in {tmp_path / 'keys'} will be refused" in out.stderr
    assert "writable by its group or by everyone" in out.stderr


def test_the_old_keys_file_alone_is_not_enough(tmp_path):
    old = tmp_path / "authorized_keys"
    old.write_bytes(asyncssh.generate_private_key("ssh-ed25519").export_public_key())
    out = serve_ssh("--data-dir", tmp_path, "--port", free_port())
    assert out.returncode == 2
    assert f"{old} is no longer read" in out.stderr
    assert str(tmp_path / "keys" / "ann.pub") in out.stderr  # how to move the keys
    assert f"--authorized-keys {old}" in out.stderr  # or how to keep it
    missing = tmp_path / "no-such-file"
    out = serve_ssh("--data-dir", tmp_path, "--port", free_port(), "--authorized-keys", missing)
    assert out.returncode == 2
    assert out.stderr.strip() == f"inkterm serve ssh: --authorized-keys {missing}: no such file"


async def start_server(tmp_path, *args) -> tuple[subprocess.Popen, int, Path]:
    """``inkterm serve ssh`` in the background, once it says players may connect."""
    port = free_port()
    errlog = tmp_path / "server.err"
    with open(errlog, "wb") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "inkterm.serve.ssh", "--port", str(port), "--child", PROBE,
             *map(str, args)], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=err)
    deadline = time.monotonic() + 20
    while b"players connect with" not in errlog.read_bytes():
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise AssertionError(f"server did not start: {errlog.read_text()}")
        await asyncio.sleep(0.1)
    return proc, port, errlog


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


async def test_the_shared_keys_option_warns_and_lets_its_keys_in_as_anyone(tmp_path):
    key = asyncssh.generate_private_key("ssh-ed25519")
    shared = tmp_path / "authorized_keys"
    shared.write_bytes(key.export_public_key())
    shared.chmod(0o600)
    proc, port, errlog = await start_server(
        tmp_path, "--data-dir", tmp_path / "data", "--authorized-keys", shared)
    try:
        assert f"WARNING: --authorized-keys is on: any key in {shared}" in errlog.read_text()
        async with asyncssh.connect("127.0.0.1", port, username="whoever", known_hosts=None,
                                    client_keys=[key], agent_path=None) as conn:
            assert conn.get_extra_info("username") == "whoever"
    finally:
        stop(proc)
    assert "whoever logged in from 127.0.0.1 with key " + key.get_fingerprint() in \
        errlog.read_text()


async def test_guest_server_warns_serves_and_stops_cleanly(tmp_path):
    port = free_port()
    errlog = tmp_path / "server.err"
    with open(errlog, "wb") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "inkterm.serve.ssh", "--guest", "--port", str(port),
             "--data-dir", str(tmp_path / "data"), "--child", PROBE],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=err,
        )
    try:
        deadline = time.monotonic() + 20
        while b"players connect with" not in errlog.read_bytes():
            assert proc.poll() is None, errlog.read_text()
            assert time.monotonic() < deadline, "server did not start"
            await asyncio.sleep(0.1)
        text = errlog.read_text()
        assert "WARNING: --guest" in text
        key_file = tmp_path / "data" / "ssh_host_ed25519_key"
        assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
        conn = await asyncssh.connect("127.0.0.1", port, username="zoe", known_hosts=None,
                                      client_keys=None, agent_path=None)
        screen = await open_shell(conn)
        pid = int((await screen.wait_for(r"pid=(\d+)")).group(1))
        assert (tmp_path / "data" / "users" / "ssh" / "zoe").is_dir()
        proc.send_signal(signal.SIGTERM)  # the host stops the server
        text = await screen.read_to_end(timeout=15)
        assert proc.wait(15) == 0
        assert "server is shutting down" in text
        assert await wait_gone(pid), "the app outlived the server"
        conn.abort()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)


def test_cli_wiring_as_proposed_and_lazy_imports():
    # The edit proposed for inkterm/cli.py: `inkterm serve ssh|web ...`.
    p = argparse.ArgumentParser(prog="inkterm")
    sub = p.add_subparsers(dest="command")
    serve = sub.add_parser("serve")
    how = serve.add_subparsers(dest="serve_command", required=True)
    ssh.add_arguments(how.add_parser("ssh"))
    web.add_arguments(how.add_parser("web"))
    a = p.parse_args(["serve", "ssh", "--guest", "--port", "2200"])
    assert (a.command, a.serve_command, a.guest, a.port) == ("serve", "ssh", True, 2200)
    b = p.parse_args(["serve", "web", "--port", "8100"])
    assert (b.serve_command, b.port) == ("web", 8100)
    # Building the parser must not pull in the servers' heavy dependencies.
    code = ("import sys, inkterm.serve.ssh, inkterm.serve.web; "
            "heavy = {'asyncssh', 'textual_serve', 'aiohttp', 'asyncio'} & set(sys.modules); "
            "assert not heavy, heavy")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, timeout=30)


def host_env(tmp_path: Path) -> dict[str, str]:
    """A host's environment with INKTERM_HOME set; the platform's data directory is
    somewhere else of this test's own, so a door that ignored INKTERM_HOME would
    be caught writing there."""
    env = {k: v for k, v in os.environ.items() if k != "INKTERM_HOME"}
    env.update(INKTERM_HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(tmp_path / "xdg"),
               PYTHONPATH=str(ROOT))
    return env


async def wait_for_text(path: Path, text: bytes, proc: subprocess.Popen) -> None:
    deadline = time.monotonic() + 20
    while text not in path.read_bytes():
        assert proc.poll() is None and time.monotonic() < deadline, path.read_text()
        await asyncio.sleep(0.1)


async def test_both_doors_keep_their_data_in_inkterm_home(tmp_path):
    """As every other command does: `serve ssh` its host key, keys and players'
    homes, `serve web` its players' saves, under $INKTERM_HOME."""
    env, home = host_env(tmp_path), tmp_path / "home"
    errlog = tmp_path / "ssh.err"
    with open(errlog, "wb") as err:
        proc = subprocess.Popen([sys.executable, "-m", "inkterm", "serve", "ssh", "--guest",
                                 "--port", str(free_port()), "--child", PROBE],
                                cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=err)
    try:
        await wait_for_text(errlog, b"players connect with", proc)
        assert (home / "ssh_host_ed25519_key").is_file()
        assert (home / "tables").is_dir()
    finally:
        stop(proc)
    port = free_port()
    errlog = tmp_path / "web.err"
    with open(errlog, "wb") as err:
        proc = subprocess.Popen([sys.executable, "-m", "inkterm", "serve", "web",
                                 "--port", str(port), "--child", PROBE],
                                cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=err)
    try:
        await wait_for_text(errlog, b"serving in the browser", proc)
        assert (home / "users" / "web" / "browser").is_dir()
    finally:
        stop(proc)
    assert not (tmp_path / "xdg").exists()
