"""Key-to-repaint latency, CPU and memory per session of ``inkterm serve ssh``.

N clients (default 16) log in at once over loopback; each presses a key every
200 ms for a bounded time and measures how long the repaint takes to come back.
The server runs in its own process, as in production (``python -m
inkterm.serve.ssh --guest``); the clients run in this one and share the cores.

Two children can be measured:

- ``probe`` (default): a tiny Textual app whose status line counts keys, so the
  repaint for key *n* is recognised exactly (the text ``keys=n`` arrives).
- ``app``: the real inkterm app on its title screen; the keys are tab and
  shift+tab moving focus through the menu, and latency is key to the first output
  byte after it (the app repaints only in reply to the key once idle).

Two transports: ``ssh`` (a pty per session, this project's SSH server) and
``web`` (``inkterm serve web``: Textual's web-driver protocol over a WebSocket).

Memory is the children's RSS and PSS (PSS shares the common pages fairly
between sessions), read from /proc while all sessions are busy. CPU per key is
the children's (and the server's) CPU time during the key phase over the keys
answered: it says whether the machine can keep up at all, whatever else runs.

Usage::

    python -m benchmarks.ssh_latency [--sessions 16] [--seconds 10]
        [--child probe|app] [--transport ssh|web]

The goal is p95 <= 200 ms and <= 60 MiB per session; the last line prints the
measured figures as ratios of that goal.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

import asyncssh

from benchmarks.serving import (ANSI, ROOT, app_processes, cpu_seconds, logging_in,
                                free_port, memory_kib, pct, wait_for_port)

CHILDREN = {
    "probe": f"{sys.executable} -m inkterm.serve.probe",
    "app": f"{sys.executable} -m inkterm",
}


class Session:
    def __init__(self, idx: int, port: int, child: str, transport: str = "ssh") -> None:
        self.idx = idx
        self.transport = transport
        self.port = port
        self.child = child
        self.buf = bytearray()
        self.latencies: list[float] = []
        self.first_frame: float | None = None
        self.timeouts = 0
        self._new = asyncio.Event()
        self.logging_in = asyncio.Semaphore(1)  # bench() shares one among the sessions

    def _text(self, start: int) -> str:
        return ANSI.sub(b"", bytes(self.buf[start:])).decode("utf-8", "replace")

    async def _wait_text(self, pattern: str, start: int, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        rx = re.compile(pattern)
        while not rx.search(self._text(start)):
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            self._new.clear()
            try:
                await asyncio.wait_for(self._new.wait(), left)
            except asyncio.TimeoutError:
                return False
        return True

    async def _wait_quiet(self, quiet: float, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self._new.clear()
            try:
                await asyncio.wait_for(self._new.wait(), quiet)
            except asyncio.TimeoutError:
                return

    async def _open_ssh(self, stack):
        async with self.logging_in:
            conn = await stack.enter_async_context(asyncssh.connect(
                "127.0.0.1", self.port, username=f"bench{self.idx}", known_hosts=None,
                client_keys=None, agent_path=None,
            ))
        process = await conn.create_process(
            term_type="xterm-256color", term_size=(80, 24), encoding=None)

        async def pump():
            while chunk := await process.stdout.read(65536):
                self.buf += chunk
                self._new.set()

        async def send(key: bytes) -> None:
            process.stdin.write(key)

        return pump, send

    async def _open_web(self, stack):
        import aiohttp

        session = await stack.enter_async_context(aiohttp.ClientSession())
        ws = await stack.enter_async_context(session.ws_connect(
            f"ws://127.0.0.1:{self.port}/ws?width=80&height=24"))

        async def pump():
            async for msg in ws:
                if msg.type == aiohttp.WSMsgType.BINARY:
                    self.buf += msg.data
                    self._new.set()

        async def send(key: bytes) -> None:
            await ws.send_json(["stdin", key.decode()])

        return pump, send

    async def run(self, t0: float, start_at: asyncio.Event, stop: list[float],
                  interval: float) -> None:
        """``stop[0]`` is the time keys stop; it is set before ``start_at`` fires."""
        async with contextlib.AsyncExitStack() as stack:
            opener = self._open_web if self.transport == "web" else self._open_ssh
            pump_fn, send = await opener(stack)
            pump = asyncio.get_running_loop().create_task(pump_fn())
            ready = "keys=0" if self.child == "probe" else r"\S"
            if await self._wait_text(ready, 0, 60):
                self.first_frame = time.monotonic() - t0
            await self._wait_quiet(0.5, 10)  # let the first frame settle
            await start_at.wait()
            # Spread the sessions' key presses over the interval.
            await asyncio.sleep(interval * self.idx / 16)
            n = 0
            next_at = time.monotonic()
            while time.monotonic() < stop[0]:
                n += 1
                mark = len(self.buf)
                if self.child == "probe":
                    key, pattern = b"x", rf"keys={n}\b"
                else:
                    key, pattern = (b"\t" if n % 2 else b"\x1b[Z"), r"[\s\S]"
                self._new.clear()
                sent = time.monotonic()
                await send(key)
                if self.child == "probe":
                    ok = await self._wait_text(pattern, mark, 5)
                else:  # any output after the key
                    ok = len(self.buf) > mark or await self._wait_any(5)
                if ok:
                    self.latencies.append(time.monotonic() - sent)
                else:
                    self.timeouts += 1
                next_at += interval
                await asyncio.sleep(max(0.0, next_at - time.monotonic()))
                if self.child == "app":
                    await self._wait_quiet(0.02, 0.1)
            pump.cancel()

    async def _wait_any(self, timeout: float) -> bool:
        try:
            await asyncio.wait_for(self._new.wait(), timeout)
            return True
        except asyncio.TimeoutError:
            return False


async def bench(args) -> dict:
    load_before = os.getloadavg()[0]
    port = free_port()
    data = tempfile.mkdtemp(prefix="inkterm-bench-")
    if args.transport == "web":
        cmd = [sys.executable, "-m", "inkterm.serve.web"]
    else:
        cmd = [sys.executable, "-m", "inkterm.serve.ssh", "--guest"]
    server = subprocess.Popen(
        [*cmd, "--port", str(port), "--data-dir", data,
         "--max-sessions", str(args.sessions + 4), "--child", CHILDREN[args.child]],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        await wait_for_port(port, server, timeout=20)
        sessions = [Session(i, port, args.child, args.transport)
                    for i in range(args.sessions)]
        logins = logging_in()
        for session in sessions:
            session.logging_in = logins
        start_at = asyncio.Event()
        stop = [0.0]
        mem: list[tuple[int, int]] = []
        cpu: dict[str, float] = {}
        t0 = time.monotonic()

        async def conductor():
            # Start pressing keys once every session has its first frame (bounded).
            limit = time.monotonic() + 90
            while time.monotonic() < limit and not all(s.first_frame for s in sessions):
                await asyncio.sleep(0.1)
            await asyncio.sleep(3.0)  # let start-up work finish everywhere
            kids = app_processes(server.pid)
            idle0 = sum(cpu_seconds(pid) for pid in kids)
            await asyncio.sleep(2.0)  # no keys: what the apps cost when idle
            cpu["idle_per_s"] = (sum(cpu_seconds(pid) for pid in kids) - idle0) / 2.0
            stop[0] = time.monotonic() + args.seconds
            cpu0 = {pid: cpu_seconds(pid) for pid in [server.pid, *kids]}
            start_at.set()
            await asyncio.sleep(args.seconds / 2)  # all sessions live and busy
            for pid in kids:
                mem.append(memory_kib(pid))
            await asyncio.sleep(max(0.0, stop[0] - time.monotonic()))
            cpu["server"] = cpu_seconds(server.pid) - cpu0[server.pid]
            cpu["children"] = sum(cpu_seconds(pid) - cpu0[pid] for pid in kids)

        await asyncio.wait_for(
            asyncio.gather(conductor(), *(s.run(t0, start_at, stop, args.interval)
                                          for s in sessions)),
            args.seconds + 150,
        )
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(5)
        shutil.rmtree(data, ignore_errors=True)  # host key, saves, tables
    lat = [x for s in sessions for x in s.latencies]
    first = [s.first_frame for s in sessions if s.first_frame]
    return {
        "child": args.child,
        "transport": args.transport,
        "sessions": args.sessions,
        "seconds": args.seconds,
        "keys": len(lat),
        "timeouts": sum(s.timeouts for s in sessions),
        "p50_ms": 1000 * pct(lat, 50),
        "p95_ms": 1000 * pct(lat, 95),
        "max_ms": 1000 * max(lat) if lat else float("nan"),
        "first_frame_p50_s": statistics.median(first) if first else float("nan"),
        "first_frame_max_s": max(first) if first else float("nan"),
        "children_measured": len(mem),
        "app_cpu_ms_per_key": 1000 * cpu.get("children", 0) / max(1, len(lat)),
        "server_cpu_ms_per_key": 1000 * cpu.get("server", 0) / max(1, len(lat)),
        "cores": os.cpu_count(),
        "idle_cpu_ms_per_s": 1000 * cpu.get("idle_per_s", 0) / max(1, args.sessions),
        "load_before": load_before,
        "rss_mib_mean": statistics.mean(r for r, _ in mem) / 1024 if mem else float("nan"),
        "rss_mib_max": max(r for r, _ in mem) / 1024 if mem else float("nan"),
        "pss_mib_mean": statistics.mean(p for _, p in mem) / 1024 if mem else float("nan"),
    }


def run(sessions: int = 16, seconds: float = 10.0) -> list[dict]:
    """For ``python -m benchmarks``: the real app over SSH, as rows of the table."""
    args = argparse.Namespace(sessions=sessions, seconds=seconds, interval=0.2, child="app",
                              transport="ssh")
    r = asyncio.run(bench(args))
    return [
        {"figure": f"SSH, {sessions} sessions: key -> repaint p50 (ms)", "value": round(r["p50_ms"]),
         "goal": "", "ok": None},
        {"figure": f"SSH, {sessions} sessions: key -> repaint p95 / 200 ms",
         "value": round(r["p95_ms"] / 200, 2), "goal": "<= 1", "ok": r["p95_ms"] <= 200},
        {"figure": "SSH: memory per session / 60 MiB", "value": round(r["rss_mib_mean"] / 60, 2),
         "goal": "<= 1", "ok": r["rss_mib_mean"] <= 60},
    ]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sessions", type=int, default=16)
    p.add_argument("--seconds", type=float, default=10.0, help="how long keys are pressed")
    p.add_argument("--interval", type=float, default=0.2, help="seconds between key presses")
    p.add_argument("--child", choices=sorted(CHILDREN), default="probe")
    p.add_argument("--transport", choices=["ssh", "web"], default="ssh",
                   help="ssh: inkterm serve ssh (a pty per session); web: inkterm serve web "
                        "(Textual's web-driver protocol over a WebSocket)")
    args = p.parse_args(argv)
    r = asyncio.run(bench(args))
    how = ("serve ssh, a pty per session" if r["transport"] == "ssh"
           else "serve web, Textual's web driver over a WebSocket")
    print(f"inkterm {how}, child={r['child']}: "
          f"{r['sessions']} sessions x {r['seconds']:.0f} s, a key every "
          f"{args.interval * 1000:.0f} ms each")
    print(f"  key-to-repaint: p50 {r['p50_ms']:.0f} ms, p95 {r['p95_ms']:.0f} ms, "
          f"max {r['max_ms']:.0f} ms over {r['keys']} keys ({r['timeouts']} timeouts)")
    print(f"  first frame: median {r['first_frame_p50_s']:.2f} s, "
          f"slowest {r['first_frame_max_s']:.2f} s (all {r['sessions']} logging in at once)")
    print(f"  memory per session ({r['children_measured']} children): RSS mean "
          f"{r['rss_mib_mean']:.1f} MiB (max {r['rss_mib_max']:.1f}), "
          f"PSS mean {r['pss_mib_mean']:.1f} MiB")
    demand = r["app_cpu_ms_per_key"] * r["sessions"] / (args.interval * 1000)
    print(f"  CPU per key: app {r['app_cpu_ms_per_key']:.1f} ms, server "
          f"{r['server_cpu_ms_per_key']:.1f} ms; the apps alone need {demand:.2f} cores "
          f"of {r['cores']} at this key rate (load average before: {r['load_before']:.1f})")
    print(f"  idle app: {r['idle_cpu_ms_per_s']:.1f} ms CPU per second per session")
    goal_lat = r["p95_ms"] / 200
    goal_mem = r["rss_mib_mean"] / 60
    print(f"  vs goal: p95 / 200 ms = {goal_lat:.2f}, RSS / 60 MiB = {goal_mem:.2f} "
          f"({'within' if goal_lat <= 1 and goal_mem <= 1 else 'OVER'} goal)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
