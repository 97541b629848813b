"""Simple strategies a new player might try at Inkwell, for the balance lab (the
bots' ``probe``): each narrows the main decision, Take or Turn; greedy plays the rest
(which page, where the cubes go, the techniques)."""
from __future__ import annotations

from inkterm.engine.steps import parse_key
from inkterm.i18n import N_

from .model import T_MAIN


def rush(state, d) -> list[str] | None:
    """Turn every turn: finish the three pages as fast as the rules allow."""
    return ["turn"] if d.topic == T_MAIN else None


def never(state, d) -> list[str] | None:
    """Never Turn by choice: Take while any bottle fits, Turn only when forced."""
    return [c.key for c in d.choices if c.key != "turn"] if d.topic == T_MAIN else None


def hoard(state, d) -> list[str] | None:
    """Take the fullest bottle that fits, every turn; Turn only when none fits."""
    if d.topic != T_MAIN:
        return None
    takes = [(sum(state.bottles[parse_key(c.key)[1]]), c.key) for c in d.choices if c.key.startswith("take:")]
    if not takes:
        return None
    most = max(n for n, _ in takes)
    return [k for n, k in takes if n == most]


#: What each strategy does, in a player's words (read with ``bots.probe.probe_text``).
rush.words = N_("Turn every turn: finish the three pages as fast as the rules allow.")  # type: ignore[attr-defined]
never.words = N_("Never Turn by choice: Take while any bottle fits, Turn only when forced.")  # type: ignore[attr-defined]
hoard.words = N_("Take the fullest bottle that fits, every turn; Turn only when none fits.")  # type: ignore[attr-defined]

PROBES = {"rush": rush, "never": never, "hoard": hoard}
