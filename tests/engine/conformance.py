"""The games the conformance suite runs over, and how each is seated: every registered
game, the tests' toy game included (tests/conftest.py registers it)."""
from __future__ import annotations

import pytest

from inkterm.engine import GAMES
from inkterm.engine.registry import GameSpec


def seat_counts(spec: GameSpec, least: int = 1) -> list[int]:
    """The fewest and the most seats the game takes (at least ``least``)."""
    low = max(least, spec.min_players)
    return sorted({low, spec.max_players})


def seats(n: int) -> list[str]:
    return [f"S{i}" for i in range(n)]


def game_cases(least: int = 1) -> list:
    """(game id, seat count) for every registered game at its fewest and most seats."""
    return [pytest.param(gid, n, id=f"{gid}-{n}")
            for gid, spec in GAMES.items() for n in seat_counts(spec, least)]
