"""Each designed card does what its text says (Kiln rules §3.3)."""
import pytest

from .helpers import FixedDice, arrange, game, keys, play


def shop_play(cid, **fields):
    """Play ``cid`` through a strength-5 Shop action (cost 0 for every card)."""
    s = game()
    fields.setdefault("money", 0)
    p = arrange(s, dice=[1, 1, 1, 1, 5, 1], hand=[cid], **fields)
    play(s, "zone:5")
    if "noboost" in keys(s):
        play(s, "noboost")
    play(s, f"play:{cid}")
    return s, p


def test_p1_tribute():
    _, p = shop_play("P1")
    assert p.extra == 2


def test_p2_kiln_opening_places_a_blank_without_tokens():
    _, p = shop_play("P2", tokens=[0] * 6)
    assert p.blanks == 1 and p.supply == 35


def test_p3_wheel_throwing_three_different_zones():
    s, p = shop_play("P3")
    play(s, "place:1")
    assert "place:1" not in keys(s)
    play(s, "place:2", "place:6")
    assert p.tokens == [1, 1, 0, 0, 5, 1] and "end" in keys(s)


def test_p4_commissioned_firing():
    _, p = shop_play("P4")
    assert p.tokens == [1, 1, 1, 1, 6, 1]


def test_p5_trimming_needs_four_zones_no_bonus():
    s = game()
    arrange(s, dice=[1, 1, 1, 1, 5, 1], money=0, hand=["P5"], tokens=[3, 3, 3, 0, 0, 0], supply=31)
    play(s, "zone:5")
    assert "play:P5" in keys(s)  # the action's own tokens make the fourth zone
    play(s, "play:P5")
    p = s.m.players[0]
    assert p.tokens == [2, 2, 2, 0, 4, 0] and p.blanks == 1
    s = game()
    arrange(s, dice=[1, 1, 1, 1, 5, 1], money=0, hand=["P5"], tokens=[3, 3, 0, 0, 0, 0], supply=34)
    play(s, "zone:5")
    assert "play:P5" not in keys(s)


def test_p6_imperial_edict_gains_two_favour():
    s, p = shop_play("P6", favour=3)
    play(s, "forward")
    assert p.favour == 5


def test_p7_merchant_guild():
    _, p = shop_play("P7", money=0)
    assert p.money == 3


def test_p8_purchasing():
    _, p = shop_play("P8")
    assert (p.clay, p.glaze) == (2, 2)


def test_p9_superintendent_is_not_an_action():
    s = game()
    p = arrange(s, dice=[1, 3, 1, 1, 3, 1], money=0, hand=["P9"], tableau=["C4"])
    play(s, "zone:5", "play:P9")
    # With the hand empty now, the Studio has nothing to swap and the Shop nothing to play.
    assert keys(s) == ["effect:1", "effect:2", "effect:3"]
    play(s, "effect:2")
    assert p.money == 3 and s.m.dice[1] == 3 and p.tokens[1] == 0  # no Remittance bonus


def test_p10_porters():
    s, p = shop_play("P10", tokens=[4, 0, 0, 0, 0, 0])
    play(s, "from:1", "to:3")
    assert keys(s) == ["count:3", "count:2", "count:1"]
    play(s, "count:2")
    assert p.tokens[:3] == [2, 0, 2]


def test_p11_slander():
    s = game()
    s.m.players[1].favour = 3
    p = arrange(s, dice=[1, 1, 1, 1, 5, 1], money=0, hand=["P11"], favour=4)
    play(s, "zone:5", "play:P11")
    # covered in scenario 8; here: the player's own favour is untouched
    assert p.favour == 4 and s.m.players[1].favour == 1


def test_p12_rush_order_extra_main_action():
    s, p = shop_play("P12", money=1)  # cost 6 - 5
    assert any(k.startswith("zone:") for k in keys(s)) and "end" in keys(s)
    play(s, "zone:1", "split:1")
    assert not any(k.startswith("zone:") for k in keys(s))
    assert p.taken_dice == 2


