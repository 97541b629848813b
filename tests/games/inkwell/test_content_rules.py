"""The designed content in play: workspace B sides (§3.4), the 32 techniques' effects
(§3.5), the solo Rival (§3.6) and the auto-place shortcut."""
import copy

import pytest

from inkterm.engine import new_game
from inkterm.games.inkwell import best_placement
from inkterm.games.inkwell.content import content, content_for
from inkterm.games.inkwell.rules import GOLD

from .helpers import (
    clear_mat, cubes, fill_all_but, fresh, give_tech, keys, page_cubes, place_all,
    script, set_bottle, set_page, start, why_not,
)
from .test_rules import finish_turn, takes


def ws(st, seat, wid, side):
    st.players[seat].ws = wid
    st.players[seat].side = side
    fresh(st)


# --- §3.4 workspace B sides -------------------------------------------------------------
@pytest.mark.parametrize("players,each", [(2, 2), (3, 3)])
def test_scholars_desk_capacity_three_and_points(players, each):
    st = start(players)
    ws(st, 0, "W-K", "B")
    p = st.players[0]
    assert st.capacity(p) == 3
    give_tech(st, 0, 23, "workspace")
    give_tech(st, 0, 24, "workspace")
    set_bottle(st, "D1", ["R"], tech=st.deck.pop())
    assert "take:D1" in keys(st)
    assert dict(st.page_score(0))["Scholar's Desk"] == 2 * each  # balance rounds 1 and 8


@pytest.mark.parametrize("abbot,crossed,level,voluntary,expect", [
    (0, 0, 1, True, 4), (9, 0, 1, True, 3), (9, 0, 1, False, 0), (20, 1, 2, True, 4),
])
def test_deadline(abbot, crossed, level, voluntary, expect):
    """Two players: at most 4 (balance round 7), else the steps left to the arrow."""
    st = start(2)
    ws(st, 0, "W-R", "B")
    st.abbot, st.crossed = abbot, crossed
    set_page(st, 0, {1: "I-1", 2: "II-1"}[level])
    assert dict(st.page_score(0, voluntary=voluntary))["Deadline"] == expect


@pytest.mark.parametrize("players,expect", [(1, 6), (2, 4), (3, 4), (4, 4), (5, 3)])
def test_deadline_cap_by_player_count(players, expect):
    """Balance ruling: with five the arrows lie far apart, so the cap is 3, not 6;
    round 7: 4 with two (search in both seats measured +14.7 at 6 and +0.0 at 4);
    round 8: 4 with three and four too, once greedy stopped turning bare pages for the
    bonus (+20 with three at 6, +11 with four at 5). Alone it stays 6."""
    st = start(players)
    ws(st, 0, "W-R", "B")
    st.abbot, st.crossed = 0, 0
    set_page(st, 0, "I-1")
    assert st.arrows[0] - st.abbot > 6  # the distance alone would pay more than either cap
    assert dict(st.page_score(0, voluntary=True))["Deadline"] == expect


@pytest.mark.parametrize("players,per_gold", [(2, 1), (3, 1), (4, 0), (5, 0)])
def test_gilder_pays_for_gold_with_two_or_three_players(players, per_gold):
    """Balance round 8: with four and five the blue workspace won 11 and 18 games in 100
    above a fair share; there Gilder keeps only its double-counting gold."""
    st = start(players)
    ws(st, 0, "W-B", "B")
    set_page(st, 0, "I-1", {"M": "B", "A1": "Au", "A2": "Au"})
    parts = dict(st.page_score(0))
    assert parts.get("Gilder", 0) == 2 * per_gold and parts["multiplier"] == 4  # 2 gold count as 4
    assert ("At Turn" in content_for(players).workspaces["W-B"].b.text) == bool(per_gold)


@pytest.mark.parametrize("players,full", [(2, 10), (3, 8)])
def test_perfectionist(players, full):
    st = start(players)
    ws(st, 0, "W-Y", "B")
    fill_all_but(st, 0, "I-1", set())
    assert dict(st.page_score(0))["Perfectionist"] == full  # round 8: 10 with two
    fill_all_but(st, 0, "I-1", {"B1"})
    assert dict(st.page_score(0))["Perfectionist"] == 1


def test_rainbow_ledger():
    st = start(2)
    ws(st, 0, "W-G", "B")
    set_page(st, 0, "I-1", {"A1": "K", "A2": "K", "A5": "K", "B1": "G", "B2": "G", "S1": "Au"})
    assert dict(st.page_score(0))["Rainbow Ledger"] == 2  # K: 3+1, G: 2+1; +1 each (balance change)


def test_gilder():
    st = start(2)
    ws(st, 0, "W-B", "B")
    set_page(st, 0, "I-5", {"M": "B", "A1": "B", "A2": "Au", "B6": "Au"})
    parts = dict(st.page_score(0))
    assert parts["multiplier"] == 2 + 4 and parts["Gilder"] == 2


