"""The simulator at small sizes: results, statistics, the command line and --json."""
from __future__ import annotations

import argparse
import json

import pytest

from inkterm.sim import play_game, simulate, summarize, wilson
from inkterm.sim.cli import add_arguments, run, run_from_args
from inkterm.sim.runner import seating

from tests.registered import a_game, game_params

GAME = a_game(seats=3, picks=True)  # the first game in the menu whose picks are counted


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.404, abs=0.002) and hi == pytest.approx(0.596, abs=0.002)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and 0.25 < hi < 0.35
    lo, hi = wilson(10, 10)
    assert hi == pytest.approx(1.0) and 0.65 < lo < 0.75


def test_seating_rotates_only_when_asked():
    assert seating(["a", "b", "c"], 1, True) == [1, 2, 0]
    assert seating(["a", "b", "c"], 4, False) == [0, 1, 2]


def test_play_game_result_is_consistent_and_repeatable():
    r = play_game(GAME, ["greedy", "random"], seed=3, slots=[1, 0])
    assert r.slots == [1, 0] and len(r.scores) == 2 and sorted(r.ranking) == [0, 1]
    assert r.scores[r.ranking[0]] >= r.scores[r.ranking[1]]
    assert r.choices > 100
    assert all(isinstance(c, str) for p in r.picks for c in p)
    assert r == play_game(GAME, ["greedy", "random"], seed=3, slots=[1, 0])


def test_a_seat_s_cpu_a_move_is_counted_by_spec():
    """The levels' time a move is read from real games, as CPU (the machine is shared):
    each seat's choices and the CPU its bot spent on them, by spec whatever its seat."""
    results = simulate(GAME, ["search:30", "random"], games=2, seed=5, jobs=1)
    for r in results:
        assert sum(r.moves) == r.choices and all(m > 0 for m in r.moves)
        assert all(c > 0 for c in r.cpu)
    s = summarize(GAME, ["search:30", "random"], results)
    assert s["cpu_per_move"][0] > 10 * s["cpu_per_move"][1] > 0  # searching costs; a random pick hardly


def test_play_game_needs_bots():
    with pytest.raises(ValueError):
        play_game(GAME, ["Ann", "random"], seed=1)


def test_summary_of_random_games_in_worker_processes():
    specs = ["random", "random", "random"]
    results = simulate(GAME, specs, games=6, seed=10, jobs=2)
    assert [r.seed for r in results] == list(range(10, 16))
    assert all(r.slots == [0, 1, 2] for r in results)  # equal specs do not rotate
    s = summarize(GAME, specs, results)
    assert s["games"] == 6 and s["seats"] == specs
    assert sum(s["win_rate"]) == pytest.approx(1.0)
    assert s["win_rate"] == s["position_win_rate"]
    for (lo, hi), w in zip(s["win_ci95"], s["win_rate"]):
        assert lo <= w <= hi
    assert s["length"]["mean"] > 100
    # Every card a seat played is counted once per seat-game; lifts are differences.
    picks = sum(len(set(p)) for r in results for p in r.picks)
    assert sum(c["picks"] for c in s["per_card"].values()) == picks
    for c in s["per_card"].values():
        assert -1.0 <= c["lift"] <= 1.0 and 0 < c["pick_rate"] <= 1
    # Same seed, one process: the same games.
    again = simulate(GAME, specs, games=6, seed=10, jobs=1)
    assert [r.scores for r in again] == [r.scores for r in results]


def test_card_lift_by_hand():
    from inkterm.sim.runner import GameResult

    rs = [
        GameResult(1, [0, 1], [10, 5], [0, 1], 1, [["A1"], []]),
        GameResult(2, [0, 1], [10, 5], [0, 1], 1, [["A1"], ["A1"]]),
        GameResult(3, [0, 1], [5, 10], [1, 0], 1, [[], ["P1"]]),
    ]
    s = summarize(GAME, ["x", "y"], rs)
    tied = summarize(GAME, ["x", "y"], [GameResult(4, [0, 1], [3, 3], [0, 1], 1, [[], []], [0, 1])])
    assert tied["win_rate"] == [0.5, 0.5]
    a1 = s["per_card"]["A1"]
    assert a1["picks"] == 3 and a1["win_rate"] == pytest.approx(2 / 3)
    assert a1["lift"] == pytest.approx(2 / 3 - 1 / 3)  # the three seat-games without A1: 1 win
    assert s["win_rate"] == [pytest.approx(2 / 3), pytest.approx(1 / 3)]
    assert s["mean_score"] == [pytest.approx(25 / 3), pytest.approx(20 / 3)]


def _args(*argv):
    p = argparse.ArgumentParser()
    add_arguments(p)
    return p.parse_args(list(argv))


def test_cli_json(capsys):
    code = run_from_args(_args(GAME, "--games", "3", "--seats", "random,random", "--seed", "4",
                               "--jobs", "1", "--json"))
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    for key in ("games", "seats", "win_rate", "mean_score", "per_card"):
        assert key in out
    assert out["games"] == 3 and out["seats"] == ["random", "random"]
    assert len(out["win_rate"]) == 2 and all(isinstance(x, float) for x in out["win_rate"])


def test_cli_tables(capsys):
    assert run_from_args(_args(GAME, "--games", "2", "--seats", "random,random", "--jobs", "1")) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "Game length" in out and "lift" in out


@pytest.mark.parametrize("argv", [
    ("chess", "--games", "2"),
    (GAME, "--seats", "Ann,random"),
    (GAME, "--seats", "random"),
    (GAME, "--games", "0"),
    (GAME, "--option", "nonsense"),
])
def test_cli_errors(argv, capsys):
    assert run_from_args(_args(*argv)) == 2
    assert "inkterm simulate:" in capsys.readouterr().err


def test_balance_markdown():
    from inkterm.sim.balance import markdown

    res = run(GAME, ["random", "random"], games=4, seed=1, jobs=1, show_progress=False)
    text = markdown([res], threshold=0.0)
    assert "| 2 | 4 |" in text and "lift" in text
    assert text.count("\n| ") >= 3


def test_balance_side_by_side_lists_each_card_once_across_counts():
    from inkterm.sim.balance import markdown

    two = run(GAME, ["random", "random"], games=4, seed=1, jobs=1, show_progress=False)
    three = run(GAME, ["random"] * 3, games=4, seed=1, jobs=1, show_progress=False)
    text = markdown([two, three], threshold=-1.0).split("side by side:")[1]  # every card
    rows = [l for l in text.splitlines() if l.startswith("| ") and not l.startswith("| card")]
    picked = set(two["per_card"]) | set(three["per_card"])
    assert sorted(l.split(" | ")[0][2:] for l in rows) == sorted(picked)
    assert all(l.count(" | ") == 3 for l in rows)  # card, name, one cell per count


@pytest.mark.parametrize("game", game_params(seats=2, picks=True))
def test_every_picked_card_has_a_name_in_the_tables(game):
    """The per-card tables name what they list: every id a game's picks can hold."""
    from inkterm.bots.hooks import hooks
    from inkterm.sim.cli import _names

    res = run(game, ["random", "random"], games=3, seed=2, jobs=1, show_progress=False)
    names = _names(game)
    assert res["per_card"] and all(names.get(cid) for cid in res["per_card"])
    assert hooks(game).card_names is not None
