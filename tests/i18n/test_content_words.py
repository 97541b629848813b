"""Each shipped game's content in Chinese and Japanese, as data: the words files
(``assets/<game>/words.<lang>.json``) validate, translate every item of the English
files they name and every option, and keep each text's numbers and placeholders."""
from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from inkterm.engine import GAMES
from inkterm.engine.assets import AssetError, parse_asset
from inkterm.translated import ASSETS, Translation, translation, words_path

from ..registered import game_params

LANGS = ("zh", "ja")
NUMBER = re.compile(r"\d+")
#: English spells small numbers out ("one cube"); the translations write digits.
SPELLED = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
           "seven": "7", "eight": "8", "nine": "9", "ten": "10", "first": "1", "second": "2", "third": "3"}


def numbers_match(english: str, translated: str) -> bool:
    """Every number of the English is in the translation, and the translation has no
    number the English lacks, written or spelled out."""
    written = Counter(NUMBER.findall(english))
    spelled = Counter(SPELLED[w.lower()] for w in re.findall(r"\b(" + "|".join(SPELLED) + r")\b", english,
                                                             flags=re.I))
    mine = Counter(NUMBER.findall(translated))
    return written <= mine <= written + spelled
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def sides(item: dict) -> dict[str, dict]:
    """An item's named sides (a workspace's ``a`` and ``b``), by ``<id>.<side>``."""
    return {f"{item['id']}.{key}": value for key, value in item.items()
            if isinstance(value, dict) and "name" in value}


def english_items(game: str, kind: str) -> dict[str, dict]:
    """The items of ``assets/<game>/<kind>.json`` by id (an item with named sides: each
    side, by ``<id>.<side>``)."""
    data = json.loads((ASSETS / game / f"{kind}.json").read_text(encoding="utf-8"))
    out: dict[str, dict] = {}
    for item in data[kind]:
        out.update({str(item["id"]): item} if "name" in item else sides(item))
    return out


def english_kinds(game: str) -> set[str]:
    """The English files whose list of the same name holds named items."""
    kinds = set()
    for path in (ASSETS / game).glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        items = data.get(path.stem) if isinstance(data, dict) else None
        if isinstance(items, list) and items and all(isinstance(i, dict) and "id" in i
                                                     and ("name" in i or sides(i)) for i in items):
            kinds.add(path.stem)
    return kinds


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", game_params(shipped=True))
def test_every_item_and_option_is_translated(game, lang):
    words = translation(game, lang)
    assert words is not None, f"no {words_path(game, lang).name} for {game}"
    assert set(words.items) == english_kinds(game)
    for kind, translated in words.items.items():
        english = english_items(game, kind)
        assert set(translated) == set(english), kind
        for item_id, item in english.items():
            mine = translated[item_id]
            assert (mine.text is None) == (item.get("text") is None), (kind, item_id)
            if mine.text:
                assert numbers_match(item["text"], mine.text), (kind, item_id, mine.text)
                assert sorted(PLACEHOLDER.findall(mine.text)) == sorted(PLACEHOLDER.findall(item["text"]))
    for option in GAMES[game].options:
        assert option.name in words.game.options, option.name
        said = words.game.options[option.name]
        assert set(said.choices) == {str(c) for c in option.choices if not str(c).isdigit()}


def test_a_bad_words_file_names_its_field():
    with pytest.raises(AssetError, match=r"words\.zh\.json: field items\.cards\.P1\.name"):
        parse_asset('{"game": {"title": "x", "blurb": "y"}, "items": {"cards": {"P1": {"name": ""}}}}',
                    Translation, "words.zh.json")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", game_params(shipped=True))
def test_the_setup_screen_names_the_game_in_the_language(game, lang):
    from inkterm import i18n
    from inkterm.translated import game_title

    i18n.use(lang)
    assert game_title(GAMES[game]) == translation(game, lang).game.title != GAMES[game].title
    i18n.use("en")
    assert game_title(GAMES[game]) == GAMES[game].title
