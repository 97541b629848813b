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

from inkterm.bots import DEFAULT_ITERATIONS, Bot, SearchBot, make_bot
from inkterm.bots.guard import GuardedBot
from inkterm.bots.hooks import hooks

log = logging.getLogger("inkterm.tables")

#: The levels a client may ask a seat to be, and the bot each plays as here.
#: inkterm.bots has no levels of its own yet: point these at its easy, normal and
#: hard once it has them (the server's caps below apply whatever they are).
LEVELS = {"easy": "greedy", "normal": "search:100", "hard": "search"}
#: Names older clients and table files use; their budgets are the server's too.
OLD_NAMES = {"bot": "greedy", "random": "random", "greedy": "greedy", "search": "search"}
#: What the refusal of any other seat says.
LEVEL_WORDS = ", ".join(LEVELS)

_NUMBERED = re.compile(r"^(.*\S)\s+\d+$")


@dataclass(frozen=True)
class BotLimits:
    #: The longest a bot thinks about one choice (a search stops there with its best).
    seconds: float = 5.0
    #: Search iterations a choice at most, which is what ``hard`` gets; None: each
    #: game's own budget (about a second a move here).
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
    """The bot that plays a seat of that name here. A seat from an older table file
    may carry a budget (``search:N``); it is capped like any other."""
    base = _base(seat_name)
    bot = make_bot(LEVELS.get(base) or OLD_NAMES.get(base) or base, seed=seed)
    if isinstance(bot, SearchBot):  # the largest budget the server allows, at most
        cap = limits.iterations or hooks(game).search_iterations or DEFAULT_ITERATIONS
        bot.iterations = min(bot.iterations or cap, cap)
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
