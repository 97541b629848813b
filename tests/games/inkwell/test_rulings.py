"""One test per ruling R1-R32 of the Inkwell spec §2."""
from inkterm.engine import IllegalChoice, new_game
from inkterm.games.inkwell.content import content
from inkterm.games.inkwell.rules import GOLD
from inkterm.games.inkwell.work import StartCubes

import pytest

from .helpers import (
    NAMES, clear_mat, conservation, cubes, fill_all_but, fresh, give_tech, keys,
    page_cubes, place_all, script, set_bottle, set_page, start,
)
from .test_rules import finish_turn, takes


def test_r01_unplaceable_starting_cube_goes_back():
    st = new_game("inkwell", ["a", "b"], seed=3, options={"first_player": "1"})
    fill_all_but(st, 1, "I-1", {"A5"})  # one "?" left
    st.work.clear()  # deal seat 1 two starting cubes instead
    st.work.push(StartCubes(1, cubes("R", "K")))
    bag = list(st.bag)
    st.apply("side:A")
    st.apply("side:A")
    assert sum(st.hand[0].cubes) == 1  # one of the two went back
    assert sum(st.bag) == sum(bag) + 1
    place_all(st)
    assert st.stage == "main"


def test_r02_partial_take_illegal():
    st = start(2)
    fill_all_but(st, 0, "I-1", {"A5"})
    clear_mat(st)
    set_bottle(st, "C1", ["R", "R"])
    assert "take:C1" not in keys(st)
    with pytest.raises(IllegalChoice):
        st.apply("take:C1")


def test_r03_gold_counts_and_diamond_without_card_needs_no_slot():
    st = start(2)
    fill_all_but(st, 0, "I-1", {"A5"})
    clear_mat(st)
    set_bottle(st, "S1", ["Au", "K"])
    assert "take:S1" not in keys(st)
    give_tech(st, 0, 23, "workspace")
    give_tech(st, 0, 24, "workspace")
    set_bottle(st, "D1", ["K"], tech=None)
    assert "take:D1" in keys(st)


def test_r04_player_chooses_and_choice_is_final():
    st = start(2)
    set_page(st, 0, "I-1")
    set_bottle(st, "C1", ["R"])
    st.apply("take:C1")
    assert {"place:A3", "place:B5", "place:A5", "place:S1"} == {k for k in keys(st) if k != "auto"}
    st.apply("place:B5")
    assert page_cubes(st, 0)["B5"] == "R"


def test_r05_extra_cubes_outside_the_fit_check_overflow_back():
    st = start(2)
    fill_all_but(st, 0, "I-1", {"A5", "S1"})
    clear_mat(st)
    st.deck.remove(16)
    set_bottle(st, "D1", ["R"], tech=16)  # Fresh Ink; the bottle fits, its draws need not
    script(st, ["K", "K", "K"] + ["Y"] * 30)
    st.apply("take:D1")
    place_all(st)
    bag = sum(st.bag)
    st.apply("resolve:16")
    place_all(st)
    assert page_cubes(st, 0)["S1"] == "K"  # one placed, two went back
    assert st.cur == 1


def test_r06_star_gold_needs_a_space():
    st = start(2)
    fill_all_but(st, 0, "I-1", set())
    clear_mat(st)
    set_bottle(st, "S1", ["Au"])
    assert keys(st) == ["turn"]


def test_r07_arrows_lie_between_spaces():
    st = start(2)
    st.abbot = 11
    st.apply(takes(st)[0])
    finish_turn(st)
    assert st.abbot == 12 and st.crossed == 1  # moving onto 12 crosses arrow I


def test_r08_forced_while_level_at_most_highest_arrow():
    st = start(2)
    st.crossed = 2  # arrows I and II crossed; P1 is still on page I
    fresh(st)
    assert keys(st) == ["turn"]
    st.apply("turn")
    finish_turn(st)
    st.apply(keys(st)[0] if keys(st) == ["turn"] else "turn")
    finish_turn(st)
    assert st.cur == 0 and keys(st) == ["turn"]  # page II is forced as well
    st.apply("turn")
    finish_turn(st)
    st.apply("turn")
    finish_turn(st)
    assert st.cur == 0 and "turn" in keys(st) and takes(st)  # page III is free


def test_r09_no_legal_take_is_a_voluntary_turn():
    st = start(2)
    fill_all_but(st, 0, "I-1", set())
    assert keys(st) == ["turn"] and not st.must_turn(0)
    st.apply("turn")
    gold = st.supply
    st.apply(keys(st)[0])
    assert st.hand[0].cubes[GOLD] == 1 and st.supply == gold - 1


