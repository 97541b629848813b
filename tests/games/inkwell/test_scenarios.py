"""The 25 test scenarios of the Inkwell spec (§4), one test each (some with variants).

Unless a test says otherwise: 2 players, arrows 12/24/34, end space 36, mat S1, C1-C3,
D1-D2, and bag draws scripted in the order listed."""
import pytest

from inkterm.engine import IllegalChoice
from inkterm.games.inkwell.rules import GOLD

from .helpers import (
    clear_mat, cubes, fill_all_but, fresh, give_tech, keys, page_cubes, place_all,
    script, set_bottle, set_page, start,
)


def test_s00_default_mat_and_track():
    st = start(2)
    assert st.arrows == (12, 24, 34) and st.end == 36
    assert st.active == ["S1", "C1", "C2", "C3", "D1", "D2"]


def test_s01_fit_with_question_spaces():
    st = start(2)
    set_page(st, 0, "I-3")
    set_bottle(st, "C1", ["B"] * 4)
    assert "take:C1" in keys(st)
    st.apply("take:C1")
    assert st.bottles["C1"] == [0] * 6  # emptied by the Take (refilled only at turn end)
    place_all(st)
    pc = page_cubes(st, 0)
    assert {sid for sid, c in pc.items() if c} == {"A3", "B7", "A4", "S1"}
    assert all(pc[s] == "B" for s in ("A3", "B7", "A4", "S1"))


def test_s02_no_partial_take_and_forced_by_nothing_turn_earns_gold():
    st = start(2)
    set_page(st, 0, "I-3")
    set_bottle(st, "C1", ["B"] * 5)
    assert "take:C1" not in keys(st)
    before = st.to_json()
    with pytest.raises(IllegalChoice):
        st.apply("take:C1")
    assert st.to_json() == before
    # follow-up: no bottle fits at all -> only Turn, and it earns the gold bonus (R9)
    for b in st.active:
        set_bottle(st, b, ["B"] * 5, tech=st.slots[st.link[b]] if st.link[b] else None)
    assert keys(st) == ["turn"]
    gold = st.supply
    st.apply("turn")
    st.apply(keys(st)[0])  # choose a page II
    assert st.hand and st.hand[0].cubes[GOLD] == 1 and st.supply == gold - 1


def _only_empty(st, pid, empty):
    fill_all_but(st, 0, pid, set(empty))


@pytest.mark.parametrize("bottle,legal", [
    (["R", "K"], True), (["K", "Y"], False), (["R", "R"], True),
])
def test_s03_matching_all_cubes_together(bottle, legal):
    st = start(2)
    _only_empty(st, "I-1", {"A3", "A5"})  # A's R space and A's "?"
    clear_mat(st)
    set_bottle(st, "C1", bottle)
    assert ("take:C1" in keys(st)) is legal


@pytest.mark.parametrize("bottle,legal", [
    (["Au", "Y"], False), (["Au"], True), (["R"], True), (["R", "R"], False),
])
def test_s04_gold_only_space(bottle, legal):
    st = start(2)
    _only_empty(st, "I-2", {"B7", "A1"})  # B's * and one R space of A
    clear_mat(st)
    set_bottle(st, "S1", bottle)
    assert ("take:S1" in keys(st)) is legal
    if bottle == ["Au"]:
        st.apply("take:S1")
        assert set(keys(st)) >= {"place:B7", "place:A1"}


def test_s05_full_workspace_blocks_diamond():
    st = start(2)
    set_page(st, 0, "I-1")
    give_tech(st, 0, 18, "workspace", "down")
    give_tech(st, 0, 14, "workspace", "down")
    clear_mat(st)
    t1 = st.deck.pop()
    set_bottle(st, "D1", ["G", "R"], tech=t1)
    set_bottle(st, "C2", ["G", "G", "R"])
    k = keys(st)
    assert "take:D1" not in k and "take:C2" in k
    # after the next Turn the techniques are under the workspace and D1 can be taken
    st.apply("turn")
    st.apply(keys(st)[0])
    place_all(st)
    p = st.players[0]
    assert p.techs == [] and sorted(t for t, _ in p.under) == [14, 18]
    st.apply(keys(st)[-1] if keys(st) == ["turn"] else "turn")  # P2 moves on
    while st.cur != 0 or st.stage != "main":
        st.apply(keys(st)[0] if not st.hand else "auto")
    set_bottle(st, "D1", ["G", "R"], tech=t1)
    assert "take:D1" in keys(st)


