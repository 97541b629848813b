"""Per-game knowledge the bots use, in the module a game's spec names as ``bot_hooks``
(the shipped games: ``inkterm/games/<game>/evaluate.py``).

A game's hooks module may define:

- ``evaluate(state, seat) -> float``: how well ``seat`` stands, read from
  ``state.view(seat)`` (or public facts) only, higher is better; best as a lead over
  the best other seat, in points.
- ``seat_values(state, seat) -> list[float]``: every seat's standing in points as
  ``seat`` sees it (for search, which needs all seats' values from one view).
- ``value_parts(state, seat) -> list[(name, points)]``: ``seat``'s own standing in
  named parts, in a player's words, that add up to its value in ``seat_values`` (and,
  alone, to ``evaluate``), so a bot's reason can say which part a move raised.
- ``VALUE_SCALE``: how many points of lead make a clear advantage (search rewards).
- ``SEARCH_ITERATIONS``: the game's default search budget (a move within ~1 s): the
  ``hard`` level's (see ``levels``).
- ``LEVEL_ITERATIONS``: a search budget per level name, where the game needs its own
  (``levels`` says what each level is otherwise).
- ``PROBES``: the simple strategies a new player might try, by seat name (``probe``).
- ``SEARCH_HORIZON``: how far a search path is played out before it is scored:
  "turn" (the end of the bot's own turn, the default), "round" (on through the other
  seats' turns to the bot's next decision) or "end" (the end of the game); beyond the
  bot's own turn every seat plays the default policy.
- ``default_choice(state, decision) -> key``: a cheap move for look-ahead.
- ``prefer(state, decision, keys) -> keys``: the choices greedy and search weigh alone
  when there are any (a move a look-ahead to the end of the turn undervalues, such as
  an advance whose worth comes over later turns; default: none, every choice is weighed).
- ``plans(state, decision) -> bool``: decisions whose worth is the rest of the turn
  played well after them (a choice that sets what the turn offers, such as a Voynich
  double page, whose worth is the card and actions chosen after it): search starts
  each such choice's subtree from the rest of the turn as greedy would play it, not
  from the cheap default policy's turn (default: none).
- ``card_picks(state) -> list[list[str]]``: per seat, the content it picked (cards,
  techniques …) for the simulator's per-card statistics.

Anything missing falls back to the generic versions here.
"""
from __future__ import annotations

import importlib
from functools import lru_cache
from types import SimpleNamespace

from inkterm.engine.registry import GAMES
from inkterm.engine.types import BACK_KEY


def generic_evaluate(state, seat: int) -> float:
    """Public score lead over the best other seat (the score alone when solo)."""
    sc = state.scores()
    others = [x for s, x in enumerate(sc) if s != seat]
    return sc[seat] - max(others) if others else float(sc[seat])


def generic_seat_values(state, seat: int) -> list[float]:
    return [float(x) for x in state.scores()]


def generic_default_choice(state, d) -> str:
    for c in d.choices:
        if c.key != BACK_KEY:
            return c.key
    return d.choices[0].key


def generic_prefer(state, d, keys: list[str]) -> list[str]:
    return []


def generic_plans(state, d) -> bool:
    return False


def generic_value_parts(state, seat: int) -> list[tuple[str, float]]:
    return [("score", float(state.scores()[seat]))]


def generic_card_picks(state) -> list[list[str]]:
    return [[] for _ in state.seats]


@lru_cache(maxsize=None)
def hooks(game: str) -> SimpleNamespace:
    spec = GAMES.get(game)
    mod = importlib.import_module(spec.bot_hooks) if spec is not None and spec.bot_hooks else None
    return SimpleNamespace(
        evaluate=getattr(mod, "evaluate", generic_evaluate),
        seat_values=getattr(mod, "seat_values", generic_seat_values),
        value_parts=getattr(mod, "value_parts", generic_value_parts),
        value_scale=getattr(mod, "VALUE_SCALE", 3.0),
        search_iterations=getattr(mod, "SEARCH_ITERATIONS", None),
        level_iterations=getattr(mod, "LEVEL_ITERATIONS", {}),
        probes=getattr(mod, "PROBES", {}),
        search_horizon=getattr(mod, "SEARCH_HORIZON", "turn"),
        default_choice=getattr(mod, "default_choice", generic_default_choice),
        prefer=getattr(mod, "prefer", generic_prefer),
        plans=getattr(mod, "plans", generic_plans),
        card_picks=getattr(mod, "card_picks", generic_card_picks),
        card_names=getattr(mod, "card_names", None),
    )
