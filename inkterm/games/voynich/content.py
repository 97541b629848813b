"""The Voynich Puzzle's designed content, loaded from ``inkterm/assets/voynich/*.json``
(or one content version's copies, see ``engine/content_versions.py``) and validated by
pydantic models. A bad asset fails naming the file and the field.

Everything here is immutable after load and shared by every game state of its
version. A game reads its book of cards, their steps and multipliers, the pieces and
the neutral cards through its state's ``Content``; the board, the puzzle, the track
and the text components are fixed tables (``tables.py``, ``geometry.py``), so a
version's must be today's (``read_content`` checks).
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from inkterm.engine.assets import AssetError, load_asset  # noqa: F401 (AssetError re-exported)

from . import words

ASSETS = Path(__file__).resolve().parent.parent.parent / "assets" / "voynich"

Knowledge = Literal["Bo", "As", "Ba", "Wr"]
Level = Literal["A", "B", "C", "D"]  # a piece's level
TYPES: tuple[Knowledge, ...] = ("Bo", "As", "Ba", "Wr")  # knowledge types, in book order; index 0..3
LEVELS: tuple[Level, ...] = ("A", "B", "C", "D")
TYPE_NAMES = ("botany", "astrology", "baths", "writing")
OK = 4  # index of Overall Knowledge in a gain vector
SECTIONS = ("botany", "astrology", "baths", "writing", "recipes")
SECTION_CODE = {"botany": "bo", "astrology": "as", "baths": "ba", "writing": "wr", "recipes": "re"}
DECK_OF = {"BO": "botany", "AS": "astrology", "BA": "baths", "WR": "writing", "RE": "recipes"}

ACTION_CODES = frozenset(
    """bo.leaf bo.drop bo.grow as.star as.text as.goat ba.drop ba.purify ba.transform
    wr.text wr.star wr.translate re.leaf re.star re.drop re.text re.any
    rs.centre rs.any rs.N rs.E rs.S rs.W rs.step""".split()
)
ICON_RE = re.compile(r"^(?:(2|3)?(G|A)([234]):(Bo|As|Ba|Wr|X)|(2|3)?(E|C|O):(\*|Bo|As|Ba|Wr|X)|(2)?(S)([346])|(2)?M([34]))$")
GAIN_RE = re.compile(r"^(\d+)(Bo|As|Ba|Wr|OK)$")




# --- rewards ---------------------------------------------------------------------------
class Reward(tuple):
    """(gains, actions): gains is a 5-tuple Bo, As, Ba, Wr, OK; actions a tuple of codes."""

    __slots__ = ()

    @property
    def gains(self) -> tuple[int, int, int, int, int]:
        return self[0]

    @property
    def actions(self) -> tuple[str, ...]:
        return self[1]


def parse_reward(text: str) -> Reward:
    gains = [0, 0, 0, 0, 0]
    actions: list[str] = []
    text = text.strip()
    if text:
        for part in text.split("+"):
            part = part.strip()
            m = GAIN_RE.match(part)
            if m:
                kind = m.group(2)
                gains[OK if kind == "OK" else TYPES.index(kind)] += int(m.group(1))
            elif part in ACTION_CODES:
                actions.append(part)
            else:
                raise ValueError(f"bad reward part {part!r} in {text!r}")
    return Reward((tuple(gains), tuple(actions)))


def reward_code(r: Reward) -> str:
    """A reward as the data writes it: ``1Bo+rs.centre`` ('' for nothing)."""
    parts = [f"{n}{k}" for n, k in zip(r.gains, TYPES + ("OK",)) if n]
    return "+".join(parts + list(r.actions))


def reward_text(r: Reward) -> "words.Text":
    """A reward in words, as data (rendered where it is read)."""
    return words.reward_words(reward_code(r))


def _check_reward(v: str) -> str:
    parse_reward(v)
    return v


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --- puzzle ------------------------------------------------------------------------------
class PuzzleModel(_M):
    letters: list[str] = Field(min_length=8, max_length=8)
    row_values: list[int] = Field(min_length=8, max_length=8)
    col_values: list[int] = Field(min_length=8, max_length=8)
    central: list[str] = Field(min_length=4, max_length=4)
    circles: dict[str, list[str]]
    corners: list[str] = Field(min_length=4, max_length=4)

    @field_validator("letters")
    @classmethod
    def _rows(cls, v):
        for row in v:
            if len(row) != 8 or not all(ch in "ABCDabcd*" for ch in row):
                raise ValueError(f"row {row!r} must be 8 of A-D, a-d or *")
        return v

    @model_validator(mode="after")
    def _consistent(self):
        for cell in self.central:
            r, c = int(cell[0]), int(cell[1])
            if self.letters[r - 1][c - 1] != "*":
                raise ValueError(f"central cell {cell} is not '*' in letters")
        for name, cells in self.circles.items():
            for cell in cells:
                r, c = int(cell[0]), int(cell[1])
                if not self.letters[r - 1][c - 1].isupper():
                    raise ValueError(f"circle {name} cell {cell} is not an uppercase (circle) letter")
        return self


class PiecesModel(_M):
    types: list[Knowledge]
    counts: dict[Knowledge, dict[Level, int]]


class TrackModel(_M):
    length: int
    knowledge_cap: int
    breakthroughs: list[int]
    boxes: list[tuple[int, int]]
    end: int


class ComponentsModel(_M):
    research: int
    leaf: int
    drop: int
    star: int
    text: int
    markers: int
    colours: list[str] = Field(min_length=4, max_length=4)
    neutral: str
    texts: dict[str, tuple[str, str]]

    @field_validator("texts")
    @classmethod
    def _faces(cls, v):
        for faces in v.values():
            for f in faces:
                _check_reward(f)
        return v


class BotanySpace(_M):
    cap: int  # 0 = unlimited
    next: list[str]
    reward: str
    branch: str | None = None
    _r = field_validator("reward")(classmethod(lambda cls, v: _check_reward(v)))


class Constellation(_M):
    star_reward: str
    constellation_reward: str
    _r = field_validator("star_reward", "constellation_reward")(classmethod(lambda cls, v: _check_reward(v)))


class AstrologyModel(_M):
    sectors: int
    constellations: dict[str, Constellation]


class BathSpace(_M):
    cap: int
    next: str | None
    reward: str
    fountain: bool = False
    pool2: bool = False
    _r = field_validator("reward")(classmethod(lambda cls, v: _check_reward(v)))


class BathsModel(_M):
    spaces: dict[str, BathSpace]
    dirty_drops: dict[str, str]
    pool1_dirty: int

    @field_validator("dirty_drops")
    @classmethod
    def _dr(cls, v):
        for r in v.values():
            _check_reward(r)
        return v


class WritingRow(_M):
    head: str
    texts: int
    stars: int
    _r = field_validator("head")(classmethod(lambda cls, v: _check_reward(v)))


class BoardModel(_M):
    botany: dict[str, BotanySpace]
    astrology: AstrologyModel
    baths: BathsModel
    writing: dict[str, WritingRow]
    recipes: dict[Literal["star", "leaf", "drop", "text"], list[str]]

    @model_validator(mode="after")
    def _links(self):
        for name, sp in self.botany.items():
            for n in sp.next:
                if n not in self.botany and not any(s.branch == n for s in self.botany.values()):
                    raise ValueError(f"botany.{name}.next names unknown space {n!r}")
        for name, bath in self.baths.spaces.items():
            if bath.next is not None and bath.next not in self.baths.spaces and bath.next != "POOL2":
                raise ValueError(f"baths.spaces.{name}.next names unknown space {bath.next!r}")
        for row, rewards in self.recipes.items():
            for r in rewards:
                if row == "text":
                    if not re.fullmatch(r"x\d", r):
                        raise ValueError(f"recipes.text multiplier {r!r} must look like x3")
                else:
                    _check_reward(r)
        return self


class CardModel(_M):
    id: str
    number: int
    deck: Literal["botany", "astrology", "baths", "writing", "recipes"]
    template: str
    scores: list[Literal["Bo", "As", "Ba", "Wr"]] = Field(min_length=1, max_length=2)
    adds: list[list[str]] = Field(min_length=4, max_length=4)

    @field_validator("adds")
    @classmethod
    def _actions(cls, v):
        for step in v:
            for item in step:
                if GAIN_RE.match(item):
                    continue
                code, _, times = item.partition("*")
                if times and not times.isdigit():
                    raise ValueError(f"bad repeat in {item!r}")
                for alt in code.split("/"):
                    if alt not in ACTION_CODES:
                        raise ValueError(f"unknown action {alt!r} in {item!r}")
        return v


class CardsModel(_M):
    multipliers: dict[str, int]
    arrows: list[Literal["rotate", "flip"]]
    templates: dict[str, list[list[str]]]
    cards: list[CardModel]

    @field_validator("templates")
    @classmethod
    def _icons(cls, v):
        for name, conds in v.items():
            if len(conds) != 3:
                raise ValueError(f"template {name} needs 3 conditions (steps 1-3)")
            for cond in conds:
                for icon in cond:
                    if not ICON_RE.match(icon):
                        raise ValueError(f"template {name}: unknown icon {icon!r}")
        return v

    @model_validator(mode="after")
    def _refs(self):
        for c in self.cards:
            if c.template not in self.templates:
                raise ValueError(f"card {c.id}: unknown template {c.template!r}")
        return self


class NeutralCard(_M):
    id: str
    tokens: list[tuple[Literal["leaf", "drop", "star", "text"], str]]
    piece: tuple[Literal["Bo", "As", "Ba", "Wr"], str] | None = None


class NeutralModel(_M):
    sections_by_players: dict[str, list[str]]
    cards: dict[str, list[NeutralCard]]


FILES: dict[str, type[BaseModel]] = {
    "puzzle.json": PuzzleModel,
    "pieces.json": PiecesModel,
    "track.json": TrackModel,
    "components.json": ComponentsModel,
    "board.json": BoardModel,
    "cards.json": CardsModel,
    "neutral.json": NeutralModel,
}


def load_file(name: str, directory: Path = ASSETS):
    return load_asset(directory / name, FILES[name])


class Content:
    """All the validated content, plus derived lookup tables (a card's conditions,
    actions and help text are worked out once per content and cached here)."""

    def __init__(self, directory: Path = ASSETS):
        self.puzzle: PuzzleModel = load_file("puzzle.json", directory)
        self.pieces: PiecesModel = load_file("pieces.json", directory)
        self.track: TrackModel = load_file("track.json", directory)
        self.components: ComponentsModel = load_file("components.json", directory)
        self.board: BoardModel = load_file("board.json", directory)
        self.cards_model: CardsModel = load_file("cards.json", directory)
        self.neutral: NeutralModel = load_file("neutral.json", directory)
        self.cards = {c.id: c for c in self.cards_model.cards}
        self.text_faces = {
            int(k[1:]): (parse_reward(v[0]), parse_reward(v[1])) for k, v in self.components.texts.items()
        }
        #: A page's scoring multiplier by step (1-4).
        self.mult = {int(k): v for k, v in self.cards_model.multipliers.items()}
        #: The knowledge types (indexes into TYPES) each card scores with.
        self.scores = {cid: tuple(TYPES.index(t) for t in c.scores) for cid, c in self.cards.items()}
        self._cond: dict[tuple[str, int], list[str]] = {}
        self._acts: dict[tuple[str, int], list[str]] = {}
        self._help: dict[str, str] = {}

    def cond(self, cid: str, step: int) -> list[str]:
        """``condition``, worked out once (the rules ask for it on the hot path)."""
        key = (cid, step)
        v = self._cond.get(key)
        if v is None:
            v = self._cond[key] = self.condition(cid, step)
        return v

    def acts(self, cid: str, step: int) -> list[str]:
        """``actions``, worked out once (the rules ask for it on the hot path)."""
        key = (cid, step)
        v = self._acts.get(key)
        if v is None:
            v = self._acts[key] = self.actions(cid, step)
        return v

    def help(self, cid: str) -> str:
        v = self._help.get(cid)
        if v is None:
            v = self._help[cid] = self.help_card(cid)
        return v

    def path(self, cid: str) -> list[tuple[int, list[str], int, list[str]]]:
        """A card's four steps as (step, actions, multiplier, condition to advance)."""
        return [(st, self.acts(cid, st), self.mult[st], self.cond(cid, st) if st < 4 else [])
                for st in range(1, 5)]

    def condition(self, card_id: str, step: int) -> list[str]:
        """The icons of the card's progression condition at ``step`` (1-3), with X resolved."""
        card = self.cards[card_id]
        icons = self.cards_model.templates[card.template][step - 1]
        x = card.scores[0]
        return [i.replace("X", x) for i in icons]

    def actions(self, card_id: str, step: int) -> list[str]:
        """The active items of the card at ``step`` (cumulative), with ``*N`` expanded."""
        out: list[str] = []
        for add in self.cards[card_id].adds[:step]:
            for item in add:
                code, _, times = item.partition("*")
                out.extend([code] * (int(times) if times else 1))
        return out

    def help_card(self, card_id: str) -> str:
        """The help card: the card's whole path, all four steps."""
        card = self.cards[card_id]
        mult = self.cards_model.multipliers
        lines = [f"{card.id} (#{card.number}, {card.deck}) scores {'/'.join(card.scores)}"]
        for step in range(1, 5):
            acts = ", ".join(self.actions(card_id, step))
            score = f" x{mult[str(step)]}" if mult[str(step)] else " (no scoring)"
            cond = (
                f"; advance: {' + '.join(self.condition(card_id, step))} then "
                f"{self.cards_model.arrows[step - 1]}"
                if step < 4
                else ""
            )
            lines.append(f"  step {step}: {acts};{score}{cond}")
        return "\n".join(lines)


#: What the fixed tables are built from: a content version must hold today's.
FIXED = ("puzzle", "track", "components", "board")


def read_content(directory: Path) -> Content:
    """One content version's content. Its fixed parts must be today's: the rules read
    them from tables built once (a board change is a change to the rules' tables, to be
    made per version first)."""
    c = Content(directory)
    if directory != ASSETS:
        now = content()
        changed = [name for name in FIXED if getattr(c, name) != getattr(now, name)]
        if changed:
            raise AssetError(f"{directory}: its {', '.join(changed)} differ from today's, which the rules "
                             f"read as fixed tables; it cannot be played")
    return c


@lru_cache(maxsize=1)
def content() -> Content:
    """The current content (what a new game plays): for the fixed tables, the rules
    text and names. A game reads its own version's through its state."""
    return Content()
