"""The 25 test scenarios of voynich.md §4, one test (or a few) each."""
from __future__ import annotations

import pytest

from inkterm.engine import IllegalChoice
from inkterm.engine.text import from_data
from inkterm.games.voynich import geometry as G
from inkterm.games.voynich import tables as T
from inkterm.games.voynich.actions import sources

from .helpers import (
    BLUE, DIRTY, GREEN, GREY, RED, YELLOW, act, blank, diff, keys, know, owners, piece, put,
    refresh, research, set_book, state_p,
)

PASS = ("done", "stop", "act:skip", "decline", "share-move:none")


def finish_turn(st):
    """Let the current seat pass everything until the turn moves on."""
    seat, rnd = st.cur, st.round
    while not st.is_over and (st.cur == seat and st.round == rnd):
        d = st.decision()
        k = next((c.key for c in d.choices if c.key in PASS), d.choices[0].key)
        st.apply(k)


def open_page(st, sec):
    st.apply(f"spread:{sec}")


BOOK = dict(BO1=1, BO2=1, AS1=1, AS2=1, BA1=1, BA2=1, WR1=1, WR2=1, RE1=1, RE2=1)


# 1 -------------------------------------------------------------------------------------
def test_s01_golden_rule():
    st = blank(2)
    assert "spread:astrology" in keys(st)
    open_page(st, "astrology")
    finish_turn(st)
    open_page(st, "botany")  # Blue
    finish_turn(st)
    assert st.cur == RED and "spread:astrology" not in keys(st)
    with pytest.raises(IllegalChoice):
        st.apply("spread:astrology")
    open_page(st, "botany")
    finish_turn(st)
    open_page(st, "writing")
    finish_turn(st)
    assert "spread:astrology" in keys(st)
    # trigger the end now (round 3): round 4 is the extra round, the rule still applies
    open_page(st, "astrology")
    st.gain(RED, (0, 0, 0, 0, 60))
    finish_turn(st)
    open_page(st, "recipes")
    if st.cur == BLUE:
        finish_turn(st)
    assert st.round == 4 and st.end_triggered and st.cur == RED
    assert "spread:astrology" not in keys(st)


# 2 -------------------------------------------------------------------------------------
def test_s02_progression_loop_and_page_restriction():
    st = blank()
    set_book(st, RED, **BOOK)
    state_p(st)
    research(st, RED, "23", "57")
    open_page(st, "botany")
    assert "progress:BO1:23" in keys(st) and "progress:BO1:57" in keys(st)
    st.apply("progress:BO1:23")
    assert st.ok[RED] == 4 and st.book[RED][0] == ["BO1", 2]
    assert T.C.condition("BO1", 2) == ["G3:Bo"]
    with pytest.raises(IllegalChoice):
        st.apply("progress:WR1:57")
    st.apply("progress:BO1:57")
    assert st.ok[RED] == 5 and st.book[RED][0] == ["BO1", 3]
    assert T.C.actions("BO1", 3) == ["bo.grow", "bo.leaf", "bo.grow"]
    assert T.C.mult[3] == 2 and T.C.condition("BO1", 3) == ["G4:Bo"]
    assert not any(k.startswith("progress:") for k in keys(st))


# 3 -------------------------------------------------------------------------------------
def test_s03_two_groups_same_colour():
    st = blank()
    set_book(st, RED, **{**BOOK, "RE1": 1, "RE2": 1})
    st.book[RED][8] = ["RE4", 3]  # 2S3
    state_p(st)
    research(st, RED, "24", "34", "35", "57")
    open_page(st, "recipes")
    ks = keys(st)
    assert "progress:RE4:24+34" not in ks  # same group
    assert "progress:RE4:24+35" not in ks  # different colours (ruling 7)
    assert "progress:RE4:24+57" in ks
    st.apply("progress:RE4:24+57")
    assert st.ok[RED] == 3