# --- §3.5 techniques -------------------------------------------------------------------
@pytest.mark.parametrize("tid,src,dst", [(6, "R", "Y"), (7, "Y", "G"), (8, "G", "B"), (9, "B", "K"), (10, "K", "R")])
def test_washes(tid, src, dst):
    st = start(2)
    give_tech(st, 0, tid, "under")
    page = content().pages["I-1"]
    target = [sp.sid for sp in page.spaces if sp.accept == dst and sp.role == "illustration"][0]
    fill_all_but(st, 0, "I-1", {target})
    clear_mat(st)
    set_bottle(st, "C1", [src])
    assert takes(st) == ["take:C1"]
    st.apply("take:C1")
    place_all(st)
    assert page_cubes(st, 0)[target] == src  # keeps its own colour


def test_wash_not_onto_multiplier():
    st = start(2)
    give_tech(st, 0, 6, "under")  # R -> Y
    fill_all_but(st, 0, "I-3", {"M"})  # I-3's multiplier is yellow
    clear_mat(st)
    set_bottle(st, "C1", ["R"])
    assert takes(st) == []


def test_grinders_each_pair():
    for tid, (a, b) in zip(range(1, 6), ["KR", "RY", "YG", "GB", "BK"]):
        e = content().techniques[tid].effect
        assert tuple(e.colours) == (a, b)


def test_steady_hand_when_workspace_full():
    st = start(2)
    give_tech(st, 0, 11, "under")
    give_tech(st, 0, 23, "workspace")
    give_tech(st, 0, 24, "workspace")
    tid = st.slots["T1"]
    set_bottle(st, "D1", ["R"], tech=tid)
    assert "take:D1" in keys(st)
    st.apply("take:D1")
    assert keys(st)[0].startswith("place:")  # no keep/leave question: it must stay
    place_all(st)
    assert st.slots["T1"] == tid


@pytest.mark.parametrize("players", [2, 3, 4])
def test_spill_cloth(players):
    """Pouring back is free with four and five players (and solo), and costs a point
    with two and three (balance round 9: +13.8 at both counts when free)."""
    cost = content().techniques[12].at(players).effect.cost
    assert cost == (1 if players in (2, 3) else 0)
    st = start(players)
    st.players[0].add("Patron's Purse", 3)  # the point a pour costs (a price needs points)
    give_tech(st, 0, 12, "under")
    fill_all_but(st, 0, "I-1", {"A5"})
    clear_mat(st)
    set_bottle(st, "C1", ["R", "K"])
    set_bottle(st, "C2", ["Au", "Au"])
    assert takes(st) == ["take:C1"]  # gold cannot be poured back
    bag, score = st.bag[0], st.players[0].score
    st.apply("take:C1")
    assert "spill" in keys(st)  # the black cube comes first; it may be poured back
    label = next(c.label for c in st.decision().choices if c.key == "spill")
    assert label.endswith("(Spill Cloth, −1 point)" if cost else "(Spill Cloth)")
    st.apply("spill")
    assert st.bag[0] == bag + 1 and "spill" not in keys(st)
    assert st.players[0].score == score - cost
    assert dict(st.players[0].breakdown).get("Spill Cloth", 0) == -cost
    place_all(st)
    assert page_cubes(st, 0)["A5"] == "R"


def test_spill_cloth_auto_place_pays_too():
    st = start(2)
    st.players[0].add("Patron's Purse", 3)
    give_tech(st, 0, 12, "under")
    fill_all_but(st, 0, "I-1", {"A5"})
    clear_mat(st)
    set_bottle(st, "C1", ["R", "K"])
    score = st.players[0].score
    st.apply("take:C1")
    st.apply("auto")  # one cube goes on A5, the only free space; the other is poured back
    assert page_cubes(st, 0)["A5"] in ("R", "K") and st.players[0].score == score - 1


def test_scraper_moves_a_cube_not_the_multiplier():
    st = start(2)
    set_page(st, 0, "I-1", {"M": "K", "A1": "K"})
    st.deck.remove(13)
    set_bottle(st, "D1", ["Y"], tech=13)
    st.apply("take:D1")
    st.apply("place:A4")
    st.apply("resolve:13")
    k = keys(st)
    assert "move:M" not in k and "move:A1" in k and "skip" in k
    st.apply("move:A1")
    assert "place:A2" in keys(st) and "place:A1" not in keys(st)
    st.apply("place:A2")
    pc = page_cubes(st, 0)
    assert pc["A1"] is None and pc["A2"] == "K"
    assert [13, "used-once"] in st.players[0].techs


@pytest.mark.parametrize("tid,gold", [(14, 1), (15, 1)])
def test_gold_leaf_and_gilders_kit(tid, gold):
    st = start(2)
    st.players[0].add("Patron's Purse", 4)  # what a gold costs (a price needs points)
    st.deck.remove(tid)
    set_bottle(st, "D1", ["R"], tech=tid)
    set_bottle(st, "S1", ["Au"])
    st.apply("take:D1")
    place_all(st)
    supply = st.supply
    st.apply(f"resolve:{tid}")
    assert st.supply == supply - gold and st.hand[0].cubes[GOLD] == gold


