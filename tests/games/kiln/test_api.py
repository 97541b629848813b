"""The public rules API (DESIGN.md §2) on Kiln: its spec, its secrets and undo. What every
game must do is checked for all of them by the conformance suite (tests/engine)."""
import json

import pytest

from inkterm.engine import GAMES, IllegalChoice, new_game


def test_games_registry_has_kiln_spec():
    spec = GAMES["kiln"]
    assert (spec.id, spec.min_players, spec.max_players) == ("kiln", 2, 4)
    assert spec.title == "Kiln"


def test_new_game_rejects_unknown_game_seat_count_and_option():
    with pytest.raises(ValueError, match="unknown game"):
        new_game("chess", ["a", "b"])
    with pytest.raises(ValueError, match="2–4 seats"):
        new_game("kiln", ["a"])
    with pytest.raises(ValueError, match="no option"):
        new_game("kiln", ["a", "b"], options={"speed": 3})


def test_view_never_shows_another_seats_hand():
    s = new_game("kiln", ["Ann", "Bob", "Cy"], seed=7)
    v = s.view(1)
    assert "hand_cards" in v["players"][1]
    assert all("hand_cards" not in p for i, p in enumerate(v["players"]) if i != 1)
    assert "hand_cards" not in json.dumps(s.summary())


def test_undo_steps_back_own_choices_until_news():
    s = new_game("kiln", ["A", "B"], seed=5)
    assert not s.can_undo()  # nothing chosen yet
    s.apply(next(c.key for c in s.decision().choices if c.key.startswith("zone:")))
    # A main action with a boost question or a resolution: both are A's own choices.
    assert s.can_undo()
    back = s.undo()
    assert back.record.choices == [] and back == new_game("kiln", ["A", "B"], seed=5)
    # A reroll reveals dice: it cannot be undone.
    s = new_game("kiln", ["A", "B"], seed=5)
    s.m.players[0].clay = 10
    s._decided = False
    s.apply("reroll")
    assert s.can_undo()  # opening the reroll menu revealed nothing
    s.apply(next(c.key for c in s.decision().choices if c.key.startswith("reroll:")))
    assert not s.can_undo()
    with pytest.raises(IllegalChoice):
        s.undo()


def test_undo_never_takes_back_another_seats_choice():
    s = new_game("kiln", ["A", "B"], seed=5)
    while s.decision().seat == 0:
        ks = [c.key for c in s.decision().choices]
        s.apply("end" if "end" in ks else ("noboost" if "noboost" in ks else ks[-1]))
    assert s.decision().seat == 1 and not s.can_undo()