# 4 -------------------------------------------------------------------------------------
def test_s04_adjacency_icons():
    st = blank()
    state_p(st)
    an = st.an()
    yes = {rc for rc in G.RC if an.keys(G.IDX[rc], "A3:Bo")}
    assert {"33", "46", "35", "44"} <= yes
    assert "24" not in yes
    assert not any(an.keys(i, "A4:Bo") for i in G.CELLS)
    m3 = {rc for rc in G.RC if an.keys(G.IDX[rc], "M3")}
    assert "34" in m3 and "35" not in m3 and "36" not in m3
    assert m3 == {"34"}
    # through the API: 2M3 (RE2 at step 2) cannot be met
    set_book(st, RED, **BOOK)
    st.book[RED][9] = ["RE2", 2]
    research(st, RED, "34", "35", "36", "24")
    open_page(st, "recipes")
    assert not any(k.startswith("progress:RE2") for k in keys(st))
    # and A3:Bo (BO2 at step 2) offers exactly the qualifying cells
    st2 = blank()
    set_book(st2, RED, **BOOK)
    st2.book[RED][1] = ["BO2", 2]
    state_p(st2)
    research(st2, RED, "24", "33", "35", "44", "46")
    open_page(st2, "botany")
    assert sorted(k for k in keys(st2) if k.startswith("progress:BO2")) == [
        "progress:BO2:33", "progress:BO2:35", "progress:BO2:44", "progress:BO2:46"]


# 5 -------------------------------------------------------------------------------------
def test_s05_position_icons_and_distinct_cells():
    st = blank()
    state_p(st)
    an = st.an()
    assert an.keys(G.IDX["25"], "O:As") and not an.keys(G.IDX["35"], "O:As")
    assert not an.condition_ok(["2O:*"], (G.IDX["24"], G.IDX["25"]))
    assert an.condition_ok(["2O:*"], (G.IDX["25"], G.IDX["57"]))
    assert an.keys(G.IDX["58"], "E:Bo")
    # G3:Bo + E:Bo (BO8 step 3) with two tokens on 58: rejected; {58, 23}: 7 OK
    set_book(st, RED, **BOOK)
    st.book[RED][0] = ["BO8", 3]
    research(st, RED, "58", "58")
    open_page(st, "botany")
    assert not any(k.startswith("progress:BO8") for k in keys(st))
    st2 = blank()
    set_book(st2, RED, **BOOK)
    st2.book[RED][0] = ["BO8", 3]
    state_p(st2)
    research(st2, RED, "58", "58", "23")
    open_page(st2, "botany")
    assert [k for k in keys(st2) if k.startswith("progress:BO8")] == ["progress:BO8:23+58"]
    st2.apply("progress:BO8:23+58")
    assert st2.ok[RED] == 7 and st2.research[RED] == [G.IDX["58"]]


# 6 -------------------------------------------------------------------------------------
def test_s06_breakthroughs():
    st = blank()
    st.know[RED] = [10, 95, 0, 0]
    st.ok[RED] = 10
    st.gain(RED, (12, 0, 0, 0, 0))
    assert st.know[RED][0] == 22 and st.share[RED] == [2, 0, 0, 0]
    st.gain(RED, (0, 0, 0, 0, 4))
    assert st.ok[RED] == 14 and st.share[RED] == [2, 0, 0, 0]
    st.gain(RED, (0, 8, 0, 0, 0))
    assert st.know[RED][1] == 100 and st.share[RED] == [2, 0, 0, 0]


