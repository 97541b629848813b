"""The inkterm command: rules text, errors as one line with exit code 2, fast import."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from inkterm import cli
from inkterm.engine import GAMES

from tests.registered import a_game, games

ROOT = Path(__file__).resolve().parent.parent
# Where any game will do: the first shipped one (a command run as a process has no toy game).
GAME = a_game(shipped=True, seats=4)
SPEC = GAMES[GAME]
SEATS = f"{SPEC.min_players}–{SPEC.max_players} seats"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("INKTERM_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def run(*args: str, env_home: Path | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    if env_home is not None:
        env["INKTERM_HOME"] = str(env_home)
    env["NO_COLOR"] = "1"
    env["COLUMNS"] = "100"
    return subprocess.run(
        [sys.executable, "-m", "inkterm", *args],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=60,
    )


@pytest.mark.parametrize("game", games())
def test_rules_prints_markdown(capsys, game):
    import re

    assert cli.main(["rules", game]) == 0
    out = capsys.readouterr().out
    heading = re.search(r"^## (.+)$", GAMES[game].rules_text(), re.M).group(1)
    assert GAMES[game].title in out and heading in out
    assert "##" not in out  # rendered, not raw Markdown


def test_unknown_game_is_one_line_and_exit_2(capsys):
    assert cli.main(["rules", "chess"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unknown game 'chess'" in err[0]
    assert cli.main(["play", "chess"]) == 2


NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


@pytest.mark.parametrize("seats", [",".join(NAMES[: SPEC.min_players - 1]) or "",
                                   ",".join(NAMES[: SPEC.max_players + 1]), "Ann,,Bob", "Ann,  "])
def test_bad_seats_exit_2(capsys, seats):
    assert cli.main(["play", GAME, "--seats", seats]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("inkterm: ")


@pytest.fixture
def started(monkeypatch):
    """What the app would have been started with (it is not started)."""
    runs: list[dict] = []
    monkeypatch.setattr(cli, "_run_app", lambda **kw: runs.append(kw) or 0)
    return runs


@pytest.mark.parametrize("bad", ["search:abc", "search:", "search:0", "greedy:3", "Random:x"])
def test_a_seat_that_looks_like_a_bot_must_be_a_valid_bot(capsys, started, bad):
    assert cli.main(["play", GAME, "--seats", f"Ann,{bad}"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{bad!r} is not a valid bot" in err
    assert all(form in err for form in ("random", "greedy", "search:N"))  # the valid forms
    assert started == []


def test_a_bad_bot_seat_fails_as_one_line_from_the_shell(tmp_path):
    r = run("play", GAME, "--seats", "Ann,search:abc", env_home=tmp_path)
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "'search:abc' is not a valid bot" in r.stderr
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize("seats", ["Ann,Ann", "Ann, ann ", "bot,Cy,CY"])
def test_two_players_with_one_name_are_refused(capsys, started, seats):
    assert cli.main(["play", GAME, "--seats", seats]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "two seats are named" in err
    assert started == []


def test_repeated_bots_are_numbered_not_refused(started):
    assert cli.main(["play", GAME, "--seats", "Ann, bot,bot,search:5", "--seed", "1"]) == 0
    assert started[0]["start"][2] == ["Ann", "bot", "bot 2", "search:5"]


def _saved(home: Path, name: str, seats: list[str], choices: int) -> Path:
    from inkterm.engine import new_game
    from inkterm.engine.saves import save_game

    st = new_game(GAME, seats, seed=3)
    for _ in range(choices):
        st.apply(st.decision().keys[0])
    path = home / "saves" / f"{name}.save.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    save_game(st, path)
    return path


@pytest.mark.parametrize("command", ["continue", "replay"])
@pytest.mark.parametrize("name", [f"{GAME}-20261201-101500.save.json", f"{GAME}-20261201-101500"])
def test_continue_takes_the_save_name_the_title_shows(home, started, tmp_path, monkeypatch,
                                                      command, name):
    path = _saved(home, f"{GAME}-20261201-101500", ["Ann", "bot"], 2)
    _saved(home, f"{GAME}-20261201-090000", ["Bob", "bot"], 1)
    monkeypatch.chdir(tmp_path)  # the name is not a file where the player stands
    assert cli.main([command, name]) == 0
    extra = {"handoff": "auto"} if command == "continue" else {}
    assert started == [{"start": (command, str(path)), **extra}]


def test_continue_an_unknown_name_lists_the_saves_one_a_line(home, started, capsys):
    _saved(home, f"{GAME}-a", ["Ann", "bot"], 2)
    _saved(home, f"{GAME}-b", ["Bob", "Cy"], 1)
    (home / "saves" / f"{GAME}-c.save.json").write_text("garbage", encoding="utf-8")
    assert cli.main(["continue", f"{GAME}-x"]) == 2
    head, *lines = capsys.readouterr().err.strip().splitlines()
    assert head.startswith(f"inkterm: no save named '{GAME}-x'")
    assert len(lines) == 3
    assert any(f"{GAME}-a" in ln and f"{SPEC.title} · Ann, bot" in ln and "2 choices" in ln for ln in lines)
    assert any(f"{GAME}-b" in ln and "Bob, Cy" in ln and "1 choice " in ln for ln in lines)
    assert any(f"{GAME}-c.save.json" in ln and "not JSON" in ln for ln in lines)
    assert started == []


def test_continue_without_saves(capsys):
    assert cli.main(["continue"]) == 2
    assert "no unfinished game" in capsys.readouterr().err


def test_continue_mentions_unreadable_saves(home, capsys):
    (home / "saves").mkdir(parents=True)
    bad = home / "saves" / f"{GAME}-x.save.json"
    bad.write_text("garbage", encoding="utf-8")
    assert cli.main(["continue"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and bad.name in err and "not JSON" in err
    assert bad.read_text(encoding="utf-8") == "garbage"


def test_continue_corrupt_file_names_it_and_leaves_it(tmp_path, capsys):
    bad = tmp_path / "broken.save.json"
    bad.write_text("{not json", encoding="utf-8")
    assert cli.main(["continue", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "broken.save.json" in err and "not JSON" in err
    assert bad.read_text(encoding="utf-8") == "{not json"


def test_subprocess_errors_have_no_traceback(tmp_path):
    r = run("play", "nosuch", "--seats", "A,B", env_home=tmp_path)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr and r.stderr.count("\n") == 1
    r = run("rules", GAME, env_home=tmp_path)
    assert r.returncode == 0 and SPEC.title in r.stdout


def test_cli_import_does_not_load_textual_or_the_engine():
    code = "import sys, inkterm.cli; print(sorted(m for m in ('textual', 'pydantic') if m in sys.modules))"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.stdout.strip() == "[]"


def test_title_screen_does_not_import_the_engine():
    # The title screen must come up without the rules engine (pydantic) or any game.
    code = (
        "import sys; import inkterm.app, inkterm.screens.title; "
        "print(sorted(m for m in sys.modules if m.startswith(('inkterm.engine', 'inkterm.games', 'pydantic'))))"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.stdout.strip() == "[]", r.stdout + r.stderr


def test_options_are_checked_before_the_app_starts(capsys, monkeypatch):
    game = a_game(shipped=True, options=True)
    option = next(o for o in GAMES[game].options if o.choices)
    seats = NAMES[: GAMES[game].min_players]
    started = []
    monkeypatch.setattr(cli, "_run_app", lambda **kw: started.append(kw) or 0)
    assert cli.main(["play", game, "--seats", ",".join(seats), "--option", f"{option.name}={option.choices[-1]}",
                     "--seed", "3"]) == 0
    assert started == [{"start": ("play", game, seats, 3, {option.name: option.choices[-1]}),
                        "handoff": "auto"}]
    for bad, words in [(f"{option.name}=godlike", "one of"), ("colour=red", "no option"),
                       (option.name, "NAME=VALUE")]:
        assert cli.main(["play", game, "--seats", ",".join(seats), "--option", bad]) == 2
        err = capsys.readouterr().err
        assert words in err and err.count("\n") == 1
    assert cli.main(["play", GAME, "--option", "x=1"]) == 2
    assert "no option 'x'" in capsys.readouterr().err


def test_handoff_option_reaches_the_app(capsys, monkeypatch):
    started = []
    monkeypatch.setattr(cli, "_run_app", lambda **kw: started.append(kw) or 0)
    assert cli.main(["play", GAME, "--seats", "Ann,Bob", "--seed", "1", "--handoff", "always"]) == 0
    assert started[-1]["handoff"] == "always"
    with pytest.raises(SystemExit) as exc:
        cli.main(["play", GAME, "--handoff", "sometimes"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "sometimes" in err


async def test_play_command_opens_the_game(monkeypatch):
    from inkterm.app import InktermApp
    from inkterm.screens.game import GameScreen

    app = InktermApp(start=("play", GAME, ["Ann", "random"], 12, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.state.record.seed == 12


def test_argument_errors_are_one_line(capsys):
    import pytest as _pytest

    for argv in (["play", GAME, "--seed", "abc"], ["rules"], ["dance"]):
        with _pytest.raises(SystemExit) as exc:
            cli.main(argv)
        assert exc.value.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("inkterm: ")


def test_replay_command(tmp_path, capsys, monkeypatch):
    from inkterm.engine import new_game
    from inkterm.engine.saves import save_game

    bad = tmp_path / "bad.save.json"
    bad.write_text("[]", encoding="utf-8")
    assert cli.main(["replay", str(bad)]) == 2
    assert "bad.save.json" in capsys.readouterr().err
    good = tmp_path / "good.save.json"
    st = new_game(GAME, ["Ann", "Bob"], seed=1)
    st.apply(st.decision().keys[0])
    save_game(st, good)
    started = []
    monkeypatch.setattr(cli, "_run_app", lambda **kw: started.append(kw) or 0)
    assert cli.main(["replay", str(good)]) == 0
    assert started == [{"start": ("replay", str(good))}]


async def test_replay_start_opens_the_replay(tmp_path):
    from inkterm.app import InktermApp
    from inkterm.engine import new_game
    from inkterm.engine.saves import save_game
    from inkterm.screens.replay import ReplayScreen

    good = tmp_path / "good.save.json"
    st = new_game(GAME, ["Ann", "Bob"], seed=1)
    for _ in range(3):
        st.apply(st.decision().keys[0])
    save_game(st, good)
    app = InktermApp(start=("replay", str(good)), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.screen.total == 3
        await pilot.press("end")
        assert app.screen.states[-1].to_json() == st.to_json()


def test_serve_needs_a_transport(capsys):
    import pytest
    from inkterm.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["serve"])
    assert exc.value.code == 2
    assert "HOW" in capsys.readouterr().err


def test_simulate_is_wired_into_the_cli(capsys):
    import json

    from inkterm.cli import main

    assert main(["simulate", GAME, "--games", "2", "--seats", "random,random", "--jobs", "1",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 2 and len(out["win_rate"]) == 2
    assert abs(sum(out["win_rate"]) - 1) < 1e-9


def test_demo_rejects_bad_seat_count_and_bot(capsys):
    from inkterm.cli import main

    assert main(["demo", GAME, "--seats", "7"]) == 2
    assert SEATS in capsys.readouterr().err
    assert main(["demo", GAME, "--bot", "wizard"]) == 2
    assert "unknown bot" in capsys.readouterr().err


def test_simulate_names_the_bots_when_a_seat_is_not_one(capsys):
    assert cli.main(["simulate", GAME, "--games", "1", "--seats", "Ann,bot"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a bot spec: Ann" in err and "search:N" in err


def test_learn_a_game_without_a_lesson_is_one_line(capsys, monkeypatch):
    from inkterm import lessons

    # never start the app here: a game that gains a lesson must not hang this test
    monkeypatch.setattr(cli, "_run_app", lambda **kw: pytest.fail(f"the app started: {kw}"))
    # every shipped game has its lesson; the last is taken as if it had none
    game = games(shipped=True)[-1]
    monkeypatch.setattr(lessons, "has_lesson", lambda g: g != game)
    assert cli.main(["learn", game]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no guided game for" in err[0] and f"inkterm demo {game}" in err[0]
    assert cli.main(["learn", "chess"]) == 2
    assert "unknown game" in capsys.readouterr().err


def test_learn_opens_the_lesson(monkeypatch):
    opened = []
    monkeypatch.setattr(cli, "_run_app", lambda **kw: opened.append(kw) or 0)
    game = a_game(lesson=True)
    assert cli.main(["learn", game, "--restart"]) == 0
    assert opened == [{"start": ("learn", game, True)}]
