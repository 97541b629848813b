"""The Voynich Puzzle in a player's words.

The data and the choice keys speak in codes (``bo.grow``, ``G2:Bo``, ``STEM1``,
``2Bo+rs.centre``); everything a player reads — the board, the book, the menu, its
hints and the log — goes through this module, so the codes never reach the screen.
No Textual here: the rules, the bots' narration and the widgets all use it.

The rules take each text as data (``*_words``: a ``Msg`` from ``engine/text.py``,
rendered in the reader's language where it is read); the older names (``card``,
``action``, ``condition`` …) give the same text already rendered, for the board
widgets that build their own strings.
"""
from __future__ import annotations

import re
from functools import lru_cache

from inkterm.engine.text import LIST_SEPARATOR, Msg, Text, nmsg, one_of, pmsg, render
from inkterm.i18n import N_
from inkterm.i18n import gettext as _

# The four knowledge types by their track abbreviation, and the glyph the board uses.
KNOWLEDGE = {"Bo": "botany", "As": "astrology", "Ba": "baths", "Wr": "writing"}
GLYPH = {"Bo": "♣", "As": "★", "Ba": "≈", "Wr": "¶"}
TYPE_GLYPH = {"botany": "♣", "astrology": "★", "baths": "≈", "writing": "¶"}
SECTION_ABBR = {"BO": "botany", "AS": "astrology", "BA": "baths", "WR": "writing", "RE": "recipes"}
#: How a card turns to its next step (the card's arrow), in words: the rules' own
#: "rotate 180°" and "flip over".
TURN = {"rotate": pmsg("card", "rotate"), "flip": pmsg("card", "flip")}
LEGEND = "♣ Botany  ★ Astrology  ≈ Baths  ¶ Writing  OK overall knowledge"

# What an action does, as short as a card can say it.
ACTION = {
    "bo.leaf": Msg("a leaf onto Botany"),
    "bo.drop": Msg("a drop onto a root"),
    "bo.grow": Msg("grow a leaf or drop"),
    "as.star": Msg("a star onto Astrology"),
    "as.text": Msg("a text onto Astrology"),
    "as.goat": Msg("turn the goat"),
    "ba.drop": Msg("a drop into a fountain"),
    "ba.purify": Msg("purify a dirty drop"),
    "ba.transform": Msg("turn a Baths drop into a leaf"),
    "wr.text": Msg("a text onto Writing"),
    "wr.star": Msg("a star onto Writing"),
    "wr.translate": Msg("translate a text"),
    "re.leaf": Msg("a leaf to Recipes"),
    "re.star": Msg("a star to Recipes"),
    "re.drop": Msg("a drop to Recipes"),
    "re.text": Msg("a text to Recipes"),
    "re.any": Msg("any token to Recipes"),
    "rs.centre": Msg("research → centre"),
    "rs.any": Msg("research → any piece"),
    "rs.N": Msg("move research north"),
    "rs.E": Msg("move research east"),
    "rs.S": Msg("move research south"),
    "rs.W": Msg("move research west"),
    "rs.step": Msg("move research 1 step"),
}

_GAIN = re.compile(r"^(\d+)(Bo|As|Ba|Wr|OK)$")
_TIMES = re.compile(r"^x(\d+)$")


@lru_cache(maxsize=None)  # a message is immutable: the rules ask for the same ones all game
def gain_words(code: str) -> Text:
    """``2Bo`` -> ``2♣``, ``1OK`` -> ``1 OK``, ``x3`` -> ``the text ×3``; an action code -> its words."""
    m = _GAIN.match(code)
    if m:
        n, kind = m.groups()
        return f"{n} OK" if kind == "OK" else f"{n}{GLYPH[kind]}"
    m = _TIMES.match(code)
    if m:
        return Msg("the text ×{n}", n=int(m.group(1)))
    return ACTION.get(code, code)


