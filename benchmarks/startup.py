"""Start-up to the first title frame, inkterm ÷ a bare Textual app, as separate
processes run in turn (A B A B …) so drift hits both alike; the median of the
pairwise ratios is reported."""
from __future__ import annotations

import statistics
import subprocess
import sys
import time


def _once(which: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "benchmarks.first_frame", which], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def run(rounds: int = 7) -> list[dict]:
    _once("bare"), _once("inkterm")  # warm the file cache and .pyc files
    ratios = [_once("inkterm") / _once("bare") for _ in range(rounds)]
    r = statistics.median(ratios)
    return [{"figure": "start-up to first title frame / bare Textual app", "value": round(r, 2),
             "goal": "<= 1.3", "ok": r <= 1.3}]


if __name__ == "__main__":
    for r in run():
        print(r)
