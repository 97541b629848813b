"""Inkwell's designed content, loaded from ``inkterm/assets/inkwell/*.json`` and
validated by pydantic. A bad asset fails with the file and the field named.

The loaded models are turned into small plain tuples (``Content``) that the rules use
on the hot path.
"""
from __future__ import annotations

import copy
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from inkterm.engine.assets import AssetError, load_asset
from inkterm.engine.text import NO_BREAK

ASSETS = Path(__file__).resolve().parent.parent.parent / "assets" / "inkwell"

COLOURS = ("K", "R", "Y", "G", "B")
GOLD = 5
CUBE_NAMES = ("black", "red", "yellow", "green", "blue", "gold")
COLOUR_WORDS = {"K": "black", "R": "red", "Y": "yellow", "G": "green", "B": "blue", "*": "gold", "?": "any"}
#: A bottle's name on the table is its shape's letter and number: a circle is O (its
#: glyph ○), so the circle bottles never share a name with illustration C's spaces.
SHAPE_LETTER = {"star": "S", "circle": "O", "diamond": "D"}


def bottle_name(bid: str, shape: str) -> str:
    """What the table calls bottle ``bid`` ("C2", a circle, is "O2"); the id stays its key."""
    return SHAPE_LETTER.get(shape, bid[0]) + bid[1:]


#: How a space's accept code reads wherever a player sees it: ★ is gold, so a
#: gold-only space shows ★ on the board, in choice labels and in the legend.
SPACE_GLYPH = {"K": "K", "R": "R", "Y": "Y", "G": "G", "B": "B", "?": "?", "*": "★"}
ColourCode = Literal["K", "R", "Y", "G", "B"]


# The shared asset error, under the name the rest of Inkwell uses.
ContentError = AssetError


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --- mat ---------------------------------------------------------------------------------
class CubeSpec(_Strict):
    colours: list[ColourCode]
    per_colour: int = Field(gt=0)
    gold: int = Field(ge=0)


class BottleSpec(_Strict):
    id: str
    shape: Literal["star", "circle", "diamond"]
    ring: int = Field(ge=0)
    min_players: int = Field(ge=1, le=5)
    fill: int = Field(ge=1)
    slot: str | None = None


class SlotSpec(_Strict):
    id: str
    diamond: str
    min_players: int = Field(ge=1, le=5)


class TrackSpec(_Strict):
    arrows: tuple[int, int, int]
    end: int

    @model_validator(mode="after")
    def _order(self):
        a = self.arrows
        if not (0 < a[0] < a[1] < a[2] <= self.end):
            raise ValueError("arrows must rise strictly and lie within 1..end")
        return self


class MatSpec(_Strict):
    cubes: CubeSpec
    bottles: list[BottleSpec]
    slots: list[SlotSpec]
    canonical_order: list[str]
    track: dict[Literal["1", "2", "3", "4", "5"], TrackSpec]
    technique_capacity: int = Field(ge=1)
    end_phase_points: int = Field(ge=0)
    gold_bonus: int = Field(ge=0)
    # A price in points (Gold Leaf, Gilder's Kit, Spill Cloth) is offered only to a seat
    # that has the points, so no score goes below 0. False (older data): the price is
    # taken all the same, and a score could go below 0.
    point_price_needs_points: bool = False

    @model_validator(mode="after")
    def _links(self):
        ids = [b.id for b in self.bottles]
        if len(set(ids)) != len(ids):
            raise ValueError("bottle ids must be unique")
        sids = {s.id: s for s in self.slots}
        for b in self.bottles:
            if b.shape == "star" and b.fill != 1:
                raise ValueError(f"bottle {b.id}: a star holds 1 gold")
            if (b.shape == "diamond") != (b.slot is not None):
                raise ValueError(f"bottle {b.id}: diamonds, and only diamonds, link a slot")
            if b.slot is not None and (b.slot not in sids or sids[b.slot].diamond != b.id):
                raise ValueError(f"bottle {b.id}: slot {b.slot} does not link back")
        if sorted(self.canonical_order) != sorted(ids + list(sids)):
            raise ValueError("canonical_order must list every bottle and slot once")
        if sorted(self.track) != ["1", "2", "3", "4", "5"]:
            raise ValueError("track needs an entry for 1..5 players")
        return self


