"""Over SSH each login reads its own language: the stock OpenSSH client's LANG
(``-o SetEnv=LANG=…``, as ``SendEnv LANG`` sends it), else the player's saved setting;
never the server's own locale. Two sessions at once, in two languages."""
from __future__ import annotations

import asyncio
import json
import re
import sys

from tests.serve.conftest import client_key, data_dir, make_server  # noqa: F401  (fixtures)
from tests.serve.test_openssh_client import SSH, Terminal, private_key_file, ssh_argv

import pytest

pytestmark = pytest.mark.skipif(SSH is None, reason="no OpenSSH client (ssh) installed")

APP = [sys.executable, "-m", "inkterm"]


def with_lang(argv: list[str], lang: str) -> list[str]:
    return [*argv[:-1], "-o", f"SetEnv=LANG={lang}", argv[-1]]


async def test_two_logins_in_two_languages_at_once(make_server, client_key, data_dir,  # noqa: F811
                                                   tmp_path, monkeypatch):
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")  # the host's locale picks no one's language
    bob_home = data_dir / "users" / "ssh" / "bob"
    bob_home.mkdir(parents=True)
    (bob_home / "settings.json").write_text(json.dumps({"language": "ja"}), encoding="utf-8")
    server = await make_server(child=APP)
    key = private_key_file(tmp_path, client_key, "id_ed25519")
    ann = Terminal(with_lang(ssh_argv(server.port, key, "ann"), "zh_CN.UTF-8"), 80, 24)
    bob = Terminal(ssh_argv(server.port, key, "bob"), 80, 24)  # sends no LANG: his setting
    await ann.child.start()
    await bob.child.start()
    try:
        await asyncio.gather(ann.wait_for("新游戏", 40), bob.wait_for("新しいゲーム", 40))
        await asyncio.gather(ann.wait_for("没有可以继续的未完成游戏", 20),
                             bob.wait_for("再開できる未完了のゲームはありません", 20))
        assert "New game" not in ann.raw.decode("utf-8", "replace")
        assert "新游戏" not in bob.raw.decode("utf-8", "replace")
        assert len(server.sessions) == 2
        for term in (ann, bob):
            term.child.write(b"q")
        await asyncio.wait_for(asyncio.gather(ann.child.exited.wait(), bob.child.exited.wait()), 20)
        assert ann.rc == 0 and bob.rc == 0
    finally:
        await ann.child.terminate()
        await bob.child.terminate()
    # Ann's choice came from her terminal, for that login: nothing was saved for her.
    assert not (data_dir / "users" / "ssh" / "ann" / "settings.json").exists()


async def test_the_servers_own_lines_in_the_logins_language(make_server, client_key, data_dir,  # noqa: F811
                                                            tmp_path, monkeypatch):
    """What the SSH server itself writes (a window too large, a login without a
    terminal) reads in the login's language: the client's LANG, else the saved one."""
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    bob_home = data_dir / "users" / "ssh" / "bob"
    bob_home.mkdir(parents=True)
    (bob_home / "settings.json").write_text(json.dumps({"language": "ja"}), encoding="utf-8")
    server = await make_server()
    key = private_key_file(tmp_path, client_key, "id_ed25519")
    ann = Terminal(with_lang(ssh_argv(server.port, key, "ann"), "zh_CN.UTF-8"), 4000, 3000)
    await ann.child.start()
    try:
        await ann.wait_for("inkterm：你的窗口为 4000x3000")
        ann.child.write(b"q")
        await asyncio.wait_for(ann.child.exited.wait(), 15)
    finally:
        await ann.child.terminate()
    no_tty = [a for a in ssh_argv(server.port, key, "bob") if a != "-tt"]
    no_tty.insert(1, "-T")
    bob = Terminal(no_tty, 80, 24)
    await bob.child.start()
    try:
        await bob.wait_for("inkterm には端末が必要です")
    finally:
        await bob.child.terminate()


@pytest.mark.parametrize("guest", [True, False])
async def test_a_refused_login_name_is_told_in_the_clients_language(make_server, client_key,  # noqa: F811
                                                                    tmp_path, monkeypatch, guest):
    """A login name that is not one is refused in the language of the client's LANG
    (``SendEnv LANG``), which only comes with the session: the server goes that far,
    says why and closes; no app, no slot, no folder. It was an English auth banner."""
    from tests.serve.test_openssh_client import assert_name_refused

    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")  # the host's locale picks no one's language
    server = await make_server(guest=guest)
    key = private_key_file(tmp_path, client_key, "id_ed25519")
    for user, lang, said in (("\u0430nn", "zh_CN.UTF-8", "看起来与 'ann' 相同"),
                             ("Ann", "ja_JP.UTF-8", "'Ann' はもう使われています"),
                             ("a" * 40, "ja_JP.UTF-8", "名前は 32 文字までです")):
        argv = ssh_argv(server.port, key, user)
        argv = [*argv[:-1], "-o", "SendEnv=LANG", argv[-1]]
        text = await assert_name_refused(server, argv, said, lang=lang)
        assert "inkterm" in text and not re.search(r"taken|looks|at most|name", text), text
