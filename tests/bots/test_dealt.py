"""The randomized-deal experiment: the rules' own random deal (and, with give-each, a
random undealt item for every seat) measures every dealt item at once."""
from __future__ import annotations

import argparse
import json
import random

import pytest

from inkterm.engine import GAMES, Give, given_game, new_game
from inkterm.sim.cli import add_arguments, run_from_args
from inkterm.sim.runner import GameResult, deal_trial, play_game
from inkterm.sim.stats import dealt_effects

from tests.registered import a_game, game_params, games

GAME = a_game(seats=3, dealt=True)  # where any game that deals items will do
UNDEALT = a_game(undealt=True)  # a game of which each seat may be given an undealt item
DEALT_ONLY = a_game(dealt=True, undealt=False)


@pytest.mark.parametrize("game", game_params(dealt=True))
def test_dealt_is_what_the_setup_dealt_and_each_item_once(game):
    """Every game that deals items (each game checks ``dealt()`` against its own model in
    tests/games/<game>/test_dealt.py)."""
    for seats in sorted({max(2, GAMES[game].min_players), GAMES[game].max_players}):
        state = new_game(game, [f"s{i}" for i in range(seats)], seed=11)
        dealt = state.dealt()
        assert len(dealt) == seats and all(dealt)
        flat = [x for d in dealt for x in d]
        assert len(flat) == len(set(flat))  # an item sits with one seat at most
        pools = {x for pool in type(state).give_pools() for x in pool}
        assert set(flat) <= pools


def gift_cases():
    """Several gifts at once, and why each set is refused: only items the rules do not
    deal, each to its own seat, each its own item, and at least one."""
    cases = []
    for game in games(dealt=True, undealt=False):
        a, b = GAMES[game].state_class().give_pools()[0][:2]
        cases.append(pytest.param(game, (Give(0, a), Give(1, b)), "do not deal", id=f"{game}-dealt"))
    for game in games(undealt=True):
        cls = GAMES[game].state_class()
        t1, t2 = cls.undealt_pool()[:2]
        dealt = next(x for pool in cls.give_pools() for x in pool if x not in cls.undealt_pool())
        cases += [pytest.param(game, (Give(0, t1), Give(0, t2)), "its own seat", id=f"{game}-seat"),
                  pytest.param(game, (Give(0, t1), Give(1, t1)), "its own item", id=f"{game}-item"),
                  pytest.param(game, (Give(0, t1), Give(1, dealt)), "do not deal", id=f"{game}-dealt"),
                  pytest.param(game, (), "nothing", id=f"{game}-nothing")]
    return cases


@pytest.mark.parametrize("game,gifts,why", gift_cases())
def test_several_gifts_only_where_the_game_allows_them(game, gifts, why):
    with pytest.raises(ValueError, match=why):
        given_game(game, ["a", "b"], 1, gifts)


def _result(dealt, winners, picks=None):
    return GameResult(seed=0, slots=[0, 1], scores=[0, 0], ranking=[0, 1], choices=1,
                      winners=winners, dealt=dealt, picks=picks or [[], []])


def test_dealt_effects_by_hand():
    results = [
        _result([["X"], ["Y"]], [0], [["X"], []]),  # X's holder plays it and wins
        _result([["Y"], ["X"]], [1], [[], ["X"]]),  # X's holder plays it and wins
        _result([["X"], ["Y"]], [0, 1]),  # a shared win: half each
        _result([["Y"], ["Z"]], [0]),  # X not dealt
    ]
    out = dealt_effects(results)
    x = out["items"]["X"]
    assert x["holders"] == 3
    assert x["win_rate"] == pytest.approx(2.5 / 3) and x["effect"] == pytest.approx(2.5 / 3 - 0.5)
    lo, hi = x["effect_ci95"]
    assert lo < x["effect"] < hi
    assert out["items"]["Z"]["holders"] == 1 and out["items"]["Z"]["effect_ci95"] == [-0.5, 0.5]
    assert x["played"] == pytest.approx(2 / 3) and x["win_rate_unplayed"] == 0.5
    assert out["items"]["Y"]["played"] == 0 and out["items"]["Y"]["win_rate_unplayed"] == pytest.approx(1.5 / 4)
    assert out["position_win_rate"] == [pytest.approx(2.5 / 4), pytest.approx(1.5 / 4)]