# --- pages -------------------------------------------------------------------------------
ACCEPTS = set("KRYGB?*")


class IllustrationSpec(_Strict):
    id: str = Field(pattern=r"^[A-Z]$")
    spaces: str = Field(min_length=1)
    points: int = Field(ge=0)

    @field_validator("spaces")
    @classmethod
    def _chars(cls, v: str) -> str:
        bad = set(v) - ACCEPTS
        if bad:
            raise ValueError(f"unknown space marks {sorted(bad)} (use K R Y G B ? *)")
        return v


class PageSpec(_Strict):
    id: str
    level: Literal[1, 2, 3]
    name: str
    illustrations: list[IllustrationSpec] = Field(min_length=1)
    standalone: str = ""
    multiplier: Literal["K", "R", "Y", "G", "B", "?"]

    @field_validator("standalone")
    @classmethod
    def _std(cls, v: str) -> str:
        if set(v) - {"?"}:
            raise ValueError("standalone spaces accept any colour: write them as '?'")
        return v

    @model_validator(mode="after")
    def _check(self):
        roman = {1: "I", 2: "II", 3: "III"}[self.level]
        if not self.id.startswith(roman + "-"):
            raise ValueError(f"page {self.id}: id does not match level {roman}")
        ids = [i.id for i in self.illustrations]
        if len(set(ids)) != len(ids) or "S" in ids or "M" in ids:
            raise ValueError(f"page {self.id}: illustration ids must be unique and not S/M")
        return self


class PagesFile(_Strict):
    legend: str = ""
    pages: list[PageSpec]

    @model_validator(mode="after")
    def _unique(self):
        ids = [p.id for p in self.pages]
        if len(set(ids)) != len(ids):
            raise ValueError("page ids must be unique")
        return self


# --- workspaces --------------------------------------------------------------------------
class SideA(_Strict):
    name: str
    text: str


# The numbers each side-B kind reads from its ``params`` (the rule is in the engine).
SIDE_B_PARAMS = {
    "scholar": {"capacity", "per_technique"},
    "deadline": {"cap"},
    "perfectionist": {"full_page"},
    "rainbow": {"per_colour", "at_least"},
    "gilder": {"gold_weight", "per_gold"},
}
# Any of them may also be given for one player count (``cap_5``: the cap with five).
SIDE_B_OPTIONAL = {kind: {f"{name}_{n}" for name in names for n in range(1, 6)}
                   for kind, names in SIDE_B_PARAMS.items()}


def _check_count_texts(what: str, counts: set[int], texts: dict[int, str]) -> None:
    """A player count that plays a card differently shows its own text, so the board
    states the number that applies at this table (and only such a count has one)."""
    if set(texts) != counts:
        raise ValueError(f"{what}: text_by_players must name exactly the counts that play "
                         f"differently, {sorted(counts)}, not {sorted(texts)}")


class SideB(_Strict):
    name: str
    kind: Literal["scholar", "deadline", "perfectionist", "rainbow", "gilder"]
    params: dict[str, int]
    text: str
    text_by_players: dict[int, str] = Field(default_factory=dict)  # see _check_count_texts

    @model_validator(mode="after")
    def _params(self):
        want, may = SIDE_B_PARAMS[self.kind], SIDE_B_OPTIONAL.get(self.kind, set())
        if not want <= set(self.params) <= want | may:
            also = f" (and may take {sorted(may)})" if may else ""
            raise ValueError(f"{self.kind} takes params {sorted(want)}{also}, got {sorted(self.params)}")
        if any(v < 0 for v in self.params.values()):
            raise ValueError("side B params must not be negative")
        counts = {int(k.rpartition("_")[2]) for k in self.params if k in may}
        _check_count_texts(self.name, counts, self.text_by_players)
        return self


