"""The browser front door: `python -m inkterm.serve.web` in a subprocess, driven
over its WebSocket directly and (if Chromium is installed) from a real headless
browser."""

from __future__ import annotations

import asyncio
import importlib.util
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("textual_serve", reason="the serve extra (textual-serve) is not installed")
aiohttp = pytest.importorskip("aiohttp")

from .conftest import visible, wait_gone  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
async def web_server(tmp_path):
    procs = []

    async def start(*extra: str, log: Path | None = None,
                    child: str = f"{sys.executable} -m inkterm.serve.probe"):
        port = free_port()
        env = dict(os.environ)
        if log is not None:
            env["INKTERM_PROBE_LOG"] = str(log)
        proc = subprocess.Popen(
            [sys.executable, "-m", "inkterm.serve.web", "--port", str(port),
             "--data-dir", str(tmp_path / "web-data"),
             "--child", child, *extra],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            start_new_session=True,  # so teardown reaches any app it leaves behind
        )
        procs.append(proc)
        url = f"http://127.0.0.1:{port}"
        async with aiohttp.ClientSession() as session:
            for _ in range(150):  # up to ~15 s
                if proc.poll() is not None:
                    raise RuntimeError(proc.stderr.read().decode())
                try:
                    async with session.get(url + "/") as resp:
                        if resp.status == 200:
                            return url
                except aiohttp.ClientError:
                    pass
                await asyncio.sleep(0.1)
        raise TimeoutError("web server did not start")

    yield start
    for proc in procs:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.stderr.close()


class WsScreen:
    def __init__(self, ws) -> None:
        self.ws = ws
        self.raw = bytearray()
        self.mark = 0

    async def wait_for(self, pattern: str, timeout: float = 15.0) -> re.Match:
        deadline = time.monotonic() + timeout
        while True:
            m = re.search(pattern, visible(bytes(self.raw[self.mark:])))
            if m:
                return m
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{pattern!r} not seen; tail {visible(bytes(self.raw[-300:]))!r}")
            try:
                msg = await asyncio.wait_for(self.ws.receive(), left)
            except asyncio.TimeoutError:
                continue
            if msg.type == aiohttp.WSMsgType.BINARY:
                self.raw += msg.data
            elif msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                              aiohttp.WSMsgType.CLOSING):
                m = re.search(pattern, visible(bytes(self.raw[self.mark:])))
                if m:
                    return m
                raise AssertionError(f"closed before {pattern!r}: {visible(bytes(self.raw))!r}")


async def test_web_page_serves_the_app_keys_and_resize(web_server):
    url = await web_server()
    async with aiohttp.ClientSession() as session:
        async with session.get(url + "/") as resp:
            html = await resp.text()
        assert "inkterm" in html and "/ws" in html
        ws_url = url.replace("http:", "ws:") + "/ws?width=80&height=24"
        async with session.ws_connect(ws_url) as ws:
            screen = WsScreen(ws)
            await screen.wait_for(r"inkterm probe")
            pid = int((await screen.wait_for(r"pid=(\d+) size=80x24 keys=0")).group(1))
            screen.mark = len(screen.raw)
            await ws.send_json(["stdin", "x"])
            await screen.wait_for(r"keys=1 last=x")
            screen.mark = len(screen.raw)
            await ws.send_json(["resize", {"width": 100, "height": 30}])
            await screen.wait_for(r"size=100x30")
        # The tab is closed: its app ends.
        assert await wait_gone(pid), "the app outlived its browser tab"


async def test_web_session_limit(web_server):
    url = await web_server("--max-sessions", "1")
    ws_url = url.replace("http:", "ws:") + "/ws?width=80&height=24"
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(ws_url) as ws1:
            await WsScreen(ws1).wait_for(r"keys=0")
            async with session.ws_connect(ws_url) as ws2:
                await WsScreen(ws2).wait_for(r"table is full")


