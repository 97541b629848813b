"""Balance experiments: an item dealt to a seat at setup, paired with a control game on
the same seed, and the causal effect the pairs give; the progress bar and --jobs."""
from __future__ import annotations

import argparse
import io
import json

import pytest

from inkterm.engine import Give, given_game, new_game
from inkterm.engine.give import give_into
from inkterm.sim.cli import add_arguments, run, run_experiment, run_from_args
from inkterm.sim.runner import GameResult, experiment, gives
from inkterm.sim.stats import paired_effect


def _kiln_hands(state):
    return [list(p.hand) for p in state.m.players]


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


def test_kiln_hand_gets_the_card_and_nothing_else_changes():
    natural = _kiln_hands(new_game("kiln", ["a", "b", "c"], seed=5))
    item = next(c for c in sorted(sum(natural, [])) if c not in natural[1])
    given = given_game("kiln", ["a", "b", "c"], 5, Give(1, item, slot=3))
    hands = _kiln_hands(given)
    assert hands[1][3] == item and hands[1][:3] == natural[1][:3]
    holder = next(i for i, h in enumerate(natural) if item in h)
    assert natural[1][3] in hands[holder]  # the displaced card went where the item was
    assert given.m.dice == new_game("kiln", ["a", "b", "c"], seed=5).m.dice


def test_control_game_never_deals_the_item_to_the_seat():
    natural = _kiln_hands(new_game("kiln", ["a", "b"], seed=8))
    item = natural[0][0]  # the deal puts it in seat 0's hand anyway
    other = next(c for c in natural[1])
    hands = _kiln_hands(given_game("kiln", ["a", "b"], 8, Give(0, other, 2, withheld=item)))
    assert other in hands[0] and item not in hands[0]
    assert item in hands[1]  # it moved just past seat 0's share of the deal
    assert all(len(h) == 5 for h in hands)


def test_voynich_book_and_inkwell_workspace_and_technique():
    book = given_game("voynich", ["a", "b", "c"], 3, Give(2, "WR5", 1)).book
    assert "WR5" in [cid for cid, _ in book[2]] and len(book[2]) == 10
    assert sum(cid == "WR5" for b in book for cid, _ in b) == 1
    ws = given_game("inkwell", ["a", "b"], 3, Give(1, "W-R"))
    assert ws.players[1].ws == "W-R"
    tech = given_game("inkwell", ["a", "b"], 3, Give(0, "T15"))
    assert tech.players[0].techs == [[15, "up"]] and 15 not in tech.deck
    assert 15 not in tech.slots.values()


def test_a_given_game_cannot_be_saved_but_a_normal_one_can():
    with pytest.raises(ValueError, match="cannot be saved"):
        given_game("kiln", ["a", "b"], 1, Give(0, "A8")).to_json()
    with pytest.raises(ValueError, match="cannot give"):
        given_game("kiln", ["a", "b"], 1, Give(0, "WR5"))
    assert new_game("kiln", ["a", "b"], 1).to_json()


def test_the_two_arms_differ_only_in_the_item():
    for seed in range(20):
        t, c = gives("voynich", 3, "RE2", seed)
        assert (t.seat, t.slot) == (c.seat, c.slot) and 0 <= t.seat < 3
        assert t.item == "RE2" and c.item.startswith("RE") and c.item != "RE2"
        assert c.withheld == "RE2" and gives("voynich", 3, "RE2", seed) == (t, c)


def test_experiment_pairs_games_by_seed_in_worker_processes():
    seats, treated, control = experiment("kiln", ["random", "random"], "A8", games=3, seed=40, jobs=2)
    assert [r.seed for r in treated] == [r.seed for r in control] == [40, 41, 42]
    assert all(r.given == "A8" for r in treated) and all(r.given != "A8" for r in control)
    again = experiment("kiln", ["random", "random"], "A8", games=3, seed=40, jobs=1)
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
    code = run_from_args(_args("inkwell", "--games", "2", "--seats", "random,random", "--give", "W-G",
                               "--jobs", "1", "--json"))
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["item"] == "W-G" and out["pairs"] == 2 and out["fair"] == 0.5
    lo, hi = out["effect_ci95"]
    assert lo <= out["effect"] <= hi and "observed_lift" in out


def test_cli_give_words(capsys):
    assert run_from_args(_args("voynich", "--games", "1", "--seats", "random,random", "--give", "WR5",
                               "--jobs", "1")) == 0
    out = capsys.readouterr().out
    assert "WR5" in out and "effect" in out and "95% interval" in out


@pytest.mark.parametrize("argv", [
    ("kiln", "--give", "T15"),
    ("kiln", "--jobs", "0"),
])
def test_cli_give_errors(argv, capsys):
    assert run_from_args(_args(*argv)) == 2
    err = capsys.readouterr().err
    assert err.startswith("inkterm simulate:") and err.count("\n") == 1


