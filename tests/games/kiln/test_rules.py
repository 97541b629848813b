"""One test per numbered rule (§1) and ruling (§2) not already covered by a scenario."""
from collections import Counter

import pytest

from inkterm.engine import IllegalChoice, new_game
from inkterm.games.kiln.content import cards, parse_cards, AssetError

from .helpers import FixedDice, arrange, game, keys, play, simple_turn


# --- 1.1–1.2 components and setup -------------------------------------------------------
def test_rule_1_card_split_and_players():
    assert Counter(c.type for c in cards().values()) == {
        "play": 12, "tap": 8, "persistent": 12, "achievement": 8}
    for n in (2, 3, 4):
        assert len(game(n).m.players) == n
    for bad in (1, 5):
        with pytest.raises(ValueError):
            new_game("kiln", ["x"] * bad)


def test_rule_1_achievements_as_the_rulebook_lists_them():
    a = {c.zh: (c.effect, c.params) for c in cards().values() if c.type == "achievement"}
    assert a == {
        "大成若缺": ("rows_at_least", {"rows": 3, "points": 8}),
        "六合同春": ("blanks_at_least", {"blanks": 6, "points": 6}),
        "五谷丰登": ("blanks_at_least", {"blanks": 11, "points": 5}),
        "四平八稳": ("blanks_at_least", {"blanks": 15, "points": 4}),
        "三阳开泰": ("blanks_at_least", {"blanks": 18, "points": 4}),
        "双喜临门": ("blanks_at_least", {"blanks": 20, "points": 2}),
        "青花瓷王": ("per_achievement", {"points": 2}),
        "无款之器": ("per_zone", {"points": 1}),
    }


def test_rule_3_five_cards_each_rest_in_deck():
    s = game(4)
    hands = [p.hand for p in s.m.players]
    assert all(len(h) == 5 for h in hands)
    everything = sum(hands, []) + s.m.deck
    assert sorted(everything) == sorted(cards()) and len(s.m.deck) == 20


def test_rule_4_starting_values():
    for p in game(3).m.players:
        assert (p.money, p.favour, p.blanks, p.clay, p.glaze, p.supply) == (1, 0, 0, 0, 0, 40)


def test_rule_5_seat_one_starts_round_one():
    s = game(3)
    assert s.m.start_seat == 0 and s.decision().seat == 0 and s.m.round == 1


def test_bad_card_asset_names_file_and_field():
    with pytest.raises(AssetError, match=r"cards.json: field cards.0.cost"):
        parse_cards('{"cards": [{"id": "P1", "name": "x", "zh": "x", "type": "play", '
                    '"cost": -1, "effect": "points", "text": "x"}]}')
    with pytest.raises(AssetError, match="not a tap effect"):
        parse_cards('{"cards": [{"id": "T1", "name": "x", "zh": "x", "type": "tap", '
                    '"cost": 1, "effect": "points", "text": "x"}]}')


# --- 1.3 rounds --------------------------------------------------------------------------
def test_rule_6_all_ten_dice_rolled_and_taps_untapped():
    s = game(2)
    s.m.players[0].tableau = ["T3"]
    s.m.players[0].tapped = ["T3"]
    assert sum(s.m.dice) == 10
    while s.m.round == 1:
        simple_turn(s)
    assert sum(s.m.dice) == 10 and s.m.players[0].tapped == []


def test_rule_6_taken_dice_area_empties_at_each_roll():
    s = game(2)
    simple_turn(s)
    simple_turn(s)
    assert [p.taken_dice for p in s.m.players] == [1, 1]
    assert s.summary()["players"][0]["taken_dice"] == 1
    while s.m.round == 1:
        simple_turn(s)
    # Round 2 rolled all ten dice again, the taken ones included: the areas are empty.
    assert s.m.round == 2 and [p.taken_dice for p in s.m.players] == [0, 0]
    assert [p["taken_dice"] for p in s.summary()["players"]] == [0, 0]
    simple_turn(s)
    assert s.m.players[s.m.order[0]].taken_dice == 1


