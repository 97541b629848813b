"""A game night, through real clients: four stock OpenSSH clients and headless
Chromium at one four-seat table, played to its end. Ann hosts; Bob quits inkterm for
good and, at Ann's word, a bot plays his seat to the end; Dee's connection drops
and she comes back through the title's Continue to her seat, the story and the chat;
Zoe (in the browser) misclicks and takes it back before anyone else moves; the
server is killed and restarted, and the table goes on where it was.

Inkwell is the shortest game with four seats; every press is the menu's first
choice (Enter), the fastest way through."""
from __future__ import annotations

import asyncio
import json
import os
import re
import time

import pytest

from tests.serve.conftest import visible
from tests.serve.tables_e2e import Clients, Server, Table, open_table, player_keys, press, settled, wait_gone
from tests.serve.test_openssh_client import SSH
from tests.serve.test_web import free_port

pytestmark = pytest.mark.skipif(SSH is None, reason="no OpenSSH client (ssh) installed")

CHAT = "good luck all"


class WebServer(Server):
    """`inkterm serve ssh --web-port`: both doors, one server, the same tables."""

    def __init__(self, data, web_port):
        super().__init__(data)
        self.web_port = web_port

    async def start(self):
        import sys
        from pathlib import Path

        env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "inkterm", "serve", "ssh", "--port", "0",
            "--web-port", str(self.web_port), "--data-dir", str(self.data), env=env,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
        while self.port is None:
            line = (await asyncio.wait_for(self.proc.stderr.readline(), 30)).decode()
            assert line, "the server ended before it served"
            if m := re.search(r"serving over SSH on [\d.]+:(\d+)", line):
                self.port = int(m.group(1))
        asyncio.get_running_loop().create_task(self._drain())
        return self


class Tab:
    """Zoe's browser tab."""

    def __init__(self, browser, url):
        self.browser, self.url = browser, url

    def shown(self, since: int = 0) -> str:
        return visible(self.browser.websocket_bytes()[since:])

    def mark(self) -> int:
        return len(self.browser.websocket_bytes())

    async def keys(self, text: str) -> None:
        await self.browser.evaluate("document.querySelector('.xterm-helper-textarea').focus(), true")
        await self.browser.type_text(text)

    async def wait_for(self, pattern: str, since: int = 0, timeout: float = 30, what: str = ""):
        await self.browser.wait_until(lambda: re.search(pattern, self.shown(since)),
                                      timeout=timeout, what=what or pattern)

    async def wait_for_title(self, pattern: str, since: int, timeout: float = 30) -> None:
        """The window title (OSC 2) the app set after ``since`` matches ``pattern``."""
        rx = re.compile(rb"\x1b\]2;([^\x07\x1b]*)\x07")

        def latest() -> str:
            titles = rx.findall(self.browser.websocket_bytes()[since:])
            return titles[-1].decode("utf-8", "replace") if titles else ""
        await self.browser.wait_until(lambda: re.search(pattern, latest()), timeout=timeout,
                                      what=f"the window title {pattern!r}")

    async def sit_down(self, code: str, first: bool) -> None:
        self.browser.events.clear()
        await self.browser.call("Page.navigate", url=self.url)
        await self.wait_for(r"Join a table", timeout=60, what="the title")
        await asyncio.sleep(0.3)
        if first:
            await self.keys("j")
            await self.wait_for(r"not checked: no login", what="the Name line")
            await asyncio.sleep(0.4)
            await self.keys("Zoe\r")
            await asyncio.sleep(0.4)
            await self.keys(code.lower() + "\r")
            await self.wait_for(r"(?i)table " + code, what="her seat")
        else:  # she is Zoe already: the title lists her seat, and Continue takes her there
            await self.wait_for(rf"Inkwell at {code}", what="her table on the title")
            await asyncio.sleep(0.4)
            await self.keys("c")
            await self.wait_for(r"Inkwell · .*to choose", what="her seat")


