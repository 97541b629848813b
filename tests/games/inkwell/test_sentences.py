"""Inkwell's board in sentences (plain mode): the Abbot, the bag, the bottles, and a
workspace side chosen in secret only to the seat that chose it."""
from __future__ import annotations

from inkterm.engine import new_game
from inkterm.games.inkwell.sentences import board, cubes


def test_a_secret_workspace_side_is_said_to_its_seat_alone():
    state = new_game("inkwell", ["Ann", "Bob"], seed=21)
    first = state.decision().seat
    state.apply(state.decision().choices[0].key)  # the first seat's side, chosen in secret
    name = state.view(first)["players"][first]["workspace"]["a"]["name"]
    secret = [s for s in board(state.view(first)) if s.startswith("Your workspace side, secret for now: ")]
    assert secret and name in secret[0]
    other = 1 - first
    assert not any("secret for now" in s or name in s for s in board(state.view(other)))
    assert not any("secret for now" in s for s in board(state.summary()))


def test_the_mat_and_the_bag_in_words():
    state = new_game("inkwell", ["Ann", "Bob"], seed=3)
    said = board(state.view(0))
    view = state.view(0)
    assert said[0].startswith(f"The Abbot is on space {view['abbot']} of {view['end_space']};")
    assert any(s.startswith("In the bag: ") and f"({view['bag_total']} cubes)" in s for s in said)
    active = [b for b in view["mat"] if b["active"]]
    assert sum(s.startswith("Bottle ") for s in said) == len(active)
    assert cubes({"black": 2, "red": 0, "gold": 1}) == "2 black, 1 gold"
    assert cubes({"black": 0}) == "none"