# 7 -------------------------------------------------------------------------------------
def test_s07_knowledge_sharing():
    st = blank()
    state_p(st)
    assert st.psupply[0][0] == 3  # three Botany "A" pieces remain
    research(st, RED, "44")
    st.share[RED] = [1, 0, 0, 0]
    st.open = "botany"
    st.phase = "share"
    refresh(st)
    ks = keys(st)
    assert "piece:Bo:28" not in ks  # no adjacent piece
    assert "piece:Bo:26" in ks
    # every offered piece matches the cell's letter: a B piece can never go on 26
    b_before = st.psupply[0][1]
    st.apply("piece:Bo:26")
    assert st.grid[G.IDX["26"]] == 0 and st.psupply[0][0] == 2 and st.psupply[0][1] == b_before
    assert st.summary()["puzzle"]["pieces"]["botany"].count("26") == 1
    ks = keys(st)
    assert "share-move:44>26" in ks and "share-move:none" in ks
    st.apply("share-move:44>26")
    assert st.research[RED] == [G.IDX["26"]]
    assert not any(k.startswith("share-move") for k in keys(st))
    # with two tokens the second piece may go next to 26
    st2 = blank()
    state_p(st2)
    st2.share[RED] = [2, 0, 0, 0]
    st2.open, st2.phase = "botany", "share"
    refresh(st2)
    assert "piece:Bo:27" not in keys(st2)
    st2.apply("piece:Bo:26")
    assert "piece:Bo:27" in keys(st2) or "piece:Bo:16" in keys(st2)


# 8 -------------------------------------------------------------------------------------
def test_s08_off_turn_tokens_and_impossible_placement():
    st = blank()
    st.know[BLUE][2] = 18
    put(st, "ba:FNL", BLUE, "drop")
    act(st, RED, "ba.drop", "ba.drop", section="baths")
    st.apply("do:ba.drop")
    st.apply("to:FNL")
    assert st.know[BLUE][2] == 20 and st.share[BLUE] == [0, 0, 1, 0]
    finish_turn(st)  # Red's Share phase does not touch Blue's token
    assert st.cur == BLUE and st.share[BLUE] == [0, 0, 1, 0]
    st.psupply[2] = [0, 0, 0, 0]  # no Baths piece can be placed anywhere
    refresh(st)
    open_page(st, "writing")
    finish_turn(st)
    assert st.share[BLUE] == [0, 0, 0, 0] and st.cur == YELLOW
    assert not any(0 <= g < 4 for g in st.grid)


# 9 -------------------------------------------------------------------------------------
def test_s09_two_player_unconnected_pieces():
    st = blank(2)
    piece(st, "Ba", "27")  # as N-BA1 puts it
    state_p(st)
    an = st.an()
    i27 = G.IDX["27"]
    assert not an.present[i27] and an.typ[i27] == -1
    assert not an.keys(i27, "O:Ba")
    st.share[RED] = [0, 0, 1, 1]
    st.open, st.phase = "baths", "share"
    refresh(st)
    assert "piece:Ba:28" not in keys(st) and "piece:Wr:26" in keys(st)
    st.apply("piece:Wr:26")
    an = st.an()
    assert an.present[i27] and an.keys(i27, "O:Ba")
    assert "piece:Ba:28" in keys(st)
    # research tokens: 27 is now a legal target for rs.any
    st2 = blank(2)
    piece(st2, "Ba", "27")
    state_p(st2)
    act(st2, RED, "rs.any")
    st2.apply("do:rs.any")
    assert "cell:27" not in keys(st2) and "cell:25" in keys(st2)
    piece(st2, "Wr", "26")
    refresh(st2)
    assert "cell:27" in keys(st2)


# 10 ------------------------------------------------------------------------------------
def test_s10_grow_skips_occupied():
    st = blank()
    put(st, "bo:BASE", RED, "leaf")
    put(st, "bo:STEM1", BLUE, "drop")
    put(st, "bo:STEM2", GREY, "leaf")
    put(st, "bo:BR1a", YELLOW, "leaf")
    put(st, "bo:BR1b", YELLOW, "leaf")
    act(st, RED, "bo.grow")
    st.apply("do:bo.grow")
    assert sorted(keys(st)) == sorted(["grow:BASE>BR1c", "grow:BASE>STEM3", "grow:BASE>BR2a", "grow:BASE>BR2b", "grow:BASE>BR2c"])
    before = know(st, RED)
    st.apply("grow:BASE>BR1c")
    assert diff(before, know(st, RED)) == {"Bo": 2, "As": 1}
    assert st.items == [] and owners(st, "bo:BR1c") == [RED]


