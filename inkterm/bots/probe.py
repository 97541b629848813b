"""Probes: the simple strategies a new player might try ("Turn every turn", "never
buy a card"), played as bots so the balance lab can check that none of them breaks
a game.

A game declares its probes in its bot hooks module as ``PROBES``: a dict from the
probe's seat name to a function ``(state, decision) -> keys or None`` carrying
``words`` (``fn.words = N_("…")``): what the strategy does in a player's words, a
message the catalogs translate (a probe without says its docstring's first line). The
function narrows the decision to the choices its strategy allows (None, or nothing
left among the keys worth weighing: no opinion here); greedy plays the rest of the
game and picks among what is left, so a probe differs from greedy only where its
strategy speaks. A probe function may carry ``judge``, an evaluation ``(state, seat)
-> float``: the greedy playing for it then judges positions by that, not the game's
(a yardstick such as "greedy as it played before a change").
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from inkterm.engine.registry import GAMES
from inkterm.i18n import gettext

from .explain import Reason
from .greedy import GreedyBot
from .hooks import hooks


def probes(game: str) -> dict[str, Callable]:
    """The probes ``game`` declares, by seat name."""
    return hooks(game).probes


def probe_words(fn: Callable) -> str:
    """What a probe does, in English: its words (a message), else its docstring's first line."""
    words = getattr(fn, "words", None)
    if isinstance(words, str):
        return words
    return (fn.__doc__ or "").strip().splitlines()[0].strip() if fn.__doc__ else ""


def probe_text(fn: Callable) -> str:
    """What a probe does, in the reader's language."""
    words = probe_words(fn)  # marked where the probe is declared
    return gettext(words)


@lru_cache(maxsize=1)
def probe_names() -> frozenset[str]:
    """Every probe any registered game declares: seat specs that are bots."""
    return frozenset(name for game in GAMES for name in probes(game))


class ProbeBot(GreedyBot):
    """Plays the probe ``name`` of whatever game it sits at: the probe narrows each
    decision, greedy picks among the rest."""

    def __init__(self, name: str, seed: int = 0):
        super().__init__(seed)
        self.name = name
        self.scripted = False  # the last pick was the strategy's alone (for its reason)

    def narrow(self, state, d, keys: list[str]) -> list[str]:
        table = probes(state.game_id)
        if self.name not in table:
            raise ValueError(f"{GAMES[state.game_id].title} has no strategy {self.name!r}; "
                             f"its strategies: {', '.join(table) or 'none'}")
        wanted = table[self.name](state, d) or ()
        return [k for k in keys if k in wanted] or keys

    def pick(self, state, d, keys: list[str], trace=None) -> str:
        keys = self.narrow(state, d, keys)
        self.judge = getattr(probes(state.game_id)[self.name], "judge", None)
        self.scripted = len(keys) == 1
        if self.scripted:
            return keys[0]
        return super().pick(state, d, keys, trace)

    def choose_explained(self, state) -> tuple[str, Reason]:
        self.scripted = False
        key, reason = super().choose_explained(state)
        if not self.scripted:
            return key, reason
        # The strategy's English words: each reader's process says them in its language.
        return key, Reason("scripted", note=probe_words(probes(state.game_id)[self.name]))
