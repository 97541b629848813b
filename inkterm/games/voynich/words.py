"""The Voynich Puzzle in a player's words.

The data and the choice keys speak in codes (``bo.grow``, ``G2:Bo``, ``STEM1``,
``2Bo+rs.centre``); everything a player reads — the board, the book, the menu, its
hints and the log — goes through this module, so the codes never reach the screen.
No Textual here: the rules, the bots' narration and the widgets all use it.
"""
from __future__ import annotations

import re

# The four knowledge types by their track abbreviation, and the glyph the board uses.
KNOWLEDGE = {"Bo": "botany", "As": "astrology", "Ba": "baths", "Wr": "writing"}
GLYPH = {"Bo": "♣", "As": "★", "Ba": "≈", "Wr": "¶"}
TYPE_GLYPH = {"botany": "♣", "astrology": "★", "baths": "≈", "writing": "¶"}
SECTION_ABBR = {"BO": "botany", "AS": "astrology", "BA": "baths", "WR": "writing", "RE": "recipes"}
LEGEND = "♣ Botany  ★ Astrology  ≈ Baths  ¶ Writing  OK overall knowledge"

# What an action does, as short as a card can say it.
ACTION = {
    "bo.leaf": "a leaf onto Botany",
    "bo.drop": "a drop onto a root",
    "bo.grow": "grow a leaf or drop",
    "as.star": "a star onto Astrology",
    "as.text": "a text onto Astrology",
    "as.goat": "turn the goat",
    "ba.drop": "a drop into a fountain",
    "ba.purify": "purify a dirty drop",
    "ba.transform": "turn a Baths drop into a leaf",
    "wr.text": "a text onto Writing",
    "wr.star": "a star onto Writing",
    "wr.translate": "translate a text",
    "re.leaf": "a leaf to Recipes",
    "re.star": "a star to Recipes",
    "re.drop": "a drop to Recipes",
    "re.text": "a text to Recipes",
    "re.any": "any token to Recipes",
    "rs.centre": "research → centre",
    "rs.any": "research → any piece",
    "rs.N": "move research north",
    "rs.E": "move research east",
    "rs.S": "move research south",
    "rs.W": "move research west",
    "rs.step": "move research 1 step",
}

_GAIN = re.compile(r"^(\d+)(Bo|As|Ba|Wr|OK)$")
_TIMES = re.compile(r"^x(\d+)$")


def gain(code: str) -> str:
    """``2Bo`` -> ``2♣``, ``1OK`` -> ``1 OK``, ``x3`` -> ``the text ×3``; an action code -> its words."""
    m = _GAIN.match(code)
    if m:
        n, kind = m.groups()
        return f"{n} OK" if kind == "OK" else f"{n}{GLYPH[kind]}"
    m = _TIMES.match(code)
    if m:
        return f"the text ×{m.group(1)}"
    return ACTION.get(code, code)


def action(code: str) -> str:
    """One card action: ``wr.text/wr.translate`` -> ``a text onto Writing or translate a text``."""
    return " or ".join(("gain " if _GAIN.match(c) else "") + gain(c) for c in code.split("/"))


def actions(codes: list[str]) -> str:
    return "; ".join(action(c) for c in codes) or "nothing"


# Where a reward shares a row with a board's spaces, its actions in fewer words.
SHORT_ACTION = {"rs.step": "research step", "rs.centre": "research→centre", "rs.any": "research→any"}


def reward(code: str, short: bool = False) -> str:
    """A printed reward: ``1Bo+rs.centre`` -> ``1♣, research → centre``; '' -> 'nothing'."""
    if not code:
        return "nothing"
    parts = [p for p in code.replace(" ", "").split("+") if p]
    gains = [gain(p) for p in parts if _GAIN.match(p)]
    rest = [(SHORT_ACTION.get(p) if short else None) or gain(p) for p in parts if not _GAIN.match(p)]
    return ", ".join(([" ".join(gains)] if gains else []) + rest)


# --- rewards as the board prints them beside its spaces -------------------------------------
#: A reward's actions in the glyphs the board prints: a token, an arrow, where it goes
#: (the legend, GLYPH_WORDS, says each in words).
ACTION_GLYPH = {"rs.centre": "▲◎", "rs.any": "▲*", "rs.step": "▲↔", "as.star": "☆★", "wr.star": "☆¶"}