async def back_by_continue(clients: Clients, name: str, code: str):
    """A player logs in; the title lists their seat; Continue sits them down again."""
    term = await clients.login(name)
    await term.wait_for(r"1 table: ", timeout=20)
    await term.wait_for(rf"Inkwell at {code}", timeout=10)
    press(term, b"c")
    await term.wait_for(r"Inkwell · .*to choose", timeout=20)
    return term


async def read_the_log(term, *patterns: str, timeout: float = 30.0) -> None:
    """Back on their own turn, a player first sees what they missed in the since panel,
    in the log's place (its own line says Esc hides it), and the game goes on meanwhile
    (another move shows the panel again): they hide it each time it comes, to read the
    log, until each of ``patterns`` was on their screen. (Esc with no panel would ask to
    quit: it is pressed only after the panel was drawn anew.)"""
    deadline, since_esc = time.monotonic() + timeout, 0
    for pattern in patterns:
        while not re.search(pattern, visible(bytes(term.raw))):
            if "Since your last turn" in visible(bytes(term.raw[since_esc:])):
                press(term, b"\x1b")
                since_esc = len(term.raw)
            assert time.monotonic() < deadline, f"{pattern!r} not seen in the log"
            await asyncio.sleep(0.3)


async def until(check, what: str, timeout: float = 30.0):
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.1)


def saved(table: Table) -> dict:
    return json.loads(table.path.read_text())


async def play(table: Table, players: dict, until_done, stall: float = 30.0):
    """The seat to choose presses Enter (its first choice) until ``until_done(state)``;
    a bot's seat is the server's."""
    last, moved = -1, time.monotonic()
    while not until_done(state := table.now()):
        n = len(state.record.choices)
        if n != last:
            last, moved = n, time.monotonic()
        elif time.monotonic() - moved > stall:
            raise AssertionError(f"stuck at choice {n}: {state.decision()}")
        seat = state.decision().seat
        who = players.get(seat)
        if who is None:  # the server's bot
            await asyncio.sleep(0.05)
            continue
        if isinstance(who, Tab):
            await who.keys("\r")
        else:
            who.child.write(b"\r")
        for _ in range(80):
            await asyncio.sleep(0.05)
            if len(table.now().record.choices) > n:
                break


