"""The inkterm command with damaged saves: one line naming the bad file, the good
save still reachable, and an app that crashes exits non-zero."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from inkterm import cli
from inkterm.engine import new_game
from inkterm.engine.saves import save_game

from tests.registered import a_game

GAME = a_game(shipped=True, seats=2)  # any shipped game (the command runs as a process)

ROOT = Path(__file__).resolve().parent.parent
NESTED = "[" * 1024 + "]" * 1024  # 2 KB


@pytest.fixture
def saves(tmp_path, monkeypatch):
    monkeypatch.setenv("INKTERM_HOME", str(tmp_path))
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / f"{GAME}-nested.save.json").write_text(NESTED)
    return folder


def inkterm(*args: str, home: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "INKTERM_HOME": str(home), "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "inkterm", *args], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=60, stdin=subprocess.DEVNULL)


def test_continue_with_only_a_nested_file_is_one_line_naming_it(saves):
    for args in (["continue"], ["continue", str(saves / f"{GAME}-nested.save.json")]):
        r = inkterm(*args, home=saves.parent)
        assert r.returncode == 2, r.stderr
        assert "Traceback" not in r.stderr and r.stderr.count("\n") == 1
        assert f"{GAME}-nested.save.json" in r.stderr and "nested more than" in r.stderr
    assert (saves / f"{GAME}-nested.save.json").read_text() == NESTED


def test_continue_finds_the_good_save_beside_a_nested_file(saves, monkeypatch):
    good = saves / f"{GAME}-good.save.json"
    state = new_game(GAME, ["Ann", "bot"], seed=2)
    state.apply(state.decision().keys[0])
    save_game(state, good)
    started = []
    monkeypatch.setattr(cli, "_run_app", lambda **kw: started.append(kw) or 0)
    assert cli.main(["continue"]) == 0
    assert started == [{"start": ("continue", str(good)), "handoff": "auto"}]


def test_an_app_that_crashes_exits_non_zero(monkeypatch, tmp_path):
    from textual.app import App

    from inkterm.app import InktermApp
    from inkterm.engine import saves as saves_module

    monkeypatch.setenv("INKTERM_HOME", str(tmp_path))

    def broken_listing(directory=None):
        raise RuntimeError("listing blew up")

    monkeypatch.setattr(saves_module, "list_saves", broken_listing)
    monkeypatch.setattr(InktermApp, "run", lambda self: App.run(self, headless=True))
    assert cli.main([]) == 1
