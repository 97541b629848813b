"""Headless games between bots, many at once, and the statistics they give:
``inkterm simulate GAME --games N --seats SPEC,SPEC,...`` (see ``cli``).

The names below load on first use, so ``inkterm.sim.cli`` stays cheap to import for
the command-line parser."""
from __future__ import annotations

import importlib

_LAZY = {
    "GameResult": "runner",
    "play_game": "runner",
    "simulate": "runner",
    "summarize": "stats",
    "wilson": "stats",
}
__all__ = list(_LAZY)


def __getattr__(name: str):
    if name in _LAZY:
        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(name)
