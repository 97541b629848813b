"""Inkwell's table told in sentences, for plain mode's ``board`` (``inkterm/plain/board.py``
tells the scores; this tells the rest of a view: the Abbot's track, the bag, the
bottles on the mat, the pages on show, each seat's page, techniques and workspace),
in the reader's language (content names from ``assets/inkwell/words.<lang>.json``)."""
from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from inkterm.engine.text import SENTENCES, Term, from_data, render
from inkterm.i18n import N_, _, ngettext

from .content import COLOUR_WORDS
from .texts import rival_level

#: The view's colour words (``content.COLOUR_WORDS``' values) in the reader's language.
COLOURS = {"black": N_("black"), "red": N_("red"), "yellow": N_("yellow"), "green": N_("green"),
           "blue": N_("blue"), "gold": N_("gold"), "any": N_("any")}
SHAPES = {"star": N_("star"), "circle": N_("circle"), "diamond": N_("diamond")}


def colour(word: str) -> str:
    return _(COLOURS[word]) if word in COLOURS else word


def board(view: Mapping[str, Any]) -> list[str]:
    seats = [p["name"] for p in view["players"]]
    said = [_("The Abbot is on space {abbot} of {end}; arrows crossed: {crossed} of {arrows}.").format(
        abbot=view["abbot"], end=view["end_space"], crossed=view["arrows_crossed"], arrows=len(view["arrows"]))]
    if view["end_phase"]:
        said.append(_("The end phase has begun."))
    said.append(_("First player: {name}.").format(name=seats[view["first_player"]]))
    said.append(ngettext("In the bag: {cubes} ({n} cube). Gold left: {gold}. Pages left in the deck: {deck}.",
                         "In the bag: {cubes} ({n} cubes). Gold left: {gold}. Pages left in the deck: {deck}.",
                         view["bag_total"]).format(cubes=cubes(view["bag"]), n=view["bag_total"], gold=view["gold"],
                                                   deck=view["deck"]))
    if any(view["hand"].values()):
        said.append(_("Cubes taken, still to place: {cubes}.").format(cubes=cubes(view["hand"])))
    for bottle in view["mat"]:
        if bottle["active"]:
            said.append(_bottle(bottle))
    for level, pages in view["display"].items():
        for page in pages:
            said.append(_("Page on show, level {level}: {page}").format(level=level, page=_page(page)))
    for p in view["players"]:
        said.extend(_player(p, p["seat"] == view.get("you"), view["players"]))
    if (rival := view.get("rival")) is not None:
        said.append(_("The Rival ({label}): {score} points; its pile: {pile}.").format(
            label=rival_level(rival), score=rival["score"], pile=cubes(rival["pile"])))
    said.extend(view.get("tiebreaks", ()))
    return said


def cubes(counts: Mapping[str, int]) -> str:
    """``2 black, 1 gold`` (the colours with any), or ``none``."""
    return _(", ").join(_("{n} {colour}").format(n=n, colour=colour(c)) for c, n in counts.items() if n) or _("none")


def _bottle(b: Mapping[str, Any]) -> str:
    said = [_("Bottle {id} ({shape}, ring {ring}): {cubes}.").format(
        id=b.get("name", b["id"]), shape=_(SHAPES[b["shape"]]) if b["shape"] in SHAPES else b["shape"],
        ring=b["ring"], cubes=cubes(b["cubes"]))]
    if (t := b.get("technique")) is not None:
        said.append(_("Technique beside it: {technique}").format(technique=technique(t)))
    if b.get("takeable") is False and b.get("why_not"):
        said.append(_("Cannot be taken now: {why}.").format(why=render(from_data(b["why_not"])).rstrip(".")))
    return functools.reduce(lambda first, second: _(SENTENCES).format(first=first, second=second), said)


def technique(t: Mapping[str, Any]) -> str:
    tid = str(t["id"])
    uses = (_("persistent") if t["uses"] == "P" else
            ngettext("{n} use", "{n} uses", int(t["uses"])).format(n=t["uses"]))
    return _("{name} ({uses}): {text}").format(name=render(Term("inkwell", "techniques", tid, t["name"])), uses=uses,
                                               text=render(Term("inkwell", "techniques", tid, t["text"], "text")))


def space_name(s: Mapping[str, Any]) -> str:
    """A space as the table calls it: its id, a standalone one "margin N" (content.Space)."""
    if s.get("role") == "standalone":
        return _("margin\u00a0{n}").format(n=s["id"][1:])
    return s.get("name", s["id"])


def _page(page: Mapping[str, Any]) -> str:
    """A page's name and what each of its spaces holds or takes."""
    spaces = _("; ").join(
        (_("{id} holds {cube}") if s["cube"] else _("{id} takes {accepts}")).format(
            id=space_name(s), cube=colour(s["cube"] or ""), accepts=colour(s["accepts"]))
        for s in page["spaces"])
    pictures = _(", ").join(_("{id} {filled} of {size}, worth {points}").format(**i)
                            for i in page["illustrations"])
    return _("{name}, multiplier colour {multiplier}. Spaces: {spaces}. Illustrations: {pictures}.").format(
        name=render(Term("inkwell", "pages", page["id"], page["name"])),
        multiplier=colour(COLOUR_WORDS.get(page["multiplier"], page["multiplier"])), spaces=spaces,
        pictures=pictures or _("none"))


def _player(p: Mapping[str, Any], yours: bool, players: Sequence[Mapping[str, Any]]) -> list[str]:
    n = p["pages_turned"]
    said = [(ngettext("{name}: {n} page turned, finished.", "{name}: {n} pages turned, finished.", n)
             if p["finished"] else ngettext("{name}: {n} page turned.", "{name}: {n} pages turned.", n))
            .format(name=p["name"], n=n)]
    if p["page"] is not None:
        said.append(_("Page of {name}, level {level}: {page}").format(
            name=p["name"], level=p["page"]["level_roman"], page=_page(p["page"])))
    for t in p["techniques"]:
        said.append(_("Technique of {name}: {technique}").format(name=p["name"], technique=technique(t)))
    ws = p["workspace"]
    if ws.get("side") and ws.get("name"):
        # Sides are shown to all once everyone has chosen; until then a view shows its
        # own seat's alone.
        secret = yours and any(other["workspace"].get("side") is None for other in players)
        said.append((_("Your workspace side, secret for now: {side}. {text}") if secret else
                     _("Workspace of {name}: {side}. {text}")).format(name=p["name"], side=ws["name"], text=ws["text"]))
    if p.get("must_turn"):
        said.append(_("{name} must turn the page.").format(name=p["name"]))
    return said
