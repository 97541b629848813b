"""One test per numbered rule of voynich.md §1 (grouped by subsection, each item
asserted) and one per ruling of §2."""
from __future__ import annotations

import pytest

from inkterm.engine import IllegalChoice, new_game
from inkterm.games.voynich import content as CT
from inkterm.games.voynich import geometry as G
from inkterm.games.voynich import tables as T
from inkterm.games.voynich.actions import sources
from inkterm.games.voynich.baths import own_bath_drops
from inkterm.games.voynich.botany import grow_moves

from .helpers import (
    BLUE, DIRTY, GREEN, GREY, RED, YELLOW, act, blank, diff, keys, know, owners, piece, put,
    refresh, research, set_book, state_p, task,
)
from .test_scenarios import BOOK, finish_turn

I = G.IDX


# ===================================================================== §1 rules
def test_1_1_terms():
    st = new_game("voynich", ["a", "b", "c"], seed=2)
    # 1 book: 5 double pages in fixed order, 2 cards from one deck each
    for b in st.book:
        assert [T.card_section(c) for c, _ in b] == [s for s in CT.SECTIONS for _ in (0, 1)]
    # 2 steps: actions grow, scoring from step 2, conditions on steps 1-3 only
    assert CT.content().mult[1] == 0 and T.C.condition("AS3", 3) == ["3E:As"]
    # 3 puzzle: central 2x2 piece in the middle, knowledge pieces one cell each
    assert sorted(G.RC[i] for i in G.CENTRAL) == ["44", "45", "54", "55"]
    # 4 one shared track; 5 supply = tokens not on the board; 6 round = one turn each
    s = st.summary()
    assert s["track"]["end"] == 52 and s["players"][0]["supply"]["research"] == 4
    seats = []
    while st.round == 1:
        seats.append(st.cur)
        st.apply(st.decision().keys[0])
        finish_turn(st)
    assert seats == [(st.start + k) % 3 for k in range(3)]


def test_1_2_setup():
    for n in (2, 3, 4):
        st = new_game("voynich", ["a", "b", "c", "d"][:n], seed=11 + n)
        dirty = [t[2] for toks in st.spaces.values() for t in toks if t[0] == DIRTY]
        assert sorted(dirty) == list(range(1, 9)) and len(st.spaces[T.DW]) == 1  # 4
        assert len({c for b in st.book for c, _ in b}) == 10 * n  # 6 undealt cards unused
        greys = {t[1] for toks in st.spaces.values() for t in toks if t[0] == GREY}
        assert (n == 4) == (not greys)  # 7 neutral player only with 2-3 seats
        assert 0 <= st.start < n and st.cur == st.start  # 8
        assert all(b[i][1] == 1 for b in st.book for i in range(10))  # 9
        assert owners(st, T.BASE).count(0) == 1 and st.research[0] == list(G.CENTRAL)  # 10
        assert st.know[0] == [0, 0, 0, 0] and st.ok[0] == 0  # 11
        assert st.supply[0] == {"leaf": 4, "drop": 6, "star": 6} and st.tsupply[0] == [1, 2, 3, 4, 5, 6]  # 12
        assert all(e["help"].startswith(e["card"]) for e in st.summary()["players"][0]["book"])  # 13
    assert T.C.help_card("AS1").startswith("AS1")  # 13


def test_1_3_turn():
    st = blank()
    set_book(st, RED, **BOOK)
    state_p(st)
    research(st, RED, "23")
    assert st.decision().keys[0].startswith("spread:")  # 1 must open a page
    st.apply("spread:botany")
    assert st.phase == "prog1"  # 2.1 progress
    st.apply("done")
    assert st.phase == "pick"  # 2.2 act with one card
    st.apply("act:BO2")
    assert st.phase == "act" and st.acting == "BO2"
    st.apply("stop")
    assert st.cur == RED and st.phase == "prog2"  # 2.3 share (nothing held), 2.4 progress
    st.apply("done")
    assert st.cur == BLUE  # 3 clockwise


