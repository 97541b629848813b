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

import re
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from inkterm.i18n import DEFAULT, N_, language

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


def choice_words(game: str, option: str, value: object, english: str) -> str:
    """One of an option's values by the option's name, in the reader's words
    (``english`` where the language has none: the Rival's "Standard")."""
    t = _current(game)
    words = t.game.options.get(option) if t else None
    return words.choices.get(str(value), english) if words else english


def item_name(game: str, kind: str, item_id: object, english: str) -> str:
    """An item's name (a card's, a technique's, a page's) in the active language."""
    t = _current(game)
    words = t.items.get(kind, {}).get(str(item_id)) if t else None
    return words.name if words else english


def item_text(game: str, kind: str, item_id: object, english: str) -> str:
    t = _current(game)
    words = t.items.get(kind, {}).get(str(item_id)) if t else None
    return words.text if words and words.text else english


def rules_path(game: str, lang: str) -> Path:
    return ASSETS / game / f"rules.{lang}.md"


def has_rules(game: str, lang: str) -> bool:
    return lang != DEFAULT and rules_path(game, lang).exists()


def rules_text(spec, lang: str | None = None) -> str:
    """A game's rules as Markdown in ``lang`` (the active language if not given):
    ``assets/<game>/rules.<lang>.md``, written in that language with the rulebook's
    own terms and the English text's sections in the same order (so a topic's section
    is found by its place), else the English. ``{{items:KIND}}`` in it becomes the
    table of that kind's items in the language."""
    lang = lang or language()
    if not has_rules(spec.id, lang):
        return spec.rules_text()
    from inkterm.rules_topics import remember_headings

    text = rules_path(spec.id, lang).read_text(encoding="utf-8")
    text = re.sub(r"\{\{items:(\w+)\}\}", lambda m: items_table(spec.id, m[1], lang), text)
    remember_headings(spec.rules_text(), text)  # a topic finds its section by its place
    return text


def items_table(game: str, kind: str, lang: str) -> str:
    """A Markdown table of ``kind``'s items (name, cost where they have one, text), in
    ``lang``, with the numbers of the English file (a cost changes in one place)."""
    import json

    from inkterm.i18n import gettext

    items = json.loads((ASSETS / game / f"{kind}.json").read_text(encoding="utf-8"))[kind]
    words = translation(game, lang)
    said = words.items.get(kind, {}) if words else {}
    costs = any("cost" in item for item in items)
    head = [gettext(w) for w in (N_("Name"), N_("Cost"), N_("Effect")) if costs or w != "Cost"]
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for item in items:
        mine = said.get(str(item["id"]))
        cells = [mine.name if mine else item["name"]]
        if costs:
            cells.append(str(item.get("cost", "")))
        cells.append((mine.text if mine and mine.text else item.get("text", "")).replace("|", "/"))
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)
