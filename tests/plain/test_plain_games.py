"""Plain mode plays every registered game to its end by a script of numbers piped
into the real ``inkterm`` command, and writes nothing a screen reader or a pipe would
choke on: no escape sequence, no line past 80 cells."""
from __future__ import annotations

import pytest

from inkterm.engine import GAMES
from inkterm.engine.saves import read_save
from tests.registered import game_params

from .helpers import BOT, inkterm, numbers, problems, saves


@pytest.mark.parametrize("game", game_params(seats=2, shipped=True))
def test_a_whole_game_by_piped_numbers(game, tmp_path):
    """Against the quick bot in a plain run (what it plays is not what is checked), the
    table's default one in the nightly run."""
    home = tmp_path / "home"
    run = inkterm("play", game, "--plain", "--seed", "11", "--seats", f"You,{BOT}", script=numbers(5), home=home)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "The game is over:" in out, out[-2000:]
    assert problems(out) == []
    assert run.stderr == ""
    # A number for every decision of the person's: the prompt and its numbered choices.
    assert out.count("\n> ") > 10 and "\n1. " in out
    (path,) = saves(home)
    state = read_save(path)
    assert state.is_over and state.record.seats == ["You", BOT]


@pytest.mark.parametrize("game", game_params(seats=2, shipped=True))
def test_two_people_at_one_keyboard_hand_over(game, tmp_path):
    """Hot-seat: the game is played to its end by two people; the table changes hands
    with a line that names the next person (when a secret would show: always here)."""
    home = tmp_path / "home"
    run = inkterm("play", game, "--plain", "--seed", "3", "--seats", "Ann,Bob", "--handoff", "always",
                  script=numbers(8, 12000), home=home)
    assert run.returncode == 0, run.stderr
    said = " ".join(run.stdout.split())  # sentences, wherever the lines wrap
    assert "The game is over:" in said
    assert "Pass the keyboard to Bob. Bob, press Enter when you are ready." in said
    assert "Ann's turn is over. Pass the keyboard to Bob." in said
    assert problems(run.stdout) == []


def test_every_game_says_its_board_in_sentences(tmp_path):
    """The board command of every shipped game speaks its own view, not the generic
    list of facts (``key: value``) that a game without sentences gets."""
    for game, spec in GAMES.items():
        if not spec.module.startswith("inkterm.games."):
            continue
        run = inkterm("play", game, "--plain", "--seed", "4", "--seats", f"Ann,{BOT}", script="board\n",
                      home=tmp_path / game)
        said = run.stdout.split("> board\n", 1)[1]
        assert "Ann: 0 points." in said or "Ann: " in said
        assert not any(line.split(":")[0].isidentifier() and "_" in line.split(":")[0]
                       for line in said.splitlines()), said  # no "start_seat: 0"
        assert problems(run.stdout) == []
