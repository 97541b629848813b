"""The Voynich Puzzle's deal for the simulator: dealt() is each seat's book."""
from inkterm.engine import new_game


def test_dealt_is_the_books():
    state = new_game("voynich", ["a", "b"], seed=11)
    assert state.dealt() == [[cid for cid, _ in b] for b in state.book]
