"""The Voynich Puzzle's table told in sentences, for plain mode's ``board``
(``inkterm/plain/board.py`` tells the scores; this tells the rest of a view: the
double page being acted on, the puzzle's pieces, each seat's knowledge, book and
research tokens, and the tokens on the board's sections). Glyphs become words here
(♣ is "botany"): a screen reader says a glyph's Unicode name."""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from . import words

_GLYPH_WORDS = {glyph: words.KNOWLEDGE[code] for code, glyph in words.GLYPH.items()}
_GLYPH = re.compile("(\\d?)([" + "".join(_GLYPH_WORDS) + "])( (?=[A-Z]))?")


def board(view: Mapping[str, Any]) -> list[str]:
    seats = [p["name"] for p in view["players"]]
    said: list[str] = ["Start player: {name}.".format(name=seats[view["start"]])]
    if view["end_triggered"]:
        said.append("The end of the game is triggered (round {round}).".format(round=view["trigger_round"]))
    if view.get("acting"):
        said.append("Acting now: {card}; actions left: {left}.".format(
            card=words.card(view["acting"]), left=plain(words.actions(view["actions_left"]))))
    pieces = view["puzzle"]["pieces"]
    for kind, cells in pieces.items():
        said.append("Puzzle, {kind} pieces: {cells}.".format(
            kind=kind, cells=", ".join(words.cell(c) for c in cells) or "none"))
    if view["puzzle"]["unconnected"]:
        said.append("Pieces not linked to the centre: {cells}.".format(
            cells=", ".join(words.cell(c) for c in view["puzzle"]["unconnected"])))
    said.append("The goat points at astrology sector {goat}.".format(goat=view["goat"]))
    for p in view["players"]:
        said.extend(_player(p))
    for section, spaces in view["sections"].items():
        taken = ["{space}: {tokens}".format(space=words.space(section, sid), tokens=", ".join(_token(t) for t in tokens))
                 for sid, tokens in spaces.items() if tokens]
        if taken:
            said.append("{section}: {taken}.".format(section=section.capitalize(), taken="; ".join(taken)))
    said.extend(view.get("tiebreaks", ()))
    return said


def plain(text: str) -> str:
    """Glyphs as words: ``2♣`` -> ``2 botany``; beside its name (``a ♣ Botany group``) a
    glyph goes."""
    def word(m: re.Match) -> str:
        digit, glyph, before_name = m.groups()
        if before_name:
            return digit
        return (digit + " " if digit else "") + _GLYPH_WORDS[glyph]

    return _GLYPH.sub(word, text)


def _player(p: Mapping[str, Any]) -> list[str]:
    knowledge = ", ".join("{kind} {n}".format(kind=kind, n=n) for kind, n in p["knowledge"].items())
    said = ["{name} ({colour}): {ok} OK; knowledge {knowledge}; research tokens on {cells}.".format(
        name=p["name"], colour=p["colour"], ok=p["ok"], knowledge=knowledge,
        cells=", ".join(words.cell(c) for c in p["research"]) or "none")]
    for card in p["book"]:
        step = card["step"]
        advance = ("; to advance: {condition}".format(condition=plain(words.condition(card["condition"])))
                   if card["condition"] else "")
        said.append("Book of {name}: {card} on step {step} of 4: {actions}; {scores}{advance}.".format(
            name=p["name"], card=words.card(card["card"]), step=step, actions=plain(words.actions(card["actions"])),
            scores=plain(words.scores(card["scores"], card["multiplier"])), advance=advance))
    return said


def _token(t: Mapping[str, Any]) -> str:
    if "dirty" in t:
        return "dirty drop {id}".format(id=t["dirty"].lstrip("d"))
    if t["kind"] == "text":
        return "{owner}'s {text}".format(owner=t["owner"], text=words.text_token(t["text"], t.get("translated", False)))
    return "{owner}'s {kind}".format(owner=t["owner"], kind=t["kind"])
