"""A reader named You is told its own doings in the second person, and the same game
with Ann in that seat reads in the third (every game's texts are checked for slips in
tests/games/test_words.py)."""
import pytest

from tests.games.test_words import phrases_shown

# (game, seats with the reader, phrases the You game shows, the same phrases for Ann)
CASES = [
    ("kiln", ["You", "Bob"], ["You act in", "You end the turn"], ["Ann acts in", "Ann ends the turn"]),
    ("kiln", ["Bob", "Cy", "You"], ["You act in"], ["Ann acts in"]),
]


@pytest.mark.parametrize("game, seats, you_phrases, ann_phrases", CASES)
@pytest.mark.parametrize("seed", [1, 2])
def test_you_and_ann_read_their_phrases(game, seats, you_phrases, ann_phrases, seed):
    phrases_shown(game, seats, you_phrases, ann_phrases, seed)
