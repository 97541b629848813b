"""One test per numbered rule of the Inkwell spec §1 (named test_<section>_<item>)."""
import pytest

from inkterm.engine import IllegalChoice, new_game
from inkterm.games.inkwell.content import content
from inkterm.games.inkwell.rules import GOLD

from .helpers import (
    NAMES, clear_mat, conservation, cubes, fill_all_but, fresh, give_tech, keys,
    page_cubes, place_all, script, set_bottle, set_page, start,
)


def takes(st):
    return [k for k in keys(st) if k.startswith("take:")]


def finish_turn(st):
    """Resolve whatever is left of the current turn with the first choice each time."""
    seat = st.cur
    while st.cur == seat and st.decision() is not None and (st.hand or st.pending or st.asking or st.stage == "page"):
        st.apply("auto" if st.hand else keys(st)[0])


# --- 1.1 components -------------------------------------------------------------------
def test_1_1_1_eighteen_pages_six_per_level():
    C = content()
    assert [len(C.pages_of_level(k)) for k in (1, 2, 3)] == [6, 6, 6]


def test_1_1_2_five_double_sided_workspaces_one_per_colour():
    ws = content().workspaces.values()
    assert len(ws) == 5 and {w.colour for w in ws} == set("KRYGB")
    assert all(w.a.name and w.b.name and w.b.kind for w in ws)


def test_1_1_3_thirty_two_techniques():
    assert sorted(content().techniques) == list(range(1, 33))


def test_1_1_4_cubes_conserved_from_the_start():
    for n in range(1, 6):
        st = new_game("inkwell", ["x"] * n, seed=n)
        tot = conservation(st.summary())
        assert all(tot[k] == 30 for k in NAMES) and tot["gold"] == 20


def test_1_1_5_abbot_mat_bag_solo_die():
    st = start(1)
    s = st.summary()
    assert s["abbot"] == 0 and s["arrows"] == [9, 18, 27] and s["bag_total"] > 0
    assert len(content().solo.die) == 6


# --- 1.2 setup ------------------------------------------------------------------------
def test_1_2_1_bag_holds_normal_cubes_gold_is_open():
    st = new_game("inkwell", ["a", "b"], seed=1)
    s = st.summary()
    assert set(s["bag"]) == set(NAMES) and s["gold"] == 19  # one gold on the star


def test_1_2_2_technique_deck_shuffled():
    orders = {tuple(new_game("inkwell", ["a", "b"], seed=s).deck) for s in range(5)}
    assert len(orders) == 5
    st = new_game("inkwell", ["a", "b"], seed=0)
    assert len(st.deck) + sum(1 for t in st.slots.values() if t) == 32


def test_1_2_3_pages_dealt_and_displays_of_n():
    for n in (2, 4, 5):
        st = new_game("inkwell", ["x"] * n, seed=n)
        pages = [p.page for p in st.players]
        assert len(set(pages)) == n and all(content().pages[p].level == 1 for p in pages)
        assert len(st.display[2]) == n and len(st.display[3]) == n


def test_1_2_4_workspaces_markers_and_zero_scores():
    st = new_game("inkwell", ["a", "b", "c"], seed=2)
    ws = [p.ws for p in st.players]
    assert len(set(ws)) == 3 and all(p.score == 0 for p in st.players)
    els = st.summary()["elsewhere"]
    colours = [content().workspaces[w].colour for w in ws]
    for k, name in zip("KRYGB", NAMES):
        starting = sum(q.cubes["KRYGB".index(k)] for q in st.start_queue)
        assert els[name] == colours.count(k) + starting


def test_1_2_5_abbot_starts_on_zero():
    assert new_game("inkwell", ["a", "b"], seed=1).abbot == 0


def test_1_2_6_mat_filled_by_shape_and_slots_on_active_diamonds():
    st = new_game("inkwell", ["a", "b", "c"], seed=4)
    b = st.bottles
    assert b["S1"] == cubes("Au")
    assert all(sum(b[x]) == 3 for x in ("C1", "C2", "C3", "C4"))
    assert all(sum(b[x]) == 2 for x in ("D1", "D2", "D3"))
    assert all(st.slots[s] is not None for s in ("T1", "T2", "T3"))
    st2 = new_game("inkwell", ["a", "b"], seed=4)
    assert sum(st2.bottles["C4"]) == 0 and st2.slots["T3"] is None


