"""Bots play through the public rules API only. A seat spec is a person's name, or a
bot: ``random``, ``greedy``, ``search`` or ``search:N`` (N iterations per move);
``bot`` is an alias of ``greedy``."""
from __future__ import annotations

import re

from .greedy import GreedyBot
from .random_bot import RandomBot
from .search import DEFAULT_ITERATIONS, SearchBot

BOT_SPECS = {"bot": GreedyBot, "random": RandomBot, "greedy": GreedyBot, "search": SearchBot}


_NUMBERED = re.compile(r"^(.*\S)\s+(\d+)$")


def _parse(spec: str) -> tuple[str, str | None]:
    spec = spec.strip()
    m = _NUMBERED.match(spec)
    if m and m.group(1).partition(":")[0].strip().lower() in BOT_SPECS:
        spec = m.group(1)  # "greedy 2": the second greedy seat
    kind, _, arg = spec.partition(":")
    return kind.strip().lower(), (arg.strip() or None) if _ else None


def number_bots(seats: list[str]) -> list[str]:
    """Seats that repeat a bot spec get numbers ("bot", "bot 2", "bot 3"), so every
    seat has a name of its own on the board and in the log."""
    out, seen = [], {}
    for s in seats:
        if is_bot(s):
            n = seen[s.lower()] = seen.get(s.lower(), 0) + 1
            out.append(s if n == 1 else f"{s} {n}")
        else:
            out.append(s)
    return out


def is_bot(spec: str) -> bool:
    kind, arg = _parse(spec)
    if kind not in BOT_SPECS:
        return False
    return arg is None or (kind == "search" and arg.isdigit() and int(arg) > 0)


def make_bot(spec: str, seed: int = 0):
    kind, arg = _parse(spec)
    try:
        cls = BOT_SPECS[kind]
    except KeyError:
        raise ValueError(f"unknown bot {spec!r}; known: {', '.join(BOT_SPECS)}") from None
    if arg is None:
        return cls(seed=seed)
    if kind != "search" or not arg.isdigit() or int(arg) < 1:
        raise ValueError(f"bad bot spec {spec!r}: only search takes a count, as search:N with N >= 1")
    return cls(seed=seed, iterations=int(arg))


__all__ = ["BOT_SPECS", "DEFAULT_ITERATIONS", "GreedyBot", "RandomBot", "SearchBot", "is_bot", "make_bot", "number_bots"]
