"""The board's content as tables the rules read: the five sections' spaces, links and
printed rewards, the action codes' words, the track, and small helpers that put a
space or a token in words. (The cards are the game's own: its state's ``content``.)

Board spaces are named ``<sec>:<name>`` (``bo:STEM1``, ``as:2O2:star``, ``ba:FNL``,
``wr:W3:t1``, ``re:text:3``). Everything here is built once from
``inkterm/assets/voynich`` and never changes."""
from __future__ import annotations

from inkterm.engine.text import Msg, Text
from inkterm.i18n import N_

from . import words as W
from .content import DECK_OF, GAIN_RE, content, parse_reward

C = content()

GREY = -1
DIRTY = -2

SEC_CODE = {"botany": "bo", "astrology": "as", "baths": "ba", "writing": "wr", "recipes": "re"}
CODE_SEC = {v: k for k, v in SEC_CODE.items()}


def touch_space(sid: str) -> str:
    sec, _, rest = sid.partition(":")
    return f"{CODE_SEC[sec]}:space:{rest}"


# The turn's phases as the status line says them (the codes stay internal; the
# English is the view's data, translated where it is shown).
PHASE_WORDS = {
    "spread": N_("opening a double page"),
    "prog1": N_("phase 1: advance cards"),
    "pick": N_("phase 2: choose a card to use"),
    "act": N_("phase 2: actions"),
    "share": N_("phase 3: share knowledge"),
    "move": N_("phase 3: move a research token"),
    "prog2": N_("phase 4: advance cards"),
}


# --- board tables ---------------------------------------------------------------------------
BOT = C.board.botany
BOT_NEXT: dict[str, tuple[str, ...]] = {}
BRANCHES: dict[str, list[str]] = {}
for _n, _s in BOT.items():
    if _s.branch:
        BRANCHES.setdefault(_s.branch, []).append("bo:" + _n)
for _n, _s in BOT.items():
    BOT_NEXT["bo:" + _n] = tuple(nx if nx in BRANCHES else "bo:" + nx for nx in _s.next)
BOT_REWARD = {"bo:" + n: parse_reward(s.reward) for n, s in BOT.items()}
BOT_UNLIMITED = frozenset("bo:" + n for n, s in BOT.items() if s.cap == 0)
BOT_FIXED = frozenset("bo:" + n for n, s in BOT.items() if not s.next)  # branch slots, flowers
TIPS = tuple("bo:" + n for n in BOT if n.startswith("RT"))
BASE = "bo:BASE"

AST = C.board.astrology.constellations
NSECT = C.board.astrology.sectors
CONST_NAMES = list(AST)
STAR_REWARD = {k: parse_reward(v.star_reward) for k, v in AST.items()}
CONST_REWARD = {k: parse_reward(v.constellation_reward) for k, v in AST.items()}
SECTOR_CONSTS = {s: [k for k in AST if k.startswith(str(s))] for s in range(1, NSECT + 1)}

BATHS = C.board.baths.spaces
BA_NEXT = {"ba:" + n: (None if s.next is None else "ba:" + s.next) for n, s in BATHS.items()}
BA_REWARD = {"ba:" + n: parse_reward(s.reward) for n, s in BATHS.items()}
FOUNTAINS = tuple("ba:" + n for n, s in BATHS.items() if s.fountain)
POOL2 = tuple("ba:" + n for n, s in BATHS.items() if s.pool2)
POOL1 = "ba:POOL1"
DW = "ba:DW"
DIRTY_REWARD = {int(k[1:]): parse_reward(v) for k, v in C.board.baths.dirty_drops.items()}

WR = C.board.writing
WR_HEAD = {r: parse_reward(v.head) for r, v in WR.items()}
WR_TEXTS = {r: [f"wr:{r}:t{i}" for i in range(1, v.texts + 1)] for r, v in WR.items()}
WR_STARS = {r: [f"wr:{r}:s{i}" for i in range(1, v.stars + 1)] for r, v in WR.items()}

RE = C.board.recipes
RE_SPACES: dict[str, list[str]] = {row: [f"re:{row}:{i}" for i in range(1, len(v) + 1)] for row, v in RE.items()}
RE_REWARD = {
    f"re:{row}:{i}": (int(r[1:]) if row == "text" else parse_reward(r))
    for row, v in RE.items()
    for i, r in enumerate(v, 1)
}

ALL_SPACES: list[str] = (
    ["bo:" + n for n in BOT]
    + [f"as:{k}:{part}" for k in AST for part in ("star", "text")]
    + ["ba:" + n for n in BATHS]
    + [s for r in WR for s in WR_TEXTS[r] + WR_STARS[r]]
    + [s for row in RE_SPACES.values() for s in row]
)