def test_1_2_7_first_player_and_starting_cubes():
    st = new_game("inkwell", ["a", "b", "c", "d", "e"], seed=9, options={"first_player": "3"})
    assert st.first == 2
    got = {q.seat: sum(q.cubes) for q in st.start_queue}
    assert got == {3: 1, 4: 2, 0: 3, 1: 4}
    st = start(5, seed=9, first_player="3")
    assert [sum(1 for f in st.players[s].cubes if f >= 0) for s in range(5)] == [3, 4, 0, 1, 2]
    assert st.cur == 2 and st.stage == "main"


# --- 1.3 structure --------------------------------------------------------------------
def test_1_3_1_forced_player_may_only_turn():
    st = start(2)
    st.crossed = 1
    fresh(st)
    assert keys(st) == ["turn"]


def test_1_3_2_take_or_turn_turn_always_legal():
    st = start(2)
    k = keys(st)
    assert "turn" in k and takes(st)
    fill_all_but(st, 0, "I-1", set())
    assert keys(st) == ["turn"]


def test_1_3_3_refill_then_next_seat_clockwise():
    st = start(3)
    abbot = st.abbot
    st.apply(takes(st)[0])
    finish_turn(st)
    assert st.cur == 1 and st.abbot == abbot + 1
    st.apply("turn")
    finish_turn(st)
    assert st.cur == 2 and st.abbot == abbot + 2


def test_1_3_4_finished_players_turn_is_replaced():
    st = start(2)
    p2 = st.players[1]
    p2.finished, p2.turned = True, 3
    st._set_page(p2, None)
    st.finish_order, st.end_phase = [1], True
    st.apply(takes(st)[0])
    finish_turn(st)
    assert st.cur == 0 and p2.score == 3


# --- 1.4 take -------------------------------------------------------------------------
def test_1_4_1_take_removes_everything_and_the_technique():
    st = start(2)
    tid = st.slots["T1"]
    set_bottle(st, "D1", ["R", "Au"], tech=tid)
    st.apply("take:D1")
    assert st.bottles["D1"] == [0] * 6 and st.slots["T1"] is None
    place_all(st)
    assert [t for t, _ in st.players[0].techs] == [tid]


def test_1_4_2_fit_rule_matching_and_free_slot():
    st = start(2)
    fill_all_but(st, 0, "I-1", {"A3", "A5"})
    clear_mat(st)
    set_bottle(st, "C1", ["K", "Y"])  # each alone fits the "?", together they do not
    set_bottle(st, "C2", ["R", "Y"])
    assert takes(st) == ["take:C2"]
    set_bottle(st, "D1", ["R"], tech=st.deck.pop())
    assert "take:D1" in takes(st)
    give_tech(st, 0, 23, "workspace")
    give_tech(st, 0, 24, "workspace")
    assert "take:D1" not in takes(st)


def test_1_4_3_any_complete_assignment_may_be_chosen():
    st = start(2)
    set_page(st, 0, "I-1")
    set_bottle(st, "C1", ["K", "K"])
    st.apply("take:C1")
    assert {"place:A1", "place:A2", "place:A5", "place:S1", "place:M"} <= set(keys(st))
    st.apply("place:S1")
    st.apply("place:M")
    pc = page_cubes(st, 0)
    assert pc["S1"] == "K" and pc["M"] == "K"


def test_1_4_4_technique_face_up_and_active_at_once():
    st = start(2)
    st.deck.remove(27)
    set_bottle(st, "D1", ["R"], tech=27)  # Extra Desk
    cap = st.capacity(st.players[0])
    st.apply("take:D1")
    place_all(st)
    p = st.players[0]
    assert [27, "up"] in p.techs and st.capacity(p) == cap + 1


def test_1_4_5_player_orders_triggered_effects():
    st = start(2)
    give_tech(st, 0, 2, "under")  # grinder R/Y
    st.deck.remove(18)
    set_bottle(st, "D1", ["R"], tech=18)  # Patron's Purse
    st.apply("take:D1")
    place_all(st)
    assert set(keys(st)) == {"resolve:2", "resolve:18", "decline:18"}
    st.apply("resolve:18")
    assert st.players[0].score == 3 and keys(st)[0].startswith("place:")


# --- 1.5 placement --------------------------------------------------------------------
def test_1_5_1_space_kinds():
    st = start(2)
    p = st.players[0]
    set_page(st, 0, "I-2")
    page = content().pages["I-2"]
    m = {sp.sid: p.masks[sp.index] for sp in page.spaces}
    assert m["A1"] == (1 << 1) | (1 << GOLD)  # R or gold
    assert m["A5"] == 63  # "?"
    assert m["B7"] == 1 << GOLD  # gold only
    set_bottle(st, "C1", ["R", "R", "R"])
    st.apply("take:C1")
    st.apply("place:A1")
    assert "place:A1" not in keys(st)  # one cube per space


