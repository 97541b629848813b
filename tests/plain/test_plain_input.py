"""What plain mode says to input it cannot use, and how it stops: every mistake gets
one clear line and changes nothing; the end of the input, or quit, saves the game and
says how to resume it."""
from __future__ import annotations

from inkterm.engine.saves import read_save
from tests.registered import a_game

from .helpers import BOT, inkterm, problems, saves

GAME = a_game(seats=2)


def said(run) -> str:
    return " ".join(run.stdout.split())


def test_bad_input_is_answered_and_changes_nothing(tmp_path):
    home = tmp_path / "home"
    run = inkterm("play", GAME, "--plain", "--seed", "5", "--seats", f"Ann,{BOT}",
                  script="0\n99\nfly\n-1\n2.5\n²\nundo\nrules no-such-part\n\x1b[2J\n", home=home)
    assert run.returncode == 0, run.stderr
    out = said(run)
    assert "There is no choice 0: type a number from 1 to" in out
    assert "There is no choice 99: type a number from 1 to" in out
    assert "“fly” is neither a choice nor a command. Type a number from 1 to" in out
    assert "“-1” is neither a choice nor a command." in out
    assert "“2.5” is neither a choice nor a command." in out
    assert "“²” is neither a choice nor a command." in out
    assert "Nothing of yours to undo since the last new information." in out
    assert "No part of the rules is called “no-such-part”. The parts of the rules:" in out
    # What was typed is shown back as text, never passed on as a command to the terminal.
    assert "␛[2J" in out and problems(run.stdout) == []
    (path,) = saves(home)
    assert read_save(path).record.choices == [], "a mistake made a choice"
    assert "The input has ended." in out and "inkterm continue --plain" in out


def test_quit_saves_and_continue_resumes_in_plain_mode(tmp_path):
    home = tmp_path / "home"
    first = inkterm("play", GAME, "--plain", "--seed", "5", "--seats", f"Ann,{BOT}", script="1\n1\nquit\n1\n", home=home)
    assert first.returncode == 0
    (path,) = saves(home)
    made = len(read_save(path).record.choices)
    assert made >= 2  # Ann's two, and any bot's that followed
    name = path.name.removesuffix(".save.json")
    assert f"The game is saved as {name}; inkterm continue --plain {name} resumes it" in said(first)
    again = inkterm("continue", "--plain", script="1\n", home=home)
    assert again.returncode == 0, again.stderr
    assert f"Resumed after {made} choices." in said(again)
    assert len(read_save(path).record.choices) > made


def test_help_rules_board_and_undo(tmp_path):
    home = tmp_path / "home"
    run = inkterm("play", GAME, "--plain", "--seed", "5", "--seats", f"Ann,{BOT}",
                  script="help\nrules\nrules contents\nboard\n\n1\nundo\n", home=home)
    out = said(run)
    assert "Type the number of a choice and press Enter. Other commands:" in out
    assert "The parts of the rules:" in out
    assert "Ann: 0 points." in out
    assert run.stdout.count("\n1. ") >= 2  # the empty line listed the choices again
    (path,) = saves(home)
    undone = "Undone." in out
    assert undone == (read_save(path).record.choices == [])


def test_continue_plain_refuses_what_it_cannot_play(tmp_path):
    home = tmp_path / "home"
    run = inkterm("continue", "--plain", "nothing-like-this", home=home)
    assert run.returncode == 2 and "no save named 'nothing-like-this'" in run.stderr
    assert inkterm("continue", "--plain", home=home).stderr.startswith("inkterm: no unfinished game")


def test_a_reader_that_goes_away_stops_the_game_saved(tmp_path):
    """``inkterm play … --plain | head``: once the reader has gone, the game stops
    quietly (no broken-pipe trace) and is kept."""
    import os
    import subprocess
    import sys

    home = tmp_path / "home"
    env = {**os.environ, "INKTERM_HOME": str(home)}
    proc = subprocess.Popen([sys.executable, "-m", "inkterm", "play", GAME, "--plain", "--seats", f"Ann,{BOT}"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert proc.stdout.readline()  # the first line, then the reader goes
    proc.stdout.close()
    _, err = proc.communicate(b"1\n" * 400, timeout=120)
    assert proc.returncode == 0 and err == b"", err.decode()
    assert saves(home)


def test_a_plain_game_loads_no_textual(tmp_path):
    """Plain mode is the engine, the table driver and lines of text: it starts without
    the app's toolkit."""
    import os
    import subprocess
    import sys

    code = ("import sys; from inkterm.cli import main; rc = main(['play', sys.argv[1], '--plain']); "
            "print('textual' in sys.modules, rc)")
    env = {**os.environ, "INKTERM_HOME": str(tmp_path / "home")}
    run = subprocess.run([sys.executable, "-c", code, GAME], input="1\nquit\n", text=True,
                         capture_output=True, env=env, timeout=60)
    assert run.stdout.splitlines()[-1] == "False 0", run.stdout[-500:] + run.stderr
