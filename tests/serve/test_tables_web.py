"""One server, both front doors: `serve ssh --web-port` runs the browser door in
the SSH server's process, at the same shared tables. A browser tab chooses a
name (marked as not logged in), joins a table an SSH player opened, and plays."""
from __future__ import annotations

import asyncio
import re
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

from .conftest import processes_under
from .test_web import WsScreen, free_port

aiohttp = pytest.importorskip("aiohttp")

from inkterm.tables.client import TableClient  # noqa: E402
from inkterm.tables.protocol import Choose, OpenTable  # noqa: E402

from tests.registered import a_game

GAME = a_game(shipped=True, seats=2)  # any game inkterm ships (the server runs without the toy)


@pytest.fixture
def short_dir():
    path = Path(tempfile.mkdtemp(prefix="ikt-"))  # the tables' socket path is short
    yield path
    shutil.rmtree(path, ignore_errors=True)


async def test_a_browser_player_names_itself_and_joins_an_ssh_players_table(make_server,
                                                                          short_dir):
    port = free_port()
    server = await make_server(data_dir=short_dir, web_port=port,
                               child=[sys.executable, "-m", "inkterm"])
    ann = await TableClient.connect(str(server.tables.path), server.tables.issue_token("ann"))
    opened = await ann.request(OpenTable(game=GAME, seats=["me", "open"]))
    code = opened.update.table.code
    notes = []
    ann.follow(code, lambda m: notes.append(m.text) if m.type == "chat" and not m.name else None)
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(f"ws://127.0.0.1:{port}/ws?width=100&height=32") as ws:
            tab = WsScreen(ws)
            await tab.wait_for(r"Join a table", timeout=40)
            await ws.send_json(["stdin", "j"])
            await tab.wait_for(r"not checked: no login", timeout=20)  # the Name line
            await asyncio.sleep(0.3)
            await ws.send_json(["stdin", "Zoe\r"])
            await asyncio.sleep(0.3)
            tab.mark = len(tab.raw)
            await ws.send_json(["stdin", code.lower() + "\r"])
            await tab.wait_for(r"table " + code, timeout=20)
            table = server.tables.manager.tables[code]
            assert [s.name for s in table.seats] == ["ann", "Zoe (web)"]
            for _ in range(50):
                if notes:
                    break
                await asyncio.sleep(0.05)
            assert notes == ["Zoe (web) is at the table (seat 2)."]

            # They play: ann over her channel, Zoe by keys in the browser.
            for _ in range(6):
                at = len(table.state.record.choices)
                d = table.state.decision()
                if d.seat == 0:
                    await ann.request(Choose(code=code, key=d.choices[0].key, at=at))
                else:
                    await ws.send_json(["stdin", "\r"])
                for _ in range(100):
                    if len(table.state.record.choices) > at:
                        break
                    await asyncio.sleep(0.05)
                assert len(table.state.record.choices) > at, f"no move from seat {d.seat}"
            assert 1 in {seat for seat, _ in table.state.history}, "Zoe never chose"
    await ann.close()
    await asyncio.wait_for(server.close(), 20)
    for _ in range(50):  # the tab's app ended with its tab
        if not processes_under(short_dir):
            break
        await asyncio.sleep(0.1)
    assert not processes_under(short_dir)


async def test_a_browser_is_one_person_through_a_reload_and_nobody_else_gets_its_seat(
        make_server, short_dir, chromium):
    """Headless Chromium: Zoe names herself and sits down; she reloads the page and
    is still Zoe (no name to choose) with her seat; a script without her cookie
    that calls itself Zoe is refused the name."""
    from .conftest import visible

    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    server = await make_server(data_dir=short_dir, web_port=port,
                               child=[sys.executable, "-m", "inkterm"])
    ann = await TableClient.connect(str(server.tables.path), server.tables.issue_token("ann"))
    code = (await ann.request(OpenTable(game=GAME, seats=["me", "open", "open"]))
            ).update.table.code
    table = server.tables.manager.tables[code]

    def shown() -> str:
        return visible(browser.websocket_bytes())

    async def keys(text: str) -> None:
        await browser.evaluate("document.querySelector('.xterm-helper-textarea').focus(), true")
        await browser.type_text(text)
        await asyncio.sleep(0.4)

    try:
        async with chromium(url) as browser:
            await browser.wait_until(lambda: "Join a table" in shown(), timeout=40,
                                     what="the title screen")
            await keys("j")
            await browser.wait_until(lambda: "not checked: no login" in shown(), what="the Name line")
            await keys("Zoe\r")
            await keys(code.lower() + "\r")
            await browser.wait_until(lambda: f"Table {code}" in shown(), what="the waiting room")
            assert [s.name for s in table.seats] == ["ann", "Zoe (web)", ""]

            browser.events.clear()
            await browser.call("Page.reload")  # a new tab's app, the same browser
            await browser.wait_until(lambda: "Join a table" in shown(), timeout=40,
                                     what="the title screen again")
            await keys("j")
            await browser.wait_until(lambda: re.search(r"your\W+seat", shown()),
                                     what="her table, listed as hers")
            assert "not checked: no login" not in shown()  # she is Zoe already
            await keys("\r")  # her code is filled in
            await browser.wait_until(lambda: f"Table {code}" in shown(), what="her seat again")
            assert [s.name for s in table.seats] == ["ann", "Zoe (web)", ""]
            (cookie,) = [c for c in (await browser.call("Network.getCookies"))["cookies"]
                         if c["name"] == "inkterm_person"]
            assert cookie["httpOnly"] and cookie["sameSite"] == "Strict"

            async with aiohttp.ClientSession() as session:  # no cookie: someone else
                async with session.ws_connect(f"ws://127.0.0.1:{port}/ws?width=100&height=32") as ws:
                    tab = WsScreen(ws)
                    await tab.wait_for(r"Join a table", timeout=40)
                    await ws.send_json(["stdin", "j"])
                    await tab.wait_for(r"not checked: no login", timeout=20)
                    await asyncio.sleep(0.3)
                    await ws.send_json(["stdin", "Zoe\r"])
                    await asyncio.sleep(0.3)
                    await ws.send_json(["stdin", code.lower() + "\r"])
                    await tab.wait_for(r"Someone else is Zoe \(web\)", timeout=20)
            assert [s.name for s in table.seats] == ["ann", "Zoe (web)", ""]
    finally:
        await ann.close()
