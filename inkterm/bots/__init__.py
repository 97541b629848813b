"""Bots play through the public rules API only. A seat spec is a person's name, or
one of the bot specs below (``random``; ``bot`` is an alias of it for now)."""
from __future__ import annotations

from .random_bot import RandomBot

BOT_SPECS = {"bot": RandomBot, "random": RandomBot}


def is_bot(spec: str) -> bool:
    return spec.split(":", 1)[0].strip().lower() in BOT_SPECS


def make_bot(spec: str, seed: int = 0):
    kind = spec.split(":", 1)[0].strip().lower()
    try:
        cls = BOT_SPECS[kind]
    except KeyError:
        raise ValueError(f"unknown bot {spec!r}; known: {', '.join(BOT_SPECS)}") from None
    return cls(seed=seed)


__all__ = ["BOT_SPECS", "RandomBot", "is_bot", "make_bot"]