def test_r10_shortages_leave_parts_empty():
    st = start(2)
    clear_mat(st)
    set_bottle(st, "C1", ["R"])
    st.supply = 0
    st.deck = []
    script(st, ["K"] * 11)
    st.apply("take:C1")
    finish_turn(st)
    assert sum(st.bottles["S1"]) == 0 and st.slots["T1"] is None and sum(st.bottles["D1"]) == 2
    assert "take:D1" in keys(st) and "take:S1" not in keys(st)
    st.apply("take:D1")
    place_all(st)
    assert st.players[1].techs == []


def test_r11_star_with_gold_gets_topped_up():
    st = start(2)
    set_bottle(st, "S1", ["Au"])
    script(st, ["B"] * 30)
    st.apply([k for k in takes(st) if k != "take:S1"][0])
    finish_turn(st)
    assert st.bottles["S1"] == cubes("Au", "B")


def test_r12_empty_diamond_with_card_gets_one_cube_and_no_refill():
    st = start(2)
    give_tech(st, 0, 11, "under")  # Steady Hand
    tid = st.slots["T1"]
    set_bottle(st, "D1", ["R"], tech=tid)
    st.apply("take:D1")
    assert set(keys(st)) == {"tech:keep", "tech:leave"}
    st.apply("tech:leave")
    script(st, ["G"] * 30)
    place_all(st)
    assert st.slots["T1"] == tid and st.bottles["D1"] == cubes("G")


def test_r13_turning_an_empty_page_is_allowed():
    st = start(2)
    set_page(st, 0, "I-1")
    assert "turn" in keys(st)
    st.apply("turn")
    assert st.players[0].score == 0 and st.players[0].turned == 1


def test_r14_first_player_random_unless_chosen():
    firsts = {new_game("inkwell", ["a", "b", "c"], seed=s).first for s in range(30)}
    assert firsts == {0, 1, 2}
    assert new_game("inkwell", ["a", "b", "c"], seed=1, options={"first_player": "2"}).first == 1


def test_r15_workspaces_random_sides_secret_and_fixed():
    deals = {tuple(p.ws for p in new_game("inkwell", ["a", "b"], seed=s).players) for s in range(20)}
    assert len(deals) > 3
    st = new_game("inkwell", ["a", "b"], seed=1, options={"first_player": "1"})
    st.apply("side:B")
    assert st.summary()["players"][0]["workspace"]["side"] is None
    st.apply("side:A")
    while st.hand:
        st.apply("auto")
    assert not any(k.startswith("side:") for k in keys(st))
    assert st.players[0].side == "B"


def test_r16_markers_leave_the_bag_overflow_is_display_only():
    for n in (1, 3, 5):
        st = new_game("inkwell", ["x"] * n, seed=1)
        mat = sum(sum(c[:5]) for c in st.bottles.values())
        starting = sum(sum(q.cubes) for q in st.start_queue)
        assert sum(st.bag) == 150 - n - mat - starting


def test_r17_any_card_of_the_display():
    st = start(3)
    st.apply("turn")
    assert sorted(k[5:] for k in keys(st)) == sorted(st.display[2]) and len(st.display[2]) == 3


def test_r18_multiplier_counts_only_this_page():
    st = start(2)
    set_page(st, 0, "I-1", {"M": "K"})
    set_page(st, 1, "I-2", {"A4": "K", "B6": "K"})
    assert dict(st.page_score(0))["multiplier"] == 1


def test_r19_forced_page_three_scored_in_full():
    st = start(2)
    st.players[0].turned = 2
    set_page(st, 0, "III-4", {"A1": "B", "A2": "B", "A3": "B", "A4": "B", "A5": "B", "A6": "B", "M": "B"})
    st.crossed = 3
    fresh(st)
    expect = sum(v for _l, v in st.page_score(0, voluntary=False))
    assert keys(st) == ["turn"] and expect >= 5 + 7
    st.apply("turn")
    assert st.players[0].score == expect


def test_r20_no_gold_bonus_after_page_three():
    st = start(2)
    st.players[0].turned = 2
    set_page(st, 0, "III-1")
    set_bottle(st, "S1", ["Au"])
    gold = st.supply
    st.apply("turn")
    assert st.supply == gold and not st.hand


def test_r21_empty_supply_no_bonus():
    st = start(2)
    st.supply = 0
    st.apply("turn")
    st.apply(keys(st)[0])
    assert not st.hand and st.cur == 1


def test_r22_finished_turn_is_three_and_one_move_only():
    st = start(2)
    p2 = st.players[1]
    p2.finished, p2.turned = True, 3
    st._set_page(p2, None)
    st.finish_order, st.end_phase = [1], True
    calls = []
    orig = st._refill
    st._refill = lambda ev, skip_abbot=False: (calls.append(1), orig(ev, skip_abbot))
    a = st.abbot
    st.apply(takes(st)[0])
    finish_turn(st)
    assert len(calls) == 1 and st.abbot == a + 2 and p2.score == 3


