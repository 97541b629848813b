"""Lessons, scenes and glyph legends in Chinese and Japanese, as data: every text of
each shipped game's ``lessons.json``, ``scenes.json`` and ``glyphs.json`` (and the
shell's ``glyphs.json``) has its translation in ``<file>.<lang>.json``, by the same
id, with its placeholders and numbers kept; the app reads them in the language."""
from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from inkterm import i18n
from inkterm.content_texts import TextTable, in_language, problems, read_table, table_path, texts_of
from inkterm.engine.assets import AssetError
from inkterm.lessons import Lesson, lesson_path, load_lesson
from inkterm.scenes import Scenes, load_scenes, scenes_path
from inkterm.translated import ASSETS
from inkterm.widgets.legend import Legend, legend_for

from ..registered import games
from .test_content_words import NUMBER
from .test_engine_languages import MARKS

LANGS = ("zh", "ja")
FILES = ("lessons.json", "scenes.json", "glyphs.json")


def english_files():
    found = [ASSETS / "glyphs.json"]
    for game in games(shipped=True):
        found += [ASSETS / game / name for name in FILES if (ASSETS / game / name).is_file()]
    return found


PARAMS = [pytest.param(path, lang, id=f"{path.parent.name}/{path.stem}-{lang}")
          for path in english_files() for lang in LANGS]


@pytest.mark.parametrize("english, lang", PARAMS)
def test_every_text_is_translated(english, lang):
    data = json.loads(english.read_text(encoding="utf-8"))
    table = read_table(english, lang)
    assert table is not None, f"no {table_path(english, lang).name} beside {english.name}"
    assert problems(data, table) == []
    needed, optional = texts_of(data)
    for key, text in table.texts.items():
        source = needed.get(key, optional.get(key, ""))
        # Every number of the English is kept (a translation may write out "a point" as 1).
        assert Counter(NUMBER.findall(source)) <= Counter(NUMBER.findall(text)), (key, text)
        assert text != source or not any(c.isalpha() and c.isascii() for c in source) or key in optional, key
    # No English word is left in a translation: only the seats' names, keys and marks.
    kept = set(seat_names(data)) | KEYS
    left = {key: words for key, text in table.texts.items()
            if (words := set(re.findall(r"[A-Za-z]{2,}", MARKS.sub("", text))) - kept)}
    assert left == {}


#: Keys a text names as they are printed on the keyboard.
KEYS = {"Enter", "Esc", "Tab"}


def seat_names(data) -> list[str]:
    """The players' names a lesson's or a scene's data seats (kept in every language)."""
    if isinstance(data, dict):
        return [*data.get("seats", []), *(n for v in data.values() for n in seat_names(v))]
    if isinstance(data, list):
        return [n for v in data for n in seat_names(v)]
    return []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", games(shipped=True, lesson=True))
def test_the_app_reads_them_in_the_language(game, lang):
    """What the learn screen, the scenes and the legend read is the table's text, and
    what a lesson plays (seed, keys, topics) is the English file's."""
    english = {"lesson": in_language(lesson_path(game), Lesson, "en"),
               "scenes": in_language(scenes_path(game), Scenes, "en").scenes}
    i18n.use(lang)
    try:
        lesson, scenes, legend = load_lesson(game), load_scenes(game), legend_for(game)
    finally:
        i18n.use("en")
    table = read_table(lesson_path(game), lang)
    assert table is not None
    assert lesson.steps[0].say == table.texts["steps.1.say"] != english["lesson"].steps[0].say
    assert [s.accept for s in lesson.steps] == [s.accept for s in english["lesson"].steps]
    assert lesson.seed == english["lesson"].seed
    assert [s.topic for s in scenes] == [s.topic for s in english["scenes"]]
    assert [[t.key for t in s.steps] for s in scenes] == [[t.key for t in s.steps] for s in english["scenes"]]
    assert [g.words for g in legend.glyphs] != [g.words for g in legend_for(game).glyphs]


def test_a_table_that_misses_a_text_or_a_placeholder_is_refused(tmp_path):
    english = tmp_path / "glyphs.json"
    english.write_text(json.dumps({"glyphs": [{"glyph": "★", "words": "score {n}"},
                                              {"glyph": "●", "words": "a die"}]}), encoding="utf-8")
    table = tmp_path / "glyphs.zh.json"
    table.write_text(json.dumps({"texts": {"glyphs.★.words": "得分"}}), encoding="utf-8")
    said = problems(json.loads(english.read_text()), TextTable.model_validate_json(table.read_text()))
    assert said == ["glyphs.●.words: not translated", "glyphs.★.words: placeholders ['{n}'] became []"]
    with pytest.raises(AssetError, match=r"glyphs\.zh\.json: glyphs\.●\.words: not translated"):
        in_language(english, Legend, "zh")
    table.write_text(json.dumps({"texts": {"glyphs.★.words": "得分 {n}", "glyphs.●.words": "骰子",
                                           "glyphs.●.say": "x"}}), encoding="utf-8")
    with pytest.raises(AssetError, match=r"glyphs\.●\.say: no such text in the English"):
        in_language(english, Legend, "zh")
