"""Simple strategies a new player might try at The Voynich Puzzle, for the balance
lab (the bots' ``probe``): each narrows the decisions its idea is about; greedy plays
the rest."""
from __future__ import annotations

from inkterm.i18n import N_

from inkterm.engine.steps import parse_key

from .content import SECTIONS


def _progress(d) -> list[str]:
    return [c.key for c in d.choices if c.key.startswith("progress:")]


def rush(state, d) -> list[str] | None:
    ups = _progress(d)
    if not ups:
        return None
    cost = {k: len(parse_key(k)[1].split(":")[-1].split("+")) for k in ups}
    least = min(cost.values())
    return [k for k in ups if cost[k] == least]


def never(state, d) -> list[str] | None:
    if not _progress(d):
        return None
    return [c.key for c in d.choices if not c.key.startswith("progress:")]


def onesection(state, d) -> list[str] | None:
    opens = [c.key for c in d.choices if c.key.startswith("spread:")]
    if not opens:
        return None
    know = state.know[d.seat]
    best = SECTIONS[max(range(4), key=lambda t: (know[t], -t))]
    return [k for k in opens if parse_key(k)[1] == best] or None


#: What each strategy does, in a player's words (read with ``bots.probe.probe_text``).
rush.words = N_("Advance a card whenever you can, the cheapest advance (fewest tokens lifted) first.")  # type: ignore[attr-defined]
never.words = N_("Never advance a card: keep every card on its first step.")  # type: ignore[attr-defined]
onesection.words = N_("Work in one section: open the double page of your best knowledge whenever the golden rule allows.")  # type: ignore[attr-defined]

PROBES = {"rush": rush, "never": never, "onesection": onesection}