@lru_cache(maxsize=None)  # a message is immutable: the rules ask for the same ones all game
def action_words(code: str) -> Text:
    """One card action: ``wr.text/wr.translate`` -> ``a text onto Writing or translate a text``."""
    said: Text = ""
    for c in code.split("/"):
        one = Msg("gain {reward}", reward=gain_words(c)) if _GAIN.match(c) else gain_words(c)
        said = Msg("{either} or {other}", either=said, other=one) if said else one
    return said


def actions_words(codes: list[str]) -> Text:
    return _actions_words(tuple(codes))


@lru_cache(maxsize=None)
def _actions_words(codes: tuple[str, ...]) -> Text:
    said: Text = ""
    for c in codes:
        said = Msg("{actions}; {action}", actions=said, action=action_words(c)) if said else action_words(c)
    return said or Msg("nothing")


def gain(code: str) -> str:
    return render(gain_words(code))


def action(code: str) -> str:
    return render(action_words(code))


def actions(codes: list[str]) -> str:
    return render(actions_words(codes))


# Where a reward shares a row with a board's spaces, its actions in fewer words.
SHORT_ACTION = {"rs.step": Msg("research step"), "rs.centre": Msg("research→centre"),
                "rs.any": Msg("research→any")}
#: A list of a reward's parts (the language's own separator).
ITEMS = "{items}"


@lru_cache(maxsize=None)  # a message is immutable: the rules ask for the same ones all game
def reward_words(code: str, short: bool = False) -> Text:
    """A printed reward: ``1Bo+rs.centre`` -> ``1♣, research → centre``; '' -> 'nothing'.
    Gains alone are glyphs and numbers, the same in every language."""
    if not code:
        return Msg("nothing")
    parts = [p for p in code.replace(" ", "").split("+") if p]
    gains = " ".join(gain_words(p) for p in parts if _GAIN.match(p))  # type: ignore[misc]
    rest = [(SHORT_ACTION.get(p) if short else None) or gain_words(p) for p in parts if not _GAIN.match(p)]
    if not rest:
        return gains
    if not gains and len(rest) == 1:
        return rest[0]
    return Msg(ITEMS, items=tuple(([gains] if gains else []) + rest))


def reward(code: str, short: bool = False) -> str:
    return render(reward_words(code, short))


# --- rewards as the board prints them beside its spaces -------------------------------------
#: A reward's actions in the glyphs the board prints: a token, an arrow, where it goes
#: (the legend, GLYPH_WORDS, says each in words).
ACTION_GLYPH = {"rs.centre": "▲◎", "rs.any": "▲*", "rs.step": "▲↔", "as.star": "☆★", "wr.star": "☆¶"}

#: Every glyph a Voynich board draws, in words: the legend lines under its parts list
#: the ones they use (``legend``).
GLYPH_WORDS = {
    "♣": N_("Botany"),
    "★": N_("Astrology"),
    "≈": N_("Baths"),
    "¶": N_("Writing"),
    "OK": N_("overall knowledge"),
    "○": N_("empty"),
    "R♣": N_("a token (owner, kind)"),
    "▲◎": N_("research token onto the centre"),
    "▲*": N_("research token onto any piece"),
    "▲↔": N_("move a research token 1 step"),
    "☆★": N_("a star onto Astrology"),
    "☆¶": N_("a star onto Writing"),
    "-": N_("closed till the inner one is filled"),
    "✓": N_("translated"),
    "✕": N_("dirty drop"),
    "⇒": N_("pays the star's and the text's owners"),
    "½": N_("one of the two placed"),
    "×N": N_("the text's reward ×N"),
    "★+": N_("a star there also gains"),
}
#: Glyphs the legend says together: a research token and where it goes, a star and
#: the section it goes to.
GLYPH_GROUPS = {"▲": N_("research token:"), "☆": N_("a star onto")}
IN_GROUP = {"▲◎": N_("onto the centre"), "▲*": N_("onto any piece"), "▲↔": N_("1 step"), "☆★": N_("Astrology"), "☆¶": N_("Writing")}


