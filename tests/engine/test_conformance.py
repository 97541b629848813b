"""The conformance suite (conformance.py) over every registered game, the tests' toy
game included: seeded random games at each game's fewest and most seats, new games
every run (tests/seeds.py), every check after every choice; options, broken saves and
a snapshot that disagrees with its record.

Corrupted saves are also fuzzed in test_save_fuzz.py, and views that keep every secret
checked in test_secrets.py; both run over the same games (``conformance.game_cases``).
test_conformance_catches.py plants a bug in the toy game for each kind of check and
sees the suite fail."""
import json
import random

import pytest

from inkterm.engine import GAMES, SaveError, load_game, new_game

from ..seeds import seeds, size
from .conformance import NOT_A_KEY, game_cases, play_checked, seats

GAMES_PER_CASE = size(1, 4)


@pytest.mark.parametrize("gid, n", game_cases())
@pytest.mark.parametrize("game", range(GAMES_PER_CASE))
def test_random_games_keep_the_api_contract(gid, n, game):
    play_checked(gid, n, seeds(GAMES_PER_CASE, f"conformance-{gid}-{n}")[game])


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
