"""Kiln's table told in sentences, for plain mode's ``board`` (``inkterm/plain/board.py``
tells the scores; this tells the rest of a view: the zones' dice, each seat's workshop,
tableau and, to its own seat only, hand). The sentences are messages rendered in the
reader's language; cards are named by the words files, as on the board."""
from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from inkterm.engine.text import Msg, Term, Text, from_data, nmsg, render

from .content import ROW_SIZES, cards
from .core import SPACE_NAMES, zone_name

#: What kind of card a card is, as a sentence says it ("tap card").
CARD_KIND = {"play": Msg("play card"), "tap": Msg("tap card"), "persistent": Msg("persistent card"),
             "achievement": Msg("achievement card")}
NONE = Msg("none")


def board(view: Mapping[str, Any]) -> list[str]:
    seats = [p["name"] for p in view["players"]]
    said: list[Text] = [Msg("Start player this round: {name}. Turn order: {order}.",
                            name=seats[view["start_seat"]], order=tuple(seats[s] for s in view["order"]))]
    zones = tuple(Msg("{pip} {zone}: {dice}", pip=pip, zone=zone_name(pip), dice=_dice(n))
                  for pip, n in enumerate(view["dice"], 1))
    said.append(Msg("Dice on the zones: {zones}.", zones=_semicolons(zones)))
    if view["bellows"]:
        said.append(Msg("Free strength waiting for the next main action: {n}.", n=view["bellows"]))
    if view["extra_actions"]:
        said.append(Msg("Extra main actions still to come this turn: {n}.", n=view["extra_actions"]))
    said.append(Msg("Cards left in the deck: {deck}; discarded: {discard}.", deck=view["deck"],
                    discard=tuple(_named(label) for label in view["discard"]) or NONE))
    for seat, p in enumerate(view["players"]):
        said.extend(_player(p, seat == view.get("you")))
    for card in view.get("studio", ()):
        said.append(Msg("Studio card you may swap for: {card}", card=_card(card)))
    for line in view.get("tiebreaks", ()):
        said.append(from_data(line))
    return [render(s) for s in said]  # read in this process's language


def _semicolons(parts: tuple[Msg, ...]) -> Text:
    """Parts one after another with "; " between (the zones: each holds a comma)."""
    if not parts:
        return ""
    out: Text = parts[0]
    for part in parts[1:]:
        out = Msg("{first}; {second}", first=out, second=part)
    return out


def _dice(n: int) -> Msg:
    return Msg("no dice") if n == 0 else nmsg("{n} die", "{n} dice", n)


def _player(p: Mapping[str, Any], yours: bool) -> list[Text]:
    favour = p["favour"]
    said: list[Text] = [Msg(
        "{name}: {money} money, {clay} clay, {glaze} glaze, {supply} tokens in supply; "
        "favour at {favour} ({space}); {blanks} of {slots} blanks, {rows} rows complete; "
        "{dice} taken this round; {hand} cards in hand.",
        name=p["name"], money=p["money"], clay=p["clay"], glaze=p["glaze"], supply=p["supply"],
        favour=favour, space=SPACE_NAMES[favour], blanks=p["blanks"], slots=sum(ROW_SIZES),
        rows=p["rows"], dice=_dice(p["taken_dice"]), hand=p["hand"])]
    placed = tuple(Msg("{n} on {zone}", n=n, zone=zone_name(pip)) for pip, n in enumerate(p["tokens"], 1) if n)
    if placed:
        said.append(Msg("Tokens of {name} on the zones: {placed}.", name=p["name"], placed=placed))
    if p["dragon"]:
        said.append(Msg("Dragon Kiln markers of {name}: {n}.", name=p["name"], n=p["dragon"]))
    for card in p["tableau"]:
        said.append(Msg("In front of {name} (tapped): {card}", name=p["name"], card=_card(card)) if card["tapped"]
                    else Msg("In front of {name}: {card}", name=p["name"], card=_card(card)))
    if yours:
        for card in p.get("hand_cards", ()):
            said.append(Msg("In your hand: {card}", card=_card(card)))
    return said


def _card(card: Mapping[str, Any]) -> Msg:
    """``Glaze Vat 釉缸 (tap card, cost 1): Pay 1 clay: +2 glaze.``"""
    name = Term("kiln", "cards", card["id"], card["name"])
    text = Term("kiln", "cards", card["id"], card["text"], "text")
    kind = CARD_KIND.get(card["type"], card["type"])
    if card.get("pip"):
        return Msg("{name} ({kind}, zone {pip}, cost {cost}): {text}", name=name, kind=kind, pip=card["pip"],
                   cost=card["cost"], text=text)
    return Msg("{name} ({kind}, cost {cost}): {text}", name=name, kind=kind, cost=card["cost"], text=text)


@lru_cache(maxsize=None)
def _ids_by_label() -> dict[str, str]:
    return {c.label: c.id for c in cards().values()}


def _named(label: str) -> Text:
    """A discarded card (the view names it by its label) in the reader's words."""
    cid = _ids_by_label().get(label)
    return Term("kiln", "cards", cid, label) if cid else label
