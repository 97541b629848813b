"""Kiln's content: the 40 cards, loaded from ``inkterm/assets/kiln/cards.json`` (or one
content version's copy of it, see ``engine/content_versions.py``) and validated, and
the fixed numbers of the board."""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from inkterm.engine.assets import AssetError, parse_asset  # noqa: F401 (AssetError: for callers)

ZONES = ("Materials", "Bank", "Favour Hall", "Studio", "Shop", "Imperial Kiln")
ZONES_ZH = ("原料区", "钱庄", "御赏堂", "画坊", "瓷行", "官窑")
FAVOUR_SPACES = ("Start", "Select materials", "Blank", "Reward", "Prepare glaze", "Exhibition", "Tribute")
ROW_THRESHOLDS = (6, 11, 15, 18, 20)
ROW_SIZES = (6, 5, 4, 3, 2)
N_DICE = 10
N_TOKENS = 40
N_BLANKS = 20
N_ROUNDS = 10
HAND_SIZE = 5
MONEY_CAP = 20
START_MONEY = 1

# Which effects each card type may carry: the rules code implements exactly these.
EFFECTS = {
    "play": {"points", "blanks", "tokens_distinct", "tokens_all", "trim", "favour", "money",
             "materials", "zone_effect", "move_tokens", "others_lose_favour", "extra_action"},
    "tap": {"reroll_most", "fewer_material", "money", "convert", "token_where_present",
            "bellows", "buy_favour", "sell_materials"},
    "persistent": {"saggar", "bonus_material", "bonus_money", "bonus_token", "favour_boost",
                   "tribute_bonus", "studio_boost", "bonus_glaze", "shop_discount", "dragon",
                   "free_copy"},
    "achievement": {"rows_at_least", "blanks_at_least", "per_achievement", "per_zone"},
}


class Card(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(pattern=r"^[PTCA]\d+$")
    name: str = Field(min_length=1)
    type: Literal["play", "tap", "persistent", "achievement"]
    cost: int = Field(ge=0, le=MONEY_CAP)
    pip: int | None = Field(default=None, ge=1, le=6)
    effect: str
    params: dict[str, int] = {}
    text: str = Field(min_length=1)

    @model_validator(mode="after")
    def _effect_fits_type(self) -> "Card":
        if self.effect not in EFFECTS[self.type]:
            raise ValueError(f"effect {self.effect!r} is not a {self.type} effect")
        if self.type == "persistent" and self.pip is None and self.effect != "saggar":
            raise ValueError("a persistent card needs the pip it triggers on")
        if self.type != "persistent" and self.pip is not None:
            raise ValueError("only persistent cards have a pip")
        return self

    @model_validator(mode="before")
    @classmethod
    def _no_chinese_column(cls, data: Any) -> Any:
        """Content versions 1–7 held each card's Chinese name here too; it is read from
        the Chinese words now (``words.zh.json``, one place), so an old version's copy
        is dropped."""
        if isinstance(data, dict) and "zh" in data:
            data = {k: v for k, v in data.items() if k != "zh"}
        return data

    @property
    def zh(self) -> str:
        """The card's Chinese name (the rulebook's), which English shows beside its own."""
        return chinese_names().get(self.id, "")

    @property
    def label(self) -> str:
        return f"{self.name} {self.zh}".rstrip()

    def p(self, key: str, default: int = 0) -> int:
        return self.params.get(key, default)


class CardFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    about: str = ""
    cards: list[Card]

    @model_validator(mode="after")
    def _unique(self) -> "CardFile":
        ids = [c.id for c in self.cards]
        dup = {i for i in ids if ids.count(i) > 1}
        if dup:
            raise ValueError(f"duplicate card ids: {sorted(dup)}")
        return self


def parse_cards(text: str, source: str = "cards.json") -> dict[str, Card]:
    return {c.id: c for c in parse_asset(text, CardFile, source).cards}


class KilnContent:
    """One content version's cards as a game's state holds them (``state.cards``): one
    object per version, shared by every game of it, so the choice wording cached per
    card (``choices.py``) is cached per version too."""

    def __init__(self, cards: dict[str, Card]):
        self.cards = cards
        self.saggars = frozenset(c.id for c in cards.values() if c.effect == "saggar")


def read_content(directory: Path) -> KilnContent:
    path = directory / "cards.json"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise AssetError(f"{path}: cannot read: {exc.strerror or exc}") from None
    return KilnContent(parse_cards(text, str(path)))


@lru_cache(maxsize=1)
def cards() -> dict[str, Card]:
    """The current cards (what a new game plays): for the rules text and the simulator's
    names. A game reads its own version's cards from its state."""
    path = resources.files("inkterm.assets") / "kiln" / "cards.json"
    return parse_cards(path.read_text(encoding="utf-8"), "inkterm/assets/kiln/cards.json")


@lru_cache(maxsize=1)
def chinese_names() -> dict[str, str]:
    """Each card's Chinese name, from the Chinese words (``words.zh.json``)."""
    from inkterm.translated import translation

    words = translation("kiln", "zh")
    return {cid: item.name for cid, item in words.items.get("cards", {}).items()} if words else {}


def card_table() -> str:
    """The card list as Markdown, made from the data so the text never drifts from it."""
    heads = {"play": "Play cards", "tap": "Tap cards", "persistent": "Persistent cards",
             "achievement": "Achievements"}
    out = []
    for kind, title in heads.items():
        out.append(f"**{title}**\n\n| Card | Cost | Zone | Effect |\n|---|---|---|---|")
        for c in cards().values():
            if c.type == kind:
                zone = ZONES[c.pip - 1] if c.pip else "—"
                out.append(f"| {c.name} {c.zh} | {c.cost} | {zone} | {c.text} |")
        out.append("")
    return "\n".join(out)


def rules_text() -> str:
    """The rules in English (Markdown), with the card list filled in from the data."""
    text = (resources.files("inkterm.assets") / "kiln" / "rules.md").read_text(encoding="utf-8")
    return text.replace("{{cards}}", card_table())
