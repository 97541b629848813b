"""The 25 test scenarios of the Kiln rules file (§4), one test each (some split)."""
import pytest

from inkterm.engine import IllegalChoice
from inkterm.engine.text import from_data

from .helpers import FixedDice, arrange, game, keys, play, simple_turn


def test_01_snake_order_over_ten_rounds():
    s = game(4)
    seen = []
    while not s.is_over:
        r = s.m.round
        order = []
        while not s.is_over and s.m.round == r:
            order.append(s.decision().seat)
            simple_turn(s)
        seen.append(order)
    assert seen[0] == [0, 1, 2, 3, 3, 2, 1, 0]
    assert seen[1] == [1, 2, 3, 0, 0, 3, 2, 1]
    assert len(seen) == 10
    assert seen[9][0] == 1  # round 10 starts with seat 2 ((10-1) mod 4 + 1)
    for r, order in enumerate(seen, 1):
        assert order[0] == (r - 1) % 4


@pytest.mark.parametrize("n,first", [(3, 0), (2, 1)])
def test_01_round_ten_start_seat(n, first):
    s = game(n)
    while s.m.round < 10:
        simple_turn(s)
    assert s.decision().seat == first


def test_02_start_player_handover():
    s = game(3)
    m = s.m
    p = arrange(s, seat=0, blanks=19, tokens=[2, 1, 1, 1, 1, 0], supply=34)
    m.round, m.start_seat, m.order, m.turn = 5, 1, [1, 2, 0, 0, 2, 1], 2
    s._decided = False
    assert s.decision().seat == 0
    play(s, "blank")
    assert p.blanks == 20 and p.rows == 5
    assert m.start_seat == 0  # the marker moves at once
    assert m.order == [1, 2, 0, 0, 2, 1]  # the round keeps its order
    simple_turn(s)  # seat 0's main action, then the rest of round 5
    rest = []
    while m.round == 5:
        rest.append(s.decision().seat)
        simple_turn(s)
    assert rest == [0, 2, 1]
    assert m.order == [0, 1, 2, 2, 1, 0]  # no pass at the end of round 5
    while m.round == 6:
        simple_turn(s)
    assert m.start_seat == 1  # passes normally after round 6


def test_03_money_cap():
    s = game()
    p = arrange(s, dice=[1, 4, 1, 1, 1, 2], money=18)
    play(s, "zone:2", "noboost")
    assert p.tokens[1] == 4 and s.m.dice[1] == 3 and p.money == 20


def test_04_paid_boost():
    s = game()
    p = arrange(s, dice=[2, 2, 2, 2, 1, 1], money=1)
    play(s, "zone:1", "boost")
    assert p.money == 0 and p.tokens[0] == 3 and s.m.dice[0] == 1
    assert keys(s) == ["split:3", "split:2", "split:1", "split:0"]
    play(s, "split:1")
    assert (p.clay, p.glaze) == (1, 2)
    # Later, with money 0, no boost is offered: the action starts at once.
    s2 = game()
    p2 = arrange(s2, dice=[2, 2, 2, 2, 1, 1], money=0)
    play(s2, "zone:2")
    assert p2.tokens[1] == 2 and p2.money == 2


def test_05_strength_locked_before_die_leaves():
    s = game()
    p = arrange(s, dice=[3, 3, 1, 1, 1, 1], money=0, favour=0)
    play(s, "zone:3")
    assert p.tokens[2] == 1 and s.m.dice[2] == 0 and p.favour == 1 and p.claims == 1
    assert s.decision().prompt.startswith("Select materials")
    play(s, "place:5")
    assert p.tokens[4] == 3
    assert "zone:3" not in keys(s)


def test_06_favour_from_zero_capped():
    s = game()
    p = arrange(s, dice=[1, 1, 6, 1, 1, 0], money=1, favour=0)
    play(s, "zone:3", "boost")
    assert p.favour == 6 and p.extra == 1 and p.claims == 1
    assert "end" in keys(s)  # no direction was asked


def test_07_favour_choice():
    s = game()
    p = arrange(s, dice=[2, 2, 3, 1, 1, 1], money=0, favour=4)
    play(s, "zone:3")
    labels = [c.label for c in s.decision().choices]
    assert keys(s) == ["forward", "back"] and "6" in labels[0] and "1" in labels[1]
    play(s, "forward")
    assert p.favour == 6 and p.extra == 1

    s = game()
    p = arrange(s, dice=[2, 2, 3, 1, 1, 1], money=0, favour=2)
    play(s, "zone:3", "back")
    assert p.favour == 1 and s.decision().prompt.startswith("Select materials")

    s = game()
    p = arrange(s, dice=[2, 2, 2, 2, 1, 1], money=0, favour=6, claims=4)
    play(s, "zone:3", "forward")
    assert p.favour == 6 and p.extra == 1 and p.claims == 5