def test_1_4_progression():
    st = blank()
    set_book(st, RED, **BOOK)
    state_p(st)
    st.book[RED][2] = ["AS1", 4]
    research(st, RED, "23", "24", "57")
    st.apply("spread:botany")
    ks = keys(st)
    assert all(k.split(":")[1] in ("BO1", "BO2") for k in ks if k.startswith("progress"))  # 1
    st.apply("progress:BO1:24")
    assert st.research[RED].count(I["24"]) == 0 and st.ok[RED] == 2  # 2, 4
    assert st.book[RED][0][1] == 2  # 5
    st.apply("progress:BO1:57")  # 6 the same card again
    assert st.book[RED][0][1] == 3
    # 3 several tokens from different spaces: covered by test_s03/test_s05
    assert CT.content().mult == {1: 0, 2: 1, 3: 2, 4: 4}  # 7
    st2 = blank()
    set_book(st2, RED, **BOOK)
    st2.book[RED][2] = ["AS1", 4]
    state_p(st2)
    research(st2, RED, "25")
    st2.apply("spread:astrology")
    assert not any(k.startswith("progress:AS1") for k in keys(st2))  # 1 step 4 never advances


def test_1_5_tokens_and_sources():
    st = blank()
    put(st, "bo:BASE", RED, "leaf")
    put(st, "as:1I:star", RED, "star")
    put(st, "as:2I:star", BLUE, "star")
    st.supply[RED]["leaf"] = 0
    # 1 limited components: with every leaf on the board there is no supply source
    assert [s[0] for s in sources(st, RED, "leaf", "ba", None)] == ["src:bo:BASE"]
    # 2 never from the section it is going to
    assert [s[0] for s in sources(st, RED, "star", "as", None)] == ["src:supply"]
    # 3 recipes: never from supply
    assert [s[0] for s in sources(st, RED, "star", "re", None, False)] == ["src:as:1I:star"]
    # 4 the triggering token is excluded
    assert sources(st, RED, "star", "wr", "as:1I:star", True) == [("src:supply", "A star from your supply", ())]
    # 5 only your own colour
    assert "src:as:2I:star" not in [s[0] for s in sources(st, RED, "star", "re", None, False)]
    # 6 no legal token: the action is not offered (lost)
    st.supply[RED]["leaf"] = 0
    st.spaces["bo:BASE"] = []
    st.supply[RED]["leaf"] = 0
    assert not st.feasible("bo.leaf", RED)
    # 7 a text keeps its face when moving
    put(st, "wr:W1:t1", RED, "text", 6, True)
    act(st, RED, "re.text", section="recipes")
    st.apply("do:re.text")
    st.apply("to:text:1")
    assert st.spaces["re:text:1"] == [(RED, "text", 6, True)]


def test_1_6_knowledge_and_breakthroughs():
    st = blank()
    st.gain(RED, (4, 0, 0, 0, 0))
    st.gain(RED, (1, 0, 0, 0, 0))
    assert st.know[RED][0] == 5 and st.share[RED][0] == 1  # 1, 2 reaching an icon
    st.gain(RED, (0, 0, 0, 0, 30))
    assert st.share[RED] == [1, 0, 0, 0]  # 2 OK crossing does nothing
    # 3 tokens gained off-turn are kept (test_s08)


def test_1_7_research():
    st = blank()
    state_p(st)
    act(st, RED, "rs.centre", "rs.any", "rs.N", "rs.step")
    st.apply("do:rs.centre")
    assert sorted(keys(st)) == ["cell:44", "cell:45", "cell:54", "cell:55"]  # 1
    st.apply("cell:44")
    st.apply("do:rs.any")
    ks = keys(st)
    assert "cell:23" in ks and "cell:44" in ks and "cell:11" not in ks  # 2, 5
    st.apply("cell:44")  # 6 any number per space
    assert st.research[RED].count(I["44"]) == 2
    st.apply("do:rs.N")
    assert keys(st) == ["move:44>34"]  # 3 north = toward row 1
    st.apply("move:44>34")
    st.apply("do:rs.step")
    assert sorted(keys(st)) == sorted(["move:34>24", "move:34>33", "move:34>35", "move:34>44", "move:44>34", "move:44>43", "move:44>45", "move:44>54"])  # 4, 5


