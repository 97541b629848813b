"""What the shell reads of every game's view: the contract between a game's
``summary()``/``view(seat)`` and every front end that is not the game's own board —
the status line, the game-over standings (``result.py``), the simulator's winners, a
shared table's round labels and the plain board of a game without widgets.

A game's view is its own TypedDict with many more keys; it must also be a
``TableView``. mypy checks that statically (``GameState.summary`` returns one, so each
game's override must return a compatible type) and ``tests/engine/test_view_contract.py``
checks real views of every registered game as they are played.

Items are read-only: a game may give a narrower type (``phase: str`` where the shell
takes ``str | None``, a ``list`` where it takes a ``Sequence``), and no front end
writes into a view. A key the shell may read must be declared by each game's type,
as ``NotRequired`` where the game never gives it (Inkwell has no rounds).

Only type checkers and tests import this module: the engine's hot path never does.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from typing_extensions import NotRequired, ReadOnly, TypedDict


class PlayerFacts(TypedDict):
    """One seat, as the shell reads it."""

    name: ReadOnly[str]
    score: ReadOnly[int]
    #: How the score is made: ``[label, points]`` rows (the game-over screen lists them).
    breakdown: ReadOnly[Sequence[Sequence[str | int]]]


class TableView(TypedDict):
    """The keys of ``summary()`` and ``view(seat)`` that the shell reads."""

    #: One per seat, in seat order.
    players: ReadOnly[Sequence[PlayerFacts]]
    #: The round being played, in a game with rounds (the status line, the log's labels).
    round: NotRequired[ReadOnly[int]]
    #: What part of the turn or round it is, in words (the status line).
    phase: NotRequired[ReadOnly[str | None]]
    #: The rulebook's tie-breaks as applied, in words (the game-over screen): texts as
    #: data (``engine.text.to_data``; a plain string is one too).
    tiebreaks: NotRequired[ReadOnly[Sequence[Any]]]
    #: The seats that share a win, where a game can end in one.
    winners: NotRequired[ReadOnly[Sequence[int]]]
    #: The seat that won; None when nobody did (a solo game lost).
    winner: NotRequired[ReadOnly[int | None]]