#: The puzzle's key, under it: its letters, its frame and values, its pieces.
PUZZLE_KEY = (
    N_("A–D: a piece there must show it"),
    N_("CAPITAL: inside an outer circle"),
    N_("─│ the frame: edge cells"),
    N_("◤◥◣◢ corners (not edge cells)"),
    N_("lifting a token pays row + col in OK"),
    N_("◎ centre · ? unlinked · R B2 research"),
)


def reward_glyphs(code: str) -> str:
    """A printed reward as the board shows it beside its space, its parts side by side
    (each gain starts with its number): ``1Bo+rs.centre`` -> ``1♣▲◎``, ``3Bo+2OK`` ->
    ``3♣2 OK``, ``x3`` -> ``×3``; '' -> ''."""
    parts = []
    for p in code.replace(" ", "").split("+"):
        if not p:
            continue
        m = _GAIN.match(p)
        t = _TIMES.match(p)
        parts.append(f"{m.group(1)} OK" if m and m.group(2) == "OK" else f"{m.group(1)}{GLYPH[m.group(2)]}" if m
                     else f"×{t.group(1)}" if t else ACTION_GLYPH.get(p) or render(ACTION.get(p, p)))
    return "".join(parts)


def legend(glyphs: list[str]) -> str:
    """The legend of the glyphs a part draws, in GLYPH_WORDS' order, a group's glyphs
    together: ``○ empty · ▲ research token: ◎ centre, ↔ 1 step · …``."""
    out: list[str] = []
    groups: dict[str, list[str]] = {}
    for g in GLYPH_WORDS:
        if g not in glyphs:
            continue
        head = g[0] if g[0] in GLYPH_GROUPS and len(g) > 1 else None
        if head is None:
            out.append(f"{g} {_(GLYPH_WORDS[g])}")
            continue
        if head not in groups:
            groups[head] = []
            out.append(head)  # the group's place, filled in below
        groups[head].append(f"{g[1:]} {_(IN_GROUP[g])}")
    joined = _(LIST_SEPARATOR)
    return " · ".join(f"{g} {_(GLYPH_GROUPS[g])} {joined.join(groups[g])}" if g in groups else g for g in out)


# --- conditions ----------------------------------------------------------------------------
_ICON = re.compile(r"^(\d)?([A-Z])(\d)?(?::(.+))?$")