def test_1_8_botany():
    st = blank()
    act(st, RED, "bo.leaf", "bo.drop", "bo.grow", "bo.grow")
    st.apply("do:bo.leaf")  # 1 a leaf on BASE, no reward
    assert owners(st, T.BASE) == [RED] and know(st, RED)["Bo"] == 0
    st.apply("do:bo.drop")
    assert sorted(keys(st)) == ["to:RT1", "to:RT2", "to:RT3", "to:RT4"]  # 2
    st.apply("to:RT4")
    assert know(st, RED) == {"Bo": 1, "As": 1, "Ba": 0, "Wr": 0, "OK": 0}
    st.apply("do:bo.grow")
    assert sorted(keys(st)) == ["grow:BASE>STEM1", "grow:RT4>RU4"]  # 3
    st.apply("grow:RT4>RU4")
    assert know(st, RED)["OK"] == 1
    st.apply("do:bo.grow")
    assert sorted(keys(st)) == sorted(["grow:BASE>STEM1", "grow:RU4>STEM1"])  # the drop passes BASE


def test_1_9_astrology():
    st = blank()
    act(st, RED, "as.star", "as.text", section="astrology")
    st.apply("do:as.star")
    assert sorted(keys(st)) == ["to:1I", "to:2I", "to:3I", "to:4I", "to:5I"]  # 1, 4
    st.apply("to:5I")
    assert know(st, RED)["As"] == 1 and know(st, RED)["Bo"] == 1  # 2
    st.apply("do:as.text")
    assert sorted(keys(st)) == [f"src:supply:t{i}" for i in range(1, 7)]  # 3 choose which text
    st.apply("src:supply:t5")
    st.apply("to:5I")  # 5 completes 5I: text 1Ba + constellation 2As once
    assert know(st, RED) == {"Bo": 1, "As": 3, "Ba": 1, "Wr": 0, "OK": 0}
    st.goat = 4
    act(st, RED, "as.goat", section="astrology")
    st.apply("do:as.goat")  # 6
    assert st.goat == 5 and know(st, RED)["As"] == 5


def test_1_10_baths():
    st = blank()
    put(st, "ba:FNR", BLUE, "drop")
    put(st, "ba:POOL1", BLUE, "drop")
    act(st, RED, "ba.drop", "ba.purify", "ba.transform", section="baths")
    st.apply("do:ba.drop")
    st.apply("to:FNR")  # 1 fountain reward, push pays the owner
    assert diff({"Bo": 0, "As": 0, "Ba": 0, "Wr": 0, "OK": 0}, know(st, RED)) == {"Ba": 1, "Bo": 1}
    assert owners(st, "ba:DW") == [BLUE] and know(st, BLUE)["Ba"] == 1
    assert owners(st, "ba:POOL1") == [BLUE]  # 2 a drop in Pool 1 stays
    st.spaces["ba:POOL1"].append((DIRTY, "drop", 8, False))
    refresh(st)
    st.apply("do:ba.purify")
    st.apply("dirty:d8")  # 4 purify: reward incl. an optional research action
    assert know(st, RED)["Ba"] == 2 and st.decision().keys[-1] == "decline"
    st.apply("decline")
    assert st.spaces["ba:DW"][0][0] == DIRTY and owners(st, "ba:SR1") == [BLUE]
    assert own_bath_drops(st, RED) == ["ba:FNR"] and own_bath_drops(st, YELLOW) == []  # 5 only your own
    # 3 Pool 2 and 6 the two-player recycle: test_s18, test_s21


def test_1_11_writing():
    st = blank()
    put(st, "wr:W1:t1", BLUE, "text", 3)
    act(st, RED, "wr.text", "wr.star", "wr.translate", section="writing")
    st.apply("do:wr.text")
    st.apply("src:supply:t2")
    st.apply("to:W1")  # 2 leftmost empty + head
    assert st.spaces["wr:W1:t2"][0][2] == 2 and know(st, RED) == {"Bo": 0, "As": 0, "Ba": 0, "Wr": 3, "OK": 0}
    st.apply("do:wr.star")
    st.apply("to:W1")  # 3 every text + head
    assert know(st, RED) == {"Bo": 0, "As": 1, "Ba": 0, "Wr": 6, "OK": 0}
    st.apply("do:wr.translate")
    st.apply("text:W1:2")  # 4 translated face + head
    assert know(st, RED) == {"Bo": 0, "As": 1, "Ba": 0, "Wr": 10, "OK": 1}
    assert len(T.WR_STARS["W1"]) == 2  # 1 rows with head, texts, stars


