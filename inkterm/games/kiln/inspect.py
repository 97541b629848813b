"""Words for inspecting Kiln's cards and zones: full text and where things stand.

Only what ``seat`` may know: cards in front of anyone, its own hand, the Studio draw
while it is choosing from it; never another seat's hand."""
from __future__ import annotations

from .content import ZONES
from .choices import TYPE_WORDS
from .core import effect_text


def _where(st, cid: str, seat: int | None) -> str:
    m = st.m
    for s, p in enumerate(m.players):
        if cid in p.tableau:
            tapped = " (tapped this round)" if cid in p.tapped else ""
            return f"In front of {st.name(s)}{tapped}."
    if seat is not None and cid in m.players[seat].hand:
        return "In your hand."
    if seat is not None and cid in m.studio and not m.over and st.seat == seat:
        return "Drawn in the Studio."
    if cid in m.discard:
        return "In the discard pile."
    return ""


def describe_card(st, cid: str, seat: int | None) -> str:
    c = st.cards[cid]
    zone = f", {ZONES[c.pip - 1]}" if c.pip else ""
    lines = [f"{c.name} {c.zh}", f"{TYPE_WORDS[c.type]}{zone}, cost ${c.cost}.", c.text]
    where = _where(st, cid, seat)
    return "\n".join(lines + ([where] if where else []))


def describe_zone(st, pip: int) -> str:
    m = st.m
    dice = m.dice[pip - 1]
    tokens = ", ".join(f"{st.name(s)} {p.tokens[pip - 1]}" for s, p in enumerate(m.players))
    if dice:
        now = f"{dice} {'die' if dice == 1 else 'dice'}: a main action here gives {effect_text(pip, dice)}."
    else:
        now = "No dice: no main action here until the next round."
    return f"{pip} {ZONES[pip - 1]}\n{now}\nTokens: {tokens}."


def describe(st, touch: str, seat: int | None) -> str | None:
    kind, _, what = touch.partition(":")
    if kind == "card" and what in st.cards:
        return describe_card(st, what, seat)
    if kind == "zone" and what.isdigit() and 1 <= int(what) <= len(ZONES):
        return describe_zone(st, int(what))
    return None


def lookups(st, seat: int | None) -> list[tuple[str, str]]:
    m = st.m
    out = [
        (f"card:{cid}", f"{st.name(s)}: {st.cards[cid].label}")
        for s, p in enumerate(m.players)
        for cid in p.tableau
    ]
    if seat is not None:
        out += [(f"card:{cid}", f"Your hand: {st.cards[cid].label}") for cid in m.players[seat].hand]
    out += [(f"zone:{pip}", f"Zone {pip} {name}") for pip, name in enumerate(ZONES, 1)]
    return out