#: Every glyph a Voynich board draws, in words: the legend lines under its parts list
#: the ones they use (``legend``).
GLYPH_WORDS = {
    "♣": "Botany",
    "★": "Astrology",
    "≈": "Baths",
    "¶": "Writing",
    "OK": "overall knowledge",
    "○": "empty",
    "R♣": "a token (owner, kind)",
    "▲◎": "research token onto the centre",
    "▲*": "research token onto any piece",
    "▲↔": "move a research token 1 step",
    "☆★": "a star onto Astrology",
    "☆¶": "a star onto Writing",
    "-": "closed till the inner one is filled",
    "✓": "translated",
    "✕": "dirty drop",
    "⇒": "pays the star's and the text's owners",
    "½": "one of the two placed",
    "×N": "the text's reward ×N",
    "★+": "a star there also gains",
}
#: Glyphs the legend says together: a research token and where it goes, a star and
#: the section it goes to.
GLYPH_GROUPS = {"▲": "research token:", "☆": "a star onto"}
IN_GROUP = {"▲◎": "onto the centre", "▲*": "onto any piece", "▲↔": "1 step", "☆★": "Astrology", "☆¶": "Writing"}


#: The puzzle's key, under it: its letters, its frame and values, its pieces.
PUZZLE_KEY = (
    "A–D: a piece there must show it",
    "CAPITAL: inside an outer circle",
    "─│ the frame: edge cells",
    "◤◥◣◢ corners (not edge cells)",
    "lifting a token pays row + col in OK",
    "◎ centre · ? unlinked · R B2 research",
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
                     else f"×{t.group(1)}" if t else ACTION_GLYPH.get(p, ACTION.get(p, p)))
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
            out.append(f"{g} {GLYPH_WORDS[g]}")
            continue
        if head not in groups:
            groups[head] = []
            out.append(head)  # the group's place, filled in below
        groups[head].append(f"{g[1:]} {IN_GROUP[g]}")
    return " · ".join(f"{g} {GLYPH_GROUPS[g]} {', '.join(groups[g])}" if g in groups else g for g in out)


# --- conditions ----------------------------------------------------------------------------
_ICON = re.compile(r"^(\d)?([A-Z])(\d)?(?::(.+))?$")


def condition_icon(icon: str, short: bool = False) -> str:
    """A condition icon in words: ``G2:Bo`` -> ``1 token in a ♣ Botany group of 2+``
    (``short``: ``1 token in a ♣ group of 2+``)."""
    m = _ICON.match(icon.strip())
    if not m:
        return icon
    count, kind, n, colour = m.groups()
    k = int(count or 1)
    if colour in (None, "*"):
        col = ""
    elif short:
        col = f"{GLYPH.get(colour, colour)} "
    else:
        col = f"{GLYPH.get(colour, '')} {KNOWLEDGE.get(colour, colour).capitalize()} "
    if k == 1:
        words = {
            "G": f"1 token in a {col}group of {n}+",
            "A": f"1 token next to (outside) a {col}group of {n}+",
            "E": f"1 token on {'a ' + col if col else 'an '}edge piece (not a corner)",
            "C": f"1 token on a {col}corner piece",
            "O": f"1 token on a {col}piece in an outer circle",
            "S": f"1 token in a one-type group of {n}+",
            "M": f"1 token on a piece with {n}+ types around it",
        }
    else:
        words = {
            "G": f"{k} tokens, each in a different {col}group of {n}+",
            "A": f"{k} tokens, each next to (outside) a different {col}group of {n}+",
            "E": f"{k} tokens on {k} different {col}edge pieces (not corners)",
            "C": f"{k} tokens on {k} different {col}corner pieces",
            "O": f"{k} tokens on {col}pieces in {k} different outer circles",
            "S": f"{k} tokens in {k} different groups of {n}+ of one type",
            "M": f"{k} tokens on {k} pieces, each with {n}+ types around it",
        }
    return words.get(kind, icon)


def condition(icons: list[str], short: bool = False) -> str:
    return " + ".join(condition_icon(i, short) for i in icons)