def older_rules(st) -> None:
    """The data before a price in points needed points (``point_price_needs_points``
    absent): how a game begun under it replays."""
    st.C = copy.copy(st.C)
    st.C.mat = st.C.mat.model_copy(update={"point_price_needs_points": False})
    fresh(st)


@pytest.mark.parametrize("tid,price", [(14, 1), (15, 4)])
def test_a_gold_is_offered_only_to_a_seat_that_can_pay_for_it(tid, price):
    """Issue 36: Gilder's Kit and Gold Leaf took points a seat did not have (0 → −4)."""
    st = start(2)
    st.players[0].add("Patron's Purse", price - 1)
    st.deck.remove(tid)
    set_bottle(st, "D1", ["R"], tech=tid)
    set_bottle(st, "S1", ["Au"])
    st.apply("take:D1")
    place_all(st)
    assert keys(st) == [f"decline:{tid}"]  # one point short: only declining is open
    hint = st.decision().choices[0].hint
    assert f"costs {price} point" in hint and f"you have {price - 1}" in hint
    older_rules(st)
    assert f"resolve:{tid}" in keys(st)
    st.apply(f"resolve:{tid}")
    assert st.players[0].score == -1  # the old rule, kept for games begun under it


def test_a_pour_is_offered_only_to_a_seat_that_can_pay_for_it():
    """With no points, Spill Cloth's pour (1 point with two players) is not open, so a
    bottle that needs it does not fit; under the older data it did, and cost 0 → −1."""
    st = start(2)
    assert st.players[0].score == 0
    give_tech(st, 0, 12, "under")
    fill_all_but(st, 0, "I-1", {"A5"})
    clear_mat(st)
    set_bottle(st, "C1", ["R", "K"])
    assert takes(st) == []
    st.players[0].add("Patron's Purse", 1)
    fresh(st)
    assert takes(st) == ["take:C1"]
    st.players[0].add("Patron's Purse", -1)
    older_rules(st)
    assert takes(st) == ["take:C1"]
    st.apply("take:C1")
    st.apply("auto")
    assert st.players[0].score == -1


@pytest.mark.parametrize("tid,n", [(16, 3), (17, 2)])
def test_fresh_ink_and_apprentice_draw_and_reveal(tid, n):
    st = start(2)
    st.deck.remove(tid)
    set_bottle(st, "D1", ["R"], tech=tid)
    st.apply("take:D1")
    place_all(st)
    script(st, ["B"] * 40)
    st.apply(f"resolve:{tid}")
    assert st.hand[0].cubes == cubes(*["B"] * n)
    assert not st.can_undo()  # the draw revealed news


def test_patrons_purse():
    st = start(2)
    st.deck.remove(18)
    set_bottle(st, "D1", ["R"], tech=18)
    st.apply("take:D1")
    place_all(st)
    st.apply("resolve:18")
    points = content().techniques[18].effect.points
    assert points == 3  # balance round 6: +4 measured +7 to +12 at every count
    assert st.players[0].score == points and ["Patron's Purse", points] in st.players[0].breakdown


def test_early_riser_two_gold():
    st = start(2)
    give_tech(st, 0, 21, "under")
    supply = st.supply
    st.apply("turn")
    st.apply(keys(st)[0])
    assert st.hand[0].cubes[GOLD] == 2 and st.supply == supply - 2


@pytest.mark.parametrize("players,gold", [(2, 1), (3, 1), (5, 1)])
def test_early_riser_gives_its_second_gold_only_for_page_one(players, gold):
    """Balance round 4: Early Riser's 2 gold only on turning page I; page II's Turn
    brings the usual 1 (its two extra gold a game pulled +14 at four seats). Round 6
    gave two players page II too (-12.6 there); round 8 took it back (+13.0 with the
    greedy that values its pages)."""
    assert content().techniques[21].by_players == {}
    st = start(players)
    give_tech(st, 0, 21, "under")
    st.players[0].turned = 1
    set_page(st, 0, "II-1")
    assert st.turn_bonus(0) == gold and _turn_choice(st).label.endswith(("+ gold bonus of 1 gold cube)" if gold == 1 else "+ gold bonus of 2 gold cubes)"))
    supply = st.supply
    st.apply("turn")
    st.apply(keys(st)[0])
    assert st.hand[0].cubes[GOLD] == gold and st.supply == supply - gold


