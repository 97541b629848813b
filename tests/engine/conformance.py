"""The conformance suite: the public rules API (DESIGN.md §2) holds for every registered
game, in the spirit of OpenSpiel's random simulation test. ``play_checked`` plays one
seeded random game and checks, after every choice:

- the decision: keys unique, every choice labelled, a topic that names a heading of the
  game's rules text (the section ``?`` opens), and secret only in a game that declares
  hidden information;
- a refused key raises IllegalChoice and changes nothing;
- copies agree with the game: a fresh ``clone()``, a clone and a loaded save that
  follow the game's choices from where they were made, and the record replayed as the
  game goes show the same decision (seat, prompt, topic, keys, labels, hints,
  shortcuts, touches, closed places), summary, every seat's view and scores — so state
  left out of a game's dump shows up as soon as a copy lost it; a clone is independent
  of its original both ways, and a save round-trips with a snapshot that agrees;
- a choice that drew from the game's generator called ``reveal()`` (undo never steps
  back over new information);
- ``determinize(seat)`` keeps everything ``seat`` can see (its view, its own decision)
  and leaves the game alone; a game whose spec declares hidden information redraws some
  of it (two determinizations with different generators differ somewhere in the
  game), and one that declares none shows every seat the summary;
- ``summary()`` and ``view(seat)`` are JSON as they stand, and the view contains the
  summary; the game ends, and ``ranking()`` agrees with ``scores()``.

Every check raises AssertionError with the game, its seed and the choice, so a failure
names the game to replay. test_conformance.py runs the suite over every registered game
(tests/conftest.py registers the toy game too), test_conformance_catches.py shows it
fails on games with planted bugs, test_secrets.py and test_save_fuzz.py use the same
cases."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from inkterm.engine import GAMES, IllegalChoice, load_game, new_game
from inkterm.engine.registry import GameSpec
from inkterm.screens.narration import rule_for

MAX_CHOICES = 5000  # far beyond any real game: a game that runs on does not end
FOLLOW_EVERY = 20  # choices between two new clones that follow the game, and a refusal
LOOK_EVERY = 5  # choices between two comparisons of the copies' summaries and views
DETERMINIZE_EVERY = 5  # choices between two determinize checks
NOT_A_KEY = "no-such-choice"


def seat_counts(spec: GameSpec, least: int = 1) -> list[int]:
    """The fewest and the most seats the game takes (at least ``least``)."""
    low = max(least, spec.min_players)
    return sorted({low, spec.max_players})


def seats(n: int) -> list[str]:
    return [f"S{i}" for i in range(n)]


def game_cases(least: int = 1) -> list:
    """(game id, seat count) for every registered game at its fewest and most seats."""
    return [pytest.param(gid, n, id=f"{gid}-{n}")
            for gid, spec in GAMES.items() for n in seat_counts(spec, least)]


# --- what a seat or a copy can tell about a state ------------------------------------------
def decision_facts(s) -> tuple | None:
    """Everything a decision shows a player or a bot."""
    d = s.decision()
    if d is None:
        return None
    return (d.seat, d.prompt, d.topic, d.secret, tuple(d.unavailable),
            tuple((c.key, c.label, c.hint, c.shortcut, tuple(c.touches)) for c in d.choices))


def observed(s, seat: int | None = None) -> dict[str, Any]:
    """What the API shows of a state (every seat's view, or ``seat``'s alone): two
    states that differ here are different games."""
    return {
        "over": s.is_over,
        "decision": decision_facts(s),
        "summary": s.summary(),
        "views": [s.view(v) for v in (range(len(s.seats)) if seat is None else [seat])],
        "scores": s.scores(),
    }


def first_difference(a, b, path: str) -> str | None:
    """Where two observations first differ, as a readable path."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in [*a, *(k for k in b if k not in a)]:
            found = first_difference(a.get(k), b.get(k), f"{path}.{k}")
            if found:
                return found
        return None
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b else f"{path}: {a!r} != {b!r}"


def check_same(seen: dict, copy, what: str, where: str, seat: int | None = None) -> None:
    other = observed(copy, seat)
    if other != seen:
        raise AssertionError(f"{where}: {what} differs from the game at "
                             f"{first_difference(seen, other, 'state')}")