def test_1_12_recipes():
    st = blank()
    put(st, "bo:BASE", RED, "leaf")
    put(st, "wr:W2:t1", RED, "text", 4)
    act(st, RED, "re.leaf", "re.text", section="recipes")
    st.apply("do:re.leaf")
    assert sorted(keys(st)) == [f"to:leaf:{i}" for i in range(1, 5)]  # 1
    st.apply("to:leaf:2")
    assert know(st, RED) == {"Bo": 2, "As": 0, "Ba": 0, "Wr": 0, "OK": 1}
    st.apply("do:re.text")
    st.apply("to:text:4")  # 2 multiplier x4 on 1Bo
    assert know(st, RED)["Bo"] == 6


def test_1_13_sharing():
    st = blank()
    research(st, RED, "44")
    st.share[RED] = [1, 1, 0, 0]
    st.open, st.phase = "botany", "share"
    refresh(st)
    ks = keys(st)
    assert {k.split(":")[2] for k in ks} == {"34", "35", "43", "46", "53", "56", "64", "65"}  # 2
    assert "piece:Bo:34" in ks and "piece:As:34" in ks  # 1 one piece per token, its type
    st.apply("piece:As:34")
    assert "piece:Bo:24" in keys(st)  # 2 pieces placed this phase count
    st.apply("piece:Bo:24")
    assert st.psupply[0][2] == 3 and st.psupply[1][3] == 3  # 3 letters C (24) and D (34)
    assert sorted(keys(st)) == ["share-move:44>24", "share-move:44>34", "share-move:none"]  # 4
    # 5 two-player unconnected pieces: test_s09


def test_1_14_condition_icons():
    st = blank()
    state_p(st)
    an = st.an()
    assert an.keys(I["23"], "G3:Bo") and not an.keys(I["23"], "G4:Bo")
    assert an.keys(I["33"], "A2:Bo") and not an.keys(I["33"], "A2:Ba")
    assert an.keys(I["58"], "E:*") and not an.keys(I["57"], "E:*")
    assert an.keys(I["25"], "O:As") and an.keys(I["57"], "O:Bo")
    assert an.keys(I["24"], "S3") and not an.keys(I["33"], "S3")
    piece(st, "Wr", "11")  # not connected in play, but a corner test on the grid
    an = G.Analysis(st.grid)
    assert not an.keys(I["11"], "C:Wr")  # unconnected: absent
    st.grid[I["12"]], st.grid[I["13"]], st.grid[I["14"]] = 0, 0, 0
    an = G.Analysis(st.grid)
    assert an.keys(I["11"], "C:Wr") and an.condition_ok(["3E:Bo"], (I["12"], I["14"], I["58"]))
    assert not an.condition_ok(["3E:Bo"], (I["12"], I["14"], I["23"]))  # 23 is not an edge
    assert an.keys(I["13"], "E:Bo")


def test_1_15_end_and_scoring():
    st = blank(2)
    st.gain(BLUE, (0, 0, 0, 0, 52))
    assert st.end_triggered and st.trigger_round == 1  # 1
    st.research[RED] = [I["11"], I["12"]]
    st.know[RED] = [25, 0, 0, 0]
    set_book(st, RED, **{**BOOK, "BO1": 3})
    st.book[RED][8] = ["RE5", 2]
    st.know[RED][3] = 35
    st._finish()
    rows = dict(st.final[RED]["pages"])
    assert dict(st.final[RED]["breakdown"])["Research tokens, halved"] == 5  # 2 (6 + 4) // 2
    assert st.final[RED]["research_raw"] == 10
    assert rows["BO1 step 3: Bo box 2 x2"] == 4  # 3
    assert rows["RE5 step 2: Wr box 3 x1"] == 3  # 3 recipes: the better type
    assert st.ranking()[0] == BLUE  # 4


