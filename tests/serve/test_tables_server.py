"""A real `inkterm serve ssh` process and its tables when things go wrong: a bot
thinking long does not hold up a SIGTERM, and a table that cannot be saved (a full
disk, a file size limit) pauses with one line to every seat, drops nobody, loses
nothing, and goes on once it can save again."""
from __future__ import annotations

import asyncio
import errno
import json
import os
import re
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .tables_e2e import Clients, Server, Table, open_table, player_keys, settled
from .test_openssh_client import SSH

from inkterm.tables.manager import TableManager
from inkterm.tables.people import ssh_player
from inkterm.tables.protocol import OpenTable

from tests.registered import a_game

GAME = a_game(shipped=True, seats=2)  # any game inkterm ships (the server runs without the toy)

ROOT = Path(__file__).resolve().parents[2]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def test_sigterm_ends_the_server_at_once_while_a_bot_thinks(table_data):
    """A table left with a hard bot to choose; the host allows a long think. The
    server resumes it (the bot thinks), then gets SIGTERM: it ends within 3 s and
    the table is as it was saved."""
    manager = TableManager(table_data / "tables")
    ann = ssh_player("ann")
    table, _ = manager.open(ann, OpenTable(game=GAME, seats=["me", "hard"]))
    while table.state.decision().seat == 0:
        manager.choose(ann, table.code, table.state.decision().choices[0].key,
                       len(table.state.record.choices))
    saved = table.path.read_text()
    errlog = table_data / "server.err"
    with open(errlog, "wb") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "inkterm", "serve", "ssh", "--guest", "--port", "0",
             "--data-dir", str(table_data), "--bot-seconds", "120",
             "--bot-iterations", "100000000"],
            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.DEVNULL, stderr=err)
    try:
        deadline = time.monotonic() + 30
        while b"players connect with" not in errlog.read_bytes():
            assert proc.poll() is None and time.monotonic() < deadline, errlog.read_text()
            await asyncio.sleep(0.1)
        started = cpu_seconds(proc.pid)
        while cpu_seconds(proc.pid) - started < 0.5:  # the bot is thinking
            assert time.monotonic() < deadline, "no bot is thinking"
            await asyncio.sleep(0.1)
        t0 = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(10) == 0
        took = time.monotonic() - t0
        assert took < 3.0, f"SIGTERM took {took:.1f} s"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)
    assert table.path.read_text() == saved
    assert not list(table.path.parent.glob(".tmp-*"))


# --- a table that cannot be saved -----------------------------------------------------

class SmallDisk:
    """The tables' folder on a 256 KiB tmpfs, filled up and freed again (needs the
    right to mount: root here)."""

    def __init__(self, tables: Path, server: Server) -> None:
        self.tables = tables
        self.filler = tables / "filler"

    def mount(self) -> None:
        self.tables.mkdir(mode=0o700, exist_ok=True)
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k,mode=0700", "tmpfs",
                               str(self.tables)], capture_output=True, text=True)
        if done.returncode != 0:
            pytest.skip(f"cannot mount a small tmpfs here: {done.stderr.strip()}")

    def fill(self) -> None:
        fd = os.open(self.filler, os.O_WRONLY | os.O_CREAT, 0o600)
        try:
            while True:
                os.write(fd, b"\0" * 4096)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
        finally:
            os.close(fd)

    def free(self) -> None:
        self.filler.unlink()

    def unmount(self) -> None:
        subprocess.run(["umount", "-l", str(self.tables)], capture_output=True)


class FileSizeLimit:
    """The server may write no file beyond 1 KiB (RLIMIT_FSIZE, set on the running
    process from outside; Python ignores SIGXFSZ, so a write fails with EFBIG)."""

    def __init__(self, tables: Path, server: Server) -> None:
        self.server = server

    def mount(self) -> None:
        pass

    def fill(self) -> None:
        _, hard = resource.prlimit(self.server.proc.pid, resource.RLIMIT_FSIZE)
        resource.prlimit(self.server.proc.pid, resource.RLIMIT_FSIZE, (1024, hard))

    def free(self) -> None:
        _, hard = resource.prlimit(self.server.proc.pid, resource.RLIMIT_FSIZE)
        resource.prlimit(self.server.proc.pid, resource.RLIMIT_FSIZE, (hard, hard))

    def unmount(self) -> None:
        pass


#: Words as the screen shows them: a line of the log may wrap between any two words
#: (and the log's scroll bar be drawn between them).
CANNOT_SAVE = r"cannot\W+save\W+table\W+{code}"


@pytest.mark.skipif(SSH is None, reason="no OpenSSH client (ssh) installed")
@pytest.mark.parametrize("disk", [SmallDisk, FileSizeLimit], ids=["full-tmpfs", "file-size-limit"])
async def test_a_table_that_cannot_be_saved_pauses_and_goes_on(table_data, tmp_path, disk):
    keys = player_keys(table_data, tmp_path, ["ann", "bob"])
    server = Server(table_data)
    trouble = disk(table_data / "tables", server)
    trouble.mount()
    clients = None
    try:
        await server.start()
        clients = Clients(server, keys)
        ann = await clients.login("ann")
        code = await open_table(ann, ["me", "open"])
        bob = await clients.join("bob", code)
        await ann.wait_for(r"table " + code, timeout=20)
        table = Table(table_data / "tables" / f"{code}.table.json")
        seats = {0: ann, 1: bob}
        state = await settled(table)
        at = len(state.record.choices)

        trouble.fill()
        chooser = seats[state.decision().seat]
        for term in seats.values():
            term.mark = len(term.raw)
        chooser.child.write(b"\r")  # a choice the server cannot save
        for term in seats.values():  # every seat is told, in one line
            await term.wait_for(CANNOT_SAVE.format(code=code), timeout=20)
        await asyncio.sleep(1.0)
        assert len(table.now().record.choices) == at  # not applied, on disk or anywhere
        chooser.mark = len(chooser.raw)
        chooser.child.write(b"\r")  # and while paused, nothing is
        await chooser.wait_for(r"is\W+paused", timeout=20)
        assert all(term.rc is None for term in seats.values())  # nobody was dropped

        trouble.free()
        for term in seats.values():
            term.mark = len(term.raw)
        for term in seats.values():  # saving works again: the table says so
            await term.wait_for(rf"Table\W+{code}\W+can\W+be\W+saved\W+again", timeout=20)
        chooser.mark = len(chooser.raw)
        chooser.child.write(b"\r")
        deadline = time.monotonic() + 20
        while len(table.now().record.choices) == at:
            assert time.monotonic() < deadline, "the choice was not made once saving worked"
            await asyncio.sleep(0.1)
        after = await settled(table)

        await server.stop()  # and a restart has every choice made
        again = TableManager(table_data / "tables")
        assert again.resume() == []
        assert again.tables[code].state == after
        assert not [p for p in (table_data / "tables").iterdir() if p.name.startswith(".tmp-")]
        assert json.loads(table.path.read_text())["code"] == code
    finally:
        if clients is not None:
            await clients.close()
        await server.stop()
        trouble.unmount()


def test_the_note_is_one_line():
    from inkterm.tables.manager import CannotSave

    text = str(CannotSave("ABCD", "No space left on device"))
    assert "\n" not in text and re.search(CANNOT_SAVE.format(code="ABCD"), text)