def _board_info() -> dict:
    """Static facts a board widget draws: each space's printed reward and links."""
    return {
        "botany": {n: {"reward": s.reward, "next": list(s.next), "branch": s.branch, "unlimited": s.cap == 0} for n, s in BOT.items()},
        "astrology": {k: {"star": v.star_reward, "constellation": v.constellation_reward} for k, v in AST.items()},
        "baths": {n: {"reward": s.reward, "next": s.next, "fountain": s.fountain, "pool2": s.pool2} for n, s in BATHS.items()},
        "dirty_drops": dict(C.board.baths.dirty_drops),
        "writing": {r: {"head": v.head, "texts": v.texts, "stars": v.stars} for r, v in WR.items()},
        "recipes": {row: list(v) for row, v in RE.items()},
        "texts": {k: list(v) for k, v in C.components.texts.items()},
    }


BOARD_INFO = _board_info()
TEXT_FACE = C.text_faces  # tid -> (untranslated, translated)
BREAKS = tuple(C.track.breakthroughs)
END_AT = C.track.end
CAP = C.track.knowledge_cap
COMP = C.components

PLACE = {
    "bo.leaf": ("leaf", "bo"),
    "bo.drop": ("drop", "bo"),
    "as.star": ("star", "as"),
    "as.text": ("text", "as"),
    "ba.drop": ("drop", "ba"),
    "wr.text": ("text", "wr"),
    "wr.star": ("star", "wr"),
    "re.leaf": ("leaf", "re"),
    "re.star": ("star", "re"),
    "re.drop": ("drop", "re"),
    "re.text": ("text", "re"),
}
RS_DIRS = {"rs.N": "N", "rs.E": "E", "rs.S": "S", "rs.W": "W"}

ACTION_LABEL = {
    "bo.leaf": Msg("Add a leaf (Botany)"),
    "bo.drop": Msg("Add a drop (Botany)"),
    "bo.grow": Msg("Grow (Botany)"),
    "as.star": Msg("Add a star (Astrology)"),
    "as.text": Msg("Add a text (Astrology)"),
    "as.goat": Msg("Turn the goat (Astrology)"),
    "ba.drop": Msg("Add a drop to a fountain (Baths)"),
    "ba.purify": Msg("Purify a dirty drop (Baths)"),
    "ba.transform": Msg("Transform a drop into a leaf (Baths)"),
    "wr.text": Msg("Add a text (Writing)"),
    "wr.star": Msg("Add a star (Writing)"),
    "wr.translate": Msg("Translate a text (Writing)"),
    "re.leaf": Msg("Move a leaf to Recipes"),
    "re.star": Msg("Move a star to Recipes"),
    "re.drop": Msg("Move a drop to Recipes"),
    "re.text": Msg("Move a text to Recipes"),
    "rs.centre": Msg("Research token onto the central piece"),
    "rs.any": Msg("Research token onto any piece"),
    "rs.N": Msg("Move a research token north"),
    "rs.E": Msg("Move a research token east"),
    "rs.S": Msg("Move a research token south"),
    "rs.W": Msg("Move a research token west"),
    "rs.step": Msg("Move a research token one step"),
}
ACTION_TOPIC = {"bo": "botany", "as": "astrology", "ba": "baths", "wr": "writing", "re": "recipes", "rs": "research"}


def action_label(code: str) -> Text:
    """An action of a card or a reward in words (the menu's label)."""
    if GAIN_RE.match(code):
        return Msg("Gain {reward}", reward=W.reward_words(code))
    if code == "re.any":
        return Msg("Move any token to Recipes")
    return ACTION_LABEL[code]


def action_touches(code: str) -> tuple[str, ...]:
    """What an action concerns on the board, so that its section comes into sight as
    its choice is highlighted: the goat, or the whole section (research: the puzzle,
    which its next choices mark cell by cell)."""
    section = CODE_SEC.get(code[:2])
    if section is None:
        return ()
    return (f"{section}:goat",) if code == "as.goat" else (f"{section}:section",)


def action_topic(code: str) -> str:
    """The rules section that explains an action (for ``?``)."""
    if GAIN_RE.match(code):
        return "acting"
    return ACTION_TOPIC[code[:2]]


def where(sid: str) -> Text:
    """A space in words with its section: ``as:1I:text`` -> ``sector 1, inner text (Astrology)``."""
    return W.where_words(sid)


def spot(sid: str) -> Text:
    """A space in words without its section: ``bo:STEM1`` -> ``stem 1``."""
    sec, _, rest = sid.partition(":")
    return W.space_words(CODE_SEC[sec], rest)



def row_of(sid: str) -> str:
    """The row or constellation a space is part of (``wr:W3:t1`` -> ``W3``)."""
    return sid.split(":")[1]


def short(sid: str) -> str:
    """A space's name without its section prefix (``bo:STEM1`` -> ``STEM1``)."""
    return sid.split(":", 1)[1]


def tok_text(tok) -> Text:
    owner, kind, tid, tr = tok
    if kind == "text":
        return W.text_token_words(tid, tr)
    if owner == DIRTY:
        return Msg("dirty drop {n}", n=tid)
    return W.TOKEN_NAME[kind]


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def card_section(card_id: str) -> str:
    return DECK_OF[card_id[:2]]