# ===================================================================== §2 rulings
def test_ruling_01_two_to_four_players():
    for n in (1, 5):
        with pytest.raises(ValueError):
            new_game("voynich", ["x"] * n, seed=1)


def test_ruling_02_one_shared_track():
    st = blank()
    st.gain(RED, (0, 4, 0, 5, 0))
    assert st.share[RED] == [0, 0, 0, 1]  # the same icons for every marker
    st.gain(RED, (0, 1, 0, 0, 0))
    assert st.share[RED] == [0, 1, 0, 1]


def test_ruling_03_central_piece_has_no_type():
    st = blank()
    assert all(st.grid[i] == 4 for i in G.CENTRAL)
    assert all(st.an().typ[i] == -1 for i in G.CENTRAL)
    assert not any(st.summary()["puzzle"]["pieces"].values())


def test_ruling_04_central_cells_only_adjacency():
    st = blank()
    state_p(st)
    an = st.an()
    assert an.keys(I["44"], "A3:Bo")
    for icon in ("G2:Bo", "E:*", "S3", "M3", "O:Bo", "C:Bo"):
        assert not an.keys(I["44"], icon)


def test_ruling_05_adjacent_means_outside():
    st = blank()
    state_p(st)
    assert not st.an().keys(I["24"], "A2:Bo") and st.an().keys(I["25"], "A2:Bo")


def test_ruling_06_distinct_cells_any_assignment():
    st = blank()
    state_p(st)
    an = st.an()
    assert an.condition_ok(["G3:Bo", "E:Bo"], (I["58"], I["23"]))
    assert an.condition_ok(["G3:Bo", "E:Bo"], (I["23"], I["58"]))
    assert not an.condition_ok(["G3:Bo", "E:Bo"], (I["58"], I["58"]))


def test_ruling_07_2s3_same_colour():
    st = blank()
    state_p(st)
    an = st.an()
    assert an.condition_ok(["2S3"], (I["24"], I["57"]))
    assert not an.condition_ok(["2S3"], (I["24"], I["35"]))


def test_ruling_08_m3_counts_neighbours_only():
    st = blank()
    state_p(st)
    piece(st, "Ba", "26")  # 26 (Ba): neighbours 25 As, 36 As, 16/27 empty
    an = G.Analysis(st.grid)
    assert an.ncol[I["26"]] == 1 and not an.keys(I["26"], "M3")
    assert an.ncol[I["35"]] == 2  # central 45 is not a colour


def test_ruling_09_steps_are_plus_one():
    st = blank()
    set_book(st, RED, **BOOK)
    state_p(st)
    research(st, RED, "23")
    st.apply("spread:botany")
    st.apply("progress:BO1:23")
    assert st.book[RED][0] == ["BO1", 2]


def test_ruling_10_pages_score_own_type():
    st = blank(2)
    set_book(st, RED, **{**BOOK, "BA1": 2})
    st.know[RED] = [0, 0, 30, 90]
    st._finish()
    rows = dict(st.final[RED]["pages"])
    assert rows["BA1 step 2: Ba box 3 x1"] == 3


def test_ruling_11_multipliers():
    assert [CT.content().mult[s] for s in (1, 2, 3, 4)] == [0, 1, 2, 4]


def test_ruling_12_below_first_box():
    st = blank(2)
    set_book(st, RED, **{**BOOK, "BO1": 4})
    st.know[RED] = [9, 0, 0, 0]
    st._finish()
    assert dict(st.final[RED]["pages"])["BO1 step 4: Bo box 0 x4"] == 0


def test_ruling_13_one_token_per_icon():
    st = blank()
    st.gain(RED, (0, 0, 40, 0, 0))
    assert st.share[RED][2] == 5  # 5, 12, 20, 29, 39


def test_ruling_14_unused_tokens_lost_at_end():
    st = blank(2)
    st.share[RED] = [2, 0, 0, 0]
    st._finish()
    assert st.scores() == [0, 0] and st.share[RED] == [2, 0, 0, 0]


def test_ruling_15_impossible_token_returned_and_ordering():
    st = blank()
    st.share[RED] = [1, 1, 0, 0]
    st.psupply[0] = [0, 0, 0, 0]
    st.open, st.phase = "botany", "share"
    refresh(st)
    assert {k.split(":")[1] for k in keys(st)} == {"As"}
    st.apply(keys(st)[0])
    assert st.share[RED] == [0, 0, 0, 0] and st.phase != "share"


