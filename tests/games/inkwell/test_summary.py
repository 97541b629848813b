"""summary() and view(seat): the documented keys, JSON-able, cubes conserved, and
nothing secret (no bag order, others' sides hidden until revealed)."""
import json

from inkterm.engine import new_game

from .helpers import NAMES, conservation, start, why_not
from .test_games import play

COLOURS6 = set(NAMES) | {"gold"}


def test_summary_keys_and_shapes():
    st = start(3)
    s = st.summary()
    json.dumps(s)
    for k in ("game", "over", "end_phase", "abbot", "arrows", "bag", "gold", "mat", "elsewhere",
              "players", "display", "tiebreaks", "winner"):
        assert k in s, k
    assert s["game"] == "inkwell" and s["over"] is False and len(s["arrows"]) == 3
    assert set(s["bag"]) == set(NAMES) and isinstance(s["gold"], int)
    assert set(s["elsewhere"]) == COLOURS6
    for b in s["mat"]:
        assert {"id", "shape", "cubes", "technique"} <= set(b) and set(b["cubes"]) == COLOURS6
    assert set(s["display"]) == {"II", "III"} and len(s["display"]["II"]) == 3
    for p in s["players"]:
        for k in ("name", "score", "page", "pages_turned", "techniques", "workspace", "must_turn", "breakdown"):
            assert k in p, k
        pg = p["page"]
        assert {"id", "level", "cubes", "spaces"} <= set(pg) and set(pg["cubes"]) == COLOURS6
        for sp in pg["spaces"]:
            assert {"accept", "cube", "illustration", "points", "progress", "multiplier"} <= set(sp)
    assert s["tiebreaks"] == [] and s["winner"] is None


def test_finished_game_summary():
    st = play(3, 5, check=False)
    s = st.summary()
    assert s["over"] and s["winner"] == st.ranking()[0]
    assert all(p["page"] is None for p in s["players"])
    assert all(p["score"] == sum(v for _l, v in p["breakdown"]) for p in s["players"])
    tot = conservation(s)
    assert all(tot[k] == 30 for k in NAMES) and tot["gold"] == 20
    json.dumps(s)


def test_view_is_summary_plus_private():
    st = start(2)
    v = st.view(1)
    s = st.summary()
    assert v["you"] == 1 and v["private"]["workspace_side"] == st.players[1].side
    v.pop("you"), v.pop("private")
    assert v == s


def test_elsewhere_holds_markers_rival_pile_and_hand():
    st = new_game("inkwell", ["Solo"], seed=1)
    st.apply("side:A")
    st.rival_pile = [2, 0, 0, 0, 1]
    s = st.summary()
    marker = {"W-K": "black", "W-R": "red", "W-Y": "yellow", "W-G": "green", "W-B": "blue"}[st.players[0].ws]
    expect = {k: 0 for k in COLOURS6}
    expect[marker] += 1
    expect["black"] += 2
    expect["blue"] += 1
    assert s["elsewhere"] == expect


def test_a_hidden_side_choice_shows_in_no_other_view_nor_the_summary():
    """Before the sides are revealed, whichever side a seat picked, every other seat's
    view and the summary are the same: no field (capacity, scores, names) tells."""
    checked_scholar = False
    for n in (2, 3, 5):
        for seed in range(1, 7):
            st = new_game("inkwell", [f"P{i + 1}" for i in range(n)], seed=seed)
            while True:
                chooser = st.cur
                a, b = st.clone(), st.clone()
                a.apply("side:A")
                b.apply("side:B")
                if a.stage != "side":
                    break  # the last choice reveals every side at once
                assert a.summary() == b.summary()
                for other in range(n):
                    if other != chooser:
                        assert a.view(other) == b.view(other), (n, seed, chooser, other)
                checked_scholar |= st.players[chooser].ws == "W-K"
                st = b
    assert checked_scholar  # the case that leaked: Scholar's Desk raises the capacity


def test_a_planning_copy_guesses_the_hidden_sides_of_other_seats():
    """Bots plan on determinize(seat): before the reveal it must not carry the side
    another seat really chose."""
    import random

    st = new_game("inkwell", ["Ann", "Bob", "Cy"], seed=3)
    chooser = st.cur
    picked = {}
    for side in "AB":
        s = st.clone()
        s.apply(f"side:{side}")
        nxt = s.cur
        copy = s.determinize(nxt, random.Random(7))
        picked[side] = (copy._dump(), copy.view(nxt))
        assert copy.players[nxt].side == s.players[nxt].side  # its own stays
    assert picked["A"] == picked["B"]
    assert picked["A"][0]["players"][chooser]["side"] in ("A", "B")  # guessed, not dropped


def test_mat_says_which_bottles_may_be_taken_and_why_not():
    """While a Take is chosen, each bottle says whether a Take choice offers it and,
    if not, why in words; at other decisions (placing, choosing a page) it says neither."""
    import random

    rng = random.Random(8)
    seen_take = seen_other = 0
    for n in (2, 3):
        st = new_game("inkwell", ["Ann", "Bob", "Cy"][:n], seed=n)
        while not st.is_over and (seen_take < 30 or seen_other < 10):
            d = st.decision()
            offered = {k[5:] for k in d.keys if k.startswith("take:")}
            s = st.summary()
            if offered or "turn" in d.keys:
                seen_take += 1
                for b in s["mat"]:
                    assert b["takeable"] == (b["id"] in offered), b
                    assert (b["why_not"] is None) == b["takeable"], b
                    if not b["active"]:
                        assert why_not(b) == f"out of play with fewer than {b['min_players']} players"
                    elif st.must_turn(d.seat):
                        assert why_not(b) == "the Abbot forces a Turn this turn"
            else:
                seen_other += 1
                assert all(b["takeable"] is None and b["why_not"] is None for b in s["mat"])
            st.apply(rng.choice(d.keys))
    assert seen_take >= 30 and seen_other >= 10


def test_solo_side_choice_keeps_no_secret():
    solo = new_game("inkwell", ["You"], seed=1).decision()
    duo = new_game("inkwell", ["Ann", "Bob"], seed=1).decision()
    assert "secret" not in solo.prompt and "side" in solo.prompt
    assert "chosen in secret" in duo.prompt