def test_s06_gold_on_question_multiplier():
    st = start(2)
    set_page(st, 0, "I-6", {"M": "Au", "A3": "Au", "B3": "Au", "A2": "R", "B2": "R",
                            "B6": "R", "S1": "R", "A1": "K", "B1": "K"})
    parts = dict(st.page_score(0))
    assert parts["multiplier"] == 3 and parts["illustrations"] == 0


def test_s07_normal_cube_on_question_multiplier():
    st = start(2)
    set_page(st, 0, "I-6", {"M": "R", "A2": "R", "B2": "R", "B6": "R",
                            "A3": "Au", "B3": "Au", "A1": "K"})
    assert dict(st.page_score(0))["multiplier"] == 6


def test_s08_gold_on_coloured_multiplier():
    st = start(2)
    set_page(st, 0, "I-1", {"M": "Au", "A1": "K", "A2": "K", "A3": "Au",
                            "B1": "G", "B2": "G", "A5": "G"})
    assert dict(st.page_score(0))["multiplier"] == 4


def test_s09_gold_counts_for_both_multipliers():
    st = start(2)
    st.players[0].ws = "W-R"
    st.players[0].side = "A"
    set_page(st, 0, "II-3", {"M": "G", "A1": "G", "A2": "G", "B3": "R", "B4": "R", "B1": "Au"})
    parts = dict(st.page_score(0))
    assert parts["multiplier"] == 4
    assert parts["Cinnabar Desk"] == 3


def test_s10_empty_multiplier():
    st = start(2)
    st.players[0].ws = "W-K"
    set_page(st, 0, "I-1", {"A1": "K", "A2": "K", "A5": "K", "S1": "K"})
    parts = dict(st.page_score(0))
    assert parts["multiplier"] == 0 and parts["Soot Desk"] == 4


def test_s11_complete_and_incomplete_illustrations():
    st = start(2)
    st.players[0].ws = "W-Y"
    set_page(st, 0, "I-1", {"A1": "K", "A2": "K", "A3": "R", "A4": "Y", "A5": "G",
                            "B1": "G", "B2": "G", "B3": "B", "B5": "R", "B6": "Y", "M": "K"})
    parts = dict(st.page_score(0))
    assert parts == {"illustrations": 4, "multiplier": 3, "Saffron Desk": 2}
    assert sum(parts.values()) == 9


def test_s12_full_voluntary_turn_sequence():
    st = start(2)
    p = st.players[0]
    set_page(st, 0, "I-4", {"A1": "G", "A2": "G", "A3": "K", "M": "G", "B5": "Au"})
    give_tech(st, 0, 23, "workspace")
    give_tech(st, 0, 22, "workspace")
    st.supply = 19
    st.display[2] = ["II-2", "II-5"]
    set_bottle(st, "S1", ["Au"])  # the star is full, so the refill takes no gold
    fresh(st)
    expect = sum(v for _l, v in st.page_score(0))
    bag_g = st.bag[3]
    st.apply("turn")
    assert p.score == expect and p.score > 0
    assert st.bag[3] == bag_g + 3 and st.supply == 20  # 3 G back, gold back
    assert set(keys(st)) == {"page:II-2", "page:II-5"}
    st.apply("page:II-5")
    assert st.display[2] == ["II-2"] and p.page == "II-5"
    assert st.supply == 19 and st.hand[0].cubes[GOLD] == 1
    assert "place:C7" in keys(st)  # II-5's * space takes the gold
    assert p.techs == [] and {t for t, _ in p.under} == {22, 23} and st.capacity(p) == 2
    abbot = st.abbot
    st.apply("place:C7")
    assert page_cubes(st, 0)["C7"] == "Au"
    assert st.abbot == abbot + 1 and st.cur == 1