@pytest.mark.parametrize("players,cost", [(2, 4), (3, 4), (4, 3), (5, 3)])
def test_gilders_kit_pays_its_cost_a_gold_and_nothing_without_gold(players, cost):
    """Balance rounds 4 and 5: the Kit's two gold are not free (3 points each); round
    6: 4 with two or three players (+11.2 and +10.8 there in 6,000 games each)."""
    assert content().techniques[15].effect.cost == 3
    assert content().techniques[15].by_players == {2: {"cost": 4}, 3: {"cost": 4}}
    st = start(players)
    st.players[0].add("Patron's Purse", cost)  # a price in points needs the points
    st.deck.remove(15)
    set_bottle(st, "D1", ["R"], tech=15)
    st.apply("take:D1")
    place_all(st)
    supply = st.supply
    st.apply("resolve:15")
    assert st.hand[0].cubes[GOLD] == 1 and st.supply == supply - 1
    assert st.players[0].score == 0 and ["Gilder's Kit", -cost] in st.players[0].breakdown
    place_all(st)
    st.apply("turn")
    finish_turn(st)
    while st.cur != 0:  # the others Turn too
        st.apply("turn")
        finish_turn(st)
    st.supply = 0
    fresh(st)
    assert "use:15" in keys(st)  # no gold, no price: open whatever the score
    score = st.players[0].score
    st.apply("use:15")
    assert st.players[0].score == score and not st.hand  # the supply is empty: no gold, no payment


@pytest.mark.parametrize("players,says", [(2, "pay 4 points"), (3, "pay 4 points"), (4, "pay 3 points"),
                                          (5, "pay 3 points")])
def test_a_technique_reads_the_number_of_its_player_count(players, says):
    """The board shows the table's own number, not every count's (the text the
    menu and the mat show comes from the game's content)."""
    st = start(players)
    st.players[0].add("Patron's Purse", 4)  # enough to be offered the Kit's use
    st.deck.remove(15)
    set_bottle(st, "D1", ["R"], tech=15)
    st.apply("take:D1")
    place_all(st)
    choice = next(c for c in st.decision().choices if c.key == "resolve:15")
    assert says in str(choice.hint) and "players" not in str(choice.hint)


@pytest.mark.parametrize("players,cap", [(1, 6), (2, 4), (3, 4), (4, 4), (5, 3)])
def test_deadline_reads_the_cap_of_its_player_count(players, cap):
    assert f"+min({cap}, arrow k" in content_for(players).workspaces["W-R"].b.text
    assert content_for(players).workspaces["W-R"].b.params == {"cap": cap}  # only this count's number


def _turn_choice(st):
    return next(c for c in st.decision().choices if c.key == "turn")


def test_forced_turn_with_abbots_blessing_promises_the_gold_it_brings():
    st = start(2)
    st.crossed = 1  # the Abbot has passed arrow I: P1 must Turn page I
    plain = _turn_choice(st)
    assert "no gold bonus" in plain.hint and "gold bonus" not in plain.label
    assert st.summary()["players"][0]["turn_bonus"] == 0
    give_tech(st, 0, 20, "under")  # Abbot's Blessing
    blessed = _turn_choice(st)
    assert "forced" in blessed.label and blessed.label.endswith("+ gold bonus of 1 gold cube)")
    assert "no gold bonus" not in blessed.hint and "Abbot's Blessing" in blessed.hint
    assert st.summary()["players"][0]["turn_bonus"] == 1
    supply = st.supply
    st.apply("turn")
    st.apply(keys(st)[0])
    assert st.hand[0].cubes[GOLD] == 1 and st.supply == supply - 1  # as promised


def test_turn_bonus_counts_early_riser_the_supply_and_page_three():
    st = start(2)
    give_tech(st, 0, 21, "under")  # Early Riser: 2 gold on a voluntary Turn
    assert _turn_choice(st).label.endswith("+ gold bonus of 2 gold cubes)") and st.turn_bonus(0) == 2
    st.supply = 1
    fresh(st)
    assert st.turn_bonus(0) == 1 and _turn_choice(st).label.endswith("+ gold bonus of 1 gold cube)")
    st.supply = 0
    fresh(st)
    assert st.turn_bonus(0) == 0 and "bonus" not in _turn_choice(st).label
    st.supply = 5
    st.players[0].turned = 2
    set_page(st, 0, "III-1")  # no new page after page III, so no bonus
    assert st.turn_bonus(0) == 0 and "bonus" not in _turn_choice(st).label


@pytest.mark.parametrize("players,half", [(2, 3), (3, 4), (4, 3), (5, 4)])
def test_careful_hand_half_points(players, half):
    """Half of illustration B's 7, rounded down; with five players rounded up (balance
    round 6: rounded down it measured -10 there, -1 to -5 with two to four), and with
    three (round 9: -10.2 and -7.8 there in two runs)."""
    assert content().techniques[22].by_players == {3: {"round_up": True}, 5: {"round_up": True}}
    st = start(players)
    give_tech(st, 0, 22, "under")
    set_page(st, 0, "I-2", {"B1": "Y", "B2": "Y", "B3": "B", "B4": "B", "B5": "G", "B6": "K"})
    assert dict(st.page_score(0))["Careful Hand"] == half