# 11 ------------------------------------------------------------------------------------
def test_s11_add_drop_overflow():
    st = blank()
    put(st, "bo:RT2", BLUE, "drop")
    put(st, "bo:RU2", RED, "drop")
    act(st, RED, "bo.drop")
    st.apply("do:bo.drop")  # the only source (supply) is taken without asking
    assert "to:RT2>STEM1" in keys(st)
    before = know(st, RED)
    st.apply("to:RT2>STEM1")
    assert diff(before, know(st, RED)) == {"Bo": 2}
    assert owners(st, "bo:STEM1") == [RED] and owners(st, "bo:BASE") == []


# 12 ------------------------------------------------------------------------------------
def test_s12_drop_through_base_and_branch_lock():
    st = blank()
    put(st, "bo:RU1", RED, "drop")
    put(st, "bo:STEM1", BLUE, "leaf")
    act(st, RED, "bo.grow", "bo.grow")
    st.apply("do:bo.grow")
    assert sorted(keys(st)) == sorted(["grow:RU1>STEM2", "grow:RU1>BR1a", "grow:RU1>BR1b", "grow:RU1>BR1c"])
    before = know(st, RED)
    st.apply("grow:RU1>BR1b")
    assert diff(before, know(st, RED)) == {"Bo": 3}
    assert not st.feasible("bo.grow", RED)  # the drop on a branch cannot grow
    assert "src:bo:BR1b" in [s[0] for s in sources(st, RED, "drop", "re", None, False)]
    alt = blank()
    put(alt, "bo:RU1", RED, "drop")
    put(alt, "bo:STEM1", BLUE, "leaf")
    act(alt, RED, "bo.grow")
    alt.apply("do:bo.grow")
    before = know(alt, RED)
    alt.apply("grow:RU1>STEM2")
    assert diff(before, know(alt, RED)) == {"Bo": 2, "Ba": 1}


# 13 ------------------------------------------------------------------------------------
def test_s13_constellation_paid_to_both_owners():
    st = blank()
    put(st, "as:2I:star", GREY, "star")
    put(st, "as:2I:text", YELLOW, "text", 1)
    put(st, "as:2O2:star", BLUE, "star")
    act(st, RED, "as.text", section="astrology")
    st.apply("do:as.text")
    st.apply("src:supply:t3")
    r0, b0, y0 = know(st, RED), know(st, BLUE), know(st, YELLOW)
    st.apply("to:2O2")
    assert diff(r0, know(st, RED)) == {"As": 5}
    assert diff(b0, know(st, BLUE)) == {"As": 4}
    assert diff(y0, know(st, YELLOW)) == {}


def test_s13_variant_single_owner_once():
    st = blank()
    put(st, "as:1I:star", BLUE, "star")
    put(st, "as:1I:text", YELLOW, "text", 2)
    put(st, "as:1O1:star", RED, "star")
    act(st, RED, "as.text", section="astrology")
    st.apply("do:as.text")
    st.apply("src:supply:t1")
    before = know(st, RED)
    st.apply("to:1O1")
    assert diff(before, know(st, RED)) == {"Wr": 1, "As": 3}