def tap(cid, **fields):
    s = game()
    p = arrange(s, tableau=[cid], **fields)
    play(s, f"tap:{cid}")
    return s, p


def test_t3_counting_house():
    _, p = tap("T3", money=5)
    assert p.money == 6


def test_t4_glaze_vat():
    s = game()
    arrange(s, tableau=["T4"], clay=0)
    assert "tap:T4" not in keys(s)
    _, p = tap("T4", clay=1, glaze=0)
    assert (p.clay, p.glaze) == (0, 2)


def test_t5_kiln_hand():
    s, p = tap("T5", tokens=[0, 2, 0, 1, 0, 0], supply=37)
    assert keys(s) == ["place:2", "place:4"]
    play(s, "place:4")
    assert p.tokens[3] == 2


def test_t6_bellows_before_main_only():
    s, p = tap("T6", dice=[1, 2, 1, 1, 1, 4], money=0)
    play(s, "zone:2")
    assert p.tokens[1] == 3 and p.money == 3
    s = game()
    arrange(s, tableau=["T6"], dice=[1, 2, 1, 1, 1, 4], money=0)
    play(s, "zone:2")
    assert "tap:T6" not in keys(s)


def test_t7_court_painter():
    s = game()
    arrange(s, tableau=["T7"], money=1)
    assert "tap:T7" not in keys(s)
    s, p = tap("T7", money=2, favour=0)
    assert p.money == 0 and p.favour == 1 and keys(s)[0] == "place:1"  # Select materials


def test_t8_broker():
    s, p = tap("T8", clay=1, glaze=3, money=0)
    assert keys(s) == ["sell:1", "sell:0"]
    play(s, "sell:1")
    assert (p.clay, p.glaze, p.money) == (0, 2, 2)


def action(pip, tableau, dice, **fields):
    s = game()
    fields.setdefault("money", 0)
    p = arrange(s, dice=dice, tableau=tableau, **fields)
    play(s, f"zone:{pip}")
    return s, p


def test_c2_washing_pool():
    s, p = action(1, ["C2"], [2, 1, 1, 1, 1, 4])
    play(s, "split:2")
    assert keys(s) == ["split:1", "split:0"]
    play(s, "split:0")
    assert (p.clay, p.glaze) == (2, 1)


def test_c3_clay_barge():
    s, p = action(1, ["C3"], [2, 1, 1, 1, 1, 4])
    play(s, "split:2")
    assert p.money == 1


def test_c5_guildhall_extra_token_on_acting_zone():
    _, p = action(2, ["C5"], [2, 2, 1, 1, 1, 3])
    assert p.tokens[1] == 3
    s, p = action(6, ["C5"], [2, 2, 1, 1, 1, 3], money=1)
    play(s, "noboost", "copy:2")
    assert p.tokens[5] == 4 and p.tokens[1] == 0  # the Imperial Kiln acted


def test_c7_tribute_ledger():
    s, p = action(3, ["C7"], [2, 2, 1, 1, 1, 3], favour=5)
    play(s, "forward")
    assert p.extra == 2


def test_c8_pattern_drafts_and_c9_painting_academy():
    s, p = action(4, ["C8", "C9"], [2, 2, 1, 2, 1, 2])
    assert len(s.m.studio) == 4
    play(s, "done")
    assert p.glaze == 2


def test_c11_dragon_kiln_max_five():
    s = game()
    p = arrange(s, tableau=["C11"], dragon=5, money=0, dice=[0, 0, 0, 0, 0, 3])
    play(s, "zone:6")
    assert p.dragon == 5
    s, p = action(6, ["C11"], [0, 0, 0, 0, 0, 3])
    assert p.dragon == 1 and s.scores()[0] == 1


def test_c12_official_pattern_free_copy():
    s, p = action(6, ["C12"], [2, 0, 0, 0, 0, 3])
    assert keys(s) == ["copy:1", "skip"]
    play(s, "copy:1", "split:3")
    assert p.money == 0 and p.clay == 3