def test_marginalia_rich_pigment_gold_foil():
    st = start(2)
    for t in (23, 24, 25):
        give_tech(st, 0, t, "under")
    set_page(st, 0, "I-1", {"S1": "R", "M": "Au", "A1": "Au", "A2": "Au", "A3": "Au"})
    parts = dict(st.page_score(0))
    assert parts["Marginalia"] == 1 and parts["Rich Pigment"] == content().techniques[24].effect.points
    assert parts["Gold Foil Mastery"] == 4 - content().techniques[25].effect.free  # four gold cubes


def test_grand_design():
    st = start(2)
    give_tech(st, 0, 26, "under")
    set_page(st, 0, "I-3", {"B1": "K", "B2": "K", "B3": "R", "B4": "R", "B5": "G", "B6": "G", "B7": "B",
                            "A1": "Y", "A2": "Y", "A3": "B"})
    assert dict(st.page_score(0))["Grand Design"] == 2  # B has 7 spaces, A only 4 (and is incomplete)


@pytest.mark.parametrize("players,expect", [(2, 1), (3, 2), (5, 2)])
def test_study_counts_cards_placed_this_page(players, expect):
    """Two placed this page (itself and Gold Leaf; the one under the workspace is from
    before). Balance round 7: with two players the first scores nothing (+13.0 and
    +10.3 there in two runs of 3,000 games; +2 to +9 with three to five)."""
    assert content().techniques[28].by_players == {2: {"free": 1}}
    st = start(players)
    give_tech(st, 0, 28, "workspace")
    give_tech(st, 0, 14, "workspace", "down")
    give_tech(st, 0, 23, "under")
    assert dict(st.page_score(0))["Study"] == expect


@pytest.mark.parametrize("tid,players,points", [(11, 2, 1), (11, 3, 1), (27, 2, 1), (27, 5, 1),
                                                (6, 3, 1), (6, 4, 1), (6, 2, 0), (10, 2, 1), (10, 3, 0),
                                                (13, 3, 1), (13, 2, 0), (13, 4, 0)])
def test_steady_hand_and_extra_desk_score_on_each_voluntary_turn(tid, players, points):
    """Balance round 6: both measured 5 to 13 below a fair share at every count (their
    effects matter only when the desk is full), so each also pays +1 a voluntary Turn;
    round 7: Steady Hand +2 with two players, taken back in round 8 (+13.7 there).
    Round 8: Vermilion Wash +1 with three and four (-10 and -12 there), Soot Wash with
    two (-9 to -17 there in three runs). Round 9: Scraper with three (-10.8 there)."""
    spec = content().techniques[tid]
    assert spec.at(players).turn_points == points
    st = start(players)
    give_tech(st, 0, tid, "workspace")
    assert dict(st.page_score(0, voluntary=True)).get(spec.name, 0) == points
    assert spec.name not in dict(st.page_score(0, voluntary=False))
    give_tech(st, 0, tid, "under")  # still working under the workspace
    st.players[0].techs.clear()
    assert dict(st.page_score(0, voluntary=True)).get(spec.name, 0) == points


def test_fine_vellum_only_voluntary():
    st = start(2)
    give_tech(st, 0, 29, "under")
    assert dict(st.page_score(0, voluntary=True))["Fine Vellum"] == content().techniques[29].effect.points > 0
    assert "Fine Vellum" not in dict(st.page_score(0, voluntary=False))


def test_dye_merchant():
    st = start(2)
    st.deck.remove(30)
    set_bottle(st, "D1", ["R"], tech=30)
    set_page(st, 0, "I-1")
    st.apply("take:D1")
    place_all(st)
    st.apply("resolve:30")
    assert keys(st) == ["colour:K", "colour:R", "colour:Y", "colour:G", "colour:B"]
    st.bag[3] = 1
    st.apply("colour:G")
    assert st.bag[3] == 0 and st.hand[0].cubes == cubes("G")


def test_hoarder_below_five_gives_nothing():
    st = start(2)
    give_tech(st, 0, 31, "under")
    set_bottle(st, "C1", ["R", "R", "K", "K"])
    st.apply("take:C1")
    place_all(st)
    assert st.players[0].score == 0


def test_second_helping_takes_only_the_shapes_it_names():
    """Balance round 5: a circle only (the star, with its gold and the ink it gathers
    between turns, made it +13 and +18 with five players)."""
    shapes = content().techniques[19].effect.shapes
    assert shapes == ("circle",)
    st = start(2)
    clear_mat(st)
    set_bottle(st, "S1", ["Au"])
    set_bottle(st, "C1", ["K"])
    st.deck.remove(19)
    set_bottle(st, "D1", ["R"], tech=19)
    st.apply("take:D1")
    place_all(st)
    st.apply("resolve:19")
    assert st.decision().prompt.endswith("Second Helping: take a circle?")
    assert set(keys(st)) == {"take:C1", "skip"}  # the star is not offered
    st.apply("take:C1")
    place_all(st)
    assert st.cur == 1  # the second Take ended the turn


@pytest.mark.parametrize("players,offered", [(2, {"take:C1", "take:C2", "skip"}), (4, {"take:C2", "skip"}),
                                              (5, {"take:C2", "skip"})])