def test_rule_8_ends_after_round_ten():
    s = game(2)
    turns = 0
    while not s.is_over:
        simple_turn(s)
        turns += 1
    assert turns == 40 and s.m.round == 10 and s.decision() is None


# --- 1.4 a turn ---------------------------------------------------------------------------
def test_rule_9_free_actions_before_and_after_not_inside():
    s = game()
    p = arrange(s, dice=[2, 2, 2, 2, 1, 1], clay=5, glaze=6, money=1)
    assert {"reroll", "exchange"} <= set(keys(s))
    play(s, "zone:1")  # now inside the action: the boost question
    assert not {"reroll", "exchange", "blank", "end"} & set(keys(s))
    play(s, "noboost")
    assert not {"reroll", "exchange", "end"} & set(keys(s))  # still resolving (split)
    play(s, "split:0")
    assert {"reroll", "exchange", "end"} <= set(keys(s))
    assert not any(k.startswith("zone:") for k in keys(s))  # one main action (R14)
    assert p.glaze == 8


def test_rule_10_main_action_steps():
    s = game()
    p = arrange(s, dice=[1, 5, 1, 1, 1, 1], money=0)
    play(s, "zone:2")
    assert p.tokens[1] == 5 and s.m.dice[1] == 4 and p.taken_dice == 1 and p.money == 5


def test_rule_11_and_r14_a_zone_always_exists_and_end_needs_main():
    s = game()
    arrange(s, dice=[0, 0, 0, 0, 0, 1])
    assert "end" not in keys(s) and keys(s)[0] == "zone:6"
    with pytest.raises(IllegalChoice):
        s.apply("end")


# --- 1.5 zones ---------------------------------------------------------------------------
def test_rule_12_materials_split_freely():
    s = game()
    p = arrange(s, dice=[4, 2, 1, 1, 1, 1], money=0)
    play(s, "zone:1")
    assert keys(s) == [f"split:{c}" for c in range(4, -1, -1)]
    play(s, "split:3")
    assert (p.clay, p.glaze) == (3, 1)


def test_rule_15_studio_swap_keeps_hand_size_and_returns_to_bottom():
    s = game(2)
    p = arrange(s, dice=[1, 1, 1, 2, 1, 1], money=0)
    deck_before = list(s.m.deck)
    hand = list(p.hand)
    play(s, "zone:4")
    drawn = deck_before[:2]
    assert s.m.studio == drawn and s.m.deck == deck_before[2:]
    view = s.view(0)
    assert [c["id"] for c in view["studio"]] == drawn
    assert "studio" not in s.view(1)  # the draw is private
    play(s, f"take:{drawn[0]}", "back")  # change of mind
    play(s, f"take:{drawn[1]}", f"give:{hand[2]}", "done")
    assert p.hand == hand[:2] + [drawn[1]] + hand[3:]
    assert s.m.deck == deck_before[2:] + [drawn[0], hand[2]]


def test_rule_16_shop_discount_and_decline():
    s = game()
    p = arrange(s, dice=[1, 1, 1, 1, 2, 1], money=1, hand=["P12", "A1"])
    play(s, "zone:5", "noboost")
    # P12 costs 6-2 = 4 > 1; A1 costs 10-2 = 8 > 1: nothing affordable, nothing asked.
    assert "end" in keys(s) and p.hand == ["P12", "A1"]


def test_rule_17_imperial_kiln_may_decline_and_uses_its_strength():
    s = game()
    p = arrange(s, dice=[1, 1, 1, 1, 1, 3], money=1)
    play(s, "zone:6", "noboost", "skip")
    assert p.money == 1 and p.tokens[5] == 3
    s = game()
    p = arrange(s, dice=[1, 1, 1, 1, 1, 3], money=1)
    play(s, "zone:6", "noboost", "copy:1", "split:3")
    assert p.money == 0 and p.clay == 3 and p.tokens[0] == 0


