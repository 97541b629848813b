"""Game content in the player's language: the translations of each game's names and
texts are data beside the English, ``assets/<game>/words.<lang>.json``, validated by
pydantic as the English content is.

A file holds the game's title, blurb and option words, and its items by kind and id:
``items.cards.P1`` translates the card ``P1`` of ``assets/<game>/cards.json`` (a kind
names the English file, whose list of the same name holds the items with their
``id``, ``name`` and, where it has one, ``text``). English needs no file: every
accessor returns the English it is given when there is no translation, so existing
callers that never ask keep their words.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from inkterm.i18n import DEFAULT, language

ASSETS = Path(__file__).parent / "assets"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ItemWords(_Strict):
    name: str = Field(min_length=1)
    text: str | None = Field(default=None, min_length=1)


class OptionWords(_Strict):
    label: str = Field(min_length=1)
    help: str | None = Field(default=None, min_length=1)
    #: A choice's words by its value, for the values that are words ("random").
    choices: dict[str, str] = {}


class GameWords(_Strict):
    title: str = Field(min_length=1)
    blurb: str = Field(min_length=1)
    options: dict[str, OptionWords] = {}


class Translation(_Strict):
    """One game's content in one language."""

    game: GameWords
    #: kind (the English file's name: "cards", "techniques", "pages") -> item id -> words
    items: dict[str, dict[str, ItemWords]] = {}


def words_path(game: str, lang: str) -> Path:
    return ASSETS / game / f"words.{lang}.json"


@cache
def translation(game: str, lang: str) -> Translation | None:
    """The translation of ``game`` into ``lang``; None for English or where there is
    none. A file that does not validate raises AssetError naming the file and field."""
    if lang == DEFAULT:
        return None
    path = words_path(game, lang)
    if not path.exists():
        return None
    from inkterm.engine.assets import load_asset

    return load_asset(path, Translation)


def _current(game: str) -> Translation | None:
    return translation(game, language())


def game_title(spec) -> str:
    """A game's title in the active language (its ``GameSpec`` gives the English)."""
    t = _current(spec.id)
    return t.game.title if t else spec.title


def game_blurb(spec) -> str:
    t = _current(spec.id)
    return t.game.blurb if t else spec.blurb


def option_words(game: str, option) -> tuple[str, str]:
    """An option's label and help (its ``OptionSpec`` gives the English)."""
    t = _current(game)
    words = t.game.options.get(option.name) if t else None
    if words is None:
        return option.label, option.help or ""
    return words.label, words.help or ""


def option_choice(game: str, option, value: object) -> str:
    """How one of an option's values is shown (the value itself where it has no words)."""
    t = _current(game)
    words = t.game.options.get(option.name) if t else None
    return words.choices.get(str(value), str(value)) if words else str(value)


def item_name(game: str, kind: str, item_id: object, english: str) -> str:
    """An item's name (a card's, a technique's, a page's) in the active language."""
    t = _current(game)
    words = t.items.get(kind, {}).get(str(item_id)) if t else None
    return words.name if words else english


def item_text(game: str, kind: str, item_id: object, english: str) -> str:
    t = _current(game)
    words = t.items.get(kind, {}).get(str(item_id)) if t else None
    return words.text if words and words.text else english