# 14 ------------------------------------------------------------------------------------
def test_s14_outer_gating():
    st = blank()
    put(st, "as:4I:text", RED, "text", 2)
    act(st, RED, "as.star", "as.text", "as.star", "as.star", "re.text", section="astrology")
    st.apply("do:as.star")
    assert "to:4O1" not in keys(st) and "to:4I" in keys(st)
    # take the text route first
    st = blank()
    put(st, "as:4I:text", RED, "text", 2)
    act(st, RED, "as.text", "as.star", "as.star", section="astrology")
    st.apply("do:as.text")
    st.apply("src:supply:t4")
    before = know(st, RED)
    st.apply("to:4O1")
    assert diff(before, know(st, RED)) == {"Bo": 1}
    st.apply("do:as.star")
    assert "to:4O1" not in keys(st)
    before = know(st, RED)
    st.apply("to:4I")
    assert diff(before, know(st, RED)) == {"As": 4}
    st.apply("do:as.star")
    assert "to:4O1" in keys(st)
    before = know(st, RED)
    st.apply("to:4O1")
    assert diff(before, know(st, RED)) == {"As": 5, "OK": 1}
    # the 4I text leaves (a recipe move): the 4O1 text stays
    act(st, RED, "re.text")
    st.apply("do:re.text")
    st.apply("src:as:4I:text")
    st.apply("to:text:1")
    assert st.spaces["as:4I:text"] == [] and owners(st, "as:4O1:text") == [RED]


# 15 ------------------------------------------------------------------------------------
def test_s15_goat_twice():
    st = blank()
    st.goat = 5
    put(st, "as:1I:star", BLUE, "star")
    put(st, "as:1I:text", YELLOW, "text", 1)
    put(st, "as:1O1:star", GREEN, "star")
    put(st, "as:2I:star", GREY, "star")
    put(st, "as:2I:text", BLUE, "text", 2)
    put(st, "as:2O1:text", YELLOW, "text", 3)
    put(st, "as:2O2:star", GREEN, "star")
    put(st, "as:2O2:text", RED, "text", 4)
    act(st, RED, "as.goat", "as.goat", section="astrology")
    others = [know(st, p) for p in (BLUE, YELLOW, GREEN)]
    before = know(st, RED)
    st.apply("do:as.goat")
    assert diff(before, know(st, RED)) == {"As": 5}
    st.apply("do:as.goat")
    assert diff(before, know(st, RED)) == {"As": 14, "Bo": 1}
    assert st.goat == 2
    assert [know(st, p) for p in (BLUE, YELLOW, GREEN)] == others


# 16 ------------------------------------------------------------------------------------
def test_s16_limited_tokens_and_triggering_token():
    st = blank()
    put(st, "as:3I:star", RED, "star")
    put(st, "wr:W2:s1", RED, "star")
    put(st, "wr:W4:s1", RED, "star")
    st.supply[RED]["star"] = 0
    srcs = [s[0] for s in sources(st, RED, "star", "as", None)]
    assert srcs == ["src:wr:W2:s1", "src:wr:W4:s1"]  # not 3I (same section), no supply
    act(st, RED, "as.star", section="astrology")
    st.apply("do:as.star")
    assert sorted(keys(st)) == ["src:wr:W2:s1", "src:wr:W4:s1"]
    st.apply("src:wr:W2:s1")
    before = know(st, RED)
    st.apply("to:3O2")
    assert diff(before, know(st, RED)) == {"As": 1}
    d = st.decision()
    assert d.topic == "writing"
    assert sorted(d.keys) == ["decline", "src:as:3I:star"]  # not 3O2 (trigger), not W4 (same section)
    st.apply("src:as:3I:star")
    assert "to:W1" in keys(st)


# 17 ------------------------------------------------------------------------------------
def test_s17_push_chain():
    st = blank()
    put(st, "ba:FNL", RED, "drop")
    put(st, "ba:SL1", BLUE, "drop")
    put(st, "ba:SL2", YELLOW, "drop")
    act(st, GREEN, "ba.drop", section="baths")
    b = {p: know(st, p) for p in range(4)}
    st.apply("do:ba.drop")
    st.apply("to:FNL")
    assert diff(b[GREEN], know(st, GREEN)) == {"Ba": 2}
    assert diff(b[RED], know(st, RED)) == {"Ba": 2}
    assert diff(b[BLUE], know(st, BLUE)) == {"Ba": 1, "OK": 1}
    assert diff(b[YELLOW], know(st, YELLOW)) == {"Ba": 3}
    assert [owners(st, f"ba:{s}") for s in ("FNL", "SL1", "SL2", "J1")] == [[GREEN], [RED], [BLUE], [YELLOW]]


