"""Balance experiments: an item dealt to a seat at setup, paired with a control game on
the same seed, and the causal effect the pairs give; the progress bar and --jobs."""
from __future__ import annotations

import argparse
import io
import json

import pytest

from inkterm.engine import GAMES, Give, given_game, new_game
from inkterm.engine.give import give_into
from inkterm.sim.cli import add_arguments, run, run_experiment, run_from_args
from inkterm.sim.runner import GameResult, experiment, gives
from inkterm.sim.cli import _names
from inkterm.sim.stats import paired_effect

from tests.registered import a_game, games

GAME = a_game(seats=3, dealt=True)  # where any game that deals items will do
ITEM = GAMES[GAME].state_class().give_pools()[0][0]


def test_give_into_swaps_so_the_rest_of_the_deal_stays():
    deck = list("abcdefgh")
    give_into(deck, 2, 2, Give(1, "g", slot=1))  # seat 1 holds deck[2:4]
    assert deck == list("abcgefdh")
    deck = list("abcdefgh")
    give_into(deck, 2, 2, Give(1, "g", slot=0, withheld="d"))
    assert deck[2:4] == ["g", "e"] and sorted(deck) == list("abcdefgh")
    ws = ["W-R", "W-Y"]
    give_into(ws, 0, 1, Give(0, "W-G"))  # not dealt at all: it takes the place
    assert ws == ["W-G", "W-Y"]


def test_a_given_game_cannot_be_saved_but_a_normal_one_can():
    with pytest.raises(ValueError, match="cannot be saved"):
        given_game(GAME, ["a", "b"], 1, Give(0, ITEM)).to_json()
    with pytest.raises(ValueError, match="cannot give"):
        given_game(GAME, ["a", "b"], 1, Give(0, "no-such-item"))
    assert new_game(GAME, ["a", "b"], 1).to_json()


def dealt_items() -> list:
    """(game, item, seats): the first item of each pool of every game that deals, at the
    game's fewest (two or more) and most seats."""
    out = []
    for game in games(dealt=True):
        spec = GAMES[game]
        for pool in spec.state_class().give_pools():
            for seats in sorted({max(2, spec.min_players), spec.max_players}):
                out.append(pytest.param(game, pool[0], seats, id=f"{game}-{pool[0]}-{seats}"))
    return out


@pytest.mark.parametrize("game,item,seats", dealt_items())
def test_the_two_arms_differ_only_in_the_item(game, item, seats):
    pool = next(p for p in GAMES[game].state_class().give_pools() if item in p)
    for seed in range(20):
        t, c = gives(game, seats, item, seed)
        assert (t.seat, t.slot) == (c.seat, c.slot) and 0 <= t.seat < seats
        assert t.item == item and c.item in pool and c.item != item  # another of its kind
        assert c.withheld == item and gives(game, seats, item, seed) == (t, c)


def test_experiment_pairs_games_by_seed_in_worker_processes():
    seats, treated, control = experiment(GAME, ["random", "random"], ITEM, games=3, seed=40, jobs=2)
    assert [r.seed for r in treated] == [r.seed for r in control] == [40, 41, 42]
    assert all(r.given == ITEM for r in treated) and all(r.given != ITEM for r in control)
    again = experiment(GAME, ["random", "random"], ITEM, games=3, seed=40, jobs=1)
    assert again == (seats, treated, control)


def _result(seed, winner, picks=([], [])):
    return GameResult(seed, [0, 1], [1, 1], [winner, 1 - winner], 1, [list(p) for p in picks], [winner])


def test_paired_effect_by_hand():
    # Seat 0 each time: with the item it wins 3 of 4, without it 1 of 4.
    treated = [_result(i, w, (["A8"] if i < 3 else [], [])) for i, w in enumerate([0, 0, 0, 1])]
    control = [_result(i, w) for i, w in enumerate([1, 0, 1, 1])]
    e = paired_effect("A8", [0, 0, 0, 0], treated, control)
    diffs = [1, 0, 1, 0]
    mean = sum(diffs) / 4
    sd = (sum((d - mean) ** 2 for d in diffs) / 3) ** 0.5
    assert e["effect"] == pytest.approx(0.5) and e["pairs"] == 4 and e["differences"] == diffs
    assert e["win_rate_with"] == 0.75 and e["win_rate_without"] == 0.25
    assert e["played_when_dealt"] == 0.75  # seat 0 played it in three of the four
    assert e["effect_ci95"] == pytest.approx([mean - 1.959964 * sd / 2, mean + 1.959964 * sd / 2])


def _args(*argv):
    p = argparse.ArgumentParser()
    add_arguments(p)
    return p.parse_args(list(argv))


def test_cli_give_json(capsys):
    code = run_from_args(_args(GAME, "--games", "2", "--seats", "random,random", "--give", ITEM,
                               "--jobs", "1", "--json"))
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["item"] == ITEM and out["pairs"] == 2 and out["fair"] == 0.5
    lo, hi = out["effect_ci95"]
    assert lo <= out["effect"] <= hi and "observed_lift" in out


def test_cli_give_words(capsys):
    assert run_from_args(_args(GAME, "--games", "1", "--seats", "random,random", "--give", ITEM,
                               "--jobs", "1")) == 0
    out = capsys.readouterr().out
    assert ITEM in out and "effect" in out and "95% interval" in out


