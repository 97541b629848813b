"""A very small Chrome DevTools Protocol client for the browser test: start
headless Chromium, open a page, watch its WebSocket frames, type keys.

Only what the test needs; every wait is bounded.
"""

from __future__ import annotations

import asyncio
import base64
import itertools
import json
import os
import re
import shutil
import time
from pathlib import Path

import aiohttp
import pytest

CHROMIUM = shutil.which("chromium")
#: Set (by .ci/run) where the browser test must run rather than be skipped.
REQUIRE_BROWSER = "INKTERM_REQUIRE_BROWSER"


def need_chromium() -> None:
    """Skip the calling test where no chromium is installed; fail it where
    $INKTERM_REQUIRE_BROWSER says it must run."""
    if CHROMIUM is None:
        if os.environ.get(REQUIRE_BROWSER):
            pytest.fail(f"${REQUIRE_BROWSER} is set but there is no chromium on PATH")
        pytest.skip("no chromium on PATH (apt-get install chromium)")


FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run", "--no-default-browser-check",
    "--disable-extensions", "--disable-sync", "--mute-audio",
    "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
    "--window-size=1000,700",
]


class Browser:
    def __init__(self, user_data_dir: Path) -> None:
        self.user_data_dir = user_data_dir
        self.proc: asyncio.subprocess.Process | None = None
        self.session: aiohttp.ClientSession | None = None
        self.ws = None
        self._ids = itertools.count(1)
        self._pending: dict[int, asyncio.Future] = {}
        self.events: list[dict] = []
        self._event_added = asyncio.Event()
        self._reader: asyncio.Task | None = None

    async def start(self, timeout: float = 30.0) -> None:
        self.proc = await asyncio.create_subprocess_exec(
            CHROMIUM, *FLAGS, f"--user-data-dir={self.user_data_dir}", "about:blank",
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
        )
        assert self.proc.stderr is not None
        deadline = time.monotonic() + timeout
        port = None
        while port is None:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("Chromium did not report its DevTools port")
            line = await asyncio.wait_for(self.proc.stderr.readline(), left)
            if not line:
                raise RuntimeError("Chromium exited before it was ready")
            m = re.search(rb"DevTools listening on ws://[^:]+:(\d+)/", line)
            if m:
                port = int(m.group(1))
        # Keep draining stderr so Chromium never blocks on a full pipe.
        self._stderr_task = asyncio.get_running_loop().create_task(self._drain_stderr())
        self.session = aiohttp.ClientSession()
        page_ws = None
        while page_ws is None:
            async with self.session.get(f"http://127.0.0.1:{port}/json/list") as resp:
                targets = await resp.json(content_type=None)
            pages = [t for t in targets if t.get("type") == "page"]
            if pages:
                page_ws = pages[0]["webSocketDebuggerUrl"]
            elif time.monotonic() > deadline:
                raise TimeoutError("no page target in Chromium")
            else:
                await asyncio.sleep(0.1)
        self.ws = await self.session.ws_connect(page_ws, max_msg_size=0)
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def _drain_stderr(self) -> None:
        assert self.proc is not None and self.proc.stderr is not None
        while await self.proc.stderr.read(65536):
            pass

    async def _read(self) -> None:
        async for msg in self.ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                continue
            data = json.loads(msg.data)
            if "id" in data:
                fut = self._pending.pop(data["id"], None)
                if fut is not None and not fut.done():
                    fut.set_result(data)
            else:
                self.events.append(data)
                self._event_added.set()

    async def call(self, method: str, timeout: float = 15.0, **params) -> dict:
        msg_id = next(self._ids)
        fut = asyncio.get_running_loop().create_future()
        self._pending[msg_id] = fut
        await self.ws.send_str(json.dumps({"id": msg_id, "method": method, "params": params}))
        reply = await asyncio.wait_for(fut, timeout)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply.get("result", {})

    async def evaluate(self, expression: str):
        result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    def websocket_bytes(self) -> bytes:
        """Everything the page received over its WebSockets (the app's output)."""
        out = bytearray()
        for ev in self.events:
            if ev.get("method") != "Network.webSocketFrameReceived":
                continue
            resp = ev["params"]["response"]
            if resp.get("opcode") == 2:
                out += base64.b64decode(resp.get("payloadData", ""))
            else:
                out += resp.get("payloadData", "").encode("utf-8", "replace")
        return bytes(out)

    def requested_urls(self) -> list[str]:
        """Every URL the page asked for (documents, scripts, styles, fonts, sockets)."""
        return [ev["params"]["request"]["url"] for ev in self.events
                if ev.get("method") == "Network.requestWillBeSent"] + [
                ev["params"]["url"] for ev in self.events
                if ev.get("method") == "Network.webSocketCreated"]

    def websocket_sent(self) -> list[str]:
        return [ev["params"]["response"].get("payloadData", "") for ev in self.events
                if ev.get("method") == "Network.webSocketFrameSent"]

    async def wait_until(self, check, timeout: float = 20.0, what: str = "condition"):
        deadline = time.monotonic() + timeout
        while True:
            value = check()
            if asyncio.iscoroutine(value):
                value = await value
            if value:
                return value
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out after {timeout}s waiting for {what}")
            self._event_added.clear()
            try:
                await asyncio.wait_for(self._event_added.wait(), min(left, 0.25))
            except asyncio.TimeoutError:
                pass

    async def type_text(self, text: str) -> None:
        for ch in text:
            await self.call("Input.dispatchKeyEvent", type="keyDown", key=ch, text=ch,
                            unmodifiedText=ch)
            await self.call("Input.dispatchKeyEvent", type="keyUp", key=ch)

    async def close(self) -> None:
        if self.ws is not None:
            try:
                await asyncio.wait_for(self.call("Browser.close", timeout=5), 5)
            except Exception:
                pass
        if self._reader is not None:
            self._reader.cancel()
        if self.session is not None:
            await self.session.close()
        if self.proc is not None and self.proc.returncode is None:
            try:
                await asyncio.wait_for(self.proc.wait(), 5)
            except asyncio.TimeoutError:
                self.proc.kill()
                await asyncio.wait_for(self.proc.wait(), 5)
