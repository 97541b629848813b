"""The Voynich Puzzle's table told in sentences, for plain mode's ``board``
(``inkterm/plain/board.py`` tells the scores; this tells the rest of a view: the
double page being acted on, the puzzle's pieces, each seat's knowledge, book and
research tokens, and the tokens on the board's sections). Glyphs become words here
(♣ is "botany"): a screen reader says a glyph's Unicode name. The sentences are
messages rendered in the reader's language."""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from inkterm.engine.text import Msg, Text, from_data, render

from . import words

_GLYPH_KIND = {glyph: words.KNOWLEDGE[code] for code, glyph in words.GLYPH.items()}
_GLYPH = re.compile("(\\d?)([" + "".join(_GLYPH_KIND) + "])( ?)")
#: The seats' colours (the components' English names).
COLOUR = {"Red": Msg("Red"), "Blue": Msg("Blue"), "Yellow": Msg("Yellow"), "Green": Msg("Green")}
NONE = Msg("none")


def board(view: Mapping[str, Any]) -> list[str]:
    seats = [p["name"] for p in view["players"]]
    said: list[Text] = [Msg("Start player: {name}.", name=seats[view["start"]])]
    if view["end_triggered"]:
        said.append(Msg("The end of the game is triggered (round {round}).", round=view["trigger_round"]))
    if view.get("acting"):
        said.append(Msg("Acting now: {card}; actions left: {left}.", card=words.card_words(view["acting"]),
                        left=words.actions_words(view["actions_left"])))
    pieces = view["puzzle"]["pieces"]
    for kind, cells in pieces.items():
        said.append(Msg("Puzzle, {kind} pieces: {cells}.", kind=words.KIND_NAME.get(kind, kind),
                        cells=tuple(words.cell(c) for c in cells) or NONE))
    if view["puzzle"]["unconnected"]:
        said.append(Msg("Pieces not linked to the centre: {cells}.",
                        cells=tuple(words.cell(c) for c in view["puzzle"]["unconnected"])))
    said.append(Msg("The goat points at astrology sector {goat}.", goat=view["goat"]))
    for p in view["players"]:
        said.extend(_player(p))
    for section, spaces in view["sections"].items():
        taken: Text = ""
        for sid, tokens in spaces.items():
            if tokens:
                one = Msg("{space}: {tokens}", space=words.space_words(section, sid),
                          tokens=tuple(_token(t) for t in tokens))
                taken = Msg("{list}; {item}", list=taken, item=one) if taken else one
        if taken:
            said.append(Msg("{section}: {taken}.", section=words.SECTION_NAME.get(section, section), taken=taken))
    return [plain(render(s)) for s in said] + [render(from_data(t)) for t in view.get("tiebreaks", ())]


def plain(text: str) -> str:
    """Glyphs as words: ``2♣`` -> ``2 botany``; beside its name (``a ♣ Botany group``) a
    glyph goes."""
    def word(m: re.Match) -> str:
        digit, glyph, space = m.groups()
        kind = _GLYPH_KIND[glyph]
        if not digit and space and m.string.startswith(render(words.SECTION_NAME[kind]), m.end()):
            return ""
        return (digit + " " if digit else "") + render(words.KIND_NAME[kind]) + space

    return _GLYPH.sub(word, text)


def _player(p: Mapping[str, Any]) -> list[Text]:
    knowledge = tuple(Msg("{kind} {n}", kind=words.KIND_NAME.get(kind, kind), n=n) for kind, n in p["knowledge"].items())
    said: list[Text] = [Msg("{name} ({colour}): {ok} OK; knowledge {knowledge}; research tokens on {cells}.",
                            name=p["name"], colour=COLOUR.get(p["colour"], p["colour"]), ok=p["ok"], knowledge=knowledge,
                            cells=tuple(words.cell(c) for c in p["research"]) or NONE)]
    for card in p["book"]:
        args = dict(name=p["name"], card=words.card_words(card["card"]), step=card["step"],
                    actions=words.actions_words(card["actions"]),
                    scores=words.scores_words(card["scores"], card["multiplier"]))
        if card["condition"]:
            said.append(Msg("Book of {name}: {card} on step {step} of 4: {actions}; {scores}; to advance: {condition}.",
                            condition=words.condition_words(card["condition"]), **args))
        else:
            said.append(Msg("Book of {name}: {card} on step {step} of 4: {actions}; {scores}.", **args))
    return said


def _token(t: Mapping[str, Any]) -> Text:
    if "dirty" in t:
        return Msg("dirty drop {n}", n=int(t["dirty"].lstrip("d")))
    if t["kind"] == "text":
        return Msg("{owner}'s {token}", owner=_owner(t["owner"]),
                   token=words.text_token_words(t["text"], t.get("translated", False)))
    return Msg("{owner}'s {token}", owner=_owner(t["owner"]), token=words.TOKEN_NAME.get(t["kind"], t["kind"]))


def _owner(name: str) -> Text:
    """A token's owner: a seat's name, or the neutral Grey (the view keeps it in English)."""
    return Msg("Grey") if name == "Grey" else name
