"""Seeded random full games with invariants checked after every choice; save/load,
replay and clone round-trips."""
from __future__ import annotations

import json
import random

import pytest

from inkterm.engine import load_game, new_game, replay
from inkterm.games.voynich import tables as T
from inkterm.games.voynich.tasks import Pool2Entry

from tests.seeds import game_seed, seeds, size

SWEEP = size(24, 300)  # random games a run (new seeds each run)
LOAD_EVERY = size(20, 1)  # steps between two real load_game / replay calls (a replica follows every step)

PASS = {"done", "stop", "act:skip", "decline", "share-move:none"}
NAMES = ["Ann", "Bob", "Cy", "Di"]


def pick(rng, d, active: bool) -> str:
    """Uniform random, or (active) random among the choices that do something."""
    ch = d.choices
    if active and rng.random() < 0.95:
        ch = [c for c in ch if c.key not in PASS] or ch
    return rng.choice(ch).key


def tokens_of(st, p):
    count = {"leaf": 0, "drop": 0, "star": 0, "text": 0}
    tids = []
    for toks in st.spaces.values():
        for t in toks:
            if t[0] == p:
                count[t[1]] += 1
                if t[1] == "text":
                    tids.append(t[2])
    for step in st.work:  # a leaf waiting for its owner's Pool 2 choice
        if isinstance(step, Pool2Entry) and step.tok[0] == p:
            count[step.tok[1]] += 1
    return count, tids


class Watch:
    """Invariants that must hold after every choice."""

    def __init__(self, st):
        self.st = st
        self.spreads = {p: 0 for p in range(st.n)}
        self.snap()

    def snap(self):
        st = self.st
        self.know = [k[:] for k in st.know]
        self.steps = [[e[1] for e in b] for b in st.book]
        self.cards = [[e[0] for e in b] for b in st.book]

    def before(self, d):
        st = self.st
        keys = d.keys
        assert len(set(keys)) == len(keys), "duplicate keys"
        assert keys, "a decision with no choice"
        if st.phase == "spread" and not st.work:
            assert d.seat == st.cur
            last = st.last[d.seat]
            assert last is None or f"spread:{last}" not in keys  # golden rule
            assert len(keys) == (5 if last is None else 4)
            self.spreads[d.seat] += 1

    def after(self):
        st = self.st
        for p in range(st.n):
            for t in range(4):
                assert self.know[p][t] <= st.know[p][t] <= 100  # knowledge never falls
            steps = [e[1] for e in st.book[p]]
            assert [e[0] for e in st.book[p]] == self.cards[p]
            assert all(a <= b <= 4 for a, b in zip(self.steps[p], steps))  # steps never go back
            count, tids = tokens_of(st, p)
            sup = st.supply[p]
            assert count["leaf"] + sup["leaf"] == 5
            assert count["drop"] + sup["drop"] == 6
            assert count["star"] + sup["star"] == 6
            assert sorted(tids + st.tsupply[p]) == [1, 2, 3, 4, 5, 6]
            assert len(st.research[p]) <= 8
            assert all(st.an().present[i] for i in st.research[p])
            assert min(st.share[p]) >= 0
        placed = sum(1 for g in st.grid if 0 <= g < 4)
        assert placed + sum(map(sum, st.psupply)) == 60
        assert min(min(x) for x in st.psupply) >= 0
        dirty = [t for toks in st.spaces.values() for t in toks if t[0] == T.DIRTY]
        assert sorted(t[2] for t in dirty) == list(range(1, 9))
        for sid, toks in st.spaces.items():
            if sid not in T.BOT_UNLIMITED and sid != T.POOL1:
                assert len(toks) <= 1, sid
        assert T.BASE not in [sid for sid, toks in st.spaces.items() if any(t[1] == "drop" for t in toks)]
        self.snap()

    def at_end(self):
        st = self.st
        assert st.is_over and st.decision() is None
        assert st.end_triggered and st.trigger_round is not None
        assert st.round == st.trigger_round + 2  # the trigger round finished, then one more each
        assert len(set(self.spreads.values())) == 1  # everyone played the same number of turns
        s = st.summary()
        assert s["over"] and "winner" in s and s["tiebreaks"]
        for p, pl in enumerate(s["players"]):
            assert sum(v for _, v in pl["breakdown"]) == st.scores()[p]
        json.dumps(s)