async def test_a_game_night_with_a_quitter_a_drop_an_undo_and_a_restart(table_data, tmp_path):
    from tests.serve.cdp import Browser, need_chromium

    need_chromium()
    data = table_data
    keys = player_keys(data, tmp_path, ["ann", "bob", "dee"])
    web_port = free_port()
    server = await WebServer(data, web_port).start()
    clients = Clients(server, keys)
    browser = Browser(tmp_path / "chromium-profile")
    zoe = Tab(browser, f"http://127.0.0.1:{web_port}/")
    try:
        await browser.start()
        await browser.call("Network.enable")
        await browser.call("Page.enable")
        ann = await clients.login("ann")
        code = await open_table(ann, ["me", "open", "open", "open"], game="inkwell")
        await ann.wait_for(r"Share the code " + code)
        bob = await clients.join("bob", code)
        dee = await clients.join("dee", code)
        await zoe.sit_down(code, first=True)
        await ann.wait_for(r"Inkwell · .*to choose", timeout=30)  # the waiting room became the game  # the waiting room became the game
        table = Table(data / "tables" / f"{code}.table.json")
        assert table.now().seats == ["ann", "bob", "dee", "Zoe (web)"]
        players = {0: ann, 1: bob, 2: dee, 3: zoe}

        # Chat, said once, is kept with the table.
        press(ann, b"c")
        await ann.wait_for(r"Say something to the table")
        press(ann, CHAT.encode() + b"\r")
        await dee.wait_for(re.escape(f"ann: {CHAT}"))

        # Zoe misclicks, and takes it back before anyone else moves. She presses once
        # her screen says it is her turn (a key before her menu is there is lost, as
        # for anyone who presses before their turn shows): the table stops a choice
        # before hers, and her window title is watched from there.
        def zoe_may_undo(st):
            d = st.decision()
            if d is None or d.seat != 3:
                return False
            trial = st.clone()
            trial.apply(d.choices[0].key)
            return trial.can_undo()

        def then_zoe_may_undo(st):
            d = st.decision()
            if d is None or d.seat == 3:
                return False
            trial = st.clone()
            trial.apply(d.choices[0].key)
            return zoe_may_undo(trial)
        await play(table, players, then_zoe_may_undo)
        since = zoe.mark()
        at = len(table.now().record.choices) + 1
        await play(table, players, lambda st: len(st.record.choices) >= at)
        assert zoe_may_undo(table.now())
        await zoe.wait_for_title(r"your turn", since)
        mark = ann.mark = len(ann.raw)
        await zoe.keys("\r")
        await until(lambda: len(table.now().record.choices) == at + 1, "Zoe's misclick")
        await asyncio.sleep(0.5)
        await zoe.keys("u")
        await until(lambda: len(table.now().record.choices) == at, "Zoe's undo")
        ann.mark = mark
        await ann.wait_for(r"Zoe \(web\) took back:", timeout=15)

        # Bob quits inkterm for good: everyone is told at once; Ann gives his seat to a bot.
        await play(table, players, lambda st: len(st.record.choices) >= at + 12)
        ann.mark = len(ann.raw)
        press(bob, b"q")
        await bob.wait_for(r"Leave the table \(your seat waits\)")
        press(bob, b"q")  # Quit inkterm
        await ann.wait_for(r"bob quit inkterm", timeout=15)
        await asyncio.sleep(0.5)
        press(ann, b"t")
        await ann.wait_for(r"A bot plays bob's seat now")
        press(ann, b"\r")
        await until(lambda: saved(table)["standins"] == [1], "bob's seat given to a bot")
        press(ann, b"t")  # back to the table (t again: a lone Esc waits for a sequence)
        del players[1]
        await play(table, players, lambda st: len(st.record.choices) >= at + 30)

        # Dee's connection drops; she logs in again and Continue takes her to her seat,
        # with the game so far and the chat.
        await dee.child.terminate()
        # Waited for as it happens: first the server hearing her connection end (its
        # log says so; under load the hang-up of her app alone may take seconds), then
        # what it told the table on Ann's screen. A failure says which of them failed.
        await until(lambda: any(f"dee gone {code}" in line for line in server.log),
                    "the server to hear dee's connection end", timeout=60)
        await ann.wait_for(r"dee has left the table", timeout=20)
        dee = await back_by_continue(clients, "dee", code)
        await read_the_log(dee, r"Resumed after \d+ choices", re.escape(f"ann: {CHAT}"))
        players[2] = dee
        await play(table, players, lambda st: len(st.record.choices) >= at + 45)

        # The server is killed outright and started again: the table goes on.
        made = list(table.now().record.choices)
        apps = await server.kill()
        assert not await wait_gone(apps)
        await clients.close()
        await server.start()
        assert table.now().record.choices[:len(made)] == made
        ann = await back_by_continue(clients, "ann", code)
        dee = await back_by_continue(clients, "dee", code)
        await zoe.sit_down(code, first=False)
        await read_the_log(dee, re.escape(f"ann: {CHAT}"))
        players = {0: ann, 2: dee, 3: zoe}
        assert saved(table)["standins"] == [1]  # bob's bot plays on
        await play(table, players, lambda st: st.is_over)
        for term in (ann, dee):
            await term.wait_for(r"Game over", timeout=30)
        await zoe.wait_for(r"Game over", what="the game's end in the browser")
        state = await settled(table)
        assert state.is_over and {s for s, _ in state.history[len(made):]} >= {1}
    finally:
        await browser.close()
        await clients.close()
        await server.stop()
