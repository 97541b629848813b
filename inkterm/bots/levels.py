"""The bots as people choose them: three levels in words, and what each one is.

This is the one place that maps a level to a bot (the setup screen, ``--seats``,
shared tables and the README all read it): ``easy`` is greedy, which plays the move
that looks best this turn; ``normal`` and ``hard`` are search, which plays each
choice out many times, with a smaller and the full budget of the game (a game's bot
hooks may set a level's budget in ``LEVEL_ITERATIONS``; plain ``search`` is ``hard``);
both judge a position by the game's one evaluation.
``bot`` is the level a table with people gets by default.
"""
from __future__ import annotations

from dataclasses import dataclass

from inkterm.i18n import N_, _

from .hooks import hooks

DEFAULT_ITERATIONS = 400  # search's budget in a game that sets none


@dataclass(frozen=True)
class Level:
    name: str
    words: str  # what a player is up against, for the setup screen and the README
    search_share: float | None  # None: greedy; else this share of the game's search budget


LEVELS: dict[str, Level] = {
    "easy": Level("easy", N_("plays the move that looks best now"), None),
    "normal": Level("normal", N_("plays each choice out many times"), 0.25),
    "hard": Level("hard", N_("is the strongest, about a second a move"), 1.0),
}
DEFAULT_LEVEL = "normal"  # what "bot" means: the default bot at a table with people


def levels_in_words() -> str:
    """The levels as one sentence, for the setup screen: "easy plays …; normal (bot) …"."""
    return _("; ").join(f"{name}{' (bot)' if name == DEFAULT_LEVEL else ''} {_(lv.words)}"
                        for name, lv in LEVELS.items())


def search_budget(game: str, level: str = "hard", full: int | None = None) -> int:
    """The iterations a search move of ``level`` runs in ``game``: its share of the
    game's budget, or of ``full`` where a server sets the most a move may spend."""
    h = hooks(game)
    own = h.level_iterations.get(level)
    if own and full is None:
        return int(own)
    full = full or h.search_iterations or DEFAULT_ITERATIONS
    share = LEVELS[level].search_share if level in LEVELS else 1.0
    return max(1, round(full * (share or 1.0)))