class WorkspaceSpec(_Strict):
    id: str
    colour: ColourCode
    a: SideA
    b: SideB

    def at(self, players: int) -> WorkspaceSpec:
        """This workspace as it plays and reads with ``players`` players: each number
        given for that count replaces the general one."""
        bp = self.b.params
        params = {k: bp.get(f"{k}_{players}", bp[k]) for k in SIDE_B_PARAMS[self.b.kind]}
        text = self.b.text_by_players.get(players, self.b.text)  # validated: there for each count
        return self.model_copy(update={"b": self.b.model_copy(update={"text": text, "params": params})})


class WorkspacesFile(_Strict):
    workspaces: list[WorkspaceSpec]


# --- techniques --------------------------------------------------------------------------
class _E(_Strict):
    pass


class Grinder(_E):
    kind: Literal["grinder"]
    colours: tuple[ColourCode, ColourCode]


class Wash(_E):
    kind: Literal["wash"]
    source: ColourCode
    target: ColourCode


class Simple(_E):
    kind: Literal[
        "steady_hand", "scraper", "marginalia",
    ]


class Study(_E):
    kind: Literal["study"]
    free: int = Field(default=0, ge=0)  # techniques placed this page that score nothing


class CarefulHand(_E):
    kind: Literal["careful_hand"]
    round_up: bool = False  # the half of an odd illustration's points


class SecondHelping(_E):
    kind: Literal["second_helping"]
    shapes: tuple[Literal["star", "circle"], ...] = Field(default=("star", "circle"), min_length=1)
    most_cubes: int | None = Field(default=None, ge=1)  # the bottle may hold at most this many


class GoldFoil(_E):
    kind: Literal["gold_foil"]
    free: int = Field(default=0, ge=0)  # gold cubes on the page that score nothing


class Blessing(_E):
    kind: Literal["blessing"]
    arrow_points: int = Field(default=0, ge=0)  # scored each time the Abbot crosses an arrow


class CalmAbbot(_E):
    kind: Literal["calm_abbot"]
    points: int = Field(default=0, ge=0)  # scored with the use, beside holding the Abbot


class Counted(_E):
    kind: Literal["draw", "extra_desk", "dye"]
    count: int = Field(ge=1)


class Spill(_E):
    kind: Literal["spill"]
    count: int = Field(ge=1)  # cubes of one Take that may be poured back
    cost: int = Field(default=0, ge=0)  # points each cube poured back costs


class Gold(_E):
    kind: Literal["gold"]
    count: int = Field(ge=1)
    cost: int = Field(default=0, ge=0)  # points each use costs (paid only if gold comes)


class Pointed(_E):
    kind: Literal["points", "rich_pigment", "fine_vellum"]
    points: int = Field(ge=0)


class EarlyRiser(_E):
    kind: Literal["early_riser"]
    gold: int = Field(ge=1)
    last_level: int = Field(default=2, ge=1, le=2)  # the highest page level whose Turn it raises


class GrandDesign(_E):
    kind: Literal["grand_design"]
    min_spaces: int = Field(ge=1)
    points: int = Field(ge=0)


class Hoarder(_E):
    kind: Literal["hoarder"]
    min_cubes: int = Field(ge=1)
    points: int = Field(ge=0)


Effect = Annotated[
    Union[Grinder, Wash, Simple, Study, CarefulHand, SecondHelping, GoldFoil, Blessing, CalmAbbot, Counted, Spill, Gold, Pointed, EarlyRiser, GrandDesign, Hoarder],
    Field(discriminator="kind"),
]

LIMITED_KINDS = {"scraper", "gold", "draw", "points", "second_helping", "dye", "calm_abbot"}


