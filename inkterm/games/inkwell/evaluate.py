"""How the bots judge an Inkwell position, and which content each seat picked.

``evaluate`` is the public score lead (points on the table now, minus the best other
seat's; the score itself when solo): Inkwell's scores are public. ``card_picks``
lists, per seat, the techniques it took (``T<id>``) and its workspace (``W-…``), for
the simulator's per-card statistics.
"""
from __future__ import annotations


def seat_values(state, seat: int) -> list[float]:
    return [float(x) for x in state.scores()]


def evaluate(state, seat: int) -> float:
    sc = seat_values(state, seat)
    others = [x for s, x in enumerate(sc) if s != seat]
    return sc[seat] - max(others) if others else sc[seat]


VALUE_SCALE = 4.0


def card_picks(state) -> list[list[str]]:
    out = []
    for p in state.summary()["players"]:
        picks = [f"T{t['id']}" for t in p.get("techniques", [])]
        ws = p.get("workspace")
        if isinstance(ws, dict) and ws.get("id"):
            picks.append(str(ws["id"]))
        out.append(picks)
    return out


