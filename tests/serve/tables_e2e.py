"""Helpers for the shared-table tests with stock OpenSSH clients: a real
`inkterm serve ssh` process, the table's file (the truth, written after every
choice), players who log in, join and press keys, and the checks made on the
bytes each client receives."""
from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import sys
import time
from collections import deque
from pathlib import Path


from .conftest import add_key, asyncssh, visible
from .test_openssh_client import Terminal, private_key_file, ssh_argv

from tests.seeds import TABLE_BOT_ITERATIONS
from inkterm.engine import GAMES, load_game


def player_keys(data: Path, tmp_path: Path, names) -> dict[str, Path]:
    keys = {}
    for name in names:
        key = asyncssh.generate_private_key("ssh-ed25519")
        add_key(data, name, key)
        keys[name] = private_key_file(tmp_path, key, f"id_{name}")
    return keys


class Server:
    """`inkterm serve ssh` as its own process, as a host would run it."""

    def __init__(self, data: Path, *args: str):
        self.data = data
        self.args = args  # more of its command line (``--store URL``)
        self.proc = None
        self.port = None
        self.log: deque[str] = deque(maxlen=500)  # what it said last (for a failure's message)

    async def start(self):
        env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
        quick = [] if TABLE_BOT_ITERATIONS is None else ["--bot-iterations", str(TABLE_BOT_ITERATIONS)]
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "inkterm", "serve", "ssh", "--port", "0",
            "--data-dir", str(self.data), *quick, *self.args, env=env,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
        while self.port is None:
            line = (await asyncio.wait_for(self.proc.stderr.readline(), 30)).decode()
            assert line, "the server ended before it served"
            if m := re.search(r"serving over SSH on [\d.]+:(\d+)", line):
                self.port = int(m.group(1))
        asyncio.get_running_loop().create_task(self._drain())
        return self

    async def _drain(self):
        while line := await self.proc.stderr.readline():
            self.log.append(line.decode(errors="replace"))

    def apps(self) -> list[int]:
        """The sessions' app processes (the server's children)."""
        found = []
        for entry in Path("/proc").iterdir():
            try:
                if entry.name.isdigit() and int(
                        (entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == self.proc.pid:
                    found.append(int(entry.name))
            except OSError:
                continue
        return found

    async def kill(self):
        """SIGKILL: no goodbye to anyone; its apps are hung up on by their ptys."""
        apps = self.apps()
        assert apps, "the server runs no sessions"
        self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()
        self.port = None
        return apps

    async def stop(self):
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), 20)
            except asyncio.TimeoutError:
                self.proc.kill()
                await self.proc.wait()


class Table:
    """The table as its file says (the truth, written after every choice)."""

    def __init__(self, path: Path):
        self.path = path
        self._seen = (None, None)

    def text(self) -> str:
        return self.path.read_text()

    def now(self):
        save = json.loads(self.text())["save"]
        n = len(save["record"]["choices"])
        if self._seen[0] != n:
            self._seen = (n, load_game(json.dumps(save)))
        return self._seen[1]


class Clients:
    """Every OpenSSH client a test starts; all are ended at the end."""

    def __init__(self, server: Server, keys: dict[str, Path]):
        self.server, self.keys, self.all = server, keys, []

    async def login(self, name, cols=100, rows=32) -> Terminal:
        term = Terminal(ssh_argv(self.server.port, self.keys[name], name), cols, rows)
        self.all.append(term)
        await term.child.start()
        await term.wait_for(r"Join a table", timeout=40)
        return term

    async def join(self, name, code, watch=False) -> Terminal:
        term = await self.login(name)
        press(term, b"w" if watch else b"j")
        await term.wait_for(r"Enter (joins|watches) the table", timeout=20)
        await asyncio.sleep(0.3)
        press(term, b"\x15")  # ctrl+u (a key of its own): over any code filled in
        await asyncio.sleep(0.2)
        press(term, code.lower().encode() + b"\r")
        # The waiting room names the table; the game sets the window title to it (its
        # log's note of it may scroll away under the bots' moves before a busy session
        # first paints).
        named, title = re.compile(r"(?i)table " + code), f"\x1b]2;inkterm {code}:".encode()
        deadline = time.monotonic() + 20
        while not (title in term.raw[term.mark:] or named.search(visible(bytes(term.raw[term.mark:])))):
            assert time.monotonic() < deadline, \
                f"not at table {code}: {visible(bytes(term.raw[-300:]))!r}"
            await asyncio.sleep(0.1)
        return term

    async def close(self):
        for term in self.all:
            await term.child.terminate()


