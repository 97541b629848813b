"""Seeds and sizes of the seeded random tests (sweeps, the conformance suite, boards
drawn for random states).

Every run plays other games: tests/conftest.py picks the run's seed at random when
the suite starts (``INKTERM_SEED=N`` repeats a run's games), prints it in the header
and again under any failure, and each test draws its games' seeds from it here. A
test puts the seed of a failing game in its message too, so ``INKTERM_SEED`` or the
game's own seed reproduces it.

A plain run (``make test``, ``pytest``) plays the quick sizes; ``INKTERM_SLOW=1``
plays the nightly ones (many more games a test), for the nightly run."""
from __future__ import annotations

import os
import random
from contextlib import contextmanager

#: The nightly sizes (``INKTERM_SLOW=1``), else the quick ones.
SLOW = os.environ.get("INKTERM_SLOW") == "1"
SEED_VARIABLE = "INKTERM_SEED"
#: A shared table's bots search this many iterations a move in a plain run (the
#: server's ``--bot-iterations``): table tests check what a table does with a bot's
#: choice, not how good it is. None (the server's default) in the nightly run.
TABLE_BOT_ITERATIONS = None if SLOW else 24


def run_seed() -> int:
    """This run's seed (set for the whole run, workers included, by tests/conftest.py)."""
    return int(os.environ.get(SEED_VARIABLE, "0"))


def size(quick: int, nightly: int) -> int:
    """How many games (or states) a test plays: ``quick`` in a plain run, ``nightly``
    with INKTERM_SLOW=1."""
    return nightly if SLOW else quick


def sample(items, count: int, salt: str) -> list:
    """``count`` of ``items`` (in their order) for this run, another choice each run so
    that every one is played over a few runs; all of them with INKTERM_SLOW=1."""
    items = list(items)
    if SLOW or count >= len(items):
        return items
    picked = set(random.Random(f"{run_seed()}:{salt}").sample(range(len(items)), count))
    return [item for i, item in enumerate(items) if i in picked]


def seeds(count: int, salt: str) -> list[int]:
    """``count`` seeds for this run, its own for each ``salt`` (name it after the test)."""
    rng = random.Random(f"{run_seed()}:{salt}")
    return [rng.randrange(1_000_000) for _ in range(count)]


@contextmanager
def game_seed(seed: int):
    """A failure inside names the game's seed (``new_game(..., seed=...)`` plays it again)."""
    try:
        yield
    except AssertionError as exc:
        raise AssertionError(f"game seed {seed}: {exc}") from exc
