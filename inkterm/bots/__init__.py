"""Bots play through the public rules API only. A seat spec is a person's name, or a
bot: a level (``easy``, ``normal``, ``hard``: see ``levels``), ``random``, ``greedy``,
``search`` or ``search:N`` (N iterations per move), or one of the game's probes (a
simple scripted strategy such as ``rush``: see ``probe``); ``bot`` is the default
level, ``normal``."""
from __future__ import annotations

import re
from collections.abc import Callable

from inkterm.names import clash, clash_reason, clean_name

from .base import Bot
from .greedy import GreedyBot
from .levels import DEFAULT_ITERATIONS, DEFAULT_LEVEL, LEVELS, Level, search_budget
from .probe import ProbeBot, probe_names, probes
from .random_bot import RandomBot
from .search import SearchBot


def _level(name: str) -> Callable[..., Bot]:
    level = LEVELS[name]
    if level.search_share is None:
        return GreedyBot
    return lambda seed=0: SearchBot(seed=seed, level=name)


BOT_SPECS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot, "greedy": GreedyBot, "search": SearchBot,
    **{name: _level(name) for name in LEVELS}, "bot": _level(DEFAULT_LEVEL),
}


_NUMBERED = re.compile(r"^(.*\S)\s+(\d+)$")


def _known(kind: str) -> bool:
    return kind in BOT_SPECS or kind in probe_names()


def _parse(spec: str) -> tuple[str, str | None]:
    spec = spec.strip()
    m = _NUMBERED.match(spec)
    if m and _known(m.group(1).partition(":")[0].strip().lower()):
        spec = m.group(1)  # "greedy 2": the second greedy seat
    kind, sep, arg = spec.partition(":")
    # "search:" keeps an empty argument (not None), so it is refused, not a plain bot.
    return kind.strip().lower(), arg.strip() if sep else None


#: The bot specs a player may write, for error messages.
BOT_FORMS = ("easy, normal, hard (bot: normal), random, greedy, search, search:N (N ≥ 1 iterations "
             "per move), or a game's scripted strategy (inkterm simulate GAME --probes lists them)")


def number_bots(seats: list[str], bot: Callable[[str], bool] | None = None) -> list[str]:
    """Seats that repeat a bot spec get numbers ("bot", "bot 2", "bot 3"), so every
    seat has a name of its own on the board and in the log; a number another seat
    already carries ("bot, bot 2, bot") is skipped. ``bot`` says what is a bot
    (default ``is_bot``; a server has names of its own for its bots)."""
    typed = {s.casefold() for s in seats}
    out, seen = [], set()
    for s in seats:
        name, n = s, 1
        if (bot or is_bot)(s):
            while name.casefold() in seen or (n > 1 and name.casefold() in typed):
                n += 1
                name = f"{s} {n}"
        seen.add(name.casefold())
        out.append(name)
    return out


def check_seats(seats: list[str], game: str | None = None) -> list[str]:
    """The seats with each person's name checked as every door checks names
    (``engine.names``: printable, normalised, not too long) and repeated bots
    numbered. ValueError names the first problem: a name that is not one, a bot
    spec that is not valid (``search:abc``), or two seats whose names look alike
    (case aside, or a lookalike letter such as a Cyrillic о for an o), or a
    strategy ``game`` does not declare."""
    checked = []
    for s in (s.strip() for s in seats):
        if not s:
            raise ValueError("a seat has no name")
        if _known(_parse(s)[0]) and not is_bot(s):
            raise ValueError(f"{s!r} is not a valid bot; a seat is a name, or a bot: {BOT_FORMS}")
        if game is not None:
            check_probe(s, game)
        checked.append(s if is_bot(s) else clean_name(s))
    names = number_bots(checked)
    for i, name in enumerate(names):
        other = clash(name, names[:i])
        if other is None:
            continue
        if other.casefold() == name.casefold():
            raise ValueError(f"two seats are named {other!r}; give each player a name of their own")
        raise ValueError(f"{clash_reason(name, other)}; give each player a name that looks different")
    return names


def check_probe(spec: str, game: str) -> None:
    """ValueError if ``spec`` is a probe that ``game`` does not declare."""
    kind, _ = _parse(spec)
    if kind in BOT_SPECS or kind not in probe_names():
        return
    own = probes(game)
    if kind not in own:
        raise ValueError(f"{kind!r} is a strategy of another game; this one's: {', '.join(own) or 'none'}")


def is_bot(spec: str) -> bool:
    kind, arg = _parse(spec)
    if not _known(kind):
        return False
    return arg is None or (kind == "search" and arg.isdigit() and int(arg) > 0)


def make_bot(spec: str, seed: int = 0) -> Bot:
    kind, arg = _parse(spec)
    if kind in probe_names() and kind not in BOT_SPECS and arg is None:
        return ProbeBot(kind, seed=seed)
    try:
        cls = BOT_SPECS[kind]
    except KeyError:
        raise ValueError(f"unknown bot {spec!r}; the bots are {BOT_FORMS}") from None
    if arg is None:
        return cls(seed=seed)
    if kind != "search" or not arg.isdigit() or int(arg) < 1:
        raise ValueError(f"bad bot spec {spec!r}: only search takes a count, as search:N with N >= 1")
    return cls(seed=seed, iterations=int(arg))


__all__ = ["BOT_FORMS", "BOT_SPECS", "Bot", "DEFAULT_ITERATIONS", "DEFAULT_LEVEL", "GreedyBot", "LEVELS",
           "Level", "ProbeBot", "RandomBot", "SearchBot", "check_probe", "check_seats", "is_bot", "make_bot",
           "number_bots", "probe_names", "probes", "search_budget"]