@lru_cache(maxsize=None)  # a message is immutable: the rules ask for the same ones all game
def condition_icon_words(icon: str, short: bool = False) -> Text:
    """A condition icon in words: ``G2:Bo`` -> ``1 token in a ♣ Botany group of 2+``
    (``short``: ``1 token in a ♣ group of 2+``)."""
    m = _ICON.match(icon.strip())
    if not m:
        return icon
    count, kind, n, colour = m.groups()
    k = int(count or 1)
    if colour in (None, "*"):
        col: Text = ""
    elif short:
        col = GLYPH.get(colour, colour)
    else:
        col = Msg("{glyph} {kind}", glyph=GLYPH.get(colour, ""), kind=SECTION_NAME.get(KNOWLEDGE.get(colour, ""), colour))
    if k == 1:  # one token: its own sentence, not a count's singular form
        if kind == "G":
            return Msg("1 token in a {kind} group of {size}+", kind=col, size=n) if col else Msg(
                "1 token in a group of {size}+", size=n)
        if kind == "A":
            return Msg("1 token next to (outside) a {kind} group of {size}+", kind=col, size=n) if col else Msg(
                "1 token next to (outside) a group of {size}+", size=n)
        if kind == "E":
            return Msg("1 token on a {kind} edge piece (not a corner)", kind=col) if col else Msg(
                "1 token on an edge piece (not a corner)")
        if kind == "C":
            return Msg("1 token on a {kind} corner piece", kind=col) if col else Msg("1 token on a corner piece")
        if kind == "O":
            return Msg("1 token on a {kind} piece in an outer circle", kind=col) if col else Msg(
                "1 token on a piece in an outer circle")
        if kind == "S":
            return Msg("1 token in a one-type group of {size}+", size=n)
        if kind == "M":
            return Msg("1 token on a piece with {size}+ types around it", size=n)
        return icon
    if kind == "G":
        return (nmsg("{n} token, each in a different {kind} group of {size}+",
                     "{n} tokens, each in a different {kind} group of {size}+", k, kind=col, size=n) if col else
                nmsg("{n} token, each in a different group of {size}+", "{n} tokens, each in a different group of {size}+",
                     k, size=n))
    if kind == "A":
        return (nmsg("{n} token, each next to (outside) a different {kind} group of {size}+",
                     "{n} tokens, each next to (outside) a different {kind} group of {size}+", k, kind=col, size=n)
                if col else
                nmsg("{n} token, each next to (outside) a different group of {size}+",
                     "{n} tokens, each next to (outside) a different group of {size}+", k, size=n))
    if kind == "E":
        return (nmsg("{n} token on {n} different {kind} edge pieces (not corners)",
                     "{n} tokens on {n} different {kind} edge pieces (not corners)", k, kind=col) if col else
                nmsg("{n} token on {n} different edge pieces (not corners)",
                     "{n} tokens on {n} different edge pieces (not corners)", k))
    if kind == "C":
        return (nmsg("{n} token on {n} different {kind} corner pieces", "{n} tokens on {n} different {kind} corner pieces",
                     k, kind=col) if col else
                nmsg("{n} token on {n} different corner pieces", "{n} tokens on {n} different corner pieces", k))
    if kind == "O":
        return (nmsg("{n} token on {kind} pieces in {n} different outer circles",
                     "{n} tokens on {kind} pieces in {n} different outer circles", k, kind=col) if col else
                nmsg("{n} token on pieces in {n} different outer circles",
                     "{n} tokens on pieces in {n} different outer circles", k))
    if kind == "S":
        return nmsg("{n} token in {n} different groups of {size}+ of one type",
                    "{n} tokens in {n} different groups of {size}+ of one type", k, size=n)
    if kind == "M":
        return nmsg("{n} token on {n} pieces, each with {size}+ types around it",
                    "{n} tokens on {n} pieces, each with {size}+ types around it", k, size=n)
    return icon


def condition_words(icons: list[str], short: bool = False) -> Text:
    return _condition_words(tuple(icons), short)


@lru_cache(maxsize=None)
def _condition_words(icons: tuple[str, ...], short: bool) -> Text:
    said: Text = ""
    for i in icons:
        one = condition_icon_words(i, short)
        said = Msg("{condition} + {more}", condition=said, more=one) if said else one
    return said


def condition_icon(icon: str, short: bool = False) -> str:
    return render(condition_icon_words(icon, short))


def condition(icons: list[str], short: bool = False) -> str:
    return render(condition_words(icons, short))


# --- spaces --------------------------------------------------------------------------------
_BOTANY = (
    (re.compile(r"^RT(\d)$"), "root tip {n}"),
    (re.compile(r"^RU(\d)$"), "root {n}"),
    (re.compile(r"^BASE$"), "the base"),
    (re.compile(r"^STEM(\d)$"), "stem {n}"),
    (re.compile(r"^BR(\d)([a-z])$"), "branch {n}{letter}"),
    (re.compile(r"^FL(\d)$"), "flower {n}"),
)
#: (the extraction sees each message once, here)
_BOTANY_WORDS = (Msg("root tip {n}"), Msg("root {n}"), Msg("the base"), Msg("stem {n}"), Msg("branch {n}{letter}"),
                 Msg("flower {n}"))