def test_1_5_2_standalone_counts_for_multiplier_not_illustration():
    st = start(2)
    set_page(st, 0, "I-1", {"A1": "K", "A2": "K", "A3": "R", "A4": "Y", "S1": "K", "M": "K"})
    parts = dict(st.page_score(0))
    assert parts["illustrations"] == 0 and parts["multiplier"] == 4


def test_1_5_3_placed_cubes_never_move():
    st = start(2)
    set_page(st, 0, "I-1")
    set_bottle(st, "C1", ["K"])
    st.apply("take:C1")
    st.apply("place:A1")
    finish_turn(st)
    assert page_cubes(st, 0)["A1"] == "K"
    st.apply("turn")
    finish_turn(st)
    assert page_cubes(st, 0)["A1"] == "K"


def test_1_5_4_letters_for_every_colour_no_game_effect():
    st = start(2)
    sp = st.summary()["players"][0]["page"]["spaces"]
    assert {s["accept"] for s in sp} <= set("KRYGB?*")
    assert all(s["accepts"] for s in sp)


# --- 1.6 turn -------------------------------------------------------------------------
def test_1_6_1_turn_scores_even_unfinished():
    st = start(2)
    set_page(st, 0, "I-1", {"M": "K", "A1": "K"})
    st.apply("turn")
    assert st.players[0].score == 2 + (2 if st.players[0].ws == "W-K" else 0)


def test_1_6_2_cubes_back_to_bag_and_supply():
    st = start(2)
    set_page(st, 0, "I-1", {"M": "K", "A1": "K", "A3": "Au"})
    bag, gold = st.bag[0], st.supply
    st.apply("turn")
    assert st.bag[0] == bag + 2 and st.supply == gold + 1


def test_1_6_3_new_page_from_next_display_and_finishing():
    st = start(2)
    st.apply("turn")
    assert {k[5:] for k in keys(st)} == set(st.display[2])
    st.apply(keys(st)[0])
    assert content().pages[st.players[0].page].level == 2
    p = st.players[0]
    p.turned = 2
    set_page(st, 0, st.display[3][0])
    st.cur = 0
    st.stage = "main"
    st.work.clear()
    fresh(st)
    st.apply("turn")
    assert p.finished and st.finish_order == [0] and st.end_phase


def test_1_6_4_gold_bonus_on_voluntary_turn():
    st = start(2)
    gold = st.supply
    st.apply("turn")
    st.apply(keys(st)[0])
    assert st.hand[0].cubes == cubes("Au") and st.supply == gold - 1
    assert "auto" in keys(st)
    st.apply("auto")
    assert sum(1 for f in st.players[0].cubes if f == GOLD) == 1


def test_1_6_5_techniques_go_under_and_capacity_frees():
    st = start(2)
    give_tech(st, 0, 23, "workspace")
    give_tech(st, 0, 24, "workspace")
    p = st.players[0]
    set_bottle(st, "D1", ["R"], tech=st.deck.pop())
    assert "take:D1" not in takes(st)
    st.apply("turn")
    finish_turn(st)
    assert p.techs == [] and len(p.under) == 2 and st.capacity(p) == 2


def test_1_6_6_turn_ends_and_refill_follows():
    st = start(2)
    abbot = st.abbot
    st.apply("turn")
    finish_turn(st)
    assert st.abbot == abbot + 1 and st.cur == 1


def test_1_6_7_page_score_sums_all_parts_and_gold_counts_twice():
    st = start(2)
    p = st.players[0]
    p.ws, p.side = "W-R", "A"
    give_tech(st, 0, 25, "under")  # Gold Foil Mastery
    set_page(st, 0, "II-3", {"M": "G", "A1": "G", "A2": "G", "B3": "R", "B4": "R", "B1": "Au"})
    parts = dict(st.page_score(0))
    foil = max(0, 1 - content().techniques[25].effect.free)  # one gold on the page
    assert parts == {"illustrations": 0, "multiplier": 4, "Cinnabar Desk": 3} | (
        {"Gold Foil Mastery": foil} if foil else {})
    st.apply("turn")
    assert p.score == 7 + foil


# --- 1.7 refill -----------------------------------------------------------------------
def test_1_7_1_abbot_moves_first():
    st = start(2)
    st.abbot = 11
    st.apply(takes(st)[0])
    finish_turn(st)
    assert st.abbot == 12 and st.crossed == 1


