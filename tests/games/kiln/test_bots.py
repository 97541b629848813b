"""Kiln's bots: legal at every seat count with a search seat, blind to the other seats'
hands and the deck (with a cheat to show the test can fail), and the greedy bot's play."""
from __future__ import annotations

import random
import types

import pytest

from inkterm.bots import GreedyBot, SearchBot, make_bot
from inkterm.bots.hooks import hooks

from tests.bots.test_bots import advanced, play


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_kiln_bots_only_choose_legal_keys(seats):
    specs = ["greedy", "random", "search:8", "greedy"][:seats]
    state, keys = play("kiln", specs, seed=seats)
    assert state.is_over and len(keys) > 100
    assert len(state.ranking()) == seats


def with_secrets_changed(state, seat: int, rng: random.Random):
    """A copy of a Kiln position in which the other seats' hands and the deck are dealt
    differently, while ``seat``'s view stays exactly the same."""
    other = state.clone()
    m = other.m
    pool = [c for s, p in enumerate(m.players) if s != seat for c in p.hand] + m.deck
    rng.shuffle(pool)
    for s, p in enumerate(m.players):
        if s != seat:
            p.hand, pool = pool[: len(p.hand)], pool[len(p.hand):]
    m.deck = pool
    other._decided = False
    assert other.view(seat) == state.view(seat)
    return other


def canonical_determinize(state):
    """Make ``determinize`` a function of what the seat sees and the generator alone:
    the hidden cards are put in one canonical order before the game's own shuffle.
    (Kiln's determinize shuffles them from wherever they lie, so without this two
    secret deals would give equal distributions of copies but not equal copies.)"""
    original = type(state).determinize

    def det(self, seat, rng):
        tidy = self.clone()
        m = tidy.m
        pool = sorted([c for s, p in enumerate(m.players) if s != seat for c in p.hand] + m.deck)
        for s, p in enumerate(m.players):
            if s != seat:
                p.hand, pool = pool[: len(p.hand)], pool[len(p.hand):]
        m.deck = pool
        return original(tidy, seat, rng)

    state.determinize = types.MethodType(det, state)
    return state


class PeekingBot(SearchBot):
    """A cheat, to show the test can fail: it plans on plain clones (the real deck and
    hands) and favours a move according to what the next seat holds."""

    def search(self, state, me, *args):
        secret = sorted(state.m.players[(me + 1) % len(state.seats)].hand)
        state = state.clone()
        state.determinize = types.MethodType(lambda self, seat, rng: self.clone(), state)
        root = super().search(state, me, *args)
        keys = sorted(root.children)
        root.children[keys[sum(map(ord, "".join(secret))) % len(keys)]].visits += 1000
        return root


def hidden_info_positions():
    """Positions where hidden cards can matter: the seat may act in the Studio, whose
    draw comes from the (hidden) deck."""
    out = []
    seed = 0
    while len(out) < 4 and seed < 200:
        state = advanced("kiln", 3, 100 + seed, 20 + seed % 40)
        seed += 1
        if not state.is_over and "zone:4" in state.decision().keys:
            out.append(state)
    assert len(out) == 4
    return out


def visits(root) -> dict:
    return {k: (c.visits, round(c.total, 9)) for k, c in root.children.items()}


@pytest.mark.parametrize("spec", ["search:60", "greedy"])
def test_bot_choices_do_not_depend_on_other_seats_secrets(spec):
    rng = random.Random(9)
    for state in hidden_info_positions():
        seat = state.decision().seat
        a = [make_bot(spec, k).choose(canonical_determinize(state.clone())) for k in range(3)]
        for _ in range(2):
            other = canonical_determinize(with_secrets_changed(state, seat, rng))
            assert [make_bot(spec, k).choose(other) for k in range(3)] == a


def test_search_statistics_do_not_depend_on_other_seats_secrets():
    rng = random.Random(5)
    for state in hidden_info_positions():
        seat = state.decision().seat
        a = visits(SearchBot(seed=3, iterations=60).search(canonical_determinize(state.clone()), seat))
        other = canonical_determinize(with_secrets_changed(state, seat, rng))
        assert visits(SearchBot(seed=3, iterations=60).search(other, seat)) == a


def test_the_secrets_test_catches_a_peeking_bot():
    rng = random.Random(5)
    differed = 0
    for state in hidden_info_positions():
        seat = state.decision().seat
        a = visits(PeekingBot(seed=3, iterations=60).search(canonical_determinize(state.clone()), seat))
        other = canonical_determinize(with_secrets_changed(state, seat, rng))
        differed += visits(PeekingBot(seed=3, iterations=60).search(other, seat)) != a
    assert differed >= 2


def test_evaluate_reads_only_the_view():
    state = advanced("kiln", 3, 7, 50)
    h = hooks("kiln")
    seat = state.decision().seat
    other = with_secrets_changed(state, seat, random.Random(1))
    assert h.evaluate(state, seat) == h.evaluate(other, seat)
    assert h.seat_values(state, seat) == h.seat_values(other, seat)


def test_greedy_outscores_random():
    greedy = rand = wins = 0
    for seed in range(4):
        specs = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        state, _ = play("kiln", specs, seed=seed)
        g = specs.index("greedy")
        greedy += state.scores()[g]
        rand += state.scores()[1 - g]
        wins += state.ranking()[0] == g
    assert wins >= 3 and greedy > rand + 30


def test_greedy_makes_its_blanks_before_ending_the_turn():
    state = advanced("kiln", 2, 3, 0)
    seat = state.decision().seat
    state.m.players[seat].tokens = [2, 2, 2, 2, 2, 0]
    state._decided = False
    bot = GreedyBot(1)
    keys = []
    while state.decision().seat == seat:
        keys.append(bot.choose(state))
        state.apply(keys[-1])
    assert "blank" in keys and keys[-1] == "end"
    assert keys.index("blank") < keys.index("end")
    assert state.m.players[seat].blanks >= 1