# --- 1.6 favour ----------------------------------------------------------------------------
@pytest.mark.parametrize("space,check", [
    (2, lambda p: p.blanks == 1 and p.tokens == [0] * 6),
    (3, lambda p: p.money == 3),
    (4, lambda p: (p.clay, p.glaze) == (1, 2)),
    (6, lambda p: p.extra == 1),
])
def test_rule_19_favour_spaces(space, check):
    s = game()
    p = arrange(s, dice=[1, 1, 1, 1, 1, 5], money=0, favour=0)
    s.m.dice = [1, 1, space, 1, 1, 10 - space - 4] if space < 6 else [1, 1, 6, 1, 1, 0]
    play(s, "zone:3")
    p.tokens[2] = 0  # ignore the action's own tokens
    assert p.favour == min(6, space) and check(p)


def test_rule_19_exhibition_plays_at_full_cost():
    s = game()
    p = arrange(s, dice=[1, 1, 5, 1, 1, 1], money=2, favour=0, hand=["P1", "P2"])
    play(s, "zone:3")  # money 2: no boost question? money>=1 so asked
    play(s, "noboost") if "noboost" in keys(s) else None
    assert keys(s) == ["play:P1", "skip"]
    play(s, "play:P1")
    assert p.money == 0 and p.extra == 2


def test_r24_select_materials_on_any_zone_even_without_dice():
    s = game()
    p = arrange(s, dice=[0, 2, 1, 3, 2, 2], money=0, favour=0)
    play(s, "zone:3")
    assert keys(s) == [f"place:{z}" for z in range(1, 7)]
    play(s, "place:1")
    assert p.tokens[0] == 3


# --- 1.7 money --------------------------------------------------------------------------
def test_rule_21_money_range_and_r17():
    s = game(2)
    arrange(s, seat=0, dice=[1, 1, 1, 1, 1, 5], money=0, hand=["P11"])
    assert all(0 <= p.money <= 20 for p in s.m.players)
    s = game()
    arrange(s, dice=[1, 1, 1, 1, 1, 5], money=0)
    play(s, "zone:6")  # cannot pay the fee: no copy asked
    assert "end" in keys(s)


# --- 1.8–1.9 blanks and rows -----------------------------------------------------------
def test_rule_22_blank_making_needs_five_zones_and_room():
    s = game()
    arrange(s, tokens=[5, 5, 5, 5, 0, 0], supply=20)
    assert "blank" not in keys(s)
    s = game()
    arrange(s, tokens=[1, 1, 1, 1, 1, 0], supply=35, blanks=20)
    assert "blank" not in keys(s)


def test_rule_22_blank_making_after_the_main_action_too():
    s = game()
    p = arrange(s, dice=[1, 2, 1, 1, 1, 4], money=0, tokens=[1, 1, 1, 1, 0, 0], supply=36)
    play(s, "zone:6")
    assert "blank" in keys(s)
    play(s, "blank")
    assert p.blanks == 1


def test_r25_favour_blank_is_not_a_blank_making():
    s = game()
    p = arrange(s, dice=[1, 1, 2, 1, 1, 4], money=0, favour=0, tokens=[3, 3, 3, 3, 3, 0], supply=25)
    play(s, "zone:3")
    assert p.blanks == 1 and p.tokens == [3, 3, 5, 3, 3, 0]


def test_rule_27_row_rewards_and_r26_order():
    s = game()
    p = arrange(s, blanks=5, favour=3, money=0, tokens=[3, 3, 3, 1, 1, 0], supply=29)
    events = play(s, "blank")
    assert p.blanks == 7 and p.rows == 1 and p.money == 6 and p.claims == 2
    texts = [e.text for e in events]
    assert any("completes row 1" in t for t in texts)
    # All blanks are placed before the row pays out.
    assert texts.index(next(t for t in texts if "makes 2 blanks" in t)) < texts.index(
        next(t for t in texts if "completes row 1" in t))


def test_r26_rows_queue_behind_the_current_reward():
    s = game()
    p = arrange(s, blanks=14, favour=2, money=4, hand=["P2"], tokens=[1, 1, 1, 1, 1, 0], supply=35)
    play(s, "blank")  # 15: row 3 asks for a card at full cost
    assert keys(s) == ["play:P2", "skip"]
    play(s, "play:P2")  # Kiln Opening: 16 blanks, no new row
    assert p.blanks == 16 and p.rows == 3 and not s.m.rows_active


