"""Save files on disk: written atomically and listed, what loads, what is refused (in one
line naming the file), and that the record, not the snapshot, decides the game. Any game
will do (the first in the menu); every game's saves are fuzzed in test_save_fuzz.py."""
import json
import os

import pytest

from inkterm.engine import GAMES, SaveError, new_game
from inkterm.engine import saves
from inkterm.engine.saves import read_save

from ..registered import a_game

GAME = a_game(seats=2)
NOT_A_KEY = "no-such-choice"


def a_save(choices: int = 10) -> dict:
    state = new_game(GAME, ["Ann", "Bob"], seed=4)
    for _ in range(choices):
        state.apply(state.decision().choices[0].key)
    return state.to_dict()


def write(tmp_path, data, name=f"{GAME}-x.save.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def refused(path) -> str:
    with pytest.raises(SaveError) as exc:
        read_save(path)
    msg = str(exc.value)
    assert msg.startswith(f"{path}: ") and "\n" not in msg
    return msg


def test_wrong_typed_snapshot_field_loads_from_the_record_with_one_line_warning(tmp_path):
    good = a_save()
    bad = json.loads(json.dumps(good))
    model = bad["snapshot"]["model"]
    field = next(k for k, v in model.items() if type(v) in (int, list, dict))  # a field of the game's dump
    model[field] = "lots"
    notes: list[str] = []
    state = read_save(write(tmp_path, bad), notes)
    assert state.to_dict() == good
    assert len(notes) == 1 and "\n" not in notes[0] and "http" not in notes[0]
    assert "differs from a replay of its moves" in notes[0]


def test_snapshot_of_another_game_never_wins_over_the_record(tmp_path):
    good = a_save(10)
    other = a_save(3)
    mixed = {**good, "snapshot": other["snapshot"], "over": other["over"]}
    notes: list[str] = []
    assert read_save(write(tmp_path, mixed), notes).to_dict() == good and notes


def test_illegal_choice_in_the_record_is_refused_even_with_a_snapshot(tmp_path):
    bad = a_save()
    bad["record"]["choices"][4] = NOT_A_KEY
    line = refused(write(tmp_path, bad))
    assert "choice 5 no longer replays" in line and "cannot be continued" in line
    assert NOT_A_KEY not in line  # the player reads words, not the record's keys


@pytest.mark.parametrize("change, words", [
    ({"seats": ["P"] * 9}, f"takes {GAMES[GAME].min_players}–{GAMES[GAME].max_players} seats, not 9"),
    ({"options": {"speed": 3}}, "no option 'speed'"),
])
def test_record_without_snapshot_with_bad_seats_or_option_is_a_clear_error(tmp_path, change, words):
    bad = a_save()
    bad["snapshot"] = None
    bad["record"].update(change)
    assert words in refused(write(tmp_path, bad))


def test_bad_option_value_is_a_clear_error(tmp_path):
    game = a_game(options=True)
    option = next(o for o in GAMES[game].options if o.choices)
    state = new_game(game, ["P"] * GAMES[game].min_players, seed=2)
    bad = state.to_dict()
    bad["snapshot"] = None
    bad["record"]["options"][option.name] = "godlike"
    words = f"{option.name!r} is one of {', '.join(map(str, option.choices))}, not 'godlike'"
    assert words in refused(write(tmp_path, bad))


@pytest.mark.parametrize("text, words", [
    ("[" * 1000 + "]" * 1000, "nested more than"),
    ('{"format": "inkterm-save", "version": 1, "game": "%s", "record": {"seed": ' % GAME + "9" * 5000 + "}}",
     "not JSON"),
    ("{" + " " * 3_000_000 + "}", "too large"),
])
def test_deep_huge_and_long_files_are_refused_before_parsing(tmp_path, text, words):
    assert words in refused(write(tmp_path, text))


def test_generator_state_out_of_range_is_not_a_crash(tmp_path):
    bad = a_save()
    bad["snapshot"]["rng"][1][5] = 2**64
    notes: list[str] = []
    assert read_save(write(tmp_path, bad), notes).to_dict() == a_save() and notes


def test_save_from_before_version_one_is_reported_as_older(tmp_path):
    old = {**a_save(), "version": 0}
    assert "made by an older inkterm" in refused(write(tmp_path, old))


def test_anything_a_player_can_type_still_loads(tmp_path):
    """Setup takes any seat name and any whole-number seed: such a save must open."""
    state = new_game(GAME, ["A" * 300, "bot"], seed=10**30)
    state.apply(state.decision().choices[0].key)
    path = write(tmp_path, state.to_dict())
    assert read_save(path) == state


def test_saves_atomic_listing_and_corrupt_files_left_alone(tmp_path, monkeypatch):
    monkeypatch.setenv("INKTERM_HOME", str(tmp_path))
    d = saves.save_dir()
    assert d == tmp_path / "saves"
    s = new_game(GAME, ["A", "B"], seed=9)
    p = saves.new_save_path(GAME)
    saves.save_game(s, p)
    assert saves.read_save(p) == s
    assert [f.name for f in d.iterdir()] == [p.name]  # no temp file left behind
    bad = d / f"{GAME}-broken.save.json"
    bad.write_text("{not json")
    os.utime(bad, (p.stat().st_mtime + 10,) * 2)
    infos = saves.list_saves()
    assert infos[0].path == bad and infos[0].error and str(bad) in infos[0].error
    assert bad.read_text() == "{not json"  # never rewritten
    assert saves.newest_unfinished().path == p
    assert saves.new_save_path(GAME) != p


def test_write_atomic_keeps_old_file_when_write_fails(tmp_path, monkeypatch):
    target = tmp_path / "x.save.json"
    saves.write_atomic(target, "old")

    def boom(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        saves.write_atomic(target, "new")
    assert target.read_text() == "old"
    assert [f.name for f in tmp_path.iterdir()] == ["x.save.json"]