def press(term: Terminal, keys: bytes):
    term.mark = len(term.raw)
    term.child.write(keys)


async def open_table(host: Terminal, seats: list[str], game: str | None = None) -> str:
    """The host's Open form, by keys: ``game`` (else the first in the list), then each
    seat after the first (``open``, ``bot`` or ``""`` for no seat)."""
    kinds = ["me", "open", "easy", "normal", "hard", ""]  # the order of the form's seat lists
    press(host, b"t")
    await host.wait_for(r"Seat 2", timeout=20)
    await asyncio.sleep(0.3)

    async def pick(moves: int, shown: str):
        """Open the focused list, move ``moves`` rows (up if negative), take it."""
        press(host, b"\r")
        await host.wait_for(shown, timeout=10)
        press(host, (b"\x1b[B" * moves if moves > 0 else b"\x1b[A" * -moves) + b"\r")
        await asyncio.sleep(0.4)

    if game is not None and list(GAMES).index(game):
        await pick(list(GAMES).index(game), re.escape(GAMES[game].title))
    defaults = ["open", "", ""]
    press(host, b"\t")  # from the game to seat 1
    for i, want in enumerate(seats[1:]):
        press(host, b"\t")
        await asyncio.sleep(0.2)
        if want != defaults[i]:
            await pick(kinds.index(want) - kinds.index(defaults[i]), r"bot: hard")
    press(host, b"\x07")  # ctrl+g: open
    return (await host.wait_for(r"Table ([A-Z]{4}) ", timeout=20)).group(1)


async def settled(table: Table, quiet: float = 0.4):
    """The table once nothing has changed for ``quiet`` seconds (a human to choose)."""
    while True:
        n = len(table.now().record.choices)
        await asyncio.sleep(quiet)
        if len(table.now().record.choices) == n:
            return table.now()


def status_of(term: Terminal, title: str) -> tuple[str, str] | None:
    """(round, who chooses) as the client's status line last said it."""
    rx = re.compile(re.escape(title) + r" · (?:round (\d+) · )?(\S+) to choose")
    for tail in (bytes(term.raw[-65536:]), bytes(term.raw)):
        found = rx.findall(visible(tail))
        if found:
            return found[-1]
    return None


async def all_show(state, terms, timeout: float = 10.0):
    """Every client's status line says the table's round and who chooses (a game
    still being played: over, there is no one to choose)."""
    assert not state.is_over, "all_show needs a game still being played"
    view = state.summary()
    want = (str(view.get("round", "")), state.seats[state.decision().seat])
    title = GAMES[state.record.game].title
    deadline = time.monotonic() + timeout
    while True:
        seen = {i: status_of(t, title) for i, t in enumerate(terms)}
        if all(s == want for s in seen.values()):
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"the screens disagree with the table {want}: {seen}")
        await asyncio.sleep(0.1)


async def play(table: Table, seats: dict[int, Terminal], until, watchers=(), stall=25.0,
               check_every: int = 10, on_check=None):
    """The seat to choose presses Enter (its highlighted first choice) until
    ``until(state)``; a stalled press is repeated. Every ``check_every`` turns the
    table settles, every screen must show the same round and chooser, and the
    watchers and the seats not choosing press keys that must change nothing."""
    turn, last, moved = 0, -1, time.monotonic()
    clients = [*seats.values(), *watchers]
    while not until(state := table.now()):
        assert not state.is_over, "the game ended before the condition to play until held"
        if len(state.record.choices) != last:
            last, moved = len(state.record.choices), time.monotonic()
        elif time.monotonic() - moved > stall:
            seat = state.decision().seat
            tail = visible(bytes(seats[seat].raw[-600:])) if seat in seats else ""
            raise AssertionError(f"stuck at choice {last}: {state.decision()}; screen: {tail!r}")
        turn += 1
        if check_every and turn % check_every == 1:
            state = await settled(table)
            # A bot thinking longer than the quiet spell (a loaded machine) is not a
            # person to choose: the seat after it would take the others' keys as its own.
            while not (until(state) or state.is_over) and state.decision().seat not in seats:
                state = await settled(table)
            if until(state) or state.is_over:  # a bot's choice while the table settled
                break
            await all_show(state, clients)
            others = [t for s, t in seats.items() if s != state.decision().seat]
            for term in [*watchers, *others]:
                term.child.write(b"1\r")
            assert (await settled(table)).record.choices == state.record.choices, \
                "keys from a watcher or another seat changed the game"
            if on_check is not None:
                on_check(state)
            if until(state):
                break
        before = len(state.record.choices)
        if state.decision().seat not in seats:  # a bot is mid-turn on the server
            await asyncio.sleep(0.05)
            continue
        seats[state.decision().seat].child.write(b"\r")
        for _ in range(60):
            await asyncio.sleep(0.05)
            if len(table.now().record.choices) > before:
                break