def test_a_strong_item_shows_up():
    """Against made-up games where holding S wins 80% of the time, the estimate finds
    it, and the null items sit near 0."""
    rng = random.Random(3)
    results = []
    for _ in range(2000):
        hands = [["S"], ["N"]] if rng.random() < 0.5 else [["N"], ["S"]]
        s = 0 if hands[0] == ["S"] else 1
        win = s if rng.random() < 0.8 else 1 - s
        results.append(_result(hands, [win]))
    out = dealt_effects(results)
    lo, hi = out["items"]["S"]["effect_ci95"]
    assert lo < 0.30 < hi and lo > 0.2
    assert out["items"]["N"]["effect"] == pytest.approx(-out["items"]["S"]["effect"], abs=1e-9)


def test_deal_trial_is_the_same_in_worker_processes():
    here = deal_trial(GAME, ["random", "random"], 3, seed=5, jobs=1)
    there = deal_trial(GAME, ["random", "random"], 3, seed=5, jobs=2)
    assert here == there  # (the CPU each took is not part of a result's equality)
    assert here[0].dealt == play_game(GAME, ["random", "random"], 5).dealt


def _args(*argv):
    return add_arguments(argparse.ArgumentParser()).parse_args(list(argv))


def test_cli_dealt_json_and_words(capsys):
    assert run_from_args(_args(UNDEALT, "--dealt", "--give-each", "--games", "3", "--seats",
                               "random,random", "--jobs", "1", "--json")) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 3 and out["fair"] == 0.5 and out["give_each"] is True
    undealt = set(GAMES[UNDEALT].state_class().undealt_pool())
    assert sum(r["holders"] for i, r in out["items"].items() if i in undealt) == 6  # each seat, each game
    assert run_from_args(_args(GAME, "--dealt", "--games", "2", "--seats", "random,random",
                               "--jobs", "1")) == 0
    text = capsys.readouterr().out
    assert f"inkterm simulate {GAME} --dealt --games 2" in text and "Win rate by table position" in text


@pytest.mark.parametrize("argv", [
    (GAME, "--dealt", "--give", GAMES[GAME].state_class().give_pools()[0][0]),
    (DEALT_ONLY, "--dealt", "--give-each"),
    (DEALT_ONLY, "--give-each"),
    (UNDEALT, "--dealt", "--seats", "greedy"),
])
def test_cli_dealt_errors(argv, capsys):
    assert run_from_args(_args(*argv)) == 2
    err = capsys.readouterr().err
    assert err.startswith("inkterm simulate:") and err.count("\n") == 1


def test_a_run_saved_in_parts_merges_into_the_longer_run(tmp_path, capsys):
    """Games 1–2 and 3–5 of seed 4 merged are the five-game run: each item's holders,
    effect, interval and unplayed win rate, and the table's command."""
    from inkterm.sim.balance import main
    from inkterm.sim.stats import merge_dealt

    def saved(games, seed):
        assert run_from_args(_args(GAME, "--dealt", "--games", str(games), "--seats", "random,random,random",
                                   "--jobs", "1", "--seed", str(seed), "--json")) == 0
        return json.loads(capsys.readouterr().out)

    whole, merged = saved(5, 4), merge_dealt([saved(2, 4), saved(3, 6)])
    assert merged["games"] == 5 and merged["seed"] == 4 and merged["items"].keys() == whole["items"].keys()
    for item, row in whole["items"].items():
        got = merged["items"][item]
        assert got["holders"] == row["holders"] and got["played"] == pytest.approx(row["played"])
        assert got["effect"] == pytest.approx(row["effect"])
        assert got["effect_ci95"] == pytest.approx(row["effect_ci95"])
        assert got["win_rate_unplayed"] == pytest.approx(row["win_rate_unplayed"])
    assert merged["position_win_rate"] == pytest.approx(whole["position_win_rate"])
    with pytest.raises(ValueError, match="consecutive|one run in parts"):
        merge_dealt([saved(2, 4), saved(2, 7)])  # seeds 4–5, then 7–8: a gap
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps(saved(2, 4)))
    b.write_text(json.dumps(saved(3, 6)))
    assert main([GAME, "--dealt", "--from-json", f"{a}+{b}"]) == 0
    assert f"`inkterm simulate {GAME} --dealt --games 5 --seats random,random,random --seed 4`" in capsys.readouterr().out