def test_08_losing_favour():
    s = game(4)
    arrange(s, seat=0, dice=[2, 2, 2, 2, 1, 1], money=2, hand=["P11"])
    others = s.m.players[1:]
    for o, f in zip(others, (2, 0, 6)):
        o.favour, o.claims = f, 3
    play(s, "zone:5", "noboost", "play:P11")
    assert [o.favour for o in others] == [1, 0, 4]
    assert [o.claims for o in others] == [3, 3, 3]


def test_09_blank_without_bonus():
    s = game()
    p = arrange(s, tokens=[2, 1, 1, 1, 1, 0], supply=34)
    play(s, "blank")
    assert p.tokens == [1, 0, 0, 0, 0, 0] and p.blanks == 1 and p.supply == 39
    assert "blank" not in keys(s)


def test_10_bonus_with_a_tie():
    s = game()
    p = arrange(s, tokens=[3, 4, 3, 1, 1, 5], supply=23)
    play(s, "blank")
    assert p.blanks == 2 and p.tokens == [2, 3, 2, 0, 1, 4]
    play(s, "blank")
    assert p.blanks == 3 and p.tokens == [1, 2, 1, 0, 0, 3]


def test_11_bonus_with_exactly_five_zones():
    s = game()
    p = arrange(s, tokens=[3, 3, 3, 1, 1, 0], supply=29)
    play(s, "blank")
    assert p.blanks == 2 and p.tokens == [2, 2, 2, 0, 0, 0]
    s = game()
    p = arrange(s, tokens=[3, 3, 2, 2, 2, 0], supply=28)
    play(s, "blank")
    assert p.blanks == 1


def test_12_bonus_capped_at_twenty_last_row():
    s = game(3)
    p = arrange(s, seat=0, blanks=19, tokens=[3, 3, 3, 1, 1, 0], supply=29)
    s.m.start_seat = 2
    play(s, "blank")
    assert p.blanks == 20 and p.tokens == [2, 2, 2, 0, 0, 0] and p.rows == 5
    assert s.m.start_seat == 0 and s.m.skip_pass


def test_13_chained_first_row_reward():
    s = game()
    p = arrange(s, dice=[3, 3, 1, 1, 1, 1], money=0, blanks=5, favour=1, claims=0)
    play(s, "zone:3", "forward")
    assert p.favour == 2 and p.blanks == 8 and p.rows == 1 and p.claims == 3


def test_14_first_row_at_favour_zero():
    s = game()
    p = arrange(s, blanks=4, favour=0, tokens=[3, 3, 3, 1, 1, 0], supply=29)
    play(s, "blank")
    assert p.blanks == 6 and p.rows == 1 and p.claims == 0 and p.favour == 0
    assert s.decision().prompt.endswith("choose a zone for your main action")


def test_15_second_row_reward_then_exchange():
    s = game()
    p = arrange(s, blanks=10, glaze=0, clay=0, tokens=[2, 1, 1, 1, 1, 0], supply=34)
    play(s, "blank")
    assert p.blanks == 11 and (p.clay, p.glaze) == (2, 3)
    play(s, "exchange", "exchange:6")
    assert p.glaze == 0 and p.tokens[5] == 1


def test_16_third_row_reward_full_cost():
    s = game()
    p = arrange(s, dice=[2, 2, 2, 1, 3, 0], blanks=14, money=3, hand=["P1", "P2"],
                tokens=[2, 1, 1, 1, 1, 0], supply=34)
    play(s, "blank")
    assert keys(s) == ["play:P1", "skip"]  # Kiln Opening costs 4 > 3, no discount
    play(s, "play:P1")
    assert p.money == 1 and p.extra == 2 and s.scores()[0] == 15 + 3 + 2


def test_17_fourth_row_near_cap():
    s = game()
    p = arrange(s, blanks=17, money=19, tokens=[2, 1, 1, 1, 1, 0], supply=34)
    play(s, "blank")
    assert p.blanks == 18 and p.rows == 4 and p.money == 20


def test_18_imperial_kiln_copy():
    s = game()
    p = arrange(s, dice=[0, 1, 3, 2, 2, 2], money=3, tableau=["C4"])
    play(s, "zone:6", "boost")
    assert p.money == 2 and p.tokens[5] == 3 and s.m.dice[5] == 1
    assert set(keys(s)) == {"copy:2", "copy:3", "copy:4", "copy:5", "skip"}
    play(s, "copy:2")
    assert p.money == 5  # 1 after the fee, +3, then Remittance House +1
    assert s.m.dice[1] == 1 and p.tokens[1] == 0