def test_s13_turning_page_three():
    st = start(2)
    p2 = st.players[1]
    st.apply("turn")  # P1 turns page I; now P2
    st.apply(keys(st)[0])
    place_all(st)
    p2.turned = 2
    set_page(st, 1, "III-1", {"A1": "K", "M": "K"})
    gold = st.supply
    set_bottle(st, "S1", ["Au"])
    st.apply("turn")
    assert p2.finished and p2.page is None and st.finish_order == [1]
    assert st.end_phase and not st.hand and st.supply == gold
    assert p2.score > 0


def test_s14_forced_turn_from_arrow():
    st = start(2)
    st.abbot = 11
    set_bottle(st, "S1", ["Au"])
    st.apply(keys(st)[0] if keys(st)[0] != "turn" else "turn")
    place_all(st)
    assert st.abbot == 12 and st.crossed == 1
    assert st.must_turn(0) and st.must_turn(1)
    assert keys(st) == ["turn"]
    gold = st.supply
    set_bottle(st, "S1", ["Au"])
    st.apply("turn")
    st.apply(keys(st)[0])
    assert not st.hand and st.supply == gold  # no gold bonus
    assert page_cubes(st, 1) and all(v is None for v in page_cubes(st, 1).values())
    assert st.cur == 0 and keys(st) == ["turn"]  # P1 forced too


def test_s15_arrow_only_affects_that_level_and_own_refill_forces():
    st = start(2)
    st.abbot = 23
    st.crossed = 1
    st.players[0].turned = 1
    set_page(st, 0, "II-1")
    st.players[1].turned = 2
    set_page(st, 1, "III-1")
    take = [k for k in keys(st) if k.startswith("take:")][0]
    st.apply(take)
    place_all(st)
    assert st.abbot == 24 and st.crossed == 2
    assert st.cur == 1 and not st.must_turn(1)
    assert any(k.startswith("take:") for k in keys(st))
    st.apply([k for k in keys(st) if k.startswith("take:")][0])
    place_all(st)
    while st.pending or st.asking:
        st.apply(keys(st)[0])
    assert st.cur == 0 and keys(st) == ["turn"]


def test_s16_abbots_blessing_exception():
    st = start(2)
    st.abbot = 11
    give_tech(st, 1, 20, "under")
    set_bottle(st, "S1", ["Au"])
    st.apply([k for k in keys(st) if k.startswith("take:")][0])
    place_all(st)
    assert keys(st) == ["turn"] and st.cur == 1
    gold = st.supply
    st.apply("turn")
    st.apply(keys(st)[0])
    assert st.hand and st.hand[0].cubes[GOLD] == 1 and st.supply == gold - 1


def _mat17(st):
    clear_mat(st)
    set_bottle(st, "S1", ["Au"])
    set_bottle(st, "C1", ["R", "K"])
    set_bottle(st, "C2", ["G"])
    set_bottle(st, "C3", ["Y"])
    set_bottle(st, "D1", ["G", "B"], tech=st.deck.pop())
    set_bottle(st, "D2", ["K", "R"], tech=st.deck.pop())
    set_page(st, 0, "I-1")


def test_s17_refill_order():
    st = start(2)
    _mat17(st)
    slots = dict(st.slots)
    script(st, list("YGBKRRGY"))
    abbot = st.abbot
    st.apply("take:C2")
    place_all(st)
    assert st.abbot == abbot + 1
    b = st.bottles
    assert b["S1"] == cubes("Au", "Y")
    assert b["C1"] == cubes("R", "K", "G")
    assert b["C3"] == cubes("Y", "B")
    assert b["D1"] == cubes("G", "B", "K")
    assert b["D2"] == cubes("K", "R", "R")
    assert b["C2"] == cubes("R", "G", "Y")  # exactly 3
    assert st.slots == slots


def test_s18_bag_runs_out_during_top_up():
    st = start(2)
    _mat17(st)
    script(st, list("YGB"))
    st.apply("take:C2")
    place_all(st)
    b = st.bottles
    assert b["S1"] == cubes("Au", "Y") and b["C1"] == cubes("R", "K", "G") and b["C3"] == cubes("Y", "B")
    assert b["D1"] == cubes("G", "B") and b["D2"] == cubes("K", "R")
    assert b["C2"] == [0] * 6
    assert "take:C2" not in keys(st)