def contains(big, small, path="view") -> list[str]:
    """Where ``big`` lacks something ``small`` holds. A view may add keys to the summary's
    dicts and fill in what the summary leaves None (a secret of its own seat, such as
    a workspace side chosen before all are revealed); nothing else."""
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


# --- the checks ------------------------------------------------------------------------------
def check_decision(s, where):
    d = s.decision()
    keys = d.keys
    assert keys, f"{where}: a decision without choices"
    assert len(set(keys)) == len(keys), f"{where}: repeated keys {keys}"
    assert all(c.key and c.label for c in d.choices), f"{where}: a choice without key or label"
    assert 0 <= d.seat < len(s.seats) and d.prompt, where
    return d


def check_topic(gid: str, d, where: str, resolved: dict[str, bool]) -> None:
    """The decision's topic names a heading of the game's rules (topics are heading
    slugs; ``?`` opens the rules there). ``resolved`` remembers topics already looked up."""
    if d.topic not in resolved:
        resolved[d.topic] = bool(d.topic) and rule_for(gid, d.topic) is not None
    if not resolved[d.topic]:
        raise AssertionError(f"{where}: the topic {d.topic!r} of {d.prompt!r} names no heading "
                             f"of the {gid} rules")


def check_refusal(s, where):
    before = s.to_json()
    with pytest.raises(IllegalChoice, match="legal:") as exc:
        s.apply(NOT_A_KEY)
    assert isinstance(exc.value, ValueError)
    assert s.to_json() == before, f"{where}: a refused key changed the state"


def as_sent(value):
    """A value as a table sends it: through JSON."""
    return json.loads(json.dumps(value))


def check_views(s, where):
    """The summary and every view are JSON as they stand (a table sends them as JSON and
    a front end must read the same: lists, not tuples; string keys), and each view
    contains the summary."""
    summary = s.summary()
    assert as_sent(summary) == summary, f"{where}: the summary changes through JSON"
    for seat in range(len(s.seats)):
        view = s.view(seat)
        assert as_sent(view) == view, f"{where}: view({seat}) changes through JSON"
        missing = contains(view, summary)
        assert not missing, f"{where}: view({seat}) lacks {missing[:3]}"


def check_round_trip(s, where):
    notes: list[str] = []
    loaded = load_game(s.to_json(), notes=notes)
    assert loaded == s, f"{where}: a loaded save is another game"
    assert notes == [], f"{where}: {notes}"
    return loaded


def check_reveal(s, key, rng_before, where):
    """A choice that drew from the game's generator revealed something new (a die, a
    card): it must say so with ``reveal()``, or undo could step back over it and let
    the player draw again."""
    if s.rng.getstate() != rng_before and not s.history[-1][1]:
        raise AssertionError(f"{where}: {key!r} drew from the game's generator without "
                             f"reveal(): undo could step back over the draw")


def check_determinize(s, spec: GameSpec, where: str, redraws: random.Random) -> bool:
    """Each seat's determinizations keep what it sees and leave the game alone; True if
    two of them (with different generators) differ in what is hidden from the seat."""
    before = s.to_dict()
    hidden_differs = False
    d, summary = s.decision(), s.summary()
    for seat in range(len(s.seats)):
        seen = s.view(seat)
        if not spec.hidden_information and seen != summary:
            raise AssertionError(f"{where}: {spec.id} declares no hidden information, but seat "
                                 f"{seat}'s view is not the summary")
        a = s.determinize(seat, random.Random(redraws.getrandbits(32)))
        b = s.determinize(seat, random.Random(redraws.getrandbits(32)))
        for guess in (a, b):
            if guess.view(seat) != seen:
                raise AssertionError(f"{where}: seat {seat} can tell a determinization from the game at "
                                     f"{first_difference(seen, guess.view(seat), 'view')}")
            if d is not None and d.seat == seat and decision_facts(guess) != decision_facts(s):
                raise AssertionError(f"{where}: determinize({seat}) changed the decision seat {seat} is making")
        hidden_differs = hidden_differs or a._dump() != b._dump()
    assert s.to_dict() == before, f"{where}: determinize changed the game"
    return hidden_differs