def test_1_7_2_top_up_every_non_empty_bottle():
    st = start(2)
    clear_mat(st)
    set_bottle(st, "S1", ["Au"])
    set_bottle(st, "C1", ["R"])
    set_bottle(st, "C3", ["K"])
    script(st, list("YGBKKKKKKKKKKKK"))
    st.apply("take:C1")
    finish_turn(st)
    assert st.bottles["S1"] == cubes("Au", "Y") and st.bottles["C3"] == cubes("K", "G")


def test_1_7_3_refill_empty_bottles_then_slots():
    st = start(2)
    clear_mat(st)
    set_bottle(st, "C1", ["R"])
    script(st, ["K"] * 20)
    n_deck = len(st.deck)
    st.apply("take:C1")
    finish_turn(st)
    b = st.bottles
    assert sum(b["C1"]) == 3 and sum(b["C2"]) == 3 and sum(b["D1"]) == 2 and b["S1"] == cubes("Au")
    assert st.slots["T1"] is not None and st.slots["T2"] is not None and len(st.deck) == n_deck - 2


def test_1_7_4_shortage_fills_in_canonical_order():
    st = start(2)
    clear_mat(st)
    set_bottle(st, "C1", ["R"])
    script(st, ["K"] * 4)
    st.supply = 0
    st.apply("take:C1")
    finish_turn(st)
    b = st.bottles
    assert sum(b["S1"]) == 0 and sum(b["C1"]) == 3 and sum(b["C2"]) == 1 and sum(b["C3"]) == 0


# --- 1.8 abbot and forced turns -------------------------------------------------------
def test_1_8_1_arrows_per_player_count():
    for n, arrows in [(1, (9, 18, 27)), (2, (12, 24, 34)), (3, (18, 36, 51)), (4, (24, 48, 68)), (5, (30, 60, 85))]:
        assert new_game("inkwell", ["x"] * n, seed=0).arrows == arrows


def test_1_8_2_crossing_forces_players_not_yet_past_that_level():
    st = start(3)
    st.abbot = 11
    st.players[2].turned = 1
    set_page(st, 2, "II-1")
    st.abbot = 17
    st.apply(takes(st)[0])
    finish_turn(st)
    assert st.crossed == 1
    assert st.must_turn(0) and st.must_turn(1) and not st.must_turn(2)


def test_1_8_3_forced_turn_no_gold_bonus():
    st = start(2)
    st.crossed = 1
    set_bottle(st, "S1", ["Au"])  # the star is full: the refill takes no gold
    gold = st.supply
    st.apply("turn")
    st.apply(keys(st)[0])
    assert st.supply == gold and st.cur == 1
    assert all(f != GOLD for f in st.players[0].cubes)


def test_1_8_4_end_phase_move_can_cross_an_arrow():
    st = start(2)
    p2 = st.players[1]
    p2.finished, p2.turned = True, 3
    st._set_page(p2, None)
    st.finish_order, st.end_phase = [1], True
    st.abbot = 10
    st.apply(takes(st)[0])
    finish_turn(st)  # refill -> 11, P2's +3 move -> 12 crosses arrow I
    assert st.abbot == 12 and st.crossed == 1 and keys(st) == ["turn"]


# --- 1.9 end phase --------------------------------------------------------------------
def test_1_9_1_end_phase_starts_at_first_page_three():
    st = start(2)
    assert not st.end_phase
    st.players[0].turned = 2
    set_page(st, 0, "III-1")
    st.apply("turn")
    assert st.end_phase


def test_1_9_2_finished_player_scores_three_and_moves_abbot():
    st = start(2)
    p1 = st.players[0]
    p1.turned = 2
    set_page(st, 0, "III-1")
    st.apply("turn")  # P1 finishes; refill +1
    a = st.abbot
    st.apply(takes(st)[0])
    finish_turn(st)  # P2 plays, refill +1, then P1's turn: +3 and +1
    assert p1.breakdown[-1] == ["End phase", 3] and st.abbot == a + 2 and st.cur == 1


def test_1_9_3_others_keep_playing_normally():
    st = start(2)
    st.players[0].turned = 2
    set_page(st, 0, "III-1")
    st.apply("turn")
    assert st.cur == 1 and takes(st) and "turn" in keys(st)


def test_1_9_4_game_ends_at_last_page_three_without_refill():
    st = start(2)
    for i in (0, 1):
        st.players[i].turned = 2
    set_page(st, 0, "III-1")
    set_page(st, 1, "III-2")
    st.apply("turn")
    a = st.abbot
    st.apply("turn")
    assert st.is_over and st.abbot == a and st.decision() is None