def play(seed: int, n: int, active: bool, every=None):
    st = new_game("voynich", NAMES[:n], seed=seed)
    rng = random.Random(seed * 7 + n)
    w = Watch(st)
    while not st.is_over:
        d = st.decision()
        w.before(d)
        st.apply(pick(rng, d, active))
        w.after()
        if every:
            every(st)
    w.at_end()
    return st


def cases(count):
    return [(s, 2 + s % 3, s % 2 == 0) for s in range(count)]


@pytest.mark.parametrize("seed,n,active", cases(9))
def test_random_games_keep_invariants(seed, n, active):
    st = play(seed, n, active)
    if active and n >= 3:
        assert max(st.ok) >= T.END_AT  # active play reaches 52 OK by itself (no safety net)


@pytest.mark.parametrize("game", range(SWEEP))
def test_random_games_sweep(game):
    seed = seeds(SWEEP, "voynich-sweep")[game]
    with game_seed(seed):
        play(seed, 2 + seed % 3, seed % 2 == 0)


def keys_of(st):
    return st.decision().keys if not st.is_over else []


@pytest.mark.parametrize("n", [2, 4])
def test_save_load_at_every_step(n):
    """At every step the save reads back as the game: ``load_game`` rebuilds a replay of
    the record, kept here as a replica that follows the game (the replay of every
    prefix), and the save's text must hold exactly the replica's dump; ``load_game``
    itself runs every LOAD_EVERY steps (every step at the nightly size) and at the end."""
    seed = seeds(1, f"voynich-save-load-{n}")[0]
    replica = new_game("voynich", NAMES[:n], seed=seed)

    def check(st):
        replica.apply(st.record.choices[-1])
        text = st.to_json()
        assert json.loads(text) == replica.to_dict() and keys_of(replica) == keys_of(st)
        if len(st.record.choices) % LOAD_EVERY == 0 or st.is_over:
            other = load_game(text)
            assert other == st and keys_of(other) == keys_of(st)

    with game_seed(seed):
        play(seed, n, True, every=check)


@pytest.mark.parametrize("n", [2, 3])
def test_replay_at_every_step(n):
    st = new_game("voynich", NAMES[:n], seed=70 + n)
    rng = random.Random(n)
    steps = 0
    while not st.is_over and steps < 120:
        st.apply(pick(rng, st.decision(), True))
        steps += 1
        assert replay(st.record) == st
    while not st.is_over:
        st.apply(pick(rng, st.decision(), True))
    assert replay(st.record) == st
    assert load_game(st.to_json(), trust_snapshot=False) == st


def test_clone_is_independent():
    st = new_game("voynich", NAMES[:3], seed=5)
    rng = random.Random(5)
    for _ in range(150):
        st.apply(pick(rng, st.decision(), True))
    before = st.to_dict()
    keys = st.decision().keys
    c = st.clone()
    assert c == st
    r2 = random.Random(9)
    for _ in range(200):
        if c.is_over:
            break
        c.apply(pick(r2, c.decision(), True))
    assert st.to_dict() == before and st.decision().keys == keys
    assert c != st


def test_undo_steps_back_over_own_choices():
    st = new_game("voynich", NAMES[:2], seed=3)
    first = st.decision().keys[0]
    st.apply(first)
    assert st.can_undo()
    back = st.undo()
    assert back.decision().keys == new_game("voynich", NAMES[:2], seed=3).decision().keys


def test_replay_at_every_step_full_game():
    seed = seeds(1, "voynich-replay-full")[0]
    st = new_game("voynich", NAMES[:2], seed=seed)
    rng = random.Random(seed)
    with game_seed(seed):
        while not st.is_over:
            st.apply(pick(rng, st.decision(), True))
            if len(st.record.choices) % LOAD_EVERY == 0 or st.is_over:
                assert replay(st.record) == st