# --- a card or tap that could do nothing is never offered (rules.md, Rulings) -----------
def shop_offers(hand, money=0, **fields):
    """The card plays a strength-5 Shop action offers with this hand."""
    s = game()
    arrange(s, dice=[1, 1, 1, 1, 5, 1], hand=hand, money=money, **fields)
    play(s, "zone:5")
    if "noboost" in keys(s):
        play(s, "noboost")
    return s, [k for k in keys(s) if k.startswith("play:")]


def test_kiln_opening_and_trimming_not_offered_with_a_full_board():
    tokens = dict(tokens=[3, 3, 3, 3, 0, 0], supply=28)
    assert shop_offers(["P2", "P5"], blanks=19, **tokens)[1] == ["play:P2", "play:P5"]
    assert shop_offers(["P2", "P5"], blanks=20, **tokens)[1] == []


def test_slander_needs_an_opponent_who_can_fall():
    s = game(3)
    s.m.players[1].favour, s.m.players[2].favour = 0, 1  # 1 stops at 1 (R8)
    arrange(s, dice=[1, 1, 1, 1, 5, 1], hand=["P11"], money=0)
    play(s, "zone:5")
    assert "play:P11" not in keys(s) and "end" in keys(s)
    s = game(3)
    s.m.players[1].favour, s.m.players[2].favour = 0, 2
    arrange(s, dice=[1, 1, 1, 1, 5, 1], hand=["P11"], money=0)
    play(s, "zone:5")
    assert "play:P11" in keys(s)


def test_merchant_guild_not_offered_at_twenty_money():
    assert shop_offers(["P7"], money=19)[1] == ["play:P7"]
    s, offered = shop_offers(["P7"], money=20)
    assert offered == [] and "end" in keys(s)


def test_token_cards_not_offered_with_an_empty_supply():
    # The Shop action itself places the last tokens.
    assert shop_offers(["P3", "P4"], tokens=[35, 0, 0, 0, 0, 0], supply=5)[1] == []
    assert shop_offers(["P3", "P4"], tokens=[34, 0, 0, 0, 0, 0], supply=6)[1] == ["play:P3", "play:P4"]


def test_exhibition_skips_a_hand_that_could_do_nothing():
    s = game()
    p = arrange(s, dice=[1, 1, 4, 1, 1, 1], hand=["P7"], money=20, favour=1)
    play(s, "zone:3", "noboost", "forward")  # 1 + 4: Exhibition
    assert p.favour == 5 and "end" in keys(s) and p.hand == ["P7"]


def test_superintendent_offers_only_zones_that_would_do_something():
    s = game()
    p = arrange(s, dice=[1, 1, 1, 1, 5, 1], money=20, hand=["P9", "P7"])
    s.m.deck = []
    play(s, "zone:5", "noboost", "play:P9")
    # Bank at the cap, Studio with an empty deck, Shop with only a Merchant Guild at 20.
    assert keys(s) == ["effect:1", "effect:3"]
    assert p.money == 20


def test_superintendent_not_offered_when_no_zone_would_do_anything():
    s = game()
    arrange(s, dice=[0, 1, 0, 0, 5, 0], money=20, hand=["P9"])
    play(s, "zone:5", "noboost")
    assert "play:P9" not in keys(s)
    s = game()
    arrange(s, dice=[0, 1, 0, 0, 5, 0], money=16, hand=["P9"])
    play(s, "zone:5", "noboost")
    assert "play:P9" in keys(s)


@pytest.mark.parametrize("cid, fields", [
    ("T3", dict(money=20)),  # Counting House: +1 money would be lost
    ("T8", dict(money=20, clay=2, glaze=2)),  # Broker: 2 materials for nothing
    ("T4", dict(clay=0)),
    ("T5", dict(supply=0, tokens=[40, 0, 0, 0, 0, 0])),
])
def test_taps_not_offered_when_they_would_do_nothing(cid, fields):
    s = game()
    arrange(s, tableau=[cid], **fields)
    assert f"tap:{cid}" not in keys(s)


def test_broker_at_nineteen_money_is_offered():
    s, p = tap("T8", money=19, clay=2, glaze=0)
    play(s, "sell:2")
    assert (p.money, p.clay) == (20, 0)
