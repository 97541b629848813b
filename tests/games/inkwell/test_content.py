"""The designed content: counts, the page I guarantee, and validation errors that name
the file and the field."""
import itertools
import json
import re
import shutil

import pytest

from inkterm.engine import GAMES
from inkterm.games.inkwell.content import ASSETS, ContentError, content, load_content
from inkterm.games.inkwell.fit import fits, mask_counts
from inkterm.games.inkwell.rules import State

from .helpers import start


def test_counts():
    C = content()
    assert len(C.pages) == 18
    assert sorted(pg.level for pg in C.pages.values()) == [1] * 6 + [2] * 6 + [3] * 6
    assert len(C.workspaces) == 5
    assert sorted(w.colour for w in C.workspaces.values()) == sorted("KRYGB")
    assert len(C.techniques) == 32
    uses = [t.uses for t in C.techniques.values()]
    assert uses.count("P") == 23 and uses.count("1") == 5 and uses.count("2") == 4
    cubes = C.mat.cubes
    assert cubes.per_colour * len(cubes.colours) == 150 and cubes.gold == 20


def test_page_sizes_and_points_follow_the_design():
    for pg in content().pages.values():
        assert len(pg.spaces) in {1: (13, 14), 2: (16,), 3: (19,)}[pg.level], pg.id
        assert sum(1 for sp in pg.spaces if sp.role == "multiplier") == 1
        for _iid, idx, pts in pg.illustrations:
            n = len(idx)
            gold_only = sum(1 for j in idx if pg.spaces[j].accept == "*")
            assert pts == (n - 1 if n <= 9 else n - 2) + gold_only, (pg.id, _iid)


def test_each_level_has_one_multiplier_per_colour_and_one_question():
    C = content()
    for level in (1, 2, 3):
        mults = sorted(C.pages[p].mult_colour for p in C.pages_of_level(level))
        assert mults == sorted("KRYGB?")


def test_every_page_one_accepts_any_four_starting_cubes():
    C = content()
    st = start(2)
    p = st.players[0]
    for pid in C.pages_of_level(1):
        st._set_page(p, pid)
        mc = mask_counts(p.masks, p.cubes)
        for combo in itertools.combinations_with_replacement(range(5), 4):
            c = [0] * 6
            for t in combo:
                c[t] += 1
            assert fits(tuple(c), mc), (pid, combo)


def test_rulebook_example_illustration_13_spaces_11_points():
    ill = content().page_specs["III-1"].illustrations[0]
    assert len(ill.spaces) == 13 and ill.points == 11


def test_mat_and_tracks():
    C = content()
    assert C.active_bottles(2) == ["S1", "C1", "C2", "C3", "D1", "D2"]
    assert C.active_bottles(3) == ["S1", "C1", "C2", "C3", "C4", "D1", "D2", "D3"]
    assert C.active_slots(2) == ["T1", "T2"] and C.active_slots(5) == ["T1", "T2", "T3"]
    assert tuple(C.track(1).arrows) == (9, 18, 27) and C.track(1).end == 27
    assert tuple(C.track(5).arrows) == (30, 60, 85) and C.track(5).end == 90
    for n in range(2, 6):
        t = C.track(n)
        assert t.end == t.arrows[2] + n


def test_solo_card_and_die():
    s = content().solo
    assert sorted(s.die) == sorted(["star", "circle", "circle", "diamond", "diamond", "abbot"])
    assert set(s.difficulties) == {"novice", "standard", "master"} and s.display == 2


def test_registry_entry():
    spec = GAMES["inkwell"]
    assert (spec.min_players, spec.max_players) == (1, 5)
    assert spec.state_class() is State
    names = {o.name: o for o in spec.options}
    assert names["difficulty"].choices == ("novice", "standard", "master")