def test_second_helping_bottle_holds_at_most_3_with_three_or_more(players, offered):
    """Balance round 6: with five players a second circle of any size measured +13 to
    +18 (about 0 with two to four), so there it may hold at most 3 cubes; round 8: with
    three and four too (+17 and +11 there with the greedy that values its pages)."""
    assert content().techniques[19].by_players == {n: {"most_cubes": 3} for n in (3, 4, 5)}
    st = start(players)
    clear_mat(st)
    set_bottle(st, "C1", ["K", "K", "R", "R"])
    set_bottle(st, "C2", ["K", "R", "R"])
    st.deck.remove(19)
    set_bottle(st, "D1", ["Y"], tech=19)
    st.apply("take:D1")
    place_all(st)
    st.apply("resolve:19")
    assert st.decision().prompt.endswith("take a circle" + ("?" if players == 2 else " of at most 3 cubes?"))
    assert set(keys(st)) == offered
    c1 = next(b for b in st.summary()["mat"] if b["id"] == "C1")
    assert why_not(c1) == (None if players == 2 else f"Second Helping takes at most 3 cubes with {players} players")


def test_apprentices_errand_draws_one_cube_a_use_with_five_players():
    """Balance round 8: with five players it measured +12 and +17 in two runs."""
    assert content_for(5).techniques[17].effect.count == 1
    assert content_for(4).techniques[17].effect.count == 2
    assert "draw 1 random cube" in content_for(5).techniques[17].text


def test_calm_abbot():
    st = start(2)
    st.deck.remove(32)
    set_bottle(st, "D1", ["R"], tech=32)
    a = st.abbot
    st.apply("take:D1")
    place_all(st)
    st.apply("resolve:32")
    assert st.abbot == a and st.cur == 1
    pts = content().techniques[32].effect.points
    assert pts > 0 and ["Calm Abbot", pts] in st.players[0].breakdown  # it acts unforced too


@pytest.mark.parametrize("players,pts", [(3, 2), (4, 2), (5, 1)])
def test_abbots_blessing_pays_its_holders_when_the_abbot_crosses_an_arrow(players, pts):
    """Balance round 5: the Blessing scores at each arrow, forced Turn or not (greedy
    is almost never forced, so a gold bonus on forced Turns alone was a blank); round
    6: +1, not +2, with five players (+11 there, -2 to +4 with two to four)."""
    assert content().techniques[20].effect.arrow_points == 2
    assert content().techniques[20].by_players == {5: {"arrow_points": 1}}
    st = start(players)
    give_tech(st, 2, 20, "under")  # not the seat whose turn it is
    st.abbot = st.arrows[0] - 2
    st.apply(takes(st)[0])
    finish_turn(st)  # the Abbot moves onto arrow - 1: nothing yet
    assert st.players[2].score == 0
    st.apply(takes(st)[0])
    finish_turn(st)  # onto arrow I
    assert st.crossed == 1
    assert ["Abbot's Blessing", pts] in st.players[2].breakdown
    assert all(row[0] != "Abbot's Blessing" for q in st.players[:2] for row in q.breakdown)


# --- §3.6 solo ------------------------------------------------------------------------
def test_solo_setup():
    st = new_game("inkwell", ["Solo"], seed=4, options={"difficulty": "master"})
    assert st.active == ["S1", "C1", "C2", "C3", "D1", "D2"]
    assert st.arrows == (9, 18, 27) and st.end == 27
    assert len(st.display[2]) == 2 and len(st.display[3]) == 2 and st.start_queue == []
    s = st.summary()
    assert s["solo"] and s["rival"]["difficulty"] == "master" and s["rival"]["score"] == 0


def test_solo_round_rival_clears_fullest_of_shape():
    st = start(1)
    clear_mat(st)
    set_bottle(st, "C1", ["R", "R"])
    set_bottle(st, "C2", ["K", "K", "Y"])
    set_bottle(st, "C3", ["B", "B", "B"])
    set_bottle(st, "S1", ["Au"])
    st._roll = lambda: "circle"
    script(st, ["G"] * 60)
    a = st.abbot
    st.apply("take:C1")
    place_all(st)
    # after the top-up C2 = K K Y G and C3 = B B B G: a tie, C2 comes first in mat order
    assert st.rival_pile == [2, 0, 1, 1, 0]
    assert st.abbot == a + 2  # two refills


def test_solo_rival_falls_back_to_any_shape_and_sends_gold_back():
    st = start(1)
    clear_mat(st)
    set_bottle(st, "S1", ["Au", "R", "R", "R"])
    set_bottle(st, "C1", ["K"])
    st._roll = lambda: "diamond"
    script(st, [])  # empty bag: nothing is topped up or refilled
    supply = st.supply
    st.apply("take:C1")
    place_all(st)
    # the gold went back to the supply, and the refill put it on the empty star again
    assert st.rival_pile == [0, 3, 0, 0, 0] and st.supply == supply and st.bottles["S1"] == cubes("Au")


