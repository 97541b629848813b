"""Simple strategies a new player might try at Kiln, for the balance lab (the bots'
``probe``): each narrows the decisions its idea is about; greedy plays the rest."""
from __future__ import annotations

from inkterm.i18n import N_

from inkterm.engine.steps import key_int


def _zones(d) -> list[str]:
    return [c.key for c in d.choices if c.key.startswith("zone:")]


def _only_zones(d, keep: list[str]) -> list[str] | None:
    """The decision without the zones not in ``keep`` (its free actions stay)."""
    if not keep:
        return None
    return [c.key for c in d.choices if not c.key.startswith("zone:") or c.key in keep]


def rush(state, d) -> list[str] | None:
    return ["blank"] if any(c.key == "blank" for c in d.choices) else None


def never(state, d) -> list[str] | None:
    keys = [c.key for c in d.choices]
    if not any(k.startswith("play:") for k in keys):
        return None
    return [k for k in keys if not k.startswith("play:")]


def onezone(state, d) -> list[str] | None:
    zones = _zones(d)
    tokens = state.view(d.seat)["players"][d.seat]["tokens"]
    if not zones or not any(tokens):
        return None
    best = max(range(len(tokens)), key=lambda z: (tokens[z], -z))
    return _only_zones(d, [k for k in zones if key_int(k) == best + 1])


def biggest(state, d) -> list[str] | None:
    zones = _zones(d)
    if not zones:
        return None
    dice = state.view(d.seat)["dice"]
    most = max(dice[key_int(k) - 1] for k in zones)
    return _only_zones(d, [k for k in zones if dice[key_int(k) - 1] == most])


#: What each strategy does, in a player's words (read with ``bots.probe.probe_text``).
rush.words = N_("Make blanks as soon as you can: a blank whenever one is on offer.")  # type: ignore[attr-defined]
never.words = N_("Never buy a card: decline every card offered.")  # type: ignore[attr-defined]
onezone.words = N_("Send your workers to one zone: the one holding most of your tokens, whenever it has dice.")  # type: ignore[attr-defined]
biggest.words = N_("Always the zone with the most dice (the strongest action on the table).")  # type: ignore[attr-defined]

PROBES = {"rush": rush, "never": never, "onezone": onezone, "biggest": biggest}