def check_ending(s):
    scores, ranking = s.scores(), s.ranking()
    assert len(scores) == len(s.seats) and sorted(ranking) == list(range(len(s.seats)))
    ranked = [scores[seat] for seat in ranking]
    assert ranked == sorted(ranked, reverse=True), f"ranking {ranking} against scores {scores}"
    assert s.decision() is None
    with pytest.raises(IllegalChoice):
        s.apply(NOT_A_KEY)


# --- one game, every check at every step --------------------------------------------------------
def play_checked(gid: str, n: int, seed: int, *, follow_every: int = FOLLOW_EVERY,
                 look_every: int = LOOK_EVERY, determinize_every: int = DETERMINIZE_EVERY):
    """Play a seeded random game of ``gid`` with ``n`` seats with the checks above; the
    finished game. Decisions are compared at every choice; summaries and the deciding
    seat's view every ``look_every`` choices; every seat's view, a refusal and a new
    clone to follow the game every ``follow_every``; a loaded save to follow it at
    choices 1, 2, 3, 5, 9, 17 …; determinizations every ``determinize_every``."""
    spec = GAMES[gid]
    s = new_game(gid, seats(n), seed=seed)
    replayed = new_game(gid, seats(n), seed=seed)  # the record replayed as the game goes
    followers: dict[str, Any] = {}
    rng, redraws = random.Random(seed), random.Random(~seed)
    topics: dict[str, bool] = {}
    redrawn = False
    while not s.is_over:
        step = len(s.record.choices)
        where = f"{gid} with {n} seats, seed {seed}, choice {step + 1}"
        assert step < MAX_CHOICES, f"{gid} seed {seed} has not ended after {MAX_CHOICES} choices"
        d = check_decision(s, where)
        check_topic(gid, d, where, topics)
        if d.secret and not spec.hidden_information:
            raise AssertionError(f"{where}: {gid} declares no hidden information, but its decision "
                                 f"{d.prompt!r} says it is secret (the table would hand over for nothing)")
        copies = {"the record replayed": replayed, **followers}
        if step % follow_every == 0:
            check_views(s, where)
            check_refusal(s, where)
            seen = observed(s)
            for what, copy in {**copies, "a clone": s.clone()}.items():
                check_same(seen, copy, what, where)
            loaded = {k: v for k, v in followers.items() if k.startswith("a save")}
            followers = {f"a clone made at choice {step + 1}": s.clone(), **loaded}
        elif step % look_every == 0:
            seen = observed(s, d.seat)
            for what, copy in {**copies, "a clone": s.clone()}.items():
                check_same(seen, copy, what, where, d.seat)
        else:
            facts = decision_facts(s)
            for what, copy in copies.items():
                if decision_facts(copy) != facts:
                    raise AssertionError(f"{where}: {what} offers another decision: "
                                         f"{first_difference(facts, decision_facts(copy), 'decision')}")
        if step & (step - 1) == 0:  # choices 1, 2, 3, 5, 9 …: a load replays the record, so
            # loading at doubling intervals costs about two replays of the whole game
            followers = {f"a save loaded at choice {step + 1}": check_round_trip(s, where),
                         **{k: v for k, v in followers.items() if k.startswith("a clone")}}
        if step % determinize_every == 0:
            redrawn = check_determinize(s, spec, where, redraws) or redrawn
        key = rng.choice(d.keys)
        before, rng_before = s.to_dict(), s.rng.getstate()
        twin = s.clone()
        twin.apply(key)
        assert s.to_dict() == before, f"{where}: applying to a clone changed the original"
        s.apply(key)
        check_reveal(s, key, rng_before, where)
        replayed.apply(key)
        for copy in followers.values():
            copy.apply(key)
        if decision_facts(twin) != decision_facts(s):
            raise AssertionError(f"{where}: a clone that made the same choice offers another decision")
    where = f"{gid} with {n} seats, seed {seed}, the end"
    check_views(s, where)
    check_round_trip(s, where)
    seen = observed(s)
    for what, copy in {"the record replayed": replayed, **followers, "a clone": s.clone()}.items():
        check_same(seen, copy, what, where)
    check_ending(s)
    if spec.hidden_information and not redrawn:
        raise AssertionError(f"{where}: {gid} declares hidden information, but determinize never "
                             f"redrew any of it (two determinizations were always the same game)")
    return s
