"""The bots at shared tables are the server's to size. A client names a level; the
server decides what each costs (a search budget it caps, a deadline for every
choice), and each bot thinks on a thread of its own, so no table waits on another
table's bot and a server that is stopping tells them all to answer at once.
"""
from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from inkterm.bots import Bot, SearchBot, make_bot
from inkterm.bots.guard import GuardedBot
from inkterm.bots.levels import LEVELS as LEVELS  # the levels a client may ask for: the bots' own
from inkterm.bots.levels import search_budget

log = logging.getLogger("inkterm.tables")

#: Names older clients and table files use: bot specs as ``inkterm.bots`` reads them
#: (``bot`` is the default level); their budgets are the server's too.
OLD_NAMES = ("bot", "random", "greedy", "search")
#: What the refusal of any other seat says.
LEVEL_WORDS = ", ".join(LEVELS)

_NUMBERED = re.compile(r"^(.*\S)\s+\d+$")


@dataclass(frozen=True)
class BotLimits:
    #: The longest a bot thinks about one choice (a search stops there with its best).
    seconds: float = 5.0
    #: Search iterations a choice at most, which is what ``hard`` gets (``normal`` its
    #: share of it, as ``inkterm.bots.levels`` says); None: each game's own budget
    #: (about a second a move here).
    iterations: int | None = None


def _base(seat_name: str) -> str:
    """A bot seat's name without its number ("hard 2" → "hard")."""
    name = seat_name.strip().lower()
    m = _NUMBERED.match(name)
    return m.group(1) if m else name


def is_level(spec: str) -> bool:
    """May a client ask for this bot? A level or an old name: never a budget."""
    return _base(spec) in LEVELS or _base(spec) in OLD_NAMES


def server_bot(seat_name: str, game: str, limits: BotLimits, seed: int) -> Bot:
    """The bot that plays a seat of that name here: the level's own bot (what a local
    seat of that level plays), its search budget the level's share of the server's
    cap. A seat from an older table file may carry a budget (``search:N``); it is
    capped like any other."""
    bot = make_bot(_base(seat_name), seed=seed)
    if isinstance(bot, SearchBot):
        cap = search_budget(game, "hard", limits.iterations)
        own = bot.iterations or search_budget(game, bot.level, limits.iterations)
        bot.iterations = min(own, cap)
    return bot


class BotRunner:
    """Each bot's choice on a daemon thread of its own (a server being stopped never
    waits for one), told to stop at its deadline or when the server stops."""

    def __init__(self, limits: BotLimits) -> None:
        self.limits = limits
        self._stopping = threading.Event()

    def think(self, bot: Bot, state, done: Callable[[str | None], None], label: str) -> None:
        """``done(key)`` is called on the bot's thread with its choice (None: the bot
        failed, which is logged); not at all once the runner is stopped."""
        deadline = time.monotonic() + self.limits.seconds

        def stop() -> bool:
            return self._stopping.is_set() or time.monotonic() > deadline

        def run() -> None:
            key = None
            if isinstance(bot, GuardedBot):
                bot.stop = stop
            try:
                key = bot.choose(state)
            except Exception:
                log.exception("the bot at %s failed to choose", label)
            finally:
                if isinstance(bot, GuardedBot):
                    bot.stop = None
            late = time.monotonic() - deadline
            if late > 1.0:
                log.warning("the bot at %s took %.1f s past its deadline", label, late)
            if not self._stopping.is_set():
                done(key)

        threading.Thread(target=run, name=f"bot {label}", daemon=True).start()

    def stop(self) -> None:
        self._stopping.set()