async def test_headless_chromium_shows_the_app_and_a_key_reaches_it(web_server, chromium, tmp_path):
    """One browser (starting Chromium is the slow part), two pages: the probe app,
    whose replies prove the key arrived, then the real inkterm title screen."""
    log = tmp_path / "probe.log"
    probe_url = await web_server(log=log)
    have_app = importlib.util.find_spec("inkterm.app") is not None
    app_url = await web_server(child=f"{sys.executable} -m inkterm") if have_app else None
    async with chromium(probe_url + "/") as browser:
        # The page connected its terminal and the app's first frame arrived.
        await browser.wait_until(
            lambda: browser.evaluate("document.body.classList.contains('-first-byte')"),
            what="the first byte in the page's terminal")
        await browser.wait_until(
            lambda: "inkterm probe" in visible(browser.websocket_bytes()),
            what="the app's title in the page")
        await browser.wait_until(
            lambda: re.search(r"keys=0", visible(browser.websocket_bytes())),
            what="the app's status line")
        await browser.evaluate(
            "document.querySelector('.xterm-helper-textarea').focus(), true")
        await browser.type_text("x")
        await browser.wait_until(
            lambda: re.search(r"keys=1 last=x", visible(browser.websocket_bytes())),
            what="the app's reply to a key typed in the browser")
        assert any('"stdin"' in sent for sent in browser.websocket_sent())
        assert "key x" in log.read_text()
        # The page, its script, styles and font all came from the table itself.
        port = probe_url.rsplit(":", 1)[1]
        assert [u for u in browser.requested_urls()
                if not re.match(rf"(https?|wss?)://127\.0\.0\.1:{port}/|data:|blob:", u)] == []
        assert any(u.endswith(".ttf") for u in browser.requested_urls())

        if app_url is None:
            pytest.skip("the inkterm app is not there yet (the probe part passed)")
        browser.events.clear()
        await browser.call("Page.navigate", url=app_url + "/")
        await browser.wait_until(
            lambda: "New game" in visible(browser.websocket_bytes()), timeout=30,
            what="the inkterm title screen in the page")
        await browser.wait_until(
            lambda: "No unfinished game" in visible(browser.websocket_bytes()),
            what="the title's save scan")
        await browser.evaluate(
            "document.querySelector('.xterm-helper-textarea').focus(), true")
        await browser.type_text("n")
        await browser.wait_until(
            lambda: "Seat 1" in visible(browser.websocket_bytes()),
            what="the setup screen after pressing n in the browser")


def ws_url_of(url: str, width: int = 80, height: int = 24) -> str:
    return url.replace("http:", "ws:") + f"/ws?width={width}&height={height}"


async def test_web_refuses_sockets_from_other_pages(web_server):
    """A page elsewhere (another port, another site) cannot open the table; the
    page this server served, or the one --public-url names, can."""
    url = await web_server("--public-url", "http://table.example:8123")
    port = int(url.rsplit(":", 1)[1])
    async with aiohttp.ClientSession() as session:
        for foreign in (f"http://127.0.0.1:{port + 1}", "http://evil.example",
                        f"http://evil.example:{port}", f"http://10.0.0.1:{port}",
                        "null", f"https://127.0.0.1:{port}"):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await session.ws_connect(ws_url_of(url), origin=foreign)
            assert refused.value.status == 403, foreign
        for own in (url, f"http://localhost:{port}", "http://table.example:8123"):
            async with session.ws_connect(ws_url_of(url), origin=own) as ws:
                await WsScreen(ws).wait_for(r"keys=0")


async def test_web_caps_the_size_the_app_is_given(web_server):
    url = await web_server()
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(ws_url_of(url, 65535, 65535)) as ws:
            screen = WsScreen(ws)
            await screen.wait_for(r"size=400x200 keys=0")
            for width, height, seen in ((100, 30, "100x30"), (65535, 9, "400x9"),
                                        (60, 65535, "60x200")):
                screen.mark = len(screen.raw)
                await ws.send_json(["resize", {"width": width, "height": height}])
                await screen.wait_for(rf"size={seen}")


def test_sizes_are_capped_both_ways():
    from inkterm.serve.common import MAX_COLUMNS, MAX_ROWS, cap_size

    assert cap_size(65535, 65535) == (MAX_COLUMNS, MAX_ROWS) == (400, 200)
    assert cap_size(-5, 0) == (1, 1)
    assert cap_size(80, 24) == (80, 24)


#: An app too busy to read its input: it never sees the quit and shrugs off
#: hang-ups, as one drawing a 65535×65535 screen did.
DEAF_APP = """
import os, signal, sys, time
for sig in (signal.SIGHUP, signal.SIGTERM):
    signal.signal(sig, signal.SIG_IGN)
text = f"deaf pid={os.getpid()}".encode()
sys.stdout.buffer.write(b"__GANGLION__\\n" + b"D" + len(text).to_bytes(4, "big") + text)
sys.stdout.flush()
time.sleep(600)
"""