def test_solo_abbot_face_and_arrow_scoring():
    st = start(1)
    st._roll = lambda: "abbot"
    st.abbot = 6
    st.rival_pile = [1, 2, 0, 0, 0]
    st.apply("turn")
    finish_turn(st)
    # refill 7, Rival's Abbot face 8, refill 9: arrow I crossed, pile of 3 scores (with the
    # standard Rival's arrow bonus) and goes back
    bonus = content().solo.difficulties["standard"].arrow_bonus
    assert st.abbot == 9 and st.crossed == 1 and st.rival_score == 3 + bonus and st.rival_pile == [0] * 5
    assert not st.must_turn(0)  # the player is on page II already


@pytest.mark.parametrize("diff", ["novice", "standard", "master"])
def test_solo_difficulty(diff):
    d = content().solo.difficulties[diff]  # the numbers are data (balanced by simulation)
    expect = 5 // d.pile_divisor + d.arrow_bonus  # a pile of 5 when the Abbot crosses arrow I
    st = start(1, difficulty=diff)
    st._roll = lambda: "abbot"
    st.abbot = 6
    st.rival_pile = [5, 0, 0, 0, 0]
    st.apply("turn")
    finish_turn(st)
    assert st.rival_score == expect


def _finishing(score: int, abbot: int = 20, crossed: int = 2):
    """A solo game about to Turn its (empty) page III: ``score`` so far, the Abbot on
    ``abbot``, the Rival at 10 with a pile of 3."""
    st = start(1)
    st.players[0].turned = 2
    set_page(st, 0, "III-1")
    st.abbot, st.crossed = abbot, crossed
    st.rival_pile = [3, 0, 0, 0, 0]
    st.rival_score = 10
    st.players[0].score = score
    fresh(st)
    return st


def test_solo_end_scoring_and_win():
    """Issue 36: the end bonus is 2 a space, at most the score before it, and the Rival
    also scores its bonus for each arrow the Abbot has not crossed."""
    solo = content().solo
    assert solo.end_points_per_space == 2 and solo.end_points_at_most_score and solo.rival_bonus_for_arrows_left
    bonus = solo.difficulties["standard"].arrow_bonus
    st = _finishing(20)  # 7 spaces left: 14; one arrow not crossed
    st.apply("turn")
    assert st.is_over
    assert ["Time left", 14] in st.players[0].breakdown and st.rival_score == 10 + 3 + bonus
    s = st.summary()
    assert s["winner"] == 0 and s["players"][0]["score"] == 34
    st = _finishing(5, abbot=4, crossed=0)  # 23 spaces left would pay 46: at most the 5 scored
    st.apply("turn")
    assert ["Time left", 5] in st.players[0].breakdown and st.rival_score == 10 + 3 + 3 * bonus
    assert st.winner() is None


def test_older_solo_data_ends_as_it_did():
    """A game begun under the data before issue 36 (no cap, no bonus for arrows left,
    3 a space) finishes under its own numbers."""
    st = _finishing(5, abbot=4, crossed=0)
    st.C = copy.copy(st.C)
    st.C.solo = st.C.solo.model_copy(update={
        "end_points_per_space": 3, "end_points_at_most_score": False, "rival_bonus_for_arrows_left": False})
    fresh(st)
    st.apply("turn")
    assert ["Time left", 69] in st.players[0].breakdown and st.rival_score == 13
    assert st.winner() == 0  # how turning every turn won


def test_solo_turn_says_what_it_scores_and_what_the_rival_will():
    """The Turn of page III gives its total with the end bonus, and both final scores;
    an earlier Turn says what the Rival scores at the next arrow."""
    bonus = content().solo.difficulties["standard"].arrow_bonus
    st = _finishing(5, abbot=4, crossed=0)
    turn = _turn_choice(st)
    assert turn.label == "Turn page III-1 (scores 0 + 5 end bonus = 5)"
    assert turn.hint.startswith(f"The game ends: 10 to the Rival's {13 + 3 * bonus} (the Rival wins).")
    assert "2 a space for the 23 spaces the Abbot has left (46), but at most your score before it: 5" in turn.hint
    assert f"its pile (3) and {bonus} for each of the 3 arrows the Abbot has not crossed" in turn.hint
    st = start(1)
    st.rival_pile = [2, 1, 0, 0, 0]
    fresh(st)
    turn = _turn_choice(st)
    assert turn.hint.startswith(f"The Rival scores its pile (now 3) + {bonus} when the Abbot crosses arrow I "
                                "(space 9; he is on 0).")


@pytest.mark.slow
def test_turning_every_turn_loses_to_the_standard_rival_slow():
    assert _rush_losses(200) >= 0.70


def test_turning_every_turn_loses_to_the_standard_rival():
    """Issue 36: Turn every turn (the rush probe) won solo Inkwell by the end bonus
    alone (3 a space for the ~23 spaces left; the Rival crossed no arrow). Now it loses
    at least 70 games in 100 (200 seeded games with INKTERM_SLOW=1; 40 here)."""
    assert _rush_losses(40) >= 0.70


