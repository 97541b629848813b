"""The designed content: counts, consistency, validation errors, and that every
card's conditions can be met on some reachable puzzle."""
from __future__ import annotations

import json
import random
import re
import shutil
from itertools import combinations

import pytest

from inkterm.engine import GAMES, new_game
from inkterm.games.voynich import content as CT
from inkterm.games.voynich import rules as R
from inkterm.games.voynich import geometry as G
from inkterm.games.voynich import tables as T

C = CT.content()


def test_registered():
    spec = GAMES["voynich"]
    assert (spec.title, spec.min_players, spec.max_players) == ("The Voynich Puzzle", 2, 4)
    assert spec.state_class() is R.State


def test_cards_counts_and_paths():
    cards = C.cards_model.cards
    assert len(cards) == 40 and [c.number for c in cards] == list(range(1, 41))
    for deck in CT.SECTIONS:
        assert sum(1 for c in cards if c.deck == deck) == 8
    for c in cards:
        acts = [C.actions(c.id, s) for s in range(1, 5)]
        for a, b in zip(acts, acts[1:]):
            assert b[: len(a)] == a and len(b) > len(a)  # cumulative, always improving
        assert len(c.scores) == (2 if c.deck == "recipes" else 1)
        if c.deck != "recipes":
            assert c.scores[0] == CT.TYPES[CT.SECTIONS.index(c.deck)]
    assert C.cards_model.arrows == ["rotate", "flip", "rotate"]
    assert [C.cards_model.multipliers[str(s)] for s in range(1, 5)] == [0, 1, 2, 4]
    assert "step 4" in C.help_card("BO1") and len(C.help_card("RE8").splitlines()) == 5


def test_all_24_icon_kinds_used():
    kinds = set()
    for conds in C.cards_model.templates.values():
        for cond in conds:
            for icon in cond:
                kinds.add(re.sub(r":(Bo|As|Ba|Wr|X)$", ":X", icon))
    assert len(kinds) == 24, sorted(kinds)