@pytest.mark.parametrize("in_bag,d1,t1_filled", [(6, 2, True), (5, 1, True), (4, 0, False)])
def test_s19_shortage_during_refill(in_bag, d1, t1_filled):
    st = start(2)
    clear_mat(st)
    set_page(st, 0, "II-4")
    st.players[0].turned = 1
    set_bottle(st, "S1", [])  # the star just taken: no gold left to refill it
    set_bottle(st, "C1", ["R"])
    set_bottle(st, "C2", ["K"])
    set_bottle(st, "C3", ["Y"])
    set_bottle(st, "D1", ["G", "R"], tech=None)
    set_bottle(st, "D2", ["B"], tech=st.deck.pop())
    st.supply = 0
    script(st, ["K"] * in_bag)
    st.apply("take:D1")
    place_all(st)
    b = st.bottles
    assert [sum(b[x]) for x in ("C1", "C2", "C3", "D2")] == [2, 2, 2, 2]
    assert b["S1"] == [0] * 6
    assert sum(b["D1"]) == d1
    assert (st.slots["T1"] is not None) is t1_filled
    if not d1:
        assert "take:D1" not in keys(st)


def test_s20_untaken_star_builds_up():
    st = start(2)
    set_bottle(st, "S1", ["Au"])
    script(st, ["K"] * 20)
    st.apply([k for k in keys(st) if k.startswith("take:C")][0])
    place_all(st)
    assert st.bottles["S1"] == cubes("Au", "K")
    fill_all_but(st, 1, "I-2", {"B7"})  # P2's only empty space is gold-only
    assert "take:S1" not in keys(st)


@pytest.mark.parametrize("n,bag,faceup,deck", [(4, 122, 3, 29), (2, 134, 2, 30)])
def test_s21_setup_counts(n, bag, faceup, deck):
    from inkterm.engine import new_game

    st = new_game("inkwell", [f"P{i}" for i in range(n)], seed=5, options={"first_player": "1"})
    assert sum(st.bag) == bag
    assert st.supply == 19
    assert sum(1 for s in st.slots.values() if s is not None) == faceup and len(st.deck) == deck
    st = start(n, seed=5)
    if n == 4:
        assert sum(1 for f in st.players[3].cubes if f >= 0) == 3


def _three_player_endgame(abbot):
    st = start(3)
    st.abbot = abbot
    st.crossed = 2
    st.end_phase = True
    for i in range(3):
        st.players[i].turned = 2
    p2 = st.players[1]
    p2.turned = 3
    p2.finished = True
    st._set_page(p2, None)
    st.finish_order = [1]
    set_page(st, 0, "III-1")
    set_page(st, 2, "III-2")
    return st


def test_s22_end_phase_plus_three_without_refill():
    st = _three_player_endgame(40)
    assert st.arrows == (18, 36, 51) and st.end == 54
    st.cur = 2
    fresh(st)
    st.apply([k for k in keys(st) if k.startswith("take:")][0])
    place_all(st)
    while st.pending or st.asking:
        st.apply(keys(st)[-1])
    assert st.abbot == 41 and st.cur == 0
    refills = []
    orig = st._refill

    def counting(ev, skip_abbot=False):
        orig(ev, skip_abbot)
        refills.append((list(st.bag), {b: list(c) for b, c in st.bottles.items()}))

    st._refill = counting
    score = st.players[1].score
    st.apply([k for k in keys(st) if k.startswith("take:")][0])
    place_all(st)
    while st.pending or st.asking:
        st.apply(keys(st)[-1])
    assert len(refills) == 1  # P1's own refill only
    assert st.players[1].score == score + 3 and st.abbot == 43
    assert st.bag == refills[0][0] and st.bottles == refills[0][1]
    assert st.cur == 2