def test_progress_bar_shows_games_per_second_and_time_left():
    from rich.console import Console

    buf = io.StringIO()
    console = Console(file=buf, force_terminal=True, width=120)
    run("kiln", ["random", "random"], games=3, seed=1, jobs=1, show_progress=True, console=console)
    run_experiment("kiln", ["random", "random"], "A2", games=1, seed=1, jobs=1, console=console)
    text = buf.getvalue()
    assert "games/s" in text and "3/3" in text and "2/2" in text
    assert "-:--:--" in text or "0:00:00" in text  # the time left


def test_json_stays_quiet_on_a_terminal(capsys, monkeypatch):
    import sys

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert run_from_args(_args("kiln", "--games", "2", "--seats", "random,random", "--jobs", "1",
                               "--json")) == 0
    assert capsys.readouterr().err == ""


def test_balance_effect_table_names_the_command_of_each_row(capsys):
    from inkterm.sim.balance import main

    assert main(["kiln", "--give", "A8,C1", "--games", "1", "--seats-counts", "2", "--bot", "random",
                 "--jobs", "1", "--seed", "3"]) == 0
    rows = [l for l in capsys.readouterr().out.splitlines() if l.startswith("| A8") or l.startswith("| C1")]
    assert len(rows) == 2
    assert "`inkterm simulate kiln --give A8 --games 1 --seats random,random --seed 3`" in rows[0]
    assert "Unmarked Ware" in rows[0] and "Saggar" in rows[1]


def test_a_given_limited_technique_can_be_used_from_the_first_turn():
    seat = 1
    st = given_game("inkwell", ["a", "b"], 3, Give(seat, "T15"), {"first_player": "2"})
    st.players[seat].add("Patron's Purse", 4)  # a gold's price: a price in points needs them
    st._decided, st._decision = False, None
    normal = new_game("inkwell", ["a", "b"], 3, {"first_player": "2"})
    for _ in range(10):  # workspace sides and starting cubes come first
        if "use:15" in st.decision().keys:
            break
        assert not any(k.startswith("use:") for k in normal.decision().keys)
        normal.apply(st.decision().keys[0])
        st.apply(st.decision().keys[0])
    assert "use:15" in st.decision().keys and st.decision().seat == seat
    assert not any(k.startswith("use:") for k in normal.decision().keys)  # a real game: none
    gold = st.supply
    st.apply("use:15")
    while st.decision().seat == seat and "use:15" not in st.decision().keys and st.hand:
        st.apply(st.decision().keys[0])  # place the gold
    assert st.supply == gold - 1 and st.players[seat].techs == [[15, "used-once"]]


def test_effect_table_names_items_of_every_game():
    from inkterm.sim.balance import effect_markdown

    rows = [run_experiment(g, ["random", "random"], item, games=1, seed=2, jobs=1, show_progress=False)
            for g, item in (("kiln", "A8"), ("inkwell", "T15"), ("voynich", "WR5"))]
    text = effect_markdown(rows)
    assert "Unmarked Ware" in text and "Gilder's Kit" in text and "| WR5 | Writing" in text


def _holdings(state, seat: int) -> list[str]:
    """What the rules dealt this seat at setup, as the item ids ``give_pools`` names."""
    game = state.record.game
    if game == "kiln":
        return list(state.m.players[seat].hand)
    if game == "inkwell":
        p = state.players[seat]
        return [p.ws] + [f"T{tid}" for tid, _ in p.techs]
    return [cid for cid, _ in state.book[seat]]


@pytest.mark.parametrize("game,item,seats", [
    ("kiln", "A8", 3), ("kiln", "C1", 4), ("inkwell", "W-R", 5), ("inkwell", "T15", 3),
    ("voynich", "RE2", 4), ("voynich", "WR5", 2),
])
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
    seats, treated, control = experiment("voynich", ["random"] * 3, "BA1", games=3, seed=11, jobs=1)
    assert sorted(s for s, _, _ in seen) == [11, 11, 12, 12, 13, 13]
    for seed, give, held in seen:
        assert give.seat == seats[seed - 11]
        assert ("BA1" in held) == (give.item == "BA1")
    assert [r.given for r in treated] == ["BA1"] * 3 and all(r.given != "BA1" for r in control)


@pytest.mark.parametrize("game,item,seats,undealt", [
    ("kiln", "A8", 2, True), ("kiln", "A8", 4, True), ("voynich", "RE2", 3, True),
    ("voynich", "RE2", 4, False),  # 4 seats deal every card of a deck: nowhere else to go
])
def test_in_a_control_game_nobody_holds_the_item_where_the_deal_leaves_some_undealt(
        game, item, seats, undealt):
    names = [f"s{i}" for i in range(seats)]
    moved = 0
    for seed in range(40):
        _, c_give = gives(game, seats, item, seed)
        natural = new_game(game, names, seed)
        control = given_game(game, names, seed, c_give)
        holders = [s for s in range(seats) if item in _holdings(control, s)]
        assert c_give.seat not in holders
        assert holders == [] if undealt else len(holders) == 1
        moved += any(item in _holdings(natural, s) for s in range(seats))
    assert moved > 3  # the deal put it in some hand often enough to test the move
