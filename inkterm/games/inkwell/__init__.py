"""Inkwell: take ink from the mat, illuminate three pages before the Abbot loses patience.

Headless rules (no Textual): ``rules.State`` is the game; ``content`` loads the assets.
"""
from __future__ import annotations


def best_placement(state) -> list[tuple[str, str | None]]:
    """The auto-place shortcut for a UI: a good complete assignment for the cubes
    being placed now, as [(cube colour, space id or None)]; the same assignment the
    ``auto`` choice key applies. Empty when no placement is pending."""
    return state.best_placement()


__all__ = ["best_placement"]
