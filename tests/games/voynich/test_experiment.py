"""Balance experiments on The Voynich Puzzle: a given card goes into the seat's book."""
import pytest

from inkterm.engine import Give, given_game

from tests.bots.test_experiment import control_holders


def test_a_given_card_goes_into_the_book():
    book = given_game("voynich", ["a", "b", "c"], 3, Give(2, "WR5", 1)).book
    assert "WR5" in [cid for cid, _ in book[2]] and len(book[2]) == 10
    assert sum(cid == "WR5" for b in book for cid, _ in b) == 1


@pytest.mark.parametrize("item,seats,undealt", [
    ("RE2", 3, True),
    ("RE2", 4, False),  # 4 seats deal every card of a deck: nowhere else to go
])
def test_in_a_control_game_nobody_holds_the_item_where_the_deal_leaves_some_undealt(item, seats, undealt):
    moved = 0
    for seat, holders, dealt in control_holders("voynich", item, seats):
        assert seat not in holders
        assert holders == [] if undealt else len(holders) == 1
        moved += dealt
    assert moved > 3  # the deal put it in some hand often enough to test the move
