"""Balance experiments on Kiln: a given card goes into the hand and nothing else changes,
the control game keeps the item from the seat, and the effect table names the cards."""
from __future__ import annotations

import pytest

from inkterm.engine import Give, given_game, new_game

from tests.bots.test_experiment import control_holders


def _kiln_hands(state):
    return [list(p.hand) for p in state.m.players]


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


def test_balance_effect_table_names_the_command_of_each_row(capsys):
    from inkterm.sim.balance import main

    assert main(["kiln", "--give", "A8,C1", "--games", "1", "--seats-counts", "2", "--bot", "random",
                 "--jobs", "1", "--seed", "3"]) == 0
    rows = [l for l in capsys.readouterr().out.splitlines() if l.startswith("| A8") or l.startswith("| C1")]
    assert len(rows) == 2
    assert "`inkterm simulate kiln --give A8 --games 1 --seats random,random --seed 3`" in rows[0]
    assert "Unmarked Ware" in rows[0] and "Saggar" in rows[1]


@pytest.mark.parametrize("item,seats,undealt", [
    ("A8", 2, True), ("A8", 4, True)
])
def test_in_a_control_game_nobody_holds_the_item_where_the_deal_leaves_some_undealt(item, seats, undealt):
    moved = 0
    for seat, holders, dealt in control_holders("kiln", item, seats):
        assert seat not in holders
        assert holders == [] if undealt else len(holders) == 1
        moved += dealt
    assert moved > 3  # the deal put it in some hand often enough to test the move
