"""Keys bound to names, as gitolite's keydir does: ``<data dir>/keys/NAME.pub``
holds the keys that may log in as NAME, and nothing else does (unless the host
asks for the old shared file). Every login logs the key's fingerprint."""

from __future__ import annotations

import asyncio
import logging
import os

import pytest

from .conftest import add_key, asyncssh, connect, open_shell

from inkterm.serve.common import safe_user_dir_name


def new_key():
    return asyncssh.generate_private_key("ssh-ed25519")


async def can_log_in(server, username, key) -> bool:
    try:
        async with connect(server, username=username, keys=[key]) as conn:
            return conn.get_extra_info("username") == username
    except asyncssh.PermissionDenied:
        return False


async def test_a_key_logs_in_only_as_the_names_whose_files_hold_it(make_server, data_dir):
    ann, bob, laptop, shared = new_key(), new_key(), new_key(), new_key()
    for name in ("ann", "bob"):
        (data_dir / "keys" / f"{name}.pub").unlink()
    add_key(data_dir, "ann", ann)
    add_key(data_dir, "ann", laptop)  # one file, several keys
    add_key(data_dir, "bob", bob)
    add_key(data_dir, "ann", shared)
    add_key(data_dir, "cy", shared)  # one key, several names
    server = await make_server()
    assert not await can_log_in(server, "bob", ann), "Ann's key must not play as Bob"
    assert not await can_log_in(server, "ann", bob)
    assert not await can_log_in(server, "dee", ann), "a name without a key file"
    assert await can_log_in(server, "ann", ann)
    assert await can_log_in(server, "ann", laptop)
    assert await can_log_in(server, "bob", bob)
    assert await can_log_in(server, "ann", shared) and await can_log_in(server, "cy", shared)
    assert not await can_log_in(server, "bob", shared)


async def test_every_login_logs_the_key_fingerprint(make_server, client_key, data_dir, caplog):
    caplog.set_level(logging.INFO, logger="inkterm.serve")
    server = await make_server()
    stranger = new_key()
    assert not await can_log_in(server, "ann", stranger)
    assert await can_log_in(server, "ann", client_key)
    logins = [r.getMessage() for r in caplog.records if "logged in" in r.getMessage()]
    assert len(logins) == 1
    assert client_key.get_fingerprint() in logins[0]
    assert str(data_dir / "keys" / "ann.pub") in logins[0]
    refused = " ".join(r.getMessage() for r in caplog.records if "refused key" in r.getMessage())
    assert stranger.get_fingerprint() in refused


async def test_key_files_are_reread_at_login(make_server, data_dir):
    server = await make_server()
    newcomer = new_key()
    assert not await can_log_in(server, "ann", newcomer)
    add_key(data_dir, "ann", newcomer)
    assert await can_log_in(server, "ann", newcomer)
    (data_dir / "keys" / "ann.pub").write_text("")  # and taken away again
    assert not await can_log_in(server, "ann", newcomer)


@pytest.mark.parametrize("what", ["file", "folder"])
@pytest.mark.parametrize("mode", [0o620, 0o602], ids=["group-writable", "world-writable"])
async def test_a_key_file_others_may_write_is_refused(
        make_server, client_key, data_dir, caplog, what, mode):
    caplog.set_level(logging.INFO, logger="inkterm.serve")
    server = await make_server()
    target = data_dir / "keys" / "ann.pub" if what == "file" else data_dir / "keys"
    good = 0o600 if what == "file" else 0o700
    target.chmod(mode if what == "file" else mode | 0o100)
    try:
        assert not await can_log_in(server, "ann", client_key)
        why = [r.getMessage() for r in caplog.records if "refusing the keys" in r.getMessage()]
        assert why and str(target) in why[0] and "writable by its group or by everyone" in why[0]
    finally:
        target.chmod(good)
    assert await can_log_in(server, "ann", client_key)


async def test_the_shared_keys_file_works_only_when_asked_for(make_server, data_dir):
    shared = new_key()
    old_file = data_dir / "authorized_keys"
    old_file.write_bytes(shared.export_public_key())
    old_file.chmod(0o600)
    server = await make_server()
    assert not await can_log_in(server, "ann", shared), "the old file is not read by default"
    server = await make_server(authorized_keys=old_file)
    assert await can_log_in(server, "zed", shared)  # any name, as before
    assert await can_log_in(server, "ann", shared)


def test_login_names_map_to_distinct_folders():
    names = ["ann", "Bob.Smith_2", "user-74ccf3c5b4c19a81", "../../etc", ".", "..", "",
             ".hidden", "-dash", "a/b", "a b", "ä", "~", "~%2E", "%2E", "x" * 32, "x" * 33,
             "é" * 60, "é" * 61, "\udcff", "~~", "/" * 300]
    folders = [safe_user_dir_name(name) for name in names]
    assert len(set(folders)) == len(names), dict(zip(names, folders))
    for folder in folders:
        assert folder not in ("", ".", "..") and os.sep not in folder and "\0" not in folder
        assert len(folder.encode()) <= 200
    assert folders[:3] == names[:3]  # plain names are their own folder


async def test_the_escaped_form_of_a_name_is_not_someone_elses_folder(make_server, data_dir):
    server = await make_server(guest=True)
    homes = []
    for name in ("../../etc", "user-74ccf3c5b4c19a81"):
        async with connect(server, username=name, keys=None) as conn:
            screen = await open_shell(conn)
            pid = int((await screen.wait_for(r"pid=(\d+)")).group(1))
            env = dict(e.split("=", 1) for e in
                       open(f"/proc/{pid}/environ", "rb").read().decode().split("\0") if "=" in e)
            homes.append(env["INKTERM_HOME"])
            screen.process.stdin.write(b"q")
            await asyncio.wait_for(screen.process.wait(), 10)
    assert homes[0] != homes[1]
    assert all(os.path.dirname(h) == str(data_dir / "users" / "ssh") for h in homes)