# 18 ------------------------------------------------------------------------------------
def test_s18_leaf_through_pool1_into_pool2():
    st = blank()
    put(st, "ba:FNL", RED, "drop")
    put(st, "ba:SL1", YELLOW, "drop")
    put(st, "ba:SL2", YELLOW, "drop")
    put(st, "ba:J1", BLUE, "drop")
    put(st, "ba:J2", RED, "leaf")
    put(st, "ba:CH1", BLUE, "leaf")
    put(st, "ba:CH2", YELLOW, "leaf")
    put(st, "ba:P2a", GREEN, "leaf")
    act(st, GREEN, "ba.drop", "ba.drop", section="baths")
    b = {p: know(st, p) for p in range(4)}
    st.apply("do:ba.drop")
    st.apply("to:FNL")
    d = st.decision()
    assert d.seat == YELLOW and sorted(d.keys) == ["slot:P2b", "slot:P2c", "slot:P2d"]
    st.apply("slot:P2b")
    assert diff(b[GREEN], know(st, GREEN)) == {"Ba": 2}
    assert diff(b[RED], know(st, RED)) == {"Ba": 6}
    assert diff(b[YELLOW], know(st, YELLOW)) == {"Ba": 8, "OK": 3}
    assert diff(b[BLUE], know(st, BLUE)) == {"Ba": 7, "Wr": 1}
    assert owners(st, "ba:CH1") == [RED] and owners(st, "ba:CH2") == [BLUE] and owners(st, "ba:P2b") == [YELLOW]
    assert st.decision().seat == GREEN  # back to the acting player


# 19 ------------------------------------------------------------------------------------
def test_s19_purify_chain():
    st = blank()
    st.spaces["ba:POOL1"].append((DIRTY, "drop", 5, False))
    st.spaces["ba:DW"].append((DIRTY, "drop", 1, False))
    put(st, "ba:SR1", YELLOW, "drop")
    put(st, "ba:J1", YELLOW, "drop")
    act(st, RED, "ba.purify", section="baths")
    r0, y0 = know(st, RED), know(st, YELLOW)
    st.apply("do:ba.purify")
    st.apply("dirty:d5")
    assert diff(r0, know(st, RED)) == {"Ba": 2, "Bo": 2}
    assert diff(y0, know(st, YELLOW)) == {"Ba": 5, "Wr": 1}
    assert st.spaces["ba:DW"][0][2] == 5 and st.spaces["ba:SR1"][0][2] == 1
    assert owners(st, "ba:J1") == [YELLOW] and owners(st, "ba:J2") == [YELLOW]


# 20 ------------------------------------------------------------------------------------
def test_s20_transform_and_full_pool2():
    st = blank()
    put(st, "ba:POOL1", RED, "drop")
    put(st, "ba:CH1", YELLOW, "leaf")
    put(st, "ba:CH2", BLUE, "leaf")
    for s in ("P2a", "P2b", "P2c", "P2d"):
        put(st, f"ba:{s}", GREEN, "leaf")
    act(st, RED, "ba.transform", section="baths")
    b = {p: know(st, p) for p in range(4)}
    blue_leaves = st.supply[BLUE]["leaf"]
    st.apply("do:ba.transform")
    st.apply("from:POOL1")  # the leaf comes from supply (the only source)
    assert diff(b[RED], know(st, RED)) == {"Ba": 4}
    assert diff(b[YELLOW], know(st, YELLOW)) == {"Ba": 5}
    assert diff(b[BLUE], know(st, BLUE)) == {}
    assert st.supply[BLUE]["leaf"] == blue_leaves + 1 and st.supply[RED]["drop"] == 6
    assert owners(st, "ba:CH1") == [RED] and owners(st, "ba:CH2") == [YELLOW]