def test_r23_abbot_on_end_space_still_three():
    st = start(2)
    p2 = st.players[1]
    p2.finished, p2.turned = True, 3
    st._set_page(p2, None)
    st.finish_order, st.end_phase = [1], True
    st = start(2)
    p2 = st.players[1]
    p2.finished, p2.turned = True, 3
    st._set_page(p2, None)
    st.finish_order, st.end_phase = [1], True
    st.players[0].turned = 2
    set_page(st, 0, "III-1")
    st.abbot, st.crossed = 35, 2
    fresh(st)
    st.apply(takes(st)[0])
    finish_turn(st)
    assert st.abbot == 36 and p2.score == 3 and st.cur == 0


def test_r24_game_ends_immediately():
    st = start(2)
    for i in (0, 1):
        st.players[i].turned = 2
    set_page(st, 0, "III-1")
    set_page(st, 1, "III-2")
    st.apply("turn")
    bag = list(st.bag)
    st.apply("turn")
    assert st.is_over and st.bag == bag and st.decision() is None  # no refill draws
    with pytest.raises(IllegalChoice):
        st.apply("turn")


def test_r25_ties_and_solo_strictly_more():
    st = start(2)
    st.players[0].score = st.players[1].score = 30
    st.finish_order = [1, 0]
    st.over = True
    assert st.ranking()[0] == 1
    solo = start(1)
    solo.players[0].score = 20
    solo.rival_score = 20
    solo.over = True
    assert solo.winner() is None and solo.tiebreaks()


def test_r26_new_card_triggers_on_its_own_take():
    st = start(2)
    st.deck.remove(31)
    set_bottle(st, "D1", ["R", "R", "G", "Y", "Y"], tech=31)  # Hoarder with 5 cubes
    set_page(st, 0, "II-4")
    st.players[0].turned = 1
    assert "take:D1" in keys(st)
    st.apply("take:D1")
    place_all(st)
    assert ["Hoarder", 1] in st.players[0].breakdown  # +1 since balance round 4 (was +2)


def test_r27_decline_forfeits_and_second_use_from_under_even_forced():
    st = start(2)
    st.deck.remove(17)
    set_bottle(st, "D1", ["R"], tech=17)  # Apprentice's Errand, twice
    st.apply("take:D1")
    place_all(st)
    st.apply("decline:17")
    assert [17, "used-once"] in st.players[0].techs and st.cur == 1
    st = start(2)
    give_tech(st, 0, 17, "under", "used-once")
    st.crossed = 1  # P1 is forced
    fresh(st)
    assert set(keys(st)) == {"turn", "use:17"}
    script(st, ["R", "K"] + ["Y"] * 30)
    st.apply("use:17")
    place_all(st)
    assert [17, "down"] in st.players[0].under and keys(st) == ["turn"]
    assert sorted(f for f in st.players[0].cubes if f >= 0) == [0, 1]  # the drawn K and R


def test_r28_capacity_counts_face_down_resets_at_turn():
    st = start(2)
    give_tech(st, 0, 14, "workspace", "down")
    give_tech(st, 0, 23, "under")
    p = st.players[0]
    set_bottle(st, "D1", ["R"], tech=st.deck.pop())
    assert "take:D1" in keys(st)  # one place left: under cards do not count
    give_tech(st, 0, 18, "workspace", "down")
    assert "take:D1" not in keys(st)
    st.crossed = 1
    fresh(st)
    st.apply("turn")  # a forced Turn resets it too
    finish_turn(st)
    assert p.techs == [] and len(p.under) == 3


def test_r29_bag_size_and_colours_public():
    s = start(3).summary()
    assert s["bag_total"] == sum(s["bag"].values()) and set(s["bag"]) == set(NAMES)


def test_r30_big_bottles_inactive_for_one_or_two():
    for n in (1, 2):
        st = new_game("inkwell", ["x"] * n, seed=1)
        assert "C4" not in st.active and "D3" not in st.active and "T3" not in st.active_slots
        assert sum(st.bottles["C4"]) == 0 and st.slots["T3"] is None
        s = st.summary()
        assert [b["active"] for b in s["mat"] if b["id"] in ("C4", "D3")] == [False, False]


def test_r31_turn_is_the_whole_turn():
    st = start(2)
    st.apply("turn")
    finish_turn(st)
    assert st.cur == 1 and "turn" in keys(st)


def test_r32_players_keep_cards_rival_discards():
    st = start(1)
    st._roll = lambda: "diamond"
    set_bottle(st, "D1", ["R", "R", "R", "R"], tech=st.slots["T1"] or st.deck.pop())
    tid = st.slots["T1"]
    st.apply("turn")
    finish_turn(st)
    assert tid in st.out