BATHS = {
    "FNL": Msg("the left fountain"), "FNR": Msg("the right fountain"),
    "SL1": Msg("left stream 1"), "SL2": Msg("left stream 2"),
    "DW": Msg("the dirty-water space"), "SR1": Msg("right stream 1"),
    "J1": Msg("the joined stream 1"), "J2": Msg("the joined stream 2"),
    "POOL1": Msg("Pool 1"), "CH1": Msg("channel 1"), "CH2": Msg("channel 2"),
}
#: A fountain at the start of a choice's label.
FOUNTAIN_LABEL = {"FNL": Msg("The left fountain"), "FNR": Msg("The right fountain")}
_P2 = re.compile(r"^P2([a-d])$")
_ASTRO = re.compile(r"^(\d)(I|O1|O2)(?::(star|text))?$")
_WRITING = re.compile(r"^W(\d)(?::([ts])(\d))?$")
_RECIPE = re.compile(r"^(leaf|star|drop|text):(\d)$")
SECTION_CODE = {"bo": "botany", "as": "astrology", "ba": "baths", "wr": "writing", "re": "recipes"}
#: The sections (and the knowledge kinds) by name: capitalised, and inside a sentence.
SECTION_NAME = {"botany": Msg("Botany"), "astrology": Msg("Astrology"), "baths": Msg("Baths"),
                "writing": Msg("Writing"), "recipes": Msg("Recipes")}
KIND_NAME = {"botany": Msg("botany"), "astrology": Msg("astrology"), "baths": Msg("baths"), "writing": Msg("writing")}
#: The tokens by kind, inside a sentence and at the start of a label.
TOKEN_NAME = {"leaf": Msg("leaf"), "drop": Msg("drop"), "star": Msg("star"), "text": Msg("text")}
TOKEN_LABEL = {"leaf": Msg("Leaf"), "drop": Msg("Drop"), "star": Msg("Star"), "text": Msg("Text")}


def constellation_words(code: str, capital: bool = False) -> Text:
    """``2O1`` -> ``sector 2, outer 1``; ``3I`` -> ``sector 3, inner`` (``capital``: ``Sector …``)."""
    m = _ASTRO.match(code)
    if not m:
        return code
    sector, ring, _ = m.groups()
    if ring == "I":
        return Msg("Sector {sector}, inner", sector=int(sector)) if capital else Msg("sector {sector}, inner",
                                                                                     sector=int(sector))
    if capital:
        return Msg("Sector {sector}, outer {ring}", sector=int(sector), ring=int(ring[1]))
    return Msg("sector {sector}, outer {ring}", sector=int(sector), ring=int(ring[1]))


def constellation(code: str) -> str:
    return render(constellation_words(code))


@lru_cache(maxsize=None)  # a message is immutable: the rules ask for the same ones all game
def space_words(section: str, sid: str) -> Text:
    """A board space in words, without its section: ``botany``, ``STEM1`` -> ``stem 1``."""
    if section == "botany":
        for (pat, msgid), said in zip(_BOTANY, _BOTANY_WORDS):
            m = pat.match(sid)
            if m:
                g = m.groups()
                if len(g) == 2:
                    return Msg(msgid, n=int(g[0]), letter=g[1])
                return Msg(msgid, n=int(g[0])) if g else said
    elif section == "baths":
        if sid in BATHS:
            return BATHS[sid]
        m = _P2.match(sid)
        if m:
            return Msg("Pool 2 slot {slot}", slot=m.group(1))
    elif section == "astrology":
        m = _ASTRO.match(sid)
        if m:
            kind = m.group(3)
            const = constellation_words(sid.split(":")[0])
            if kind == "star":
                return Msg("{constellation} star", constellation=const)
            if kind == "text":
                return Msg("{constellation} text", constellation=const)
            return const
    elif section == "writing":
        m = _WRITING.match(sid)
        if m:
            row, kind, n = m.groups()
            if kind is None:
                return Msg("row {row}", row=int(row))
            if kind == "t":
                return Msg("row {row} text {n}", row=int(row), n=int(n))
            return Msg("row {row} star {n}", row=int(row), n=int(n))
    elif section == "recipes":
        m = _RECIPE.match(sid)
        if m:
            return Msg("the {kind} row's space {n}", kind=TOKEN_NAME[m.group(1)], n=int(m.group(2)))
    return sid