# --- 1.10 free actions ----------------------------------------------------------------------
def test_rule_29_and_r27_reroll_cost_is_dice_count_not_boost():
    s = game()
    p = arrange(s, dice=[2, 2, 2, 2, 1, 1], clay=1)
    assert [c.key for c in s.decision().choices if c.key == "reroll"] == ["reroll"]
    play(s, "reroll")
    assert keys(s) == ["reroll:5", "reroll:6", "back"]
    play(s, "back")
    assert p.clay == 1


def test_rule_30_exchange_and_r28():
    s = game()
    p = arrange(s, glaze=2)
    assert "exchange" not in keys(s)
    p.glaze, p.supply = 3, 0
    s._decided = False
    assert "exchange" not in keys(s)


def test_rule_31_tap_once_per_round_even_the_turn_it_is_played():
    s = game()
    p = arrange(s, dice=[1, 1, 1, 1, 3, 1], money=3, hand=["T3"])
    play(s, "zone:5", "noboost", "play:T3")
    assert "tap:T3" in keys(s)
    play(s, "tap:T3")  # cost 3-3 = 0, so money 3 + 1
    assert p.money == 4 and "tap:T3" not in keys(s)


# --- 1.11 cards ----------------------------------------------------------------------------
def test_rule_33_r16_play_cards_discarded_others_stay():
    s = game()
    p = arrange(s, dice=[1, 1, 1, 1, 5, 1], money=0, hand=["P7", "C3", "T3"])
    play(s, "zone:5", "play:P7")
    assert s.m.discard == ["P7"] and p.money == 3 and p.tableau == []
    s = game()
    p = arrange(s, dice=[1, 1, 1, 1, 5, 1], money=0, hand=["C3"])
    play(s, "zone:5", "play:C3")
    assert p.tableau == ["C3"] and s.m.discard == []


def test_rule_37_r15_hands_never_grow():
    s = game()
    p = arrange(s, dice=[1, 1, 1, 4, 1, 1], money=0)
    n = len(p.hand)
    play(s, "zone:4")
    for k in keys(s):
        if k.startswith("take:"):
            play(s, k)
            play(s, keys(s)[0])
            break
    assert len(p.hand) == n


def test_r20_unaffordable_hand_leaves_a_legal_option():
    s = game()
    p = arrange(s, dice=[1, 1, 1, 1, 1, 5], money=0, favour=4, hand=["P12"])
    play(s, "zone:3", "forward")  # lands on 5: Exhibition with nothing affordable
    assert p.favour == 5 and "end" in keys(s)


def test_r21_card_played_in_an_action_does_not_fire_in_it():
    s = game()
    p = arrange(s, dice=[1, 1, 3, 1, 1, 3], money=3, favour=2, hand=["C6"])
    play(s, "zone:3", "noboost", "forward")  # 2+3 = 5: Exhibition
    play(s, "play:C6")
    assert p.favour == 5 and p.tableau == ["C6"]
    # ...and in a later Favour Hall action it adds 1.
    arrange(s, dice=[1, 1, 1, 1, 1, 5], money=0)
    play(s, "zone:3", "back")
    assert p.favour == 3


def test_r22_claims_count_every_resolution():
    s = game()
    p = arrange(s, dice=[1, 1, 1, 1, 1, 5], money=0, favour=3, claims=0, blanks=5,
                tokens=[1, 1, 1, 1, 1, 0], supply=35)
    play(s, "blank")
    assert p.claims == 2


def test_r29_white_clay_mine_tie_gives_glaze():
    s = game()
    p = arrange(s, clay=2, glaze=2, tableau=["T2"])
    play(s, "tap:T2")
    assert (p.clay, p.glaze) == (2, 3)
    s = game()
    p = arrange(s, clay=1, glaze=2, tableau=["T2"])
    play(s, "tap:T2")
    assert (p.clay, p.glaze) == (2, 2)