# --- 1.10 winning ---------------------------------------------------------------------
def test_1_10_1_highest_score_wins():
    st = start(3)
    for i, s in enumerate((10, 30, 20)):
        st.players[i].score = s
    st.over = True
    assert st.ranking() == [1, 2, 0] and st.summary()["winner"] == 1


def test_1_10_2_tie_goes_to_earlier_finisher():
    st = start(2)
    st.players[0].score = st.players[1].score = 40
    st.finish_order = [1, 0]
    st.over = True
    assert st.ranking() == [1, 0] and st.tiebreaks()


def test_1_10_3_scores_above_fifty_are_plain_numbers():
    st = start(2)
    st.players[0].score = 120
    s = st.summary()
    assert s["players"][0]["score"] == 120
    tot = conservation(s)
    assert all(tot[k] == 30 for k in NAMES)


# --- 1.11 techniques ------------------------------------------------------------------
def test_1_11_1_active_from_arrival_including_this_take():
    st = start(2)
    st.deck.remove(1)
    set_bottle(st, "D1", ["R", "G"], tech=1)  # Soot & Cinnabar arrives with a red
    set_page(st, 0, "II-5")
    st.players[0].turned = 1
    script(st, ["K"] * 30)  # refill draws are black only
    r = st.bag[1]
    st.apply("take:D1")
    place_all(st)
    assert st.bag[1] == r - 1  # it searched a red at once
    assert sum(1 for f in st.players[0].cubes if f == 1) == 2


def test_1_11_2_limited_use_cards():
    st = start(2)
    st.players[0].add("Patron's Purse", 1)  # what a gold costs
    st.deck.remove(14)
    set_bottle(st, "D1", ["R"], tech=14)  # Gold Leaf, once
    st.apply("take:D1")
    place_all(st)
    st.apply("resolve:14")
    assert [14, "down"] in st.players[0].techs
    st2 = start(2)
    st2.players[0].add("Patron's Purse", 8)  # two gold at 4
    st2.deck.remove(15)
    set_bottle(st2, "D1", ["R"], tech=15)  # Gilder's Kit, twice
    st2.apply("take:D1")
    place_all(st2)
    st2.apply("resolve:15")
    place_all(st2)
    assert [15, "used-once"] in st2.players[0].techs
    assert "use:15" not in keys(st2)  # not this turn (it is P2's now anyway)
    st2.apply("turn")
    finish_turn(st2)
    assert st2.cur == 0 and "use:15" in keys(st2)
    gold = st2.supply
    st2.apply("use:15")
    place_all(st2)
    assert st2.supply == gold - 1 and [15, "down"] in st2.players[0].techs and "use:15" not in keys(st2)


def test_1_11_3_techniques_under_the_workspace_keep_working():
    st = start(2)
    give_tech(st, 0, 6, "under")  # Vermilion Wash R->Y
    fill_all_but(st, 0, "I-1", {"A4"})  # only a yellow space is free
    clear_mat(st)
    set_bottle(st, "C1", ["R"])
    assert takes(st) == ["take:C1"]


def test_a_take_hint_says_what_the_bottle_is_and_holds():
    """"circle bottle: 3 cubes K R Y; they all fit your page" — no bare "circle bottle"."""
    import random

    from inkterm.games.inkwell.content import bottle_name

    rng = random.Random(3)
    st = new_game("inkwell", ["Ann", "Bob", "Cy"], seed=3)
    seen = 0
    while not st.is_over and seen < 40:
        d = st.decision()
        for c in d.choices:
            if c.key.startswith("take:") and "turn" in d.keys:
                b = c.key[5:]
                cubes = st.bottles[b]
                letters = " ".join(f"{L}×{n}" if n > 1 else L for L, n in zip("KRYGB★", cubes) if n)
                n = sum(cubes)
                name = bottle_name(b, st.shape[b])  # a circle's C2 is O2: illustration C has a C2
                assert c.hint.startswith(f"{st.shape[b]} bottle {name}: {n} cube{'s' if n > 1 else ''} {letters}; "), c.hint
                assert c.label.startswith(f"Bottle {name}: {letters}"), c.label  # not a page space's name
                fit = c.hint.split("; ")[1]
                assert fit in ("they all fit your page", "it fits your page") or (
                    fit.startswith("they fit your page only if ") and "back to the bag" in fit), fit
                seen += 1
        st.apply(rng.choice(d.keys))
    assert seen >= 40
