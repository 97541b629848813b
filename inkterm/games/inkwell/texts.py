"""Inkwell's words as data (``engine/text.py``): content names as ``Term``s, colours and
spaces as messages, made once where they never change (a game's content objects live as
long as the process, so they key the caches), rendered late in the reader's language.
The rules build these; nobody formats them until a player reads."""
from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from inkterm.engine.text import Msg, Term, Text, one_of

from .content import COLOUR_WORDS, CUBE_NAMES, Space

#: A colour's word by its code (``content.COLOUR_WORDS``), and by cube type.
COLOUR = {"K": Msg("black"), "R": Msg("red"), "Y": Msg("yellow"), "G": Msg("green"), "B": Msg("blue"),
          "*": Msg("gold"), "?": Msg("any")}
assert {c: m.id for c, m in COLOUR.items()} == COLOUR_WORDS
CUBE = tuple(COLOUR["KRYGB*"[t]] for t in range(6))
assert tuple(m.id for m in CUBE) == CUBE_NAMES
#: A bottle's shape in words.
SHAPE = {"star": Msg("star"), "circle": Msg("circle"), "diamond": Msg("diamond")}
#: The Turn's scoring lines that belong to the page (the rest are a workspace side's
#: or a technique's name).
ILLUSTRATIONS = Msg("illustrations")
MULTIPLIER = Msg("multiplier")


@cache
def term(kind: str, id: str, english: str, field: str = "name") -> Term:
    """A content item's name (or text) in ``assets/inkwell/words.<lang>.json``; made once."""
    return Term("inkwell", kind, id, english, field)


@cache
def technique(C, tid: int) -> Term:
    """Technique ``tid``'s name."""
    return term("techniques", str(tid), C.techniques[tid].name)


@cache
def technique_text(C, tid: int) -> Term:
    return term("techniques", str(tid), C.techniques[tid].text, "text")


def page(C, pid: str) -> Term:
    """Page ``pid``'s name."""
    return term("pages", pid, C.pages[pid].name)


def side_name(ws, side: str) -> Term:
    """A workspace side's name (``side`` "A" or "B")."""
    return term("workspaces", f"{ws.id}.{side.lower()}", (ws.a if side == "A" else ws.b).name)


def side_text(ws, side: str) -> Term:
    return term("workspaces", f"{ws.id}.{side.lower()}", (ws.a if side == "A" else ws.b).text, "text")


@cache
def space(sp: Space) -> Msg | str:
    """What the table calls a page's space: its id, "margin 1" for a standalone one."""
    return Msg("margin\u00a0{n}", n=int(sp.sid[1:])) if sp.role == "standalone" else sp.sid


def either(shapes) -> Text:
    """Bottle shapes as a choice: "star or circle"."""
    return one_of([SHAPE.get(s, s) for s in shapes])


def rival_level(rival: Mapping[str, Any]) -> str:
    """The solo Rival's difficulty (a view's ``rival``) as the game's options call it,
    in the reader's words: "Standard", "標準"."""
    from inkterm.translated import choice_words

    label = str(rival.get("label", rival.get("difficulty", "")))
    return choice_words("inkwell", "difficulty", rival.get("difficulty"), label)