def test_s20_variant_transform_on_sl1():
    st = blank()
    put(st, "ba:SL1", RED, "drop")
    act(st, RED, "ba.transform", section="baths")
    before = know(st, RED)
    st.apply("do:ba.transform")
    st.apply("from:SL1")
    assert diff(before, know(st, RED)) == {}
    assert st.spaces["ba:SL1"] == [(RED, "leaf", 0, False)]


# 21 ------------------------------------------------------------------------------------
def test_s21_two_player_grey_recycle():
    st = blank(2)
    put(st, "ba:FNL", BLUE, "drop")
    put(st, "ba:SL1", RED, "drop")
    put(st, "ba:SL2", GREY, "drop")
    put(st, "ba:J1", RED, "drop")
    put(st, "ba:J2", GREY, "drop")
    put(st, "ba:POOL1", GREY, "drop")
    for d in (1, 3, 4, 5, 6, 7, 8):
        st.spaces["ba:POOL1"].append((DIRTY, "drop", d, False))
    put(st, "ba:FNR", BLUE, "drop")
    st.spaces["ba:DW"].append((DIRTY, "drop", 2, False))
    act(st, RED, "ba.drop", section="baths")
    r0, b0 = know(st, RED), know(st, BLUE)
    st.apply("do:ba.drop")
    st.apply("to:FNL")
    assert diff(r0, know(st, RED)) == {"Ba": 10, "OK": 1, "Wr": 1}
    assert diff(b0, know(st, BLUE)) == {"Ba": 4, "OK": 1}
    assert [owners(st, f"ba:{s}") for s in ("FNL", "SL1", "SL2", "J1", "J2", "FNR", "DW")] == [
        [GREY], [RED], [BLUE], [RED], [GREY], [GREY], [BLUE]]
    assert st.spaces["ba:SR1"] == [(DIRTY, "drop", 2, False)]
    assert sum(1 for t in st.spaces["ba:POOL1"] if t[0] == GREY) == 0
    assert sum(1 for t in st.spaces["ba:POOL1"] if t[0] == RED) == 1


# 22 ------------------------------------------------------------------------------------
def test_s22_writing():
    st = blank()
    put(st, "wr:W3:t2", BLUE, "text", 1)
    act(st, RED, "wr.text", section="writing")
    before = know(st, RED)
    st.apply("do:wr.text")
    st.apply("src:supply:t4")
    st.apply("to:W3")
    assert st.spaces["wr:W3:t1"] == [(RED, "text", 4, False)]
    assert diff(before, know(st, RED)) == {"Bo": 1, "Wr": 3}
    act(st, YELLOW, "wr.star", section="writing")
    before = know(st, YELLOW)
    st.apply("do:wr.star")
    st.apply("to:W3")
    assert diff(before, know(st, YELLOW)) == {"Bo": 1, "Wr": 4}
    act(st, BLUE, "wr.translate", section="writing")
    b0, r0 = know(st, BLUE), know(st, RED)
    st.apply("do:wr.translate")
    st.apply("text:W3:1")
    assert diff(b0, know(st, BLUE)) == {"Bo": 3, "Wr": 3}
    assert diff(r0, know(st, RED)) == {}
    assert st.spaces["wr:W3:t1"] == [(RED, "text", 4, True)]


# 23 ------------------------------------------------------------------------------------
def test_s23_recipe_multiplier_and_source():
    st = blank()
    put(st, "wr:W1:t1", RED, "text", 1, True)
    put(st, "re:text:1", BLUE, "text", 1)
    put(st, "re:text:2", BLUE, "text", 2)
    act(st, RED, "re.text", "re.star", section="recipes")
    assert "do:re.star" not in keys(st)  # all Red stars are in supply
    st.apply("do:re.text")  # the only source (W1) is taken without asking
    assert sorted(keys(st)) == ["to:text:3", "to:text:4"]
    before = know(st, RED)
    st.apply("to:text:3")
    assert diff(before, know(st, RED)) == {"Wr": 9}
    st2 = blank()
    put(st2, "as:1I:text", RED, "text", 6, True)
    act(st2, RED, "re.text", section="recipes")
    st2.apply("do:re.text")
    before = know(st2, RED)
    st2.apply("to:text:4")
    assert diff(before, know(st2, RED)) == {"OK": 8}