def _rush_losses(games: int) -> float:
    from inkterm.sim.runner import play_game

    lost = sum(not play_game("inkwell", ["rush"], seed=s, options={"difficulty": "standard"}).winners
               for s in range(games))
    return lost / games


def _first_choice_solo_game(seed: int):
    st = new_game("inkwell", ["You"], seed=seed)
    while not st.is_over:
        st.apply(st.decision().keys[0])
    return st


def test_solo_result_ranks_the_rival_with_its_score_and_how_it_got_it():
    st = _first_choice_solo_game(4)  # the Rival wins this one by far
    assert st.winner() is None and st.rival_score > st.players[0].score
    res = st.result()
    assert [s.name for s in res.standings] == ["the Rival", "You"]
    rival, you = res.standings
    assert rival.seat is None and rival.score == st.rival_score
    assert sum(pts for _lab, pts in rival.breakdown) == st.rival_score
    assert [lab for lab, _pts in rival.breakdown][0] == "Scored at arrow I"
    assert you.seat == 0 and you.score == st.players[0].score
    assert res.winners == ["the Rival"]
    assert res.headline == f"the Rival wins by {st.rival_score - st.players[0].score}"


def test_solo_result_a_win_and_a_tie():
    st = start(1)
    st.players[0].turned = 2
    set_page(st, 0, "III-1")
    st.abbot = 20
    st.crossed = 2
    st.rival_score, st.players[0].score = 10, 20
    st.apply("turn")  # 14 for time left: 34 to the Rival's 10 and its bonus for arrow III
    res = st.result()
    assert [s.name for s in res.standings] == ["P1", "the Rival"]
    assert res.headline == f"P1 wins by {24 - content().solo.difficulties['standard'].arrow_bonus}"
    st.rival_score = st.players[0].score  # a tie goes to the Rival [R25]
    res = st.result()
    assert res.winners == ["the Rival"] and res.headline == "the Rival wins on the tie-break"
    assert res.tiebreaks == st.tiebreaks() != []


def test_multiplayer_result_is_the_ranking():
    st = start(2)
    st.players[0].score, st.players[1].score = 30, 34
    st.over = True
    res = st.result()
    assert [(s.name, s.score, s.seat) for s in res.standings] == [("P2", 34, 1), ("P1", 30, 0)]
    assert res.headline == "P2 wins by 4"


# --- auto-place -------------------------------------------------------------------------
def test_best_placement_is_complete_and_auto_applies_it():
    st = start(2)
    set_page(st, 0, "I-2")
    set_bottle(st, "C1", ["R", "Au", "Y", "K"])
    st.apply("take:C1")
    plan = best_placement(st)
    assert len(plan) == 4 and all(sid for _c, sid in plan)
    assert ("gold", "B7") in plan  # gold goes to the gold-only space
    st.apply("auto")
    pc = page_cubes(st, 0)
    for colour, sid in plan:
        assert pc[sid] == {"black": "K", "red": "R", "yellow": "Y", "gold": "Au"}[colour]


def test_best_placement_empty_when_nothing_to_place():
    st = start(2)
    assert best_placement(st) == []


def _under(version: int, seats: list[str], seed: int, options: dict | None = None):
    """A new game recorded under an earlier content version, as its save would open."""
    import dataclasses

    from inkterm.engine import api

    rec = new_game("inkwell", seats, seed, options).record
    return api.opening(dataclasses.replace(rec, content_version=version))


def test_a_version_10_game_finishes_under_its_numbers():
    """Saves from before issue 36 (content version 10) play on as they began: a gold
    is still offered without the points for it (random seed 8 went to -4 by it), and a
    solo game that turns every turn ends with 3 a space, uncapped, and wins."""
    import random

    from inkterm.engine import load_game

    st = _under(10, ["A", "B"], 8)
    rng = random.Random(8)
    while min(st.scores()) >= 0:
        key = rng.choice(st.decision().keys)
        st = load_game(st.to_json()) if len(st.record.choices) == 20 else st  # a save on the way
        st.apply(key)
    assert key == "use:15" and st.scores()[0] == -4 and st.record.content_version == 10
    now = _under(11, ["A", "B"], 8)
    rng = random.Random(8)
    while not now.is_over:
        now.apply(rng.choice(now.decision().keys))
        assert min(now.scores()) >= 0

    def rush(st):
        while not st.is_over:
            keys = st.decision().keys
            st.apply("turn" if "turn" in keys else keys[0])
            if len(st.record.choices) == 10:
                st = load_game(st.to_json())
        return st

    old = rush(_under(10, ["Ann"], 1, {"difficulty": "standard"}))
    assert ["Time left", 66] in old.players[0].breakdown and old.winner() == 0  # the 66
    new = rush(_under(11, ["Ann"], 1, {"difficulty": "standard"}))
    assert ["Time left", 2] in new.players[0].breakdown and new.winner() is None
