"""Unavailable, not invisible: where a Kiln menu has a fixed set of options (the
turn's free actions, the zones to reroll or to copy, the cards in hand at a card play), each
one not possible now is listed dimmed with its reason (``Decision.unavailable``),
so a new player sees it exists and what it needs. Seeded random games."""
import random

import pytest

from inkterm.engine import new_game
from inkterm.games.kiln.steps import Copy, Play, Reroll, Turn

SEEDS = range(6)
STEPS = 600
#: The turn's free actions by their keys: make a blank, reroll, exchange glaze.
FREE = {"b": "Make a blank", "r": "Reroll a zone", "x": "Exchange 3 glaze"}


def decisions(seed: int):
    """(state, decision, the rules' step asked) along a random game."""
    st = new_game("kiln", ["Ann", "Bob", "Cy"][: 2 + seed % 2], seed=seed)
    rng = random.Random(seed)
    for _ in range(STEPS):
        d = st.decision()
        if d is None:
            return
        yield st, d, st.m.queue.top
        st.apply(rng.choice(d.keys))


def dimmed(d) -> dict[str, str]:
    """Dimmed rows by label, each with its reason (which must say something)."""
    out = {label: reason for _sc, label, reason in d.unavailable}
    assert all(out.values()), d.unavailable
    return out


@pytest.mark.parametrize("seed", SEEDS)
def test_every_free_action_is_offered_or_dimmed_with_why(seed):
    seen = set()
    for st, d, step in decisions(seed):
        if not isinstance(step, Turn):
            continue
        offered = {c.shortcut for c in d.choices if c.shortcut}
        out = {sc for sc, _label, _why in d.unavailable if sc in FREE}
        assert not offered & out, (d.prompt, d.unavailable)
        for key, label in FREE.items():
            assert key in offered or (key in out and label in dimmed(d)), (key, d.prompt, d.keys)
            if key in out:
                seen.add(key)
    assert seen, "no free action was ever out of reach"


def test_a_free_action_out_of_reach_says_what_it_needs():
    st = new_game("kiln", ["Ann", "Bob"], seed=3)
    d = st.decision()
    p = st.m.players[d.seat]
    assert p.clay == 0 and p.glaze == 0  # the opening: nothing to pay with yet
    why = dimmed(d)
    assert why["Reroll a zone"].endswith("clay, you have 0")
    assert why["Exchange 3 glaze"] == "you have 0 glaze"
    assert why["Make a blank"] == "needs tokens on 5 zones, yours are on 0"


@pytest.mark.parametrize("seed", SEEDS)
def test_every_zone_and_hand_card_is_offered_or_dimmed_with_why(seed):
    """The reroll's six zones, the Imperial Kiln's five, the hand at a card play."""
    asked = set()
    for st, d, step in decisions(seed):
        if isinstance(step, Reroll):
            offered = {c.shortcut for c in d.choices if c.shortcut}
            out = {sc for sc, _label, _why in d.unavailable}
            dimmed(d)
            assert offered | out == set("123456") and not offered & out, (d.keys, d.unavailable)
            asked.add("reroll")
        elif isinstance(step, Copy):  # the Imperial Kiln copies one of the other five
            offered = {c.shortcut for c in d.choices if c.shortcut}
            out = {sc for sc, _label, _why in d.unavailable}
            dimmed(d)
            assert offered | out == set("12345") and not offered & out, (d.keys, d.unavailable)
            asked.add("copy")
        elif isinstance(step, Play):
            cards = st.cards
            hand = st.m.players[d.seat].hand
            offered = {c.key.split(":")[1] for c in d.choices if c.key.startswith("play:")}
            out = {label for _sc, label, _why in d.unavailable}
            dimmed(d)
            for cid in hand:
                name = f"{cards[cid].name} {cards[cid].zh}"
                assert (cid in offered) != (name in out), (name, d.keys, d.unavailable)
            asked.add("play")
    assert asked, "no reroll, copy or card play was ever asked"