@pytest.mark.parametrize("argv", [
    (GAME, "--give", "no-such-item"),
    (GAME, "--jobs", "0"),
])
def test_cli_give_errors(argv, capsys):
    assert run_from_args(_args(*argv)) == 2
    err = capsys.readouterr().err
    assert err.startswith("inkterm simulate:") and err.count("\n") == 1


def test_progress_bar_shows_games_per_second_and_time_left():
    from rich.console import Console

    buf = io.StringIO()
    console = Console(file=buf, force_terminal=True, width=120)
    run(GAME, ["random", "random"], games=3, seed=1, jobs=1, show_progress=True, console=console)
    run_experiment(GAME, ["random", "random"], ITEM, games=1, seed=1, jobs=1, console=console)
    text = buf.getvalue()
    assert "games/s" in text and "3/3" in text and "2/2" in text
    assert "-:--:--" in text or "0:00:00" in text  # the time left


def test_json_stays_quiet_on_a_terminal(capsys, monkeypatch):
    import sys

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert run_from_args(_args(GAME, "--games", "2", "--seats", "random,random", "--jobs", "1",
                               "--json")) == 0
    assert capsys.readouterr().err == ""


def test_effect_table_names_items_of_every_game():
    from inkterm.sim.balance import effect_markdown

    items = {g: GAMES[g].state_class().give_pools()[-1][0] for g in games(seats=2, dealt=True)}
    rows = [run_experiment(g, ["random", "random"], item, games=1, seed=2, jobs=1, show_progress=False)
            for g, item in items.items()]
    text = effect_markdown(rows)
    for g, item in items.items():
        name = _names(g).get(item)
        assert f"| {item} |" in text and (name is None or name in text), (g, item, name)


def _holdings(state, seat: int) -> list[str]:
    """What the rules dealt this seat at setup, as the item ids ``give_pools`` names."""
    return state.dealt()[seat]


@pytest.mark.parametrize("game,item,seats", dealt_items())
def test_the_two_arms_of_a_pair_share_the_seed_and_differ_in_the_item(game, item, seats):
    names = [f"s{i}" for i in range(seats)]
    for seed in range(6):
        t_give, c_give = gives(game, seats, item, seed)
        treated = given_game(game, names, seed, t_give)
        control = given_game(game, names, seed, c_give)
        natural = new_game(game, names, seed)
        # The same random stream after setup in all three: nothing else was drawn
        # differently, so the dice, bag and deals still to come are the same.
        assert treated.rng.getstate() == control.rng.getstate() == natural.rng.getstate()
        seat = t_give.seat
        assert item in _holdings(treated, seat)
        assert item not in _holdings(control, seat) and c_give.item in _holdings(control, seat)
        assert len(_holdings(treated, seat)) == len(_holdings(control, seat))
        assert treated.decision().seat == control.decision().seat == natural.decision().seat


def test_each_played_pair_deals_the_item_to_the_drawn_seat_only_in_the_first_game(monkeypatch):
    from inkterm.sim import runner

    seen: list[tuple[int, Give, list[str]]] = []
    real = runner.given_game

    def spy(game, names, seed, given, options=None):
        state = real(game, names, seed, given, options)
        seen.append((seed, given, _holdings(state, given.seat)))
        return state

    monkeypatch.setattr(runner, "given_game", spy)
    seats, treated, control = experiment(GAME, ["random"] * 3, ITEM, games=3, seed=11, jobs=1)
    assert sorted(s for s, _, _ in seen) == [11, 11, 12, 12, 13, 13]
    for seed, give, held in seen:
        assert give.seat == seats[seed - 11]
        assert (ITEM in held) == (give.item == ITEM)
    assert [r.given for r in treated] == [ITEM] * 3 and all(r.given != ITEM for r in control)


def dealt_at_setup() -> list:
    """(game, item, seats) for the items the rules deal at setup (not those taken in play)."""
    out = []
    for param in dealt_items():
        game, item, seats = param.values
        if item not in GAMES[game].state_class().undealt_pool():
            out.append(param)
    return out


def control_holders(game: str, item: str, seats: int, seeds=range(40)):
    """Per seed of an experiment on ``item``: the seat drawn, the seats holding the item
    in the control game, and whether the natural deal gave it to anyone."""
    names = [f"s{i}" for i in range(seats)]
    for seed in seeds:
        _, c_give = gives(game, seats, item, seed)
        control = given_game(game, names, seed, c_give)
        natural = new_game(game, names, seed)
        yield (c_give.seat, [s for s in range(seats) if item in _holdings(control, s)],
               any(item in _holdings(natural, s) for s in range(seats)))


@pytest.mark.parametrize("game,item,seats", dealt_at_setup())
def test_in_a_control_game_the_drawn_seat_never_holds_the_item(game, item, seats):
    """Where the withheld item goes is each game's own (nowhere, where its deck has cards
    to spare: tests/games/<game>/test_experiment.py); never to the drawn seat."""
    moved = 0
    for seat, holders, dealt in control_holders(game, item, seats):
        assert seat not in holders and len(holders) <= 1
        moved += dealt
    assert moved > 3  # the deal put it in some hand often enough to test the move
