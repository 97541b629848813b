"""Seeded random full games with the invariants checked after every choice, and
save/load/replay round-trips at every step. New games every run (tests/seeds.py);
INKTERM_SLOW=1 plays the nightly numbers."""
import json
import random

import pytest

from inkterm.engine import load_game, replay
from inkterm.games.kiln.content import ROW_THRESHOLDS

from tests.seeds import game_seed, seeds, size

SWEEP = size(40, 167)  # games per seat count
ROUND_TRIPS = size(10, 50)  # games saved, loaded and replayed at every step
LOAD_EVERY = size(10, 1)  # steps between two load_game calls (the replica is checked at every step)


def check_invariants(s, hands_before, seen_rounds):
    m = s.m
    assert 1 <= m.round <= 10
    assert 0 <= sum(m.dice) <= 10 and min(m.dice) >= 0
    for i, p in enumerate(m.players):
        assert 0 <= p.money <= 20
        assert 0 <= p.favour <= 6
        assert p.supply + sum(p.tokens) == 40 and min(p.tokens) >= 0 and p.supply >= 0
        assert 0 <= p.blanks <= 20
        assert p.rows == sum(1 for t in ROW_THRESHOLDS if p.blanks >= t)
        assert len(p.hand) <= hands_before[i]
        hands_before[i] = len(p.hand)
        assert p.clay >= 0 and p.glaze >= 0 and 0 <= p.dragon <= 5
        assert len(set(p.tableau)) == len(p.tableau)
        # Two turns a round, one Rush Order in the deck: at most 3 dice of this round.
        assert 0 <= p.taken_dice <= 3
    n = len(m.players)
    # The ten dice of this round's roll are on the zones or in taken-dice areas.
    assert sum(m.dice) + sum(p.taken_dice for p in m.players) == 10
    # Every card is somewhere exactly once.
    places = m.deck + m.discard + m.studio + sum((p.hand + p.tableau for p in m.players), [])
    assert sorted(places) == sorted(set(places)) and len(places) == 40
    # Snake order.
    first = m.order[:n]
    assert first == [(m.order[0] + i) % n for i in range(n)] and m.order[n:] == first[::-1]
    seen_rounds.add(m.round)
    d = s.decision()
    if not s.is_over:
        assert d is not None and d.choices and d.seat == m.order[m.turn]
        assert len({c.key for c in d.choices}) == len(d.choices)


def run_game(seed, n, every_step=None):
    s_rng = random.Random(seed)
    from inkterm.engine import new_game

    s = new_game("kiln", [f"S{i}" for i in range(n)], seed=seed)
    hands = [5] * n
    rounds = set()
    steps = 0
    while not s.is_over:
        d = s.decision()
        s.apply(s_rng.choice(d.choices).key)
        steps += 1
        check_invariants(s, hands, rounds)
        if every_step:
            every_step(s)
        assert steps < 5000, "a game must end"
    assert rounds == set(range(1, 11))
    assert s.decision() is None
    assert s.scores() == [p["score"] for p in s.summary()["players"]]
    assert sorted(s.ranking()) == list(range(n))
    return s


@pytest.mark.parametrize("n", [2, 3, 4])
def test_seeded_games_keep_invariants(n):
    # 500 games in all over the three seat counts at the nightly size.
    for seed in seeds(SWEEP, f"kiln-sweep-{n}"):
        with game_seed(seed):
            run_game(seed, n)


def keys_of(s):
    d = s.decision()
    return [c.key for c in d.choices] if d else []


def test_save_load_and_replay_equal_at_every_step():
    """At every step the save reads back as the game: what ``load_game`` rebuilds is a
    replay of the record, kept here as a replica that follows the game (a replay of the
    empty record that then takes the same keys is exactly the replay of each prefix),
    and the save's text must hold exactly the replica's dump; ``load_game`` itself runs
    every LOAD_EVERY steps (every step at the nightly size) and at the end."""
    for g, seed in enumerate(seeds(ROUND_TRIPS, "kiln-round-trips")):
        replica = []

        def roundtrip(s):
            if not replica:
                replica.append(replay(s.record.prefix(0)))
            replica[0].apply(s.record.choices[-1])
            assert json.loads(s.to_json()) == replica[0].to_dict() and keys_of(replica[0]) == keys_of(s)
            if len(s.record.choices) % LOAD_EVERY == 0:
                loaded = load_game(s.to_json())
                assert loaded == s and keys_of(loaded) == keys_of(s)

        with game_seed(seed):
            s = run_game(seed, 2 + g % 3, every_step=roundtrip)
            assert load_game(s.to_json()) == s and replay(s.record) == s
            # and a replay from a mid-game prefix equals the game at that point
            k = len(s.record.choices) // 2
            mid = replay(s.record.prefix(k))
            assert len(mid.record.choices) == k


def test_same_seed_same_game_and_clone_is_independent():
    a = run_game(42, 3)
    b = run_game(42, 3)
    assert a == b and a.record.choices == b.record.choices
    from inkterm.engine import new_game

    s = new_game("kiln", ["A", "B"], seed=3)
    c = s.clone()
    assert c == s
    c.apply(c.decision().choices[0].key)
    assert c != s and len(s.record.choices) == 0