async def test_a_closed_tab_ends_its_app_and_frees_its_slot(web_server, tmp_path):
    script = tmp_path / "deaf_app.py"
    script.write_text(DEAF_APP)
    url = await web_server("--max-sessions", "1", child=f"{sys.executable} {script}")
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(ws_url_of(url)) as ws:
            pid = int((await WsScreen(ws).wait_for(r"deaf pid=(\d+)")).group(1))
        closed = time.monotonic()
        assert await wait_gone(pid, timeout=10), "the app outlived its closed tab"
        assert time.monotonic() - closed < 8
        async with session.ws_connect(ws_url_of(url)) as ws:
            await WsScreen(ws).wait_for(r"deaf pid=(?!%d)\d+" % pid)


#: Where a page or stylesheet makes the browser fetch something.
FETCHED = re.compile(r"""(?:\b(?:src|href)\s*=\s*["']?|url\(\s*["']?|@import\s+["'])([^"'\s)>]+)""",
                     re.IGNORECASE)


def foreign(refs: list[str], own: str) -> list[str]:
    """The references that leave ``own`` (scheme://host:port): absolute URLs to
    another host, or protocol-relative ones."""
    return [ref for ref in refs
            if (ref.startswith("//") or re.match(r"[a-z][a-z0-9+.-]*://", ref, re.I))
            and not ref.startswith(own + "/")]


async def test_the_page_fetches_nothing_from_other_hosts(web_server):
    url = await web_server()
    async with aiohttp.ClientSession() as session:
        async with session.get(url + "/") as resp:
            html = await resp.text()
        refs = FETCHED.findall(html)
        assert foreign(refs, url) == []
        # The terminal's font too comes from here.
        assert any(ref.endswith(".css") for ref in refs) and any(".ttf" in ref for ref in refs)
        for ref in [r for r in refs if r.endswith(".css")]:
            async with session.get(ref) as resp:
                assert resp.status == 200, ref
                refs += FETCHED.findall(await resp.text())
        for ref in [r for r in refs if r.endswith((".js", ".ttf"))]:
            async with session.get(ref) as resp:
                assert resp.status == 200, ref
    assert foreign(refs, url) == []


async def test_no_folder_is_listed(web_server):
    url = await web_server()
    async with aiohttp.ClientSession() as session:
        for folder in ("/static/", "/static/js/", "/static/css/", "/static/fonts/"):
            async with session.get(url + folder) as resp:
                body = await resp.text()
                assert resp.status in (403, 404), (folder, resp.status)
                assert "Index of" not in body and "textual.js" not in body
        async with session.get(url + "/static/js/textual.js") as resp:
            assert resp.status == 200  # the files themselves are served


async def test_one_address_cannot_hold_every_browser_session(web_server):
    """The default cap: a few tabs from one address (the rest of --max-sessions is
    left for others); another address still gets in."""
    url = await web_server()  # --max-sessions 8, --sessions-per-address 3
    async with aiohttp.ClientSession() as session:
        tabs = [await session.ws_connect(ws_url_of(url)) for _ in range(3)]
        try:
            for ws in tabs:
                await WsScreen(ws).wait_for(r"keys=0")
            async with session.ws_connect(ws_url_of(url)) as fourth:
                await WsScreen(fourth).wait_for(r"3 games are being played from your address")
            elsewhere = aiohttp.TCPConnector(local_addr=("127.0.0.2", 0))
            async with aiohttp.ClientSession(connector=elsewhere) as other:
                async with other.ws_connect(ws_url_of(url)) as ws:
                    await WsScreen(ws).wait_for(r"keys=0")
        finally:
            for ws in tabs:
                await ws.close()
        for _ in range(50):  # closed tabs free their places (once their apps have quit)
            async with session.ws_connect(ws_url_of(url)) as ws:
                screen = WsScreen(ws)
                if "your address" not in (await screen.wait_for(r"keys=0|your address")).group(0):
                    break
            await asyncio.sleep(0.2)
        assert "keys=0" in visible(bytes(screen.raw))
