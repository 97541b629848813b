"""The conformance suite: the public rules API (DESIGN.md §2) holds for every registered
game, in the spirit of OpenSpiel's random simulation test. A few seeded random games per
game and seat count, checked after every choice:

- the keys of a decision are unique and every choice is labelled;
- a refused key raises IllegalChoice and changes nothing;
- ``clone()`` is independent of its original, both ways;
- replaying the record gives the same state at every step, and the save
  (``to_json``/``load_game``) round-trips with a snapshot that agrees;
- ``view(seat)`` contains ``summary()`` for every seat;
- the game always ends, and then ``ranking()`` agrees with ``scores()``.

Corrupted saves are covered here (clear errors for a broken envelope, record or
snapshot) and fuzzed in test_save_fuzz.py; views that keep every secret in
test_secrets.py. Both run over the same games (``conformance.game_cases``)."""
import json
import random

import pytest

from inkterm.engine import GAMES, IllegalChoice, SaveError, load_game, new_game

from .conformance import game_cases, seats

SEEDS = (1, 2)
MAX_CHOICES = 5000  # far beyond any real game: a game that runs on does not end
ROUND_TRIP_EVERY = 20  # choices between two full save round trips
NOT_A_KEY = "no-such-choice"


def contains(big, small, path="view") -> list[str]:
    """Where ``big`` lacks something ``small`` holds. A view may add keys to the summary's
    dicts and fill in what the summary leaves None (a secret of its own seat, such as
    Inkwell's workspace side before all are revealed); nothing else."""
    if small is None or big == small:  # equal: the common case, decided at C speed
        return []
    if isinstance(small, dict):
        if not isinstance(big, dict):
            return [f"{path} is not a dict"]
        return [p for k, v in small.items()
                for p in ([f"{path}.{k} missing"] if k not in big else contains(big[k], v, f"{path}.{k}"))]
    if isinstance(small, list):
        if not isinstance(big, list) or len(big) != len(small):
            return [f"{path} differs in length"]
        return [p for i, (b, s) in enumerate(zip(big, small)) for p in contains(b, s, f"{path}[{i}]")]
    return [] if big == small else [f"{path}: {big!r} != {small!r}"]


def check_decision(s, where):
    d = s.decision()
    keys = d.keys
    assert keys, f"{where}: a decision without choices"
    assert len(set(keys)) == len(keys), f"{where}: repeated keys {keys}"
    assert all(c.key and c.label for c in d.choices), f"{where}: a choice without key or label"
    assert 0 <= d.seat < len(s.seats) and d.prompt, where
    return d


def check_refusal(s, where):
    before = s.to_json()
    with pytest.raises(IllegalChoice, match="legal:") as exc:
        s.apply(NOT_A_KEY)
    assert isinstance(exc.value, ValueError)
    assert s.to_json() == before, f"{where}: a refused key changed the state"


def check_clone(s, key, where):
    """A clone that takes ``key`` leaves its original as it was (the original's own
    ``apply`` is checked against the clone after)."""
    before = s.to_dict()
    twin = s.clone()
    twin.apply(key)
    assert s.to_dict() == before, f"{where}: applying to a clone changed the original"
    return twin


def check_views(s, where):
    summary = s.summary()
    json.dumps(summary)  # JSON-able
    for seat in range(len(s.seats)):
        missing = contains(s.view(seat), summary)
        assert not missing, f"{where}: view({seat}) lacks {missing[:3]}"


def check_round_trip(s, where):
    notes: list[str] = []
    assert load_game(s.to_json(), notes=notes) == s, where
    assert notes == [], f"{where}: {notes}"


def check_ending(s):
    scores, ranking = s.scores(), s.ranking()
    assert len(scores) == len(s.seats) and sorted(ranking) == list(range(len(s.seats)))
    ranked = [scores[seat] for seat in ranking]
    assert ranked == sorted(ranked, reverse=True), f"ranking {ranking} against scores {scores}"
    assert s.decision() is None
    with pytest.raises(IllegalChoice):
        s.apply(NOT_A_KEY)


@pytest.mark.parametrize("gid, n", game_cases())
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_keep_the_api_contract(gid, n, seed):
    s = new_game(gid, seats(n), seed=seed)
    shadow = new_game(gid, seats(n), seed=seed)  # the record replayed as the game goes
    rng = random.Random(seed)
    while not s.is_over:
        step = len(s.record.choices)
        where = f"{gid} seed {seed}, choice {step + 1}"
        assert step < MAX_CHOICES, f"{gid} seed {seed} has not ended after {MAX_CHOICES} choices"
        d = check_decision(s, where)
        key = rng.choice(d.keys)
        check_views(s, where)
        if step % ROUND_TRIP_EVERY == 0:
            check_refusal(s, where)
            check_round_trip(s, where)
        twin = check_clone(s, key, where)
        s.apply(key)
        shadow.apply(key)
        now = s.to_dict()
        assert twin.to_dict() == now, f"{where}: a clone and its original differ after the same choice"
        assert shadow.to_dict() == now, f"{where}: the replayed record differs from the game"
    check_views(s, "the end")
    check_round_trip(s, "the end")
    check_ending(s)


@pytest.mark.parametrize("gid", list(GAMES))
def test_options_outside_their_choices_are_refused(gid):
    spec = GAMES[gid]
    n = spec.min_players
    with pytest.raises(ValueError, match="no option"):
        new_game(gid, seats(n), options={"no-such-option": 1})
    for option in spec.options:
        if option.choices:
            with pytest.raises(ValueError, match="is one of"):
                new_game(gid, seats(n), options={option.name: "no-such-value"})
    with pytest.raises(ValueError, match="seats"):
        new_game(gid, seats(spec.max_players + 1))


def played(gid, n, choices, seed=3):
    s = new_game(gid, seats(n), seed=seed)
    rng = random.Random(seed)
    while not s.is_over and len(s.record.choices) < choices:
        s.apply(rng.choice(s.decision().keys))
    return s


@pytest.mark.parametrize("gid, n", game_cases())
def test_broken_saves_fail_with_a_clear_error(gid, n):
    good = played(gid, n, 12).to_dict()
    record = good["record"]
    cases = {
        "not JSON": "{oops",
        "not an inkterm save": json.dumps({"hello": 1}),
        "newer": json.dumps({**good, "version": 99}),
        "bad save field record.seed": json.dumps({**good, "record": {**record, "seed": "x"}}),
        "unknown game": json.dumps({**good, "game": "chess", "record": {**record, "game": "chess"}}),
        "choice 2": json.dumps({**good, "record": {**record, "choices": [record["choices"][0], NOT_A_KEY]}}),
    }
    for words, text in cases.items():
        with pytest.raises(SaveError, match=words) as exc:
            load_game(text)
        assert "\n" not in str(exc.value)


@pytest.mark.parametrize("gid, n", game_cases())
def test_a_snapshot_that_disagrees_gives_way_to_the_record(gid, n):
    s = played(gid, n, 12)
    broken = s.to_dict()
    broken["snapshot"]["model"] = {"not": "the game"}
    notes: list[str] = []
    assert load_game(json.dumps(broken), notes=notes) == s
    assert len(notes) == 1 and "differs from a replay of its moves" in notes[0]
    broken["snapshot"] = None  # a save without a snapshot: the record alone
    assert load_game(json.dumps(broken)) == s