def test_ruling_16_one_research_move():
    st = blank()
    research(st, RED, "44", "45")
    st.share[RED] = [2, 0, 0, 0]
    st.open, st.phase = "botany", "share"
    refresh(st)
    st.apply("piece:Bo:34")
    st.apply("piece:Bo:24")
    st.apply("share-move:45>24")
    assert st.phase != "move" and sorted(st.research[RED]) == [I["24"], I["44"]]


def test_ruling_17_research_from_supply_only():
    st = blank()
    research(st, RED, *["44"] * 8)
    assert not st.feasible("rs.any", RED) and not st.feasible("rs.centre", RED)


def test_ruling_18_absolute_directions():
    st = blank()
    state_p(st)
    research(st, RED, "34")
    act(st, RED, "rs.N", "rs.E", "rs.S", "rs.W")
    st.apply("do:rs.E")
    assert keys(st) == ["move:34>35"]


def test_ruling_19_goat_any_colour_actor_only():
    st = blank()
    st.goat = 1
    put(st, "as:2I:star", GREY, "star")
    act(st, BLUE, "as.goat", section="astrology")
    st.apply("do:as.goat")
    assert know(st, BLUE)["As"] == 2 and know(st, RED)["As"] == 0


def test_ruling_20_constellation_only_on_completion():
    st = blank()
    act(st, RED, "as.star", section="astrology")
    st.apply("do:as.star")
    st.apply("to:4I")
    assert know(st, RED)["As"] == 2  # the star space only


def test_ruling_21_gate_only_at_placement():
    st = blank()
    put(st, "as:1I:star", RED, "star")
    put(st, "as:1O1:star", BLUE, "star")
    act(st, RED, "re.star", section="recipes")
    st.apply("do:re.star")
    st.apply("to:star:1")
    assert st.spaces["as:1I:star"] == [] and owners(st, "as:1O1:star") == [BLUE]


def test_ruling_22_translate_any_colour():
    st = blank()
    put(st, "wr:W2:t1", GREY, "text", 3)
    act(st, RED, "wr.translate", section="writing")
    st.apply("do:wr.translate")
    st.apply("text:W2:1")
    assert know(st, RED) == {"Bo": 0, "As": 4, "Ba": 0, "Wr": 1, "OK": 0}


def test_ruling_23_writing_star_pays_actor_only():
    st = blank()
    put(st, "wr:W1:t1", BLUE, "text", 6)
    act(st, RED, "wr.star", section="writing")
    st.apply("do:wr.star")
    st.apply("to:W1")
    assert know(st, RED)["OK"] == 1 and know(st, BLUE)["OK"] == 0


def test_ruling_24_leftmost_includes_gaps():
    st = blank()
    put(st, "wr:W4:t2", BLUE, "text", 1)
    assert [d[3] for d in st.action("wr.text").dests(st) if d[0] == "to:W4"] == ["wr:W4:t1"]


def test_ruling_25_full_branch_not_entered():
    st = blank()
    put(st, "bo:BASE", RED, "leaf")
    put(st, "bo:STEM1", BLUE, "leaf")
    for s in ("a", "b", "c"):
        put(st, f"bo:BR1{s}", YELLOW, "leaf") if s != "c" else put(st, "bo:BR1c", GREEN, "leaf")
    lands = sorted(to for _, _, to in grow_moves(st, RED))
    assert lands == ["bo:STEM2"]  # not BR1 (full); STEM2 is empty so nothing beyond it


def test_ruling_26_overflow_pays_final_space_only():
    st = blank()
    put(st, "bo:RT1", BLUE, "drop")
    act(st, RED, "bo.drop")
    st.apply("do:bo.drop")
    st.apply("to:RT1>RU1")
    assert know(st, RED) == {"Bo": 2, "As": 0, "Ba": 0, "Wr": 0, "OK": 0}