def space(section: str, sid: str) -> str:
    return render(space_words(section, sid))


def where_words(sid: str) -> Text:
    """A full space id in words with its section: ``bo:STEM1`` -> ``stem 1 (Botany)``."""
    code, _, rest = sid.partition(":")
    section = SECTION_CODE.get(code, code)
    return Msg("{space} ({section})", space=space_words(section, rest), section=SECTION_NAME.get(section, section))


def where(sid: str) -> str:
    return render(where_words(sid))


# --- cards ---------------------------------------------------------------------------------
_CARD = re.compile(r"^([A-Z]{2})(\d+)$")
#: A card by its deck and its number in the deck.
CARD_NAME = {"botany": "Botany {n}", "astrology": "Astrology {n}", "baths": "Baths {n}", "writing": "Writing {n}",
             "recipes": "Recipes {n}"}
_CARD_WORDS = (Msg("Botany {n}"), Msg("Astrology {n}"), Msg("Baths {n}"), Msg("Writing {n}"), Msg("Recipes {n}"))


@lru_cache(maxsize=None)  # a message is immutable: the rules ask for the same ones all game
def card_words(cid: str) -> Text:
    """A card's name: its deck and its number in the deck (``BO7`` -> ``Botany 7``)."""
    m = _CARD.match(cid)
    if not m or m.group(1) not in SECTION_ABBR:
        return cid
    return Msg(CARD_NAME[SECTION_ABBR[m.group(1)]], n=int(m.group(2)))


def card(cid: str) -> str:
    return render(card_words(cid))


STEP_DOTS = ("●○○○", "●●○○", "●●●○", "●●●●")


def steps(step: int) -> str:
    """The step a card is on, as one of four: step 2 -> ``●●○○``."""
    return STEP_DOTS[max(1, min(4, step)) - 1]


def scores_words(types: list[str], multiplier: int) -> Text:
    """What a card's active step scores: ``×2 your ♣ box``, or ``scores nothing yet``."""
    kinds = one_of([GLYPH.get(t, t) for t in types])  # glyphs: "♣ or ★" is read as a mark
    if not multiplier:
        return Msg("scores nothing yet ({kinds} from step 2)", kinds=kinds)
    return Msg("scores ×{n} your best {kinds} box", n=multiplier, kinds=kinds)


def scores(types: list[str], multiplier: int) -> str:
    return render(scores_words(types, multiplier))


def text_token_words(tid: int | str, translated: bool) -> Text:
    """A text token: 3 (or ``t3``) -> ``text 3``, or ``translated text 3``."""
    n = int(str(tid).lstrip("t"))
    return Msg("translated text {n}", n=n) if translated else Msg("text {n}", n=n)


def text_token(tid: int | str, translated: bool) -> str:
    return render(text_token_words(tid, translated))


def texts(ids: list[str]) -> str:
    """Texts in a supply, their runs shortened: ``t1``…``t6`` -> ``1–6``, ``t2 t4 t5 t6`` ->
    ``2 4–6``; none: ``–``. The track and the book say them alike."""
    nums = sorted(int(str(t).lstrip("t")) for t in ids)
    runs: list[list[int]] = []
    for n in nums:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return " ".join(f"{r[0]}–{r[-1]}" if len(r) > 2 else " ".join(map(str, r)) for r in runs) or "–"


DIRECTION = {"N": Msg("north"), "E": Msg("east"), "S": Msg("south"), "W": Msg("west")}


def cell(rc: str) -> str:
    """A puzzle cell ``24`` (row 2, column 4) as the board prints it: ``(2,4)``."""
    return f"({rc[0]},{rc[1]})" if len(rc) == 2 else rc
