"""The Kiln evaluator: a card held but not played must not change how greedy plays.

Unmarked Ware (A8, +1 per zone holding a token) used to be valued in hand on the
zones covered now, so its holders alone kept a zone's last token rather than spend
it on a blank; they won more without ever buying the card (docs/balance.md).
"""
from __future__ import annotations

import pytest

from inkterm.bots import GreedyBot
from inkterm.games.kiln import evaluate as ev

from .helpers import arrange, game

# Five zones covered, only two of them with 3+: a blank now is a single one and
# empties the fourth zone.
TOKENS = [2, 2, 5, 1, 3, 0]


def position(hand, seed=1):
    s = game(2, seed=seed)
    s.m.round = 3
    arrange(s, 0, dice=[2, 2, 2, 1, 2, 1], tokens=TOKENS, hand=hand, money=3)
    assert "blank" in [c.key for c in s.decision().choices]
    return s


def blank_worth(hand):
    s = position(hand)
    after = s.clone()
    after.apply("blank")
    return ev.evaluate(after, 0) - ev.evaluate(s, 0)


def test_unmarked_ware_in_hand_leaves_what_a_blank_is_worth_unchanged():
    # P3 (a play card) stands in for "some other card": its hand value is flat.
    assert blank_worth(["A8", "P3"]) == pytest.approx(blank_worth(["P10", "P3"]), abs=1e-9)


def turn_keys(hand, seed):
    s = position(hand)
    bot = GreedyBot(seed)
    out = []
    while s.decision() is not None and s.decision().seat == 0 and len(out) < 30:
        out.append(bot.choose(s))
        s.apply(out[-1])
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_greedy_plays_the_turn_the_same_holding_unmarked_ware_or_not(seed):
    assert turn_keys(["A8", "P3"], seed) == turn_keys(["P10", "P3"], seed)


def test_every_seat_keeps_a_zones_last_token_early_on():
    """What only the holders did before, everyone does now: with turns to come, no
    single blank that empties a zone (before the fix, a seat without A8 made it)."""
    keys = turn_keys(["P10", "P3"], 1)
    assert keys[-1] == "end" and "blank" not in keys


def test_a_per_zone_achievement_in_hand_counts_a_typical_board():
    s = position(["A8", "P3"])
    p = s.view(0)["players"][0]
    spread = ev.player_value(p, 10, p["hand_cards"], s.cards)
    p2 = dict(p, tokens=[9, 0, 0, 0, 0, 0])
    other = dict(p, hand_cards=[f for f in p["hand_cards"] if f["id"] != "A8"])
    other2 = dict(other, tokens=[9, 0, 0, 0, 0, 0])
    # The board's spread is worth the same with or without A8 in hand.
    assert spread - ev.player_value(p2, 10, p2["hand_cards"], s.cards) == pytest.approx(
        ev.player_value(other, 10, other["hand_cards"], s.cards)
        - ev.player_value(other2, 10, other2["hand_cards"], s.cards))


def test_greedy_makes_the_bonus_blank_and_keeps_its_zones():
    """Look-ahead makes only blanks that pay: with three zones at 3+, the two-blank
    bonus is taken, and the single blank after it, which would empty two zones, is not."""
    s = position(["P10", "P3"])
    s.m.players[0].tokens = [3, 3, 3, 2, 2, 0]
    s._decided = False
    bot = GreedyBot(1)
    while s.decision() is not None and s.decision().seat == 0:
        s.apply(bot.choose(s))
    p = s.m.players[0]
    assert p.blanks >= 2 and sum(1 for x in p.tokens if x) >= 5


def test_look_ahead_blanks_everything_on_the_last_turn():
    s = position(["P10", "P3"])
    assert not ev.blank_pays(s, 0)  # [2, 2, 5, 1, 3, 0]: no bonus, empties a zone
    s.m.round, s.m.turn = 10, len(s.m.order) - 1
    s.m.order[-1] = 0
    s.m.mains = 1
    s._decided = False
    assert ev.turns_left(s.view(0), 0) == 0 and ev.blank_pays(s, 0)


def test_the_bots_weigh_the_numbers_the_view_shows():
    """The bots read ``view(seat, words=False)`` and the view's ``clock``, not the whole
    view (its words cost most of a greedy game): every seat's parts and turns left come
    out the same from either, all through a game."""
    import random

    from inkterm.games.kiln.view import clock, view

    s, rng = game(3, seed=4), random.Random(4)
    while not s.is_over:
        for seat in range(3):
            full, lean = s.view(seat), view(s, seat, words=False)
            assert ev.parts_of_seats(lean, seat, s.cards) == ev.parts_of_seats(full, seat, s.cards)
            assert ev.turns_left(clock(s), seat) == ev.turns_left(full, seat)
        s.apply(rng.choice(s.decision().choices).key)
