"""Corrupted saves of every registered game (seeded): each one either loads as exactly the game its
record replays to, or fails with one line naming the file — never another exception,
never the snapshot's word over the record's."""
import copy
import json
import random

import pytest

from inkterm.engine import GAMES, Record, SaveError, new_game, replay
from inkterm.engine.saves import list_saves, read_save

CASES_PER_GAME = 240


def table(game: str) -> list[str]:
    """Three seats where the game takes them, else as many as it takes."""
    spec = GAMES[game]
    return ["Ann", "Bob", "Cy", "Di", "Ed"][: max(spec.min_players, min(3, spec.max_players))]


def real_save(game: str, seed: int, choices: int) -> dict:
    state = new_game(game, table(game), seed=seed)
    rng = random.Random(seed)
    while not state.is_over and len(state.record.choices) < choices:
        state.apply(rng.choice(state.decision().keys))
    return state.to_dict()


def paths(tree, here=()):
    """Every (path, value) inside a JSON tree."""
    yield here, tree
    items = tree.items() if isinstance(tree, dict) else enumerate(tree) if isinstance(tree, list) else ()
    for k, v in items:
        yield from paths(v, here + (k,))


def put(tree, where, value):
    for k in where[:-1]:
        tree = tree[k]
    tree[where[-1]] = value


def other_type(value, rng):
    options = ["x", 7, 2.5, True, None, [], {}, [1, "a"], {"a": 1}]
    return rng.choice([o for o in options if type(o) is not type(value)])


def corrupt(save: dict, rng: random.Random) -> tuple[str, str]:
    """(kind, text) of one corruption of ``save``."""
    kind = rng.choice(["flip", "truncate", "type", "nest", "huge", "choice", "snapshot", "rng"])
    d = copy.deepcopy(save)
    text = json.dumps(d)
    if kind == "flip":
        data = bytearray(text.encode())
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return kind, data.decode("utf-8", errors="surrogateescape")
    if kind == "truncate":
        return kind, text[: rng.randrange(len(text))]
    spots = [p for p, _ in paths(d) if p]
    if kind == "type":
        where = rng.choice(spots)
        put(d, where, other_type(dict(paths(d))[where], rng))
    elif kind == "nest":
        if rng.random() < 0.3:
            return kind, "[" * 1000 + "]" * 1000
        return kind, _replace_at(d, rng.choice(spots), "[" * 1000 + "]" * 1000)
    elif kind == "huge":
        ints = [p for p, v in paths(d) if p and type(v) is int]
        big = rng.choice(["1" * 5000, str(2**200), "-1", str(10**30)])
        return kind, _replace_at(d, rng.choice(ints), big)
    elif kind == "choice":
        ch = d["record"]["choices"]
        i = rng.randrange(len(ch))
        op = rng.choice(["other", "drop", "swap", "junk"])
        if op == "other":
            ch[i] = rng.choice(ch)
        elif op == "drop":
            del ch[i]
        elif op == "swap":
            j = rng.randrange(len(ch))
            ch[i], ch[j] = ch[j], ch[i]
        else:
            ch[i] = "zone:99"
    elif kind == "snapshot":
        snap = [p for p in spots if p[0] == "snapshot" and len(p) > 1]
        where = rng.choice(snap)
        value = dict(paths(d))[where]
        put(d, where, value + 1 if type(value) is int else other_type(value, rng))
    else:  # the generator's state out of range
        d["snapshot"]["rng"][1][rng.randrange(624)] = rng.choice([2**40, -5, 2**64])
    return kind, json.dumps(d)


def _replace_at(d: dict, where, literal: str) -> str:
    marker = "__HUGE__"
    put(d, where, marker)
    return json.dumps(d).replace(f'"{marker}"', literal)


def play_a_little(state) -> None:
    """What the table does with a loaded game: look at it and go on playing."""
    for seat in range(len(state.seats)):
        state.view(seat)
    state.summary(), state.scores(), state.ranking()
    for _ in range(3):
        d = state.decision()
        if d is None:
            break
        state.apply(d.choices[0].key)


@pytest.mark.parametrize("game", list(GAMES))  # every registered game (the conformance suite)
def test_corrupted_saves_load_truthfully_or_fail_in_one_line(game, tmp_path):
    rng = random.Random(f"fuzz-{game}")
    originals = [real_save(game, seed, n) for seed, n in [(1, 15), (2, 60), (3, 120)]]
    outcomes = {"loaded": 0, "refused": 0}
    for case in range(CASES_PER_GAME):
        original = rng.choice(originals)
        kind, text = corrupt(original, rng)
        path = tmp_path / f"{game}-{case}.save.json"
        path.write_bytes(text.encode("utf-8", errors="surrogateescape"))
        where = f"case {case} ({kind})"
        try:
            state = read_save(path)
        except SaveError as exc:
            msg = str(exc)
            assert msg.startswith(f"{path}: ") and "\n" not in msg, where
            outcomes["refused"] += 1
        else:
            record = json.loads(text)["record"]
            assert state == replay(Record(**record)), where
            if kind in ("snapshot", "rng"):  # only the snapshot was hurt: the same game
                assert state.to_dict()["record"] == original["record"], where
            play_a_little(state)
            outcomes["loaded"] += 1
        for info in list_saves(tmp_path):  # the listing never raises either
            assert info.error is None or "\n" not in info.error
        path.unlink()
    assert outcomes["loaded"] > 20 and outcomes["refused"] > 20, outcomes