# --- spaces --------------------------------------------------------------------------------
_BOTANY = (
    (re.compile(r"^RT(\d)$"), "root tip {0}"),
    (re.compile(r"^RU(\d)$"), "root {0}"),
    (re.compile(r"^BASE$"), "the base"),
    (re.compile(r"^STEM(\d)$"), "stem {0}"),
    (re.compile(r"^BR(\d)([a-z])$"), "branch {0}{1}"),
    (re.compile(r"^FL(\d)$"), "flower {0}"),
)
BATHS = {
    "FNL": "the left fountain", "FNR": "the right fountain",
    "SL1": "left stream 1", "SL2": "left stream 2",
    "DW": "the dirty-water space", "SR1": "right stream 1",
    "J1": "the joined stream 1", "J2": "the joined stream 2",
    "POOL1": "Pool 1", "CH1": "channel 1", "CH2": "channel 2",
}
_P2 = re.compile(r"^P2([a-d])$")
_ASTRO = re.compile(r"^(\d)(I|O1|O2)(?::(star|text))?$")
_WRITING = re.compile(r"^W(\d)(?::([ts])(\d))?$")
_RECIPE = re.compile(r"^(leaf|star|drop|text):(\d)$")
SECTION_CODE = {"bo": "botany", "as": "astrology", "ba": "baths", "wr": "writing", "re": "recipes"}


def constellation(code: str) -> str:
    """``2O1`` -> ``sector 2, outer 1``; ``3I`` -> ``sector 3, inner``."""
    m = _ASTRO.match(code)
    if not m:
        return code
    sector, ring, _ = m.groups()
    return f"sector {sector}, {'inner' if ring == 'I' else 'outer ' + ring[1]}"


def space(section: str, sid: str) -> str:
    """A board space in words, without its section: ``botany``, ``STEM1`` -> ``stem 1``."""
    if section == "botany":
        for pat, fmt in _BOTANY:
            m = pat.match(sid)
            if m:
                return fmt.format(*m.groups())
    elif section == "baths":
        if sid in BATHS:
            return BATHS[sid]
        m = _P2.match(sid)
        if m:
            return f"Pool 2 slot {m.group(1)}"
    elif section == "astrology":
        m = _ASTRO.match(sid)
        if m:
            kind = m.group(3)
            return constellation(sid.split(":")[0]) + (f" {kind}" if kind else "")
    elif section == "writing":
        m = _WRITING.match(sid)
        if m:
            row, kind, n = m.groups()
            if kind is None:
                return f"row {row}"
            return f"row {row} {'text' if kind == 't' else 'star'} {n}"
    elif section == "recipes":
        m = _RECIPE.match(sid)
        if m:
            return f"the {m.group(1)} row's space {m.group(2)}"
    return sid


def where(sid: str) -> str:
    """A full space id in words with its section: ``bo:STEM1`` -> ``stem 1 (Botany)``."""
    code, _, rest = sid.partition(":")
    section = SECTION_CODE.get(code, code)
    return f"{space(section, rest)} ({section.capitalize()})"


# --- cards ---------------------------------------------------------------------------------
_CARD = re.compile(r"^([A-Z]{2})(\d+)$")


def card(cid: str) -> str:
    """A card's name: its deck and its number in the deck (``BO7`` -> ``Botany 7``)."""
    m = _CARD.match(cid)
    if not m or m.group(1) not in SECTION_ABBR:
        return cid
    return f"{SECTION_ABBR[m.group(1)].capitalize()} {int(m.group(2))}"


STEP_DOTS = ("●○○○", "●●○○", "●●●○", "●●●●")


def steps(step: int) -> str:
    """The step a card is on, as one of four: step 2 -> ``●●○○``."""
    return STEP_DOTS[max(1, min(4, step)) - 1]


def scores(types: list[str], multiplier: int) -> str:
    """What a card's active step scores: ``×2 your ♣ box``, or ``scores nothing yet``."""
    kinds = " or ".join(GLYPH.get(t, t) for t in types)
    if not multiplier:
        return f"scores nothing yet ({kinds} from step 2)"
    return f"scores ×{multiplier} your best {kinds} box"


def text_token(tid: int | str, translated: bool) -> str:
    """A text token: 3 (or ``t3``) -> ``text 3``, or ``translated text 3``."""
    return ("translated " if translated else "") + f"text {str(tid).lstrip('t')}"


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


DIRECTION = {"N": "north", "E": "east", "S": "south", "W": "west"}


def cell(rc: str) -> str:
    """A puzzle cell ``24`` (row 2, column 4) as the board prints it: ``(2,4)``."""
    return f"({rc[0]},{rc[1]})" if len(rc) == 2 else rc
