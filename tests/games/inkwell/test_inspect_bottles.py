"""Inspecting a bottle says what it is, what it holds and whether the seat deciding may
Take it now, with the same reason the board dims it for."""
import random

from inkterm.games.inkwell.content import bottle_name
from inkterm.engine import new_game
from inkterm.engine.steps import parse_key


def test_inspect_says_exactly_which_bottles_can_be_taken_and_why_not():
    checked = refused = 0
    for seed in range(6):
        st = new_game("inkwell", ["Ann", "Bo", "Cy"][: 1 + seed % 3], seed=seed)
        rng = random.Random(seed)
        while st.decision() is not None:
            d = st.decision()
            parsed = [parse_key(k) for k in d.keys]
            if ("turn", "") in parsed:
                takes = {arg for kind, arg in parsed if kind == "take"}
                for bid in st.bottles:
                    text = st.describe(f"bottle:{bid}")
                    assert text.splitlines()[0].endswith(f"bottle {bottle_name(bid, st.shape[bid])}")
                    who = st.players[d.seat].name
                    if bid in takes:
                        assert f"{who} can Take it now." in text
                    else:
                        assert f"{who} cannot Take it now: " in text, text
                        refused += 1
                    checked += 1
            st.apply(rng.choice(d.choices).key)
    assert checked > 200 and refused > 20
