"""Kiln's table told in sentences, for plain mode's ``board`` (``inkterm/plain/board.py``
tells the scores; this tells the rest of a view: the zones' dice, each seat's workshop,
tableau and, to its own seat only, hand)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from inkterm.engine.text import from_data

from .content import FAVOUR_SPACES, ROW_SIZES


def board(view: Mapping[str, Any]) -> list[str]:
    seats = [p["name"] for p in view["players"]]
    said = ["Start player this round: {name}. Turn order: {order}.".format(
        name=seats[view["start_seat"]], order=", ".join(seats[s] for s in view["order"]))]
    zones = "; ".join("{pip} {zone}: {dice}".format(pip=pip, zone=zone, dice=_dice(n))
                      for pip, (zone, n) in enumerate(zip(view["zones"], view["dice"]), 1))
    said.append("Dice on the zones: {zones}.".format(zones=zones))
    if view["bellows"]:
        said.append("Free strength waiting for the next main action: {n}.".format(n=view["bellows"]))
    if view["extra_actions"]:
        said.append("Extra main actions still to come this turn: {n}.".format(n=view["extra_actions"]))
    said.append("Cards left in the deck: {deck}; discarded: {discard}.".format(
        deck=view["deck"], discard=", ".join(view["discard"]) or "none"))
    for seat, p in enumerate(view["players"]):
        said.extend(_player(p, view["zones"], seat == view.get("you")))
    for card in view.get("studio", ()):
        said.append("Studio card you may swap for: {card}".format(card=_card(card)))
    for line in view.get("tiebreaks", ()):
        said.append(str(from_data(line)))
    return said


def _dice(n: int) -> str:
    return "no dice" if n == 0 else ("1 die" if n == 1 else "{n} dice".format(n=n))


def _player(p: Mapping[str, Any], zones: list[str], yours: bool) -> list[str]:
    favour = p["favour"]
    said = [("{name}: {money} money, {clay} clay, {glaze} glaze, {supply} tokens in supply; "
             "favour at {favour} ({space}); {blanks} of {slots} blanks, {rows} rows complete; "
             "{dice} taken this round; {hand} cards in hand.").format(
        name=p["name"], money=p["money"], clay=p["clay"], glaze=p["glaze"], supply=p["supply"],
        favour=favour, space=FAVOUR_SPACES[favour], blanks=p["blanks"], slots=sum(ROW_SIZES),
        rows=p["rows"], dice=_dice(p["taken_dice"]), hand=p["hand"])]
    placed = ["{n} on {zone}".format(n=n, zone=zone) for zone, n in zip(zones, p["tokens"]) if n]
    if placed:
        said.append("Tokens of {name} on the zones: {placed}.".format(name=p["name"], placed=", ".join(placed)))
    if p["dragon"]:
        said.append("Dragon Kiln markers of {name}: {n}.".format(name=p["name"], n=p["dragon"]))
    for card in p["tableau"]:
        said.append("In front of {name}{tapped}: {card}".format(
            name=p["name"], tapped=" (tapped)" if card["tapped"] else "", card=_card(card)))
    if yours:
        for card in p.get("hand_cards", ()):
            said.append("In your hand: {card}".format(card=_card(card)))
    return said


def _card(card: Mapping[str, Any]) -> str:
    """``Glaze Vat 釉缸 (tap card, cost 1): Pay 1 clay: +2 glaze.``"""
    zone = ", zone {pip}".format(pip=card["pip"]) if card.get("pip") else ""
    return "{name} ({type} card{zone}, cost {cost}): {text}".format(
        name=card["name"], type=card["type"], zone=zone, cost=card["cost"], text=card["text"])
