"""Words for inspecting Kiln's cards and zones: full text and where things stand, as
messages read in the reader's language.

Only what ``seat`` may know: cards in front of anyone, its own hand, the Studio draw
while it is choosing from it; never another seat's hand."""
from __future__ import annotations

from inkterm.engine.text import Msg, Text, nmsg

from .choices import TYPE_WORDS, card_text
from .content import ZONES
from .core import card_name, effect_text, zone_name


def _where(st, cid: str, seat: int | None) -> Text:
    m = st.m
    for s, p in enumerate(m.players):
        if cid in p.tableau:
            if cid in p.tapped:
                return Msg("In front of {who} (tapped this round).", who=st.name(s))
            return Msg("In front of {who}.", who=st.name(s))
    if seat is not None and cid in m.players[seat].hand:
        return Msg("In your hand.")
    if seat is not None and cid in m.studio and not m.over and st.seat == seat:
        return Msg("Drawn in the Studio.")
    if cid in m.discard:
        return Msg("In the discard pile.")
    return ""


def describe_card(st, cid: str, seat: int | None) -> Text:
    c = st.cards[cid]
    kind = (Msg("{kind}, {zone}, cost ${cost}.", kind=TYPE_WORDS[c.type], zone=zone_name(c.pip), cost=c.cost)
            if c.pip else Msg("{kind}, cost ${cost}.", kind=TYPE_WORDS[c.type], cost=c.cost))
    lines: tuple[Text, ...] = (card_name(c), kind, card_text(c))
    where = _where(st, cid, seat)
    return _lines(*lines, *((where,) if where else ()))


def _lines(*lines: Text) -> Msg:
    """Texts one per line, each in the reader's language."""
    out: Msg = Msg("{text}", text=lines[0])
    for line in lines[1:]:
        out = Msg("{first}\n{second}", first=out, second=line)
    return out


def describe_zone(st, pip: int) -> Text:
    m = st.m
    dice = m.dice[pip - 1]
    tokens = tuple(Msg("{who} {n}", who=st.name(s), n=p.tokens[pip - 1]) for s, p in enumerate(m.players))
    if dice:
        now = Msg("{dice}: a main action here gives {gives}.",
                  dice=nmsg("{n} die", "{n} dice", dice), gives=effect_text(pip, dice))
    else:
        now = Msg("No dice: no main action here until the next round.")
    return _lines(Msg("{pip} {zone}", pip=pip, zone=zone_name(pip)), now, Msg("Tokens: {tokens}.", tokens=tokens))


def describe(st, touch: str, seat: int | None) -> Text | None:
    kind, _, what = touch.partition(":")
    if kind == "card" and what in st.cards:
        return describe_card(st, what, seat)
    if kind == "zone" and what.isdigit() and 1 <= int(what) <= len(ZONES):
        return describe_zone(st, int(what))
    return None


def lookups(st, seat: int | None) -> list[tuple[str, Text]]:
    m = st.m
    out: list[tuple[str, Text]] = [
        (f"card:{cid}", Msg("{who}: {card}", who=st.name(s), card=card_name(st.cards[cid])))
        for s, p in enumerate(m.players)
        for cid in p.tableau
    ]
    if seat is not None:
        out += [(f"card:{cid}", Msg("Your hand: {card}", card=card_name(st.cards[cid])))
                for cid in m.players[seat].hand]
    out += [(f"zone:{pip}", Msg("Zone {pip} {zone}", pip=pip, zone=zone_name(pip))) for pip in range(1, len(ZONES) + 1)]
    return out