def test_ruling_27_chain_paid_in_push_order():
    st = blank()
    put(st, "ba:FNL", RED, "drop")
    put(st, "ba:SL1", BLUE, "drop")
    act(st, GREEN, "ba.drop", section="baths")
    st.apply("do:ba.drop")
    ev = st.apply("to:FNL")
    gains = [e.seat for e in ev if e.kind == "gain"]
    assert gains == [GREEN, RED, BLUE]


def test_ruling_28_leaf_passes_pool1():
    st = blank()
    put(st, "ba:J2", RED, "leaf")
    put(st, "ba:J1", BLUE, "drop")
    act(st, YELLOW, "ba.drop", section="baths")
    put(st, "ba:SL2", YELLOW, "drop")
    put(st, "ba:SL1", YELLOW, "drop")
    put(st, "ba:FNL", YELLOW, "drop")
    refresh(st)
    st.apply("do:ba.drop")
    st.apply("to:FNL")
    assert owners(st, "ba:CH1") == [RED] and know(st, RED)["Ba"] == 4
    assert not any(t[1] == "leaf" for t in st.spaces[T.POOL1])


def test_ruling_29_full_pool2_returns_leaf():
    st = blank()
    for s in ("P2a", "P2b", "P2c", "P2d"):
        put(st, f"ba:{s}", GREEN, "leaf")
    put(st, "ba:CH2", BLUE, "leaf")
    put(st, "ba:CH1", YELLOW, "leaf")
    put(st, "ba:POOL1", RED, "drop")
    act(st, RED, "ba.transform", section="baths")
    st.apply("do:ba.transform")
    st.apply("from:POOL1")
    assert st.supply[BLUE]["leaf"] == 5 and know(st, BLUE)["Ba"] == 0


def test_ruling_30_transform_leaf_source():
    st = blank()
    put(st, "ba:SL1", RED, "drop")
    put(st, "bo:BASE", RED, "leaf")
    put(st, "ba:CH1", RED, "leaf")
    act(st, RED, "ba.transform", section="baths")
    st.apply("do:ba.transform")
    st.apply("from:SL1")
    assert sorted(keys(st)) == ["src:bo:BASE", "src:supply"]  # never from Baths
    st.apply("src:bo:BASE")
    assert owners(st, "ba:SL1") == [RED] and st.spaces["ba:SL1"][0][1] == "leaf"
    assert know(st, RED)["Ba"] == 0


def test_ruling_31_purify_pays_printed_reward():
    st = blank()
    st.spaces[T.POOL1].append((DIRTY, "drop", 7, False))
    act(st, RED, "ba.purify", section="baths")
    st.apply("do:ba.purify")
    st.apply("dirty:d7")
    assert know(st, RED) == {"Bo": 0, "As": 0, "Ba": 2, "Wr": 2, "OK": 0}


def test_ruling_32_dirty_drops_do_not_recycle():
    st = blank(2)
    for d in range(1, 8):
        st.spaces[T.POOL1].append((DIRTY, "drop", d, False))
    put(st, "ba:J2", RED, "drop")
    put(st, "ba:J1", RED, "drop")
    put(st, "ba:SL2", RED, "drop")
    put(st, "ba:SL1", RED, "drop")
    put(st, "ba:FNL", RED, "drop")
    act(st, BLUE, "ba.drop", section="baths")
    st.apply("do:ba.drop")
    st.apply("to:FNL")
    assert len(st.spaces[T.POOL1]) == 8 and owners(st, "ba:FNL") == [BLUE]


def test_ruling_33_recycle_repeats_until_fewer_than_two():
    st = blank(2)
    put(st, "ba:J2", GREY, "drop")
    put(st, "ba:J1", GREY, "drop")
    put(st, "ba:SL2", GREY, "drop")
    put(st, "ba:SL1", GREY, "drop")
    put(st, "ba:FNL", GREY, "drop")
    st.spaces[T.POOL1].append((GREY, "drop", 0, False))
    act(st, RED, "ba.drop", section="baths")
    st.apply("do:ba.drop")
    st.apply("to:FNL")
    assert sum(1 for t in st.spaces[T.POOL1] if t[0] == GREY) < 2