def test_s23_end_phase_abbot_crosses_arrow_three():
    st = _three_player_endgame(49)
    p1, p2, p3 = st.players
    p1.finished, p2.finished = True, False
    st._set_page(p1, None)
    p2.turned = 2
    set_page(st, 1, "III-3")
    st.finish_order = [0]
    st.cur = 2  # P3 plays; its refill takes the Abbot to 50, then P1's +3 turn follows
    fresh(st)
    st.apply([k for k in keys(st) if k.startswith("take:")][0])
    place_all(st)
    while st.pending or st.asking:
        st.apply(keys(st)[-1])
    assert st.abbot == 51 and st.crossed == 3 and p1.breakdown[-1] == ["End phase", 3]
    assert st.must_turn(1) and st.must_turn(2)
    assert st.cur == 1 and keys(st) == ["turn"]
    gold = st.supply
    st.apply("turn")
    assert p2.finished and not st.hand and st.abbot == 52
    assert st.cur == 2 and keys(st) == ["turn"]
    p1_score = p1.score
    st.apply("turn")
    assert st.is_over and st.abbot == 52 and p1.score == p1_score
    assert st.finish_order == [0, 1, 2]
    assert st.supply >= gold - 1


def test_s24_tie_break():
    st = start(3)
    st.players[0].score = 61
    st.players[1].score = 40
    st.players[2].score = 61
    st.finish_order = [2, 0, 1]
    st.over = True
    assert st.ranking() == [2, 0, 1]
    s = st.summary()
    assert s["winner"] == 2 and s["tiebreaks"] and "P3" in s["tiebreaks"][0]


def _grinder_setup(bag_has_r=True):
    st = start(2)
    clear_mat(st)
    set_page(st, 0, "II-5")
    st.players[0].turned = 1
    give_tech(st, 0, 1, "under")  # Soot & Cinnabar
    st.deck.remove(16)
    set_bottle(st, "D1", ["R", "G"], tech=16)  # with Fresh Ink
    set_bottle(st, "C1", ["Y"])
    if not bag_has_r:
        st.bag[1] = 0
    return st


def test_s25_grinder_choice_after_fresh_ink():
    st = _grinder_setup()
    st.apply("take:D1")
    place_all(st)
    assert set(keys(st)) == {"resolve:1", "resolve:16", "decline:16"}
    seq = script(st, ["K", "Y", "B", "K", "K", "K", "K", "K", "K", "K", "K", "K", "K", "K"])
    st.apply("resolve:16")  # Fresh Ink draws K, Y, B
    place_all(st)
    assert keys(st) == ["resolve:1"] or keys(st) == ["colour:K", "colour:R"]
    if keys(st) == ["resolve:1"]:
        st.apply("resolve:1")
    assert keys(st) == ["colour:K", "colour:R"]
    k_before = st.bag[0]
    st.apply("colour:K")
    assert st.bag[0] == k_before - 1
    place_all(st)
    p = st.players[0]
    assert sum(1 for f in p.cubes if f == 0) == 2  # the drawn K and the searched K
    assert [16, "down"] in p.techs and len(p.techs) == 1 and st.capacity(p) == 2
    assert st.cur == 1  # the turn ended: no second trigger
    assert len(seq) < 14


def test_s25_grinder_searches_r_once_per_turn():
    st = _grinder_setup()
    st.apply("take:D1")
    place_all(st)
    r_before = st.bag[1]
    st.apply("resolve:1")  # only R gained so far: searches an R at once
    assert st.bag[1] == r_before - 1
    place_all(st)
    script(st, ["R", "R", "K"] + ["K"] * 20)
    st.apply("resolve:16")  # Fresh Ink draws R, R, K: no further trigger of card 1
    place_all(st)
    assert not st.pending and st.cur == 1


def test_s25_grinder_with_empty_colour_does_nothing():
    st = _grinder_setup(bag_has_r=False)
    st.apply("take:D1")
    place_all(st)
    st.apply("decline:16")  # then the single grinder resolves by itself
    assert st.bag[1] == 0 and not st.hand
    assert st.cur == 1


def test_s25_grinder_cube_without_space_goes_back():
    st = _grinder_setup()
    fill_all_but(st, 0, "II-5", {"B1", "C1"})  # room for exactly R (B1) and G (C1)
    st.apply("take:D1")
    place_all(st)
    st.apply("decline:16")
    assert st.cur == 1  # the searched R had no space and went back; turn over
    assert st.bag[1] >= 1