def test_19_imperial_kiln_without_target():
    s = game()
    p = arrange(s, dice=[0, 0, 0, 0, 0, 2], money=0)
    play(s, "zone:6")
    assert p.tokens[5] == 2 and s.m.dice[5] == 1 and p.money == 0
    assert "end" in keys(s)
    s = game()
    arrange(s, dice=[1, 1, 0, 0, 1, 2], money=3)
    play(s, "zone:6", "noboost")
    assert "copy:4" not in keys(s) and "copy:3" not in keys(s)
    with pytest.raises(IllegalChoice):
        s.apply("copy:4")


def test_20_token_supply_exhausted():
    s = game()
    p = arrange(s, dice=[1, 4, 1, 1, 1, 2], money=0, supply=2, tokens=[20, 0, 18, 0, 0, 0], glaze=3)
    play(s, "zone:2")
    assert p.tokens[1] == 2 and p.supply == 0 and p.money == 4
    assert "exchange" not in keys(s)


def test_21_rerolls():
    s = game()
    p = arrange(s, dice=[3, 1, 2, 1, 1, 2], clay=3)
    s.rng = FixedDice([2, 2, 5])
    play(s, "reroll", "reroll:1")
    assert p.clay == 0 and s.m.dice == [0, 3, 2, 1, 2, 2]
    s = game()
    p = arrange(s, dice=[3, 1, 2, 1, 1, 2], clay=1, tableau=["C1"])
    s.rng = FixedDice([1, 1, 1])
    play(s, "reroll", "reroll:1")
    assert p.clay == 0
    s = game()
    p = arrange(s, dice=[1, 1, 2, 2, 2, 2], clay=0, tableau=["C1"])
    assert "reroll" in keys(s)
    s.rng = FixedDice([4])
    play(s, "reroll", "reroll:1")
    assert s.m.dice == [0, 1, 2, 3, 2, 2] and p.clay == 0
    s = game()
    p = arrange(s, dice=[1, 3, 1, 1, 3, 1], clay=0, tableau=["T1"])
    s.rng = FixedDice([1, 1, 1])
    play(s, "tap:T1")
    assert s.m.dice == [4, 0, 1, 1, 3, 1] and p.clay == 0


def test_22_studio_with_a_short_deck():
    s = game()
    p = arrange(s, dice=[1, 1, 1, 3, 1, 1], money=0)
    s.m.deck = ["P7", "P8"]
    hand = list(p.hand)
    play(s, "zone:4")
    assert s.m.studio == ["P7", "P8"]
    play(s, "take:P8", f"give:{hand[0]}", "done")
    assert len(p.hand) == 5 and "P8" in p.hand and hand[0] not in p.hand
    assert s.m.deck == ["P7", hand[0]]


def test_23_persistent_timing():
    s = game()
    p = arrange(s, dice=[1, 1, 1, 1, 3, 1], money=0, hand=["C10", "P1", "A2"])
    play(s, "zone:5")
    assert keys(s)[0] == "play:C10"
    play(s, "play:C10")
    assert p.tableau == ["C10"] and p.money == 0
    assert "end" in keys(s)  # no second discount in this action
    from inkterm.games.kiln.content import cards

    s.m.players[0].money = cards()["A2"].cost - 4  # exactly enough after the discount
    arrange(s, dice=[1, 1, 1, 1, 2, 1])
    play(s, "zone:5", "noboost")
    # Discount 2+2 = 4 on Spring in Six Directions (the cost is our data).
    assert "play:A2" in keys(s)
    play(s, "play:A2")
    assert p.money == 0


def test_24_tie_breaks():
    s = game(4)
    m = s.m
    m.over = True
    m.start_seat = 1
    for p in m.players:
        p.blanks, p.money, p.claims, p.tableau = 0, 0, 0, []
    a, c = m.players[0], m.players[2]
    a.blanks = c.blanks = 20  # 20 + 5 rows
    a.extra = c.extra = 5
    a.money = c.money = 4
    a.claims, c.claims = 7, 6
    assert s.scores()[0] == s.scores()[2] == 30
    assert s.ranking()[0] == 0
    c.claims = 7
    assert s.ranking()[0] == 2  # order 2,3,4,1: seat 3 before seat 1
    m.start_seat = 0  # seat 1 placed its 20th blank in round 10
    assert s.ranking()[0] == 0
    assert "seat order" in str(from_data(s.summary()["tiebreaks"][0]))


def test_25_achievement_scoring():
    s = game(3)
    x, y, z = s.m.players
    x.blanks, x.tableau = 16, ["A1", "A4", "A5", "A7"]
    y.blanks, y.tableau, y.extra = 20, ["A2", "A6"], 2
    z.blanks, z.tableau, z.tokens = 11, ["A3", "A8"], [1, 2, 0, 1, 1, 3]
    x.hand = ["A2"]  # an achievement in hand scores nothing
    assert s.scores() == [39, 35, 23]
