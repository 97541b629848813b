"""Save files on disk: what loads, what is refused (in one line naming the file), and
that the record, not the snapshot, decides the game."""
import json

import pytest

from inkterm.engine import SaveError, new_game
from inkterm.engine.saves import read_save


def kiln_save(choices: int = 10) -> dict:
    state = new_game("kiln", ["Ann", "Bob"], seed=4)
    for _ in range(choices):
        state.apply(state.decision().choices[0].key)
    return state.to_dict()


def write(tmp_path, data, name="kiln-x.save.json"):
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
    good = kiln_save()
    bad = json.loads(json.dumps(good))
    bad["snapshot"]["model"]["players"][0]["money"] = "lots"
    notes: list[str] = []
    state = read_save(write(tmp_path, bad), notes)
    assert state.to_dict() == good
    assert len(notes) == 1 and "\n" not in notes[0] and "http" not in notes[0]
    assert "differs from a replay of its moves" in notes[0]


def test_snapshot_of_another_game_never_wins_over_the_record(tmp_path):
    good = kiln_save(10)
    other = kiln_save(3)
    mixed = {**good, "snapshot": other["snapshot"], "over": other["over"]}
    notes: list[str] = []
    assert read_save(write(tmp_path, mixed), notes).to_dict() == good and notes


def test_illegal_choice_in_the_record_is_refused_even_with_a_snapshot(tmp_path):
    bad = kiln_save()
    bad["record"]["choices"][4] = "zone:9"
    line = refused(write(tmp_path, bad))
    assert "choice 5 no longer replays" in line and "cannot be continued" in line
    assert "zone:9" not in line  # the player reads words, not the record's keys


@pytest.mark.parametrize("change, words", [
    ({"seats": ["P"] * 9}, "takes 2–4 seats, not 9"),
    ({"options": {"speed": 3}}, "no option 'speed'"),
])
def test_record_without_snapshot_with_bad_seats_or_option_is_a_clear_error(tmp_path, change, words):
    bad = kiln_save()
    bad["snapshot"] = None
    bad["record"].update(change)
    assert words in refused(write(tmp_path, bad))


def test_bad_option_value_is_a_clear_error(tmp_path):
    state = new_game("inkwell", ["Solo"], seed=2)
    bad = state.to_dict()
    bad["snapshot"] = None
    bad["record"]["options"]["difficulty"] = "godlike"
    assert "'difficulty' is one of novice, standard, master, not 'godlike'" in refused(write(tmp_path, bad))


@pytest.mark.parametrize("text, words", [
    ("[" * 1000 + "]" * 1000, "nested more than"),
    ('{"format": "inkterm-save", "version": 1, "game": "kiln", "record": {"seed": ' + "9" * 5000 + "}}",
     "not JSON"),
    ("{" + " " * 3_000_000 + "}", "too large"),
])
def test_deep_huge_and_long_files_are_refused_before_parsing(tmp_path, text, words):
    assert words in refused(write(tmp_path, text))


def test_generator_state_out_of_range_is_not_a_crash(tmp_path):
    bad = kiln_save()
    bad["snapshot"]["rng"][1][5] = 2**64
    notes: list[str] = []
    assert read_save(write(tmp_path, bad), notes).to_dict() == kiln_save() and notes


def test_save_from_before_version_one_is_reported_as_older(tmp_path):
    old = {**kiln_save(), "version": 0}
    assert "made by an older inkterm" in refused(write(tmp_path, old))


def test_anything_a_player_can_type_still_loads(tmp_path):
    """Setup takes any seat name and any whole-number seed: such a save must open."""
    state = new_game("kiln", ["A" * 300, "bot"], seed=10**30)
    state.apply(state.decision().choices[0].key)
    path = write(tmp_path, state.to_dict())
    assert read_save(path) == state
