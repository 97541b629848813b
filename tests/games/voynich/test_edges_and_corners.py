"""Edge and corner pieces, as the rulebook has them: the edge icons remove tokens from
"pieces at the edge (corners excepted)" (端にあるパズルピース(角を除く)), so a corner piece
is no edge piece; the corner icons take only corners. Reported: Recipes 8 at step 2 ("2
tokens on 2 different edge pieces") was not offered with tokens on (1,8) and (8,8): both
are corners, so it is right not to offer it, and the condition now says so in words."""
from __future__ import annotations

from inkterm.games.voynich import words as W

from .helpers import RED, blank, keys, piece, refresh, research, set_book
from .test_scenarios import BOOK


def recipes_8_open(*cells: str) -> list[str]:
    """Red's advances on opening Recipes, holding Recipes 8 at step 2 (its condition:
    2 tokens on 2 different edge pieces) with tokens on ``cells``, each under a Botany
    piece (linked to the centre by a row of pieces)."""
    st = blank(2)
    set_book(st, RED, **{**BOOK, "RE1": 1, "RE2": 1})
    st.book[RED][9] = ["RE8", 2]
    for rc in ("46", "47", "48", "38", "28", "18", "58", "68", "78", "88", "17", "87"):
        piece(st, "Bo", rc)
    refresh(st)
    research(st, RED, *cells)
    st.apply("spread:recipes")
    return [k for k in keys(st) if k.startswith("progress:RE8")]


def test_corner_pieces_are_not_edge_pieces():
    assert recipes_8_open("18", "88") == []  # two corners: not the two edge pieces it asks
    assert recipes_8_open("18", "87") == []  # one corner, one edge
    offered = recipes_8_open("17", "87")  # two edge pieces (row 1 and row 8, not corners)
    assert offered and all("17" in k and "87" in k for k in offered), offered
    assert recipes_8_open("28", "78")  # the right-hand column's edge cells


def test_the_condition_says_corners_are_not_edges():
    assert W.condition(["2E:*"]) == "2 tokens on 2 different edge pieces (not corners)"
    assert W.condition(["E:Bo"]) == "1 token on a ♣ Botany edge piece (not a corner)"
    assert W.condition(["C:Bo"]) == "1 token on a ♣ Botany corner piece"
