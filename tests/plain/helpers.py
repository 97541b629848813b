"""Running plain mode as a player does: the real ``inkterm`` command in a subprocess,
fed a script of lines through a pipe."""
from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

from rich.cells import cell_len

from tests.seeds import SLOW

#: The bot seat of a plain game in a subprocess: the quick greedy bot in a plain run,
#: the table's default (a full-budget search) in the nightly one. The suite's quick
#: search bots (tests/conftest.py) reach no subprocess, where one full-budget game of
#: "bot" moves cost 2.8 CPU-s against 0.3 for "easy"; what the bot plays is not what
#: these tests check.
BOT = "bot" if SLOW else "easy"

#: Any escape or control character but the newline (a colour, a cursor move, a bell …).
CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f\x9b]")


def inkterm(*args: str, script: str = "", home: Path, timeout: float = 240) -> subprocess.CompletedProcess:
    env = {**os.environ, "INKTERM_HOME": str(home), "NO_COLOR": "", "TERM": "xterm-256color"}
    env.pop("NO_COLOR")  # colour would be allowed: plain mode must not use it anyway
    return subprocess.run([sys.executable, "-m", "inkterm", *args], input=script, text=True,
                          capture_output=True, env=env, timeout=timeout, encoding="utf-8")


def numbers(seed: int, n: int = 6000) -> str:
    """A script of choice numbers, mostly 1 and some 2 and 3 (one too many is refused
    and the player types on)."""
    rng = random.Random(seed)
    return "\n".join(str(rng.choice((1, 1, 2, 3))) for _ in range(n)) + "\n"


def problems(output: str, width: int = 80) -> list[str]:
    """What a screen reader or a pipe must never get: escape sequences and control
    characters, and lines wider than ``width`` cells."""
    found = [f"control character {m.group()!r} at {m.start()}" for m in CONTROL.finditer(output)][:5]
    found += [f"{cell_len(line)} cells: {line!r}" for line in output.split("\n") if cell_len(line) > width][:5]
    return found


def saves(home: Path) -> list[Path]:
    folder = home / "saves"
    return sorted(folder.glob("*.save.json")) if folder.is_dir() else []