@pytest.mark.parametrize("fname,edit,expect", [
    ("pages.json", lambda d: d["pages"][0]["illustrations"][0].update(spaces="KKX"), r"pages\.json: field pages\.0\.illustrations\.0\.spaces"),
    ("pages.json", lambda d: d["pages"][3].update(level=4), r"pages\.json: field pages\.3\.level"),
    ("techniques.json", lambda d: d["techniques"][0]["effect"].update(colours=["K"]), r"techniques\.json: field techniques\.0\.effect"),
    ("techniques.json", lambda d: d["techniques"][17].update(uses="P"), r"techniques\.json: field techniques\.17"),
    ("techniques.json", lambda d: d["techniques"][18].update(by_players={"6": {"most_cubes": 3}}), r"techniques\.json: field techniques\.18.*names 6 players"),
    ("techniques.json", lambda d: d["techniques"][18].update(by_players={"5": {"most_cubes": 0}}), r"techniques\.json: field techniques\.18.*most_cubes"),
    ("techniques.json", lambda d: d["techniques"][18].update(by_players={"5": {"cubes": 3}}), r"techniques\.json: field techniques\.18.*cubes"),
    ("techniques.json", lambda d: d["techniques"][18].update(by_players={"5": {"kind": "study"}}), r"techniques\.json: field techniques\.18.*not the kind"),
    ("techniques.json", lambda d: d["techniques"][5]["by_players"]["3"].update(turn_points=-1), r"techniques\.json: field techniques\.5.*turn_points must be a whole number"),
    ("techniques.json", lambda d: d["techniques"][18].pop("text_by_players"), r"techniques\.json: field techniques\.18.*exactly the counts that play differently, \[3, 4, 5\]"),
    ("techniques.json", lambda d: d["techniques"][0].update(text_by_players={"3": "x"}), r"techniques\.json: field techniques\.0.*exactly the counts"),
    ("workspaces.json", lambda d: d["workspaces"][1]["b"]["text_by_players"].pop("5"), r"workspaces\.json: field workspaces\.1\.b.*Deadline.*\[1, 5\], not \[1\]"),
    ("workspaces.json", lambda d: d["workspaces"][4]["b"]["params"].update(per_gold_3=0), r"workspaces\.json: field workspaces\.4\.b.*Gilder.*\[3, 4, 5\], not \[4, 5\]"),
    ("mat.json", lambda d: d["bottles"][5].update(slot="T9"), r"mat\.json: field"),
    ("workspaces.json", lambda d: d["workspaces"][0].update(colour="X"), r"workspaces\.json: field workspaces\.0\.colour"),
    ("workspaces.json", lambda d: d["workspaces"][3]["b"]["params"].pop("at_least"), r"workspaces\.json: field workspaces\.3\.b.*rainbow takes params"),
    ("solo.json", lambda d: d.update(die=["moon"]), r"solo\.json: field die\.0"),
])
def test_bad_asset_names_file_and_field(tmp_path, fname, edit, expect):
    for f in ASSETS.glob("*.json"):
        shutil.copy(f, tmp_path / f.name)
    data = json.loads((tmp_path / fname).read_text())
    edit(data)
    (tmp_path / fname).write_text(json.dumps(data))
    with pytest.raises(ContentError, match=expect):
        load_content(tmp_path)


def test_not_json_names_file(tmp_path):
    for f in ASSETS.glob("*.json"):
        shutil.copy(f, tmp_path / f.name)
    (tmp_path / "mat.json").write_text("{nope")
    with pytest.raises(ContentError, match=r"mat\.json.*not JSON"):
        load_content(tmp_path)


def test_rules_text_headings_cover_every_topic():
    text = (ASSETS / "rules.md").read_text()
    slugs = {re.sub(r"[^a-z0-9]+", "-", h.lower()).strip("-") for h in re.findall(r"^#{2,3} (.+)$", text, re.M)}
    from inkterm.games.inkwell import rules

    topics = {getattr(rules, n) for n in dir(rules) if n.startswith("T_")}
    assert topics <= slugs, topics - slugs


def test_rules_text_keeps_the_engines_promises():
    text = " ".join((ASSETS / "rules.md").read_text().split())
    intro = text.split(" ## ")[0]
    # forced players Turn on their next turn [R8], as the section on the Abbot says
    assert "must Turn on their next turn" in intro and "must Turn at once" not in text
    # the two sides changed after the balance report say so, with the data's numbers
    sides = {w.b.kind: w.b.params for w in content().workspaces.values()}
    assert f"*Scholar's Desk* scores +{sides['scholar']['per_technique']} per technique" in text
    assert f"*Rainbow Ledger* +{sides['rainbow']['per_colour']} per colour" in text