class TechniqueSpec(_Strict):
    id: int = Field(ge=1)
    name: str
    uses: Literal["P", "1", "2"]
    effect: Effect
    text: str
    turn_points: int = Field(default=0, ge=0)  # +N on each voluntary Turn, beside the effect
    # the effect's numbers (and turn_points) where a player count plays differently,
    # e.g. {"5": {"most_cubes": 3}}: balance rulings, validated as the effect itself is
    by_players: dict[int, dict[str, Any]] = Field(default_factory=dict)
    text_by_players: dict[int, str] = Field(default_factory=dict)  # see _check_count_texts

    @model_validator(mode="after")
    def _counts(self):
        for n, change in self.by_players.items():
            if not 1 <= n <= 5:
                raise ValueError(f"technique {self.id}: by_players names {n} players (1..5)")
            if "kind" in change:
                raise ValueError(f"technique {self.id}: by_players may change numbers, not the kind")
            self.at(n)  # raises when a changed number is out of range or unknown
        _check_count_texts(f"technique {self.id}", set(self.by_players), self.text_by_players)
        return self

    def at(self, players: int) -> TechniqueSpec:
        """This technique as it plays with ``players`` players."""
        change = self.by_players.get(players)
        if not change:
            return self
        change = dict(change)
        turn_points = change.pop("turn_points", self.turn_points)
        if not isinstance(turn_points, int) or isinstance(turn_points, bool) or turn_points < 0:
            raise ValueError(f"technique {self.id}: turn_points must be a whole number ≥ 0")
        effect = type(self.effect).model_validate({**self.effect.model_dump(), **change})
        text = self.text_by_players.get(players, self.text)  # validated: there for each count
        return self.model_copy(update={"effect": effect, "text": text, "turn_points": turn_points})

    @model_validator(mode="after")
    def _uses(self):
        limited = self.effect.kind in LIMITED_KINDS
        if limited != (self.uses != "P"):
            raise ValueError(
                f"technique {self.id}: effect {self.effect.kind!r} "
                + ("needs limited uses (1 or 2)" if limited else "must be persistent (P)")
            )
        return self


class TechniquesFile(_Strict):
    techniques: list[TechniqueSpec]

    @model_validator(mode="after")
    def _unique(self):
        ids = [t.id for t in self.techniques]
        if len(set(ids)) != len(ids):
            raise ValueError("technique ids must be unique")
        return self


# --- solo --------------------------------------------------------------------------------
class DifficultySpec(_Strict):
    label: str
    pile_divisor: int = Field(ge=1)
    arrow_bonus: int = Field(ge=0)


class SoloSpec(_Strict):
    players_as: int = Field(ge=1, le=5)
    display: int = Field(ge=1)
    starting_cubes: int = Field(ge=0)
    die: list[Literal["star", "circle", "diamond", "abbot"]] = Field(min_length=1)
    end_points_per_space: int = Field(ge=0)
    # The end bonus (points per space the Abbot has left) is at most the player's score
    # before it: three near-empty pages turned at once won by the bonus alone.
    end_points_at_most_score: bool = False
    # At the end the Rival also scores its bonus for each arrow the Abbot has not crossed
    # ("he walks on to the end"): finishing early no longer keeps the bonuses from it.
    rival_bonus_for_arrows_left: bool = False
    difficulties: dict[str, DifficultySpec]


# --- loading -----------------------------------------------------------------------------
def _load(name: str, model: type[BaseModel], directory: Path | None = None):
    return load_asset((directory or ASSETS) / name, model)


class Space:
    """One space of a page (plain object, shared by every game)."""

    __slots__ = ("index", "sid", "accept", "role", "illus", "name")

    def __init__(self, index: int, sid: str, accept: str, role: str, illus: int, name: str = ""):
        self.index = index
        self.sid = sid  # e.g. "A3", "S1", "M": its key in choices and saves
        #: What the table calls it: the id, but "margin 1" for a standalone space (the
        #: mat's star bottle is S1).
        self.name = name or sid
        self.accept = accept  # one of K R Y G B ? *
        self.role = role  # "illustration" | "standalone" | "multiplier"
        self.illus = illus  # illustration index, or -1