def test_kiln_fire_tie_goes_to_lower_pip():
    s = game()
    arrange(s, dice=[1, 3, 1, 1, 3, 1], tableau=["T1"])
    s.rng = FixedDice([6, 6, 6])
    play(s, "tap:T1")
    assert s.m.dice == [1, 0, 1, 1, 3, 4]


def test_unknown_key_raises_and_leaves_state_untouched():
    s = game()
    before = s.to_json()
    for bad in ("zone:7", "end", "", "blank", "play:P1"):
        with pytest.raises(IllegalChoice):
            s.apply(bad)
    assert s.to_json() == before
    assert isinstance(IllegalChoice("x"), ValueError)


def test_decision_topics_are_rules_headings():
    import re
    from inkterm.engine import GAMES
    from inkterm.games.kiln.steps import ASKS

    text = GAMES["kiln"].rules_text()
    slugs = {re.sub(r"[^a-z0-9]+", "-", h.lower()).strip("-")
             for h in re.findall(r"^#{2,3} (.+)$", text, re.M)}
    assert {ask.topic for ask in ASKS} <= slugs
    assert "{{cards}}" not in text and "Kiln Superintendent" in text


def test_determinize_hides_other_hands_and_keeps_own():
    import random as _r

    s = game(3, seed=4)
    d = s.determinize(0, _r.Random(1))
    assert d.m.players[0].hand == s.m.players[0].hand
    assert [len(p.hand) for p in d.m.players] == [5, 5, 5] and len(d.m.deck) == len(s.m.deck)
    pool = sorted(s.m.players[1].hand + s.m.players[2].hand + s.m.deck)
    assert sorted(d.m.players[1].hand + d.m.players[2].hand + d.m.deck) == pool
    assert d.m.players[1].hand != s.m.players[1].hand or d.m.deck != s.m.deck
    assert d.view(0)["players"][0]["hand_cards"] == s.view(0)["players"][0]["hand_cards"]
    # Changing a hidden hand in the real state does not change the seat's view.
    s2 = s.clone()
    s2.m.players[1].hand, s2.m.deck[:5] = s2.m.deck[:5], s2.m.players[1].hand
    assert s2.view(0) == s.view(0)


def test_determinize_redraws_another_seats_studio_draw():
    import random as _r

    s = game(2, seed=4)
    arrange(s, dice=[1, 1, 1, 3, 1, 1], money=0)
    play(s, "zone:4")
    drawn = list(s.m.studio)
    assert len(drawn) == 3
    assert s.determinize(0, _r.Random(1)).m.studio == drawn  # the drawer's own cards
    others = [s.determinize(1, _r.Random(k)).m.studio for k in range(5)]
    assert all(len(o) == 3 for o in others) and any(o != drawn for o in others)
    assert all(not set(o) & set(s.m.players[1].hand) for o in others)  # never seat 1's own cards


def test_the_work_queue_is_typed_steps_that_survive_a_snapshot():
    import json

    from inkterm.games.kiln.model import Model
    from inkterm.games.kiln.steps import Persist, Split, Turn

    s = game(2, seed=3)
    arrange(s, 0, dice=[2, 0, 0, 0, 0, 0], money=1)
    assert [type(step) for step in s.m.queue] == [Turn]
    play(s, "zone:1", "noboost")  # the split waits; the Materials cards' triggers after it
    assert [type(step) for step in s.m.queue] == [Split, Persist]
    assert s.m.queue.top == Split(2, "Materials") and s.decision().topic == Split.topic
    data = json.loads(json.dumps(s.m.dump()))
    back = Model.load(data)
    assert list(back.queue) == list(s.m.queue) and back.dump() == data
    with pytest.raises(ValueError, match="unknown step 'stack'"):
        Model.load({**data, "queue": [{"kind": "stack"}]})
    with pytest.raises(ValueError, match="'split' step does not fit"):
        Model.load({**data, "queue": [{"kind": "split", "n": 3}]})