def test_ruling_34_grey_tokens_never_taken():
    st = blank(2)
    put(st, "as:1I:star", GREY, "star")
    assert all(s[0] == "src:supply" for s in sources(st, RED, "star", "wr", None))
    assert "to:1I" not in [d[0] for d in st.action("as.star").dests(st)]  # blocks the space


def test_ruling_35_three_players_no_neutral_pieces():
    for seed in range(5):
        st = new_game("voynich", ["a", "b", "c"], seed=seed)
        assert not any(0 <= g < 4 for g in st.grid)


def test_ruling_36_unconnected_pieces_count_for_nothing():
    st = blank(2)
    piece(st, "Bo", "38")
    piece(st, "Bo", "28")
    an = G.Analysis(st.grid)
    assert not an.keys(I["38"], "G2:Bo") and not an.keys(I["28"], "E:Bo")
    assert st.grid[I["38"]] == 0  # the cell stays blocked


def test_ruling_37_off_turn_rewards_are_knowledge():
    st = blank()
    put(st, "ba:FNL", BLUE, "drop")
    act(st, RED, "ba.drop", "ba.drop", section="baths")
    st.apply("do:ba.drop")
    st.apply("to:FNL")
    assert all(t.seat == RED for t in st.work) and st.decision().seat == RED


def test_ruling_38_action_rewards_may_be_declined():
    st = blank()
    act(st, RED, "bo.drop", "bo.leaf")
    st.apply("do:bo.drop")
    st.apply("to:RT3")  # 1Bo + rs.centre
    d = st.decision()
    assert d.keys[-1] == "decline" and "cell:44" in d.keys and know(st, RED)["Bo"] == 1
    st.apply("decline")
    assert st.research[RED] == []


def test_ruling_39_triggered_actions_nest():
    st = blank()
    put(st, "as:3I:star", RED, "star")
    put(st, "as:3I:text", BLUE, "text", 1)
    research(st, RED, "44")
    act(st, RED, "as.star", section="astrology")
    st.apply("do:as.star")
    st.apply("to:3O2")
    assert st.work.top.code == "wr.star" and st.work.top.excl == "as:3O2:star"
    st.apply("src:supply")
    st.apply("to:W5")  # head 1Wr + rs.step, nested
    assert st.work.top.code == "rs.step" and "move:44>45" in keys(st)


def test_ruling_40_golden_rule_in_final_round():
    st = blank(2)
    st.last = ["writing", "baths"]
    st.end_triggered, st.trigger_round = True, 0
    refresh(st)
    assert "spread:writing" not in keys(st)
    with pytest.raises(IllegalChoice):
        st.apply("spread:writing")


def test_ruling_41_off_turn_trigger_counts_once():
    st = blank()
    st.ok[BLUE] = 51
    put(st, "ba:SL1", BLUE, "drop")
    put(st, "ba:FNL", YELLOW, "drop")
    act(st, RED, "ba.drop", "ba.drop", section="baths")
    st.apply("do:ba.drop")
    st.apply("to:FNL")  # Blue pushed to SL2: +1Ba+1OK
    assert st.end_triggered and st.trigger_round == 1
    st.round = 2
    st.gain(RED, (0, 0, 0, 0, 80))
    assert st.trigger_round == 1


def test_ruling_42_caps():
    st = blank()
    st.gain(RED, (150, 0, 0, 0, 150))
    assert st.know[RED][0] == 100 and st.ok[RED] == 150


def test_ruling_43_tiebreak_sorted_values():
    st = blank(2)
    st.ok = [10, 10]
    st.know[RED] = [50, 0, 0, 0]
    st.know[BLUE] = [0, 0, 0, 49]
    st._finish()
    assert st.ranking() == [RED, BLUE]


def test_ruling_44_nothing_hidden():
    st = new_game("voynich", ["a", "b", "c"], seed=1)
    assert all(st.view(p) == st.summary() for p in range(3))
    assert "supply" in st.summary()["puzzle"]


def test_ruling_45_advance_then_use_new_step():
    st = blank()
    set_book(st, RED, **BOOK)
    state_p(st)
    research(st, RED, "23")
    st.apply("spread:botany")
    st.apply("progress:BO1:23")
    st.apply("act:BO1")
    assert "do:bo.leaf" in keys(st)  # added on step 2