async def wait_gone(pids, timeout=15.0) -> list[int]:
    """The pids still alive after ``timeout``."""
    from .conftest import pid_alive

    deadline = time.monotonic() + timeout
    while (left := [p for p in pids if pid_alive(p)]) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    return left


def describe(pids) -> str:
    """What each still-running process is doing (for a failure message)."""
    import shutil
    import subprocess

    out = []
    for pid in pids:
        base = Path(f"/proc/{pid}")
        try:
            status = {k: v.strip() for k, _, v in (line.partition(":") for line in
                      (base / "status").read_text().splitlines())}
            out.append(f"pid {pid} {status.get('State')} ppid {status.get('PPid')} "
                       f"SigBlk {status.get('SigBlk')} SigIgn {status.get('SigIgn')} "
                       f"SigPnd {status.get('SigPnd')} ShdPnd {status.get('ShdPnd')}")
            for task in sorted((base / "task").iterdir()):
                stat = (task / "stat").read_text().rsplit(")", 1)[1].split()[0]
                out.append(f"  thread {task.name} {stat} {(task / 'wchan').read_text()}")
            fds = []
            for fd in (base / "fd").iterdir():
                try:
                    fds.append(f"{fd.name}->{os.readlink(fd)}")
                except OSError:
                    pass
            out.append("  fds " + " ".join(sorted(fds)))
        except OSError as exc:
            out.append(f"pid {pid}: {exc}")
        spy = os.environ.get("INKTERM_PYSPY") or shutil.which("py-spy")
        if spy:
            run = subprocess.run([spy, "dump", "--pid", str(pid)], capture_output=True,
                                 text=True, timeout=30)
            out.append(run.stdout + run.stderr)
    return "\n".join(out)


# Bracketed paste: how a terminal hands over pasted text, escape bytes and all.
PASTE_START, PASTE_END = b"\x1b[200~", b"\x1b[201~"
#: What a player types and pastes into the chat: markup, a colour escape and a
#: window-title escape. Every screen must show it as text (the app's input shows
#: the escape byte as ^[ already; the server would make it ␛), and no client may
#: receive the escapes themselves.
CHAT_MARKUP = "[red]hi[/red]"
CHAT_ESCAPES = b"\x1b[31mred\x1b]2;pwned\x07"


async def chat_arrives_as_text(speaker: Terminal, name: str, listeners: list[Terminal]):
    marks = [len(t.raw) for t in listeners]
    press(speaker, b"c")
    await speaker.wait_for(r"Say something to the table", timeout=10)
    press(speaker, CHAT_MARKUP.encode() + b" " + PASTE_START + CHAT_ESCAPES + PASTE_END)
    await speaker.wait_for(r"2;pwned", timeout=10)  # in the chat line, as text
    said = len(speaker.raw)
    press(speaker, b"\r")
    for term, mark in zip([speaker, *listeners], [said, *marks]):
        term.mark = mark
        await term.wait_for(re.escape(f"{name}: {CHAT_MARKUP}"), timeout=15)
        await term.wait_for(r"31mred.{0,8}2;pwned", timeout=5)  # the escapes, as text
    for term in [speaker, *listeners]:
        assert b"\x1b]2;pwned" not in term.raw and b"\x1b[31mred" not in term.raw
