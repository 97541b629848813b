"""No score goes below zero, by rule: a price in points is offered only to a seat that
can pay it, like any other price. Random games of every registered game, at every
seat count in turn, check every seat's score after every choice.

1,000 games a game with ``INKTERM_SLOW=1`` (``make test``); 100 in a quick run
(a game's old rule broke it in about one random game in ten)."""
import os
import random

import pytest

from inkterm.engine import GAMES, new_game

GAMES_EACH = 1000 if os.environ.get("INKTERM_SLOW") == "1" else 100
MAX_CHOICES = 5000


def negative_score(game: str, seats: int, seed: int) -> str | None:
    """Where a random game of ``game`` first shows a score below 0, or None."""
    state = new_game(game, [f"S{i}" for i in range(seats)], seed=seed)
    rng = random.Random(seed)
    for n in range(MAX_CHOICES):
        if state.is_over:
            return None
        d = state.decision()
        key = rng.choice(d.choices).key
        state.apply(key)
        scores = state.scores()
        if min(scores) < 0:
            return f"{game} with {seats} seats, seed {seed}: choice {n + 1} ({key!r}) left scores {scores}"
    raise AssertionError(f"{game} seed {seed}: no end after {MAX_CHOICES} random choices")


@pytest.mark.parametrize("game", list(GAMES))
def test_no_score_goes_below_zero_in_random_games(game):
    spec = GAMES[game]
    counts = list(range(spec.min_players, spec.max_players + 1))
    for seed in range(GAMES_EACH):
        where = negative_score(game, counts[seed % len(counts)], seed)
        assert where is None, where