# 24 ------------------------------------------------------------------------------------
def _turn_log(st):
    seen = []
    while not st.is_over:
        d = st.decision()
        if st.phase == "spread" and not st.work:
            seen.append((st.round, d.seat))
            assert f"spread:{st.last[d.seat]}" not in d.keys
        k = next((c.key for c in d.choices if c.key in PASS), d.choices[0].key)
        st.apply(k)
    return seen


@pytest.mark.parametrize("trigger", [2, 3])
def test_s24_end_trigger(trigger):
    st = blank(4)
    st.round = 12
    st.ok[trigger] = 50
    for p in range(trigger):
        st.last[p] = "botany"
    act(st, trigger, "3OK", section="writing")
    st.apply("do:3OK")
    assert st.end_triggered and st.trigger_round == 12
    rest = _turn_log(st)
    expected = [(12, q) for q in range(trigger + 1, 4)] + [(13, q) for q in range(4)]
    assert rest == expected
    assert st.is_over and st.decision() is None


def test_s24_later_ok_changes_nothing():
    st = blank(4)
    st.round = 12
    st.ok[2] = 50
    act(st, 2, "3OK", section="writing")
    st.apply("do:3OK")  # C has nothing more to do: D is next
    assert (st.round, st.cur) == (12, 3)
    finish_turn(st)  # D
    assert (st.round, st.cur) == (13, 0)
    st.apply("spread:botany")
    st.gain(0, (0, 0, 0, 0, 60))
    assert st.trigger_round == 12
    rest = _turn_log(st)
    assert rest == [(13, 1), (13, 2), (13, 3)]


# 25 ------------------------------------------------------------------------------------
def test_s25_final_scoring_and_tiebreak():
    st = blank(2)
    st.research[RED] = [G.IDX[c] for c in ("23", "33", "57", "58")]
    st.know[RED] = [47, 31, 9, 60]
    st.ok[RED] = 54
    set_book(st, RED, BO1=4, BO2=3, AS1=1, AS5=2, BA2=4, BA7=2, WR3=3, WR6=2, RE2=3, RE5=2)
    st.know[BLUE] = [2, 47, 60, 40]
    st.ok[BLUE] = 118
    set_book(st, BLUE, **BOOK)
    st._finish()
    assert dict(st.final[RED]["breakdown"])["Research tokens, halved"] == 5  # 11 halved
    rows = dict(st.final[RED]["pages"])
    pages = {k.split()[0]: v for k, v in rows.items()}
    assert pages == {"BO1": 16, "BO2": 8, "AS1": 0, "AS5": 3, "BA2": 0, "BA7": 0, "WR3": 12, "WR6": 6, "RE2": 8, "RE5": 6}
    assert "RE2 step 3: Bo" in " ".join(rows) and "RE5 step 2: Wr" in " ".join(rows)
    # the breakdown has the same rows for every seat: one per section's pages
    assert [label for label, _ in st.final[RED]["breakdown"]] == [label for label, _ in st.final[BLUE]["breakdown"]]
    assert dict(st.final[RED]["breakdown"])["Botany pages"] == 24 and dict(st.final[RED]["breakdown"])["Recipes pages"] == 14
    assert st.scores() == [118, 118]
    assert st.ranking() == [BLUE, RED]
    s = st.summary()
    assert s["winner"] == BLUE and s["winners"] == [BLUE]
    assert any("Blue wins the tie-break" in str(from_data(line)) for line in s["tiebreaks"])
    # identical sorted knowledge: a shared win
    st.know[BLUE] = [9, 31, 47, 60]
    assert st.summary()["winners"] == [RED, BLUE]
