"""Inkwell's table told in sentences, for plain mode's ``board`` (``inkterm/plain/board.py``
tells the scores; this tells the rest of a view: the Abbot's track, the bag, the
bottles on the mat, the pages on show, each seat's page, techniques and workspace)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .content import COLOUR_WORDS


def board(view: Mapping[str, Any]) -> list[str]:
    seats = [p["name"] for p in view["players"]]
    said = ["The Abbot is on space {abbot} of {end}; arrows crossed: {crossed} of {arrows}.{end_phase}".format(
        abbot=view["abbot"], end=view["end_space"], crossed=view["arrows_crossed"], arrows=len(view["arrows"]),
        end_phase=" The end phase has begun." if view["end_phase"] else "")]
    said.append("First player: {name}.".format(name=seats[view["first_player"]]))
    said.append("In the bag: {cubes} ({total} cubes). Gold left: {gold}. Pages left in the deck: {deck}.".format(
        cubes=cubes(view["bag"]), total=view["bag_total"], gold=view["gold"], deck=view["deck"]))
    if any(view["hand"].values()):
        said.append("Cubes taken, still to place: {cubes}.".format(cubes=cubes(view["hand"])))
    for bottle in view["mat"]:
        if bottle["active"]:
            said.append(_bottle(bottle))
    for level, pages in view["display"].items():
        for page in pages:
            said.append("Page on show, level {level}: {page}".format(level=level, page=_page(page)))
    for p in view["players"]:
        said.extend(_player(p, p["seat"] == view.get("you"), view["players"]))
    if (rival := view.get("rival")) is not None:
        said.append("The Rival ({label}): {score} points; its pile: {pile}.".format(
            label=rival["label"], score=rival["score"], pile=cubes(rival["pile"])))
    said.extend(view.get("tiebreaks", ()))
    return said


def cubes(counts: Mapping[str, int]) -> str:
    """``2 black, 1 gold`` (the colours with any), or ``none``."""
    return ", ".join("{n} {colour}".format(n=n, colour=colour) for colour, n in counts.items() if n) or "none"


def _bottle(b: Mapping[str, Any]) -> str:
    said = "Bottle {id} ({shape}, ring {ring}): {cubes}.".format(
        id=b.get("name", b["id"]), shape=b["shape"], ring=b["ring"], cubes=cubes(b["cubes"]))
    if (t := b.get("technique")) is not None:
        said += " " + "Technique beside it: {technique}".format(technique=technique(t))
    if b.get("takeable") is False and b.get("why_not"):
        said += " " + "Cannot be taken now: {why}.".format(why=b["why_not"].rstrip("."))
    return said


def technique(t: Mapping[str, Any]) -> str:
    uses = {"P": "persistent", "1": "1 use"}.get(t["uses"]) or "{n} uses".format(n=t["uses"])
    return "{name} ({uses}): {text}".format(name=t["name"], uses=uses, text=t["text"])


def _page(page: Mapping[str, Any]) -> str:
    """A page's name and what each of its spaces holds or takes."""
    spaces = "; ".join(
        "{id} {state}".format(id=s.get("name", s["id"]), state=("holds " + s["cube"]) if s["cube"] else "takes " + s["accepts"])
        for s in page["spaces"])
    pictures = ", ".join("{id} {filled} of {size} for {points} points".format(**i) for i in page["illustrations"])
    return "{name}, multiplier colour {multiplier}. Spaces: {spaces}. Illustrations: {pictures}.".format(
        name=page["name"], multiplier=COLOUR_WORDS.get(page["multiplier"], page["multiplier"]), spaces=spaces, pictures=pictures or "none")


def _player(p: Mapping[str, Any], yours: bool, players: Sequence[Mapping[str, Any]]) -> list[str]:
    said = ["{name}: {turned} pages turned{finished}.".format(
        name=p["name"], turned=p["pages_turned"], finished=", finished" if p["finished"] else "")]
    if p["page"] is not None:
        said.append("Page of {name}, level {level}: {page}".format(
            name=p["name"], level=p["page"]["level_roman"], page=_page(p["page"])))
    for t in p["techniques"]:
        said.append("Technique of {name}: {technique}".format(name=p["name"], technique=technique(t)))
    ws = p["workspace"]
    if ws.get("side") and ws.get("name"):
        # Sides are shown to all once everyone has chosen; until then a view shows its
        # own seat's alone.
        secret = yours and any(other["workspace"].get("side") is None for other in players)
        said.append(("Your workspace side, secret for now: {side}. {text}" if secret else
                     "Workspace of {name}: {side}. {text}").format(name=p["name"], side=ws["name"], text=ws["text"]))
    if p.get("must_turn"):
        said.append("{name} must turn the page.".format(name=p["name"]))
    return said