def test_puzzle():
    letters = [G.LETTER[i] for i in G.CELLS if i not in G.CENTRAL_SET]
    assert len(letters) == 60
    assert {L: letters.count(L) for L in "ABCD"} == {"A": 15, "B": 14, "C": 15, "D": 16}
    for i in G.CELLS:
        for j in G.NBRS[i]:
            if i not in G.CENTRAL_SET and j not in G.CENTRAL_SET:
                assert G.LETTER[i] != G.LETTER[j]
        if i not in G.CENTRAL_SET:
            assert G.LETTER[i] == "ABCD"[(i // 8 + 1 + i % 8 + 1) % 4]
    assert len(G.EDGES) == 24 and len(G.CORNERS) == 4
    assert sum(1 for x in G.CIRCLE if x) == 32
    gutters = [i for i in G.CELLS if i // 8 in (2, 5) or i % 8 in (2, 5)]
    assert len(gutters) == 28 and not any(G.CIRCLE[i] for i in gutters)
    assert (G.VALUE[G.IDX["11"]], G.VALUE[G.IDX["23"]], G.VALUE[G.IDX["14"]], G.VALUE[G.IDX["44"]]) == (6, 4, 3, 0)


def test_pieces_track_components():
    counts = C.pieces.counts
    assert all(sum(v.values()) == 15 for v in counts.values())
    assert sum(sum(v.values()) for v in counts.values()) == 60
    # there are enough cells of each letter for every piece
    for L in "ABCD":
        assert sum(counts[t][L] for t in counts) == sum(1 for i in G.CELLS if i not in G.CENTRAL_SET and G.LETTER[i] == L)
    assert T.BREAKS == (5, 12, 20, 29, 39, 50, 62, 75, 89) and T.END_AT == 52
    assert C.track.boxes[3] == (40, 4)
    comp = C.components
    assert (comp.research, comp.leaf, comp.drop, comp.star, comp.text) == (8, 5, 6, 6, 6)
    assert len(T.TEXT_FACE) == 6


def test_board_sections():
    assert len(T.BOT) == 25 and len(T.TIPS) == 4
    assert {b: len(s) for b, s in T.BRANCHES.items()} == {"BR1": 3, "BR2": 3, "BR3": 2, "BR4": 2}
    assert len(T.AST) == 15 and T.NSECT == 5
    assert len(T.BATHS) == 15 and len(T.POOL2) == 4 and len(T.DIRTY_REWARD) == 8
    assert [len(T.WR_TEXTS[r]) for r in T.WR] == [3, 4, 4, 5, 5]
    assert all(len(v) == 4 for v in T.RE_SPACES.values())
    # design principle: rewards that can arrive off-turn are knowledge/OK only
    for sid in T.BA_REWARD:
        assert not T.BA_REWARD[sid].actions
    for k in T.CONST_REWARD:
        assert not T.CONST_REWARD[k].actions


def test_neutral_cards():
    assert all(len(v) == 3 for v in C.neutral.cards.values())
    for cards in C.neutral.cards.values():
        for card in cards:
            for kind, sid in card.tokens:
                assert sid in T.ALL_SPACES
            if card.piece:
                i = G.IDX[card.piece[1]]
                assert not any(j in G.CENTRAL_SET for j in G.NBRS[i])
    for n, secs in (("2", 5), ("3", 2), ("4", 0)):
        assert len(C.neutral.sections_by_players[n]) == secs


def _copy_assets(tmp_path):
    d = tmp_path / "voynich"
    shutil.copytree(CT.ASSETS, d)
    return d


def test_bad_asset_names_file_and_field(tmp_path):
    d = _copy_assets(tmp_path)
    board = json.loads((d / "board.json").read_text())
    board["botany"]["STEM1"]["reward"] = "2Bo+fly"
    (d / "board.json").write_text(json.dumps(board))
    with pytest.raises(CT.AssetError, match=r"board\.json: field botany\.STEM1\.reward"):
        CT.Content(d)
    d2 = _copy_assets(tmp_path / "b")
    cards = json.loads((d2 / "cards.json").read_text())
    cards["cards"][4]["adds"][1] = ["bo.jump"]
    (d2 / "cards.json").write_text(json.dumps(cards))
    with pytest.raises(CT.AssetError, match=r"cards\.json: field cards\.4\.adds"):
        CT.Content(d2)
    d3 = _copy_assets(tmp_path / "c")
    (d3 / "puzzle.json").write_text("{not json")
    with pytest.raises(CT.AssetError, match=r"puzzle\.json"):
        CT.Content(d3)


def _random_puzzle(rng):
    """Pieces added as in play: next to the puzzle, matching letters, often the
    same type as a neighbour (so large groups appear)."""
    grid = [-1] * 64
    for i in G.CENTRAL:
        grid[i] = 4
    supply = [[C.pieces.counts[t][L] for L in "ABCD"] for t in CT.TYPES]
    for _ in range(rng.randint(12, 60)):
        cells = [i for i in G.CELLS if grid[i] < 0 and any(grid[j] >= 0 for j in G.NBRS[i])]
        rng.shuffle(cells)
        for i in cells:
            L = "ABCD".index(G.LETTER[i])
            nb = [grid[j] for j in G.NBRS[i] if 0 <= grid[j] < 4]
            prefs = nb if nb and rng.random() < 0.8 else [0, 1, 2, 3]
            ts = [t for t in prefs if supply[t][L] > 0]
            if ts:
                t = rng.choice(ts)
                supply[t][L] -= 1
                grid[i] = t
                break
    return grid


def test_every_condition_satisfiable_in_principle():
    rng = random.Random(4)
    todo = {(c.id, s): C.condition(c.id, s) for c in C.cards_model.cards for s in (1, 2, 3)}
    for _ in range(400):
        if not todo:
            break
        an = G.Analysis(_random_puzzle(rng))
        for key, icons in list(todo.items()):
            need = sum(G.icon_info(i)[0] for i in icons)
            useful = [i for i in G.CELLS if any(an.keys(i, ic) for ic in icons)]
            if any(an.condition_ok(icons, combo) for combo in combinations(useful, need)):
                del todo[key]
    assert not todo, f"never satisfiable: {sorted(todo)}"


def test_setup():
    for n in (2, 3, 4):
        st = new_game("voynich", ["a", "b", "c", "d"][:n], seed=n)
        assert all(len(b) == 10 for b in st.book)
        for b in st.book:
            assert [T.card_section(cid) for cid, _ in b] == [s for s in CT.SECTIONS for _ in (0, 1)]
            assert all(step == 1 for _, step in b)
        dealt = [cid for b in st.book for cid, _ in b]
        assert len(set(dealt)) == 10 * n
        assert len(st.neutral) == {2: 5, 3: 2, 4: 0}[n]
        assert sum(1 for t in st.spaces[T.POOL1] if t[0] == T.DIRTY) == 7 and len(st.spaces[T.DW]) == 1
        assert sorted(t[0] for t in st.spaces[T.BASE] if t[0] >= 0) == list(range(n))
        assert all(sorted(r) == sorted(G.CENTRAL) for r in st.research)
        assert 1 <= st.goat <= 5 and st.cur == st.start
        s = st.summary()
        assert s["game"] == "voynich" and s["round"] == 1 and not s["over"] and not s["end_triggered"]
        for pl in s["players"]:
            assert set(pl) >= {"name", "ok", "knowledge", "book", "spread", "research", "sharing"}
            assert set(pl["knowledge"]) == {"botany", "astrology", "baths", "writing"}
            assert len(pl["book"]) == 10 and all({"deck", "step"} <= set(e) for e in pl["book"])
        assert set(s["puzzle"]["pieces"]) == {"botany", "astrology", "baths", "writing"}
        json.dumps(s)
        grey = [t for toks in st.spaces.values() for t in toks if t[0] == T.GREY]
        assert len(grey) == {2: 10, 3: 4, 4: 0}[n]


def _slug(h):
    return re.sub(r"[^a-z0-9]+", "-", h.lower()).strip("-")


def test_topics_are_rules_headings():
    text = (CT.ASSETS / "rules.md").read_text()
    slugs = {_slug(m) for m in re.findall(r"^#{2,3} (.+)$", text, re.M)}
    seen = set()
    for seed, n in ((1, 2), (2, 4)):
        st = new_game("voynich", ["a", "b", "c", "d"][:n], seed=seed)
        rng = random.Random(seed)
        while not st.is_over:
            d = st.decision()
            seen.add(d.topic)
            ch = [c for c in d.choices if c.key not in ("done", "stop", "act:skip", "decline")] or d.choices
            st.apply(rng.choice(ch).key)
    assert seen <= slugs, seen - slugs
    assert {"choosing-a-double-page", "progression", "acting", "knowledge-sharing", "botany"} <= seen


def test_touches_name_board_elements():
    st = new_game("voynich", ["a", "b", "c", "d"], seed=8)
    rng = random.Random(8)
    pat = re.compile(r"^(cell:[1-8],[1-8]|(botany|astrology|baths|writing|recipes):space:\S+|card:[A-Z]{2}\d|baths:dirty:d[1-8]|book:[a-z]+|astrology:goat|(botany|astrology|baths|writing|recipes):section)$")
    n = 0
    while not st.is_over and n < 600:
        d = st.decision()
        for c in d.choices:
            assert all(pat.match(t) for t in c.touches), (c.key, c.touches)
            assert c.label
        ch = [c for c in d.choices if c.key not in ("done", "stop", "act:skip", "decline")] or d.choices
        st.apply(rng.choice(ch).key)
        n += 1
    book = st.summary()["players"][0]["book"][0]
    assert book["help"].startswith(book["card"]) and "step 4" in book["help"]
