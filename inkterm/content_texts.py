"""Lessons, "show me" scenes and glyph legends in the player's language, as data.

One shape for all three: beside an English file (``assets/<game>/lessons.json``,
``scenes.json``, ``glyphs.json``) a text table per language, ``lessons.zh.json``,
``scenes.ja.json`` …: ``{"texts": {ID: TEXT}}``, where an id names one text of the
English file by its path: ``title``, ``steps.3.say``, ``steps.3.wrong.*``,
``scenes.bank-2.steps.1.say``, ``glyphs.★.words``. An item of a list is named by its
own id where it has one (a scene's ``topic``, a glyph's ``glyph``), else by its place
counted from 1. Only words are translated; keys, seeds, topics and the words a scene's
events must contain (``shows``) stay as they are, so a lesson replays the same game in
every language.

``texts_of`` lists the ids and English texts a file must translate; ``problems``
checks a table against them (every id present, none unknown, every ``{placeholder}``
kept), as the data test does for every game and language; ``load_in_language``
reads an English file with the active language's table laid over it and validates the
result with the file's own model, so a lesson, a scene and a legend are read the same
way in every language.
"""
from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from inkterm.engine.assets import AssetError, load_asset
from inkterm.i18n import DEFAULT, language

M = TypeVar("M", bound=BaseModel)

#: The fields that hold words a player reads (values of ``wrong``: one each per choice key).
TEXT_FIELDS = frozenset({"title", "say", "then", "done", "words", "short"})
#: Lists of names a language may give in its own words (a lesson's "You" is a word).
WORD_LISTS = frozenset({"seats"})
#: Fields that may be translated where the English is a word: a glyph drawn as a word
#: ("closed", "supply N") is drawn in the language by the board, and its legend says so.
OPTIONAL_FIELDS = frozenset({"glyph"})
#: The field by which an item of a list is named, where it has one.
ITEM_IDS = ("topic", "glyph")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


class TextTable(BaseModel):
    """One English file's texts in one language, by id."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    texts: dict[str, str] = Field(min_length=1)


def table_path(english: Path, lang: str) -> Path:
    return english.with_name(f"{english.stem}.{lang}{english.suffix}")


def _walk(node: Any, path: tuple[str, ...], out: dict[str, str], optional: dict[str, str]) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            here = (*path, str(key))
            if key in TEXT_FIELDS and isinstance(value, str) and value:
                out[".".join(here)] = value
            elif key in OPTIONAL_FIELDS and isinstance(value, str) and LATIN_WORD.search(value):
                optional[".".join(here)] = value
            elif key == "wrong" and isinstance(value, dict):
                for choice, words in value.items():
                    out[".".join((*here, choice))] = words
            elif key in WORD_LISTS and isinstance(value, list):
                for n, word in enumerate(value, 1):
                    optional[".".join((*here, str(n)))] = word
            else:
                _walk(value, here, out, optional)
    elif isinstance(node, list):
        for n, item in enumerate(node, 1):
            name = next((item[f] for f in ITEM_IDS if isinstance(item, dict) and f in item), str(n))
            _walk(item, (*path, str(name)), out, optional)


def texts_of(data: Any) -> tuple[dict[str, str], dict[str, str]]:
    """The texts an English file's data holds, by id: those every language must give,
    and those a language may give (a glyph that is a word)."""
    out: dict[str, str] = {}
    optional: dict[str, str] = {}
    _walk(data, (), out, optional)
    return out, optional


def problems(data: Any, table: TextTable) -> list[str]:
    """What is wrong with ``table`` as a translation of ``data`` (nothing: it is whole)."""
    needed, optional = texts_of(data)
    found = []
    for key in needed.keys() - table.texts.keys():
        found.append(f"{key}: not translated")
    for key in table.texts.keys() - needed.keys() - optional.keys():
        found.append(f"{key}: no such text in the English")
    for key, text in table.texts.items():
        english = needed.get(key, optional.get(key))
        if english is None:
            continue
        if not text.strip():
            found.append(f"{key}: empty")
        if sorted(PLACEHOLDER.findall(text)) != sorted(PLACEHOLDER.findall(english)):
            found.append(f"{key}: placeholders {PLACEHOLDER.findall(english)} became {PLACEHOLDER.findall(text)}")
    return sorted(found)


def _lay_over(node: Any, path: tuple[str, ...], texts: dict[str, str]) -> Any:
    if isinstance(node, dict):
        laid: dict[str, Any] = {}
        for key, value in node.items():
            here = (*path, str(key))
            if isinstance(value, str):
                laid[key] = texts.get(".".join(here), value)
            elif key == "wrong" and isinstance(value, dict):
                laid[key] = {c: texts.get(".".join((*here, c)), w) for c, w in value.items()}
            elif key in WORD_LISTS and isinstance(value, list):
                laid[key] = [texts.get(".".join((*here, str(n))), w) for n, w in enumerate(value, 1)]
            else:
                laid[key] = _lay_over(value, here, texts)
        return laid
    if isinstance(node, list):
        out = []
        for n, item in enumerate(node, 1):
            name = next((item[f] for f in ITEM_IDS if isinstance(item, dict) and f in item), str(n))
            out.append(_lay_over(item, (*path, str(name)), texts))
        return out
    return node


def read_table(english: Path, lang: str) -> TextTable | None:
    path = table_path(english, lang)
    return load_asset(path, TextTable) if path.is_file() else None


def in_language(english: Path, model: type[M], lang: str) -> M:
    """``english`` (a JSON file) read with ``lang``'s text table laid over it (the
    English where there is no table), validated by ``model``."""
    table = read_table(english, lang) if lang != DEFAULT else None
    if table is None:
        return load_asset(english, model)
    try:
        data = json.loads(english.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise AssetError(f"{english}: cannot read: {exc}") from None
    wrong = problems(data, table)
    if wrong:
        raise AssetError(f"{table_path(english, lang).name}: {wrong[0]}")
    laid = _lay_over(data, (), table.texts)
    try:
        return model.model_validate(laid)
    except ValueError as exc:
        raise AssetError(f"{table_path(english, lang).name}: {exc}") from None


@cache
def _cached(english: Path, model: type[M], lang: str) -> M:
    return in_language(english, model, lang)


def load_in_language(english: Path, model: type[M]) -> M:
    """``english`` in the active language (read once per language)."""
    return _cached(english, model, language())
