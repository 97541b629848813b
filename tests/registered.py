"""The registered games, picked by what they are, for the generic tests.

A test outside ``tests/games/<game>/`` never names a game (test_house.py checks): it runs
over every game that has what it needs (``game_params``, ``games``), or, where a game is
only the vehicle of a test of the shell, takes the first such game in menu order
(``a_game``). What a game has is what its GameSpec declares (hidden information, secret
choices) or what its own folders hold (a lesson, a board, dealt items, bot hooks), so a
new game package is picked up by every test it qualifies for, with no edit here."""
from __future__ import annotations

from collections.abc import Callable

import pytest

from inkterm.engine import GAMES


def _lesson(gid: str) -> bool:
    from inkterm.lessons import has_lesson

    return has_lesson(gid)


def _board(gid: str) -> bool:
    from inkterm.widgets.registry import boards

    return gid in boards()


def _card_names(gid: str) -> bool:
    from inkterm.bots.hooks import hooks

    return hooks(gid).card_names is not None


def _picks(gid: str) -> bool:
    from inkterm.bots.hooks import generic_card_picks, hooks

    return hooks(gid).card_picks is not generic_card_picks


def _rules(gid: str) -> bool:
    from inkterm.screens.rules import rules_text

    return rules_text(gid) is not None


FACTS: dict[str, Callable[[str], bool]] = {
    # a game inkterm ships (a package under inkterm/games), not one the tests add
    "shipped": lambda gid: GAMES[gid].module.startswith("inkterm.games."),
    # some seat's view keeps something from the others (GameSpec.hidden_information)
    "hidden_information": lambda gid: GAMES[gid].hidden_information,
    # some decision's choice is made in secret (GameSpec.secret_topics)
    "secret_choices": lambda gid: bool(GAMES[gid].secret_topics),
    "options": lambda gid: bool(GAMES[gid].options),
    "solo": lambda gid: GAMES[gid].min_players == 1,
    # items the setup deals, which an experiment may give (``simulate --dealt``, ``--give``)
    "dealt": lambda gid: bool(GAMES[gid].state_class().give_pools()),
    # items the rules do not deal, of which every seat may be given one (``--give-each``)
    "undealt": lambda gid: bool(GAMES[gid].state_class().undealt_pool()),
    "lesson": _lesson,  # assets/<game>/lessons.json
    "board": _board,  # a board package under inkterm/widgets (else the generic board)
    "card_names": _card_names,  # the simulator's per-card tables name its cards (bot hooks)
    "picks": _picks,  # the simulator counts the cards (techniques …) each seat picked (bot hooks)
    "rules": _rules,  # a rules text (the toy game has its own)
    "scenes": lambda gid: __import__("inkterm.scenes").scenes.has_scenes(gid),  # assets/<game>/scenes.json
}


def games(seats: int | None = None, **wanted: bool) -> list[str]:
    """The registered games, in menu order, that have (or lack) each fact in ``wanted``
    and take ``seats`` seats."""
    unknown = set(wanted) - set(FACTS)
    assert not unknown, f"no such fact: {unknown}"
    return [gid for gid, spec in GAMES.items()
            if (seats is None or spec.min_players <= seats <= spec.max_players)
            and all(FACTS[fact](gid) == value for fact, value in wanted.items())]


def a_game(seats: int | None = None, **wanted: bool) -> str:
    """The first game in menu order that has what a test needs."""
    found = games(seats, **wanted)
    assert found, f"no registered game has {wanted} (seats {seats})"
    return found[0]


def game_params(seats: int | None = None, **wanted: bool) -> list:
    """``games(...)`` as pytest parameters, named by the game's id."""
    return [pytest.param(gid, id=gid) for gid in games(seats, **wanted)]
