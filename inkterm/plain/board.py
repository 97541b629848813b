"""The board in sentences: what the ``board`` command prints.

One mechanism for every game: the facts every view has by the view contract
(``engine/view.py``: the players and their scores, the round, the phase) are told
here; the rest of a game's view is told by the game itself, in its own folder, as
``sentences.board(view) -> list[str]`` (``inkterm/games/<game>/sentences.py``), which
may also give ``sentences.plain(text) -> str`` to say its glyphs in words wherever its
texts are read out. A game without the module gets its view's simple facts, one a line. Only the view is read, so
a seat never hears more than ``view(seat)`` holds."""
from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from inkterm.engine import GAMES
from inkterm.engine.text import seat_name
from inkterm.i18n import _, ngettext

Sentences = Callable[[Mapping[str, Any]], list[str]]

#: Keys of a view the generic telling leaves out (said elsewhere, or not for people).
_UNTOLD = {"game", "players", "tiebreaks", "winner", "winners", "over", "round", "phase"}


def _sentences_module(game: str) -> Any:
    """The game's ``sentences`` module, or None if it has none."""
    spec = GAMES.get(game)
    package = spec.module.rpartition(".")[0] if spec is not None else ""
    if not package:
        return None
    name = f"{package}.sentences"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None


def game_sentences(game: str) -> Sentences:
    """The game's own telling of its view, or the generic one."""
    return getattr(_sentences_module(game), "board", simple_facts)


def game_words(game: str) -> Callable[[str], str]:
    """How the game's texts (prompts, choices, events) read as words: a game whose
    board prints glyphs says them here (``sentences.plain``); else they stay as written."""
    return getattr(_sentences_module(game), "plain", _as_written)


def _as_written(text: str) -> str:
    return text


def board_sentences(game: str, view: Mapping[str, Any]) -> list[str]:
    """The whole board as sentences: the scores, then the game's own (the round
    and phase are in the status line told before it)."""
    said: list[str] = []
    for player in view.get("players", ()):
        said.append(score_sentence(player))
    return said + game_sentences(game)(view)


def score_sentence(player: Mapping[str, Any]) -> str:
    """``Ann: 12 points (Blanks 9, Rows 1).``"""
    parts = _(", ").join(_("{label} {points}").format(label=label, points=points)
                         for label, points in player.get("breakdown", ()) if points)
    score = player["score"]
    if parts:
        return ngettext("{name}: {score} point ({parts}).", "{name}: {score} points ({parts}).",
                        score).format(name=seat_name(player["name"]), score=score, parts=parts)
    return ngettext("{name}: {score} point.", "{name}: {score} points.", score).format(
        name=seat_name(player["name"]), score=score)


def simple_facts(view: Mapping[str, Any]) -> list[str]:
    """A view's simple facts, one a line, for a game that tells nothing itself."""
    return [f"{key}: {value}" for key, value in view.items()
            if key not in _UNTOLD and (value is None or isinstance(value, (str, int, float, bool)))]