class Page:
    __slots__ = ("id", "level", "name", "spaces", "illustrations", "mult", "mult_colour",
                 "by_sid", "standalone")

    def __init__(self, spec: PageSpec):
        self.id = spec.id
        self.level = spec.level
        self.name = spec.name
        self.spaces: list[Space] = []
        self.illustrations: list[tuple[str, tuple[int, ...], int]] = []
        for k, ill in enumerate(spec.illustrations):
            idx = []
            for j, ch in enumerate(ill.spaces):
                sp = Space(len(self.spaces), f"{ill.id}{j + 1}", ch, "illustration", k)
                self.spaces.append(sp)
                idx.append(sp.index)
            self.illustrations.append((ill.id, tuple(idx), ill.points))
        std = []
        for j, ch in enumerate(spec.standalone):
            sp = Space(len(self.spaces), f"S{j + 1}", ch, "standalone", -1, f"margin{NO_BREAK}{j + 1}")
            self.spaces.append(sp)
            std.append(sp.index)
        self.standalone = tuple(std)
        m = Space(len(self.spaces), "M", spec.multiplier, "multiplier", -1)
        self.spaces.append(m)
        self.mult = m.index
        self.mult_colour = spec.multiplier  # a colour code or "?"
        self.by_sid = {s.sid: s.index for s in self.spaces}


class Content:
    """Everything the rules read, as plain Python objects."""

    def __init__(self, mat: MatSpec, pages: PagesFile, workspaces: WorkspacesFile,
                 techniques: TechniquesFile, solo: SoloSpec):
        self.mat = mat
        self.bottles = {b.id: b for b in mat.bottles}
        self.slots = {s.id: s for s in mat.slots}
        self.order = [x for x in mat.canonical_order if x in self.bottles]
        self.slot_order = [x for x in mat.canonical_order if x in self.slots]
        self.pages = {p.id: Page(p) for p in pages.pages}
        self.page_specs = {p.id: p for p in pages.pages}
        self.workspaces = {w.id: w for w in workspaces.workspaces}
        self.techniques = {t.id: t for t in techniques.techniques}
        self.solo = solo
        self._counts: dict[int, Content] = {}

    def for_players(self, n: int) -> Content:
        """The same content with each technique and workspace as it plays with ``n``
        players (made once per count: every game of this content and count shares it)."""
        out = self._counts.get(n)
        if out is None:
            out = self._counts[n] = copy.copy(self)
            out._counts = {}
            out.techniques = {tid: t.at(n) for tid, t in self.techniques.items()}
            out.workspaces = {wid: w.at(n) for wid, w in self.workspaces.items()}
        return out

    def track(self, n: int) -> TrackSpec:
        return self.mat.track[str(n)]  # type: ignore[index]  # keys validated as "1".."5"

    def active_bottles(self, n: int) -> list[str]:
        return [b for b in self.order if n >= self.bottles[b].min_players]

    def active_slots(self, n: int) -> list[str]:
        return [s for s in self.slot_order if n >= self.slots[s].min_players]

    def pages_of_level(self, level: int) -> list[str]:
        return [p for p, pg in self.pages.items() if pg.level == level]


def load_content(directory: Path | None = None) -> Content:
    """Load and validate every Inkwell asset, from ``directory`` (one content version's
    files, see ``engine/content_versions.py``) or the current ones (uncached: a game
    reads its version's through its state; :func:`content` is the current one)."""
    return Content(
        _load("mat.json", MatSpec, directory),
        _load("pages.json", PagesFile, directory),
        _load("workspaces.json", WorkspacesFile, directory),
        _load("techniques.json", TechniquesFile, directory),
        _load("solo.json", SoloSpec, directory),
    )


@lru_cache(maxsize=1)
def content() -> Content:
    """The current content (what a new game plays): for tests, names and experiments."""
    return load_content()


def content_for(players: int) -> Content:
    """What a new game of ``players`` players reads (see ``TechniqueSpec.by_players``)."""
    return content().for_players(players)
