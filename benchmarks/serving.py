"""What the serving benchmarks (``ssh_latency``, ``table_latency``) share: the
checkout, ANSI stripping, a free port, the server's app processes and their
memory and CPU, percentiles, and how many SSH logins to make at once."""
from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ANSI = re.compile(
    rb"\x1b(?:\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78])"
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def children_of(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            out += [int(x) for x in (task / "children").read_text().split()]
        except OSError:
            pass
    return out


def app_processes(pid: int) -> list[int]:
    """The apps under a server: its descendants, minus any ``sh -c`` wrappers
    (textual-serve starts each app through the shell)."""
    out, todo = [], children_of(pid)
    while todo:
        p = todo.pop()
        todo += children_of(p)
        try:
            comm = Path(f"/proc/{p}/comm").read_text().strip()
        except OSError:
            continue
        if comm not in ("sh", "dash", "bash"):
            out.append(p)
    return out


def memory_kib(pid: int) -> tuple[int, int]:
    """(RSS, PSS) of one process in KiB."""
    rss = pss = 0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Rss:"):
                rss = int(line.split()[1])
            elif line.startswith("Pss:"):
                pss = int(line.split()[1])
    except OSError:
        pass
    return rss, pss


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of one process so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(p / 100 * (len(values) - 1))))
    return values[k]


def logging_in() -> asyncio.Semaphore:
    """For one run's logins: at most three in flight, since the server drops the
    oldest of more than four connections logging in from one address."""
    return asyncio.Semaphore(3)


async def wait_for_port(port: int, server: subprocess.Popen, timeout: float = 30) -> None:
    """Until the server (a subprocess) listens on ``port``."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                raise RuntimeError("the server did not start") from None
            await asyncio.sleep(0.1)
