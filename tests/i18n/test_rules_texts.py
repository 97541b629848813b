"""Rules written in Chinese and Japanese (``assets/<game>/rules.<lang>.md``): each
keeps the English text's sections in the same order and depth (a topic's section is
found by its place), its item tables filled in the language, and ``inkterm --lang``
prints it."""
from __future__ import annotations

import re

import pytest

from inkterm import cli
from inkterm.engine import GAMES
from inkterm.translated import has_rules, rules_text

from ..registered import games

LANGS = ("zh", "ja")
HEADING = re.compile(r"^(#+) ", re.M)
TRANSLATED = [pytest.param(game, lang, id=f"{game}-{lang}")
              for game in games(shipped=True) for lang in LANGS if has_rules(game, lang)]


def test_some_game_has_its_rules_in_both_languages():
    assert any(all(has_rules(game, lang) for lang in LANGS) for game in games(shipped=True))


@pytest.mark.parametrize("game, lang", TRANSLATED)
def test_the_sections_follow_the_english(game, lang):
    english, mine = GAMES[game].rules_text(), rules_text(GAMES[game], lang)
    assert HEADING.findall(mine) == HEADING.findall(english)
    assert "{{" not in mine
    # Written in the language: hardly a Latin word outside names and code.
    latin = re.findall(r"[A-Za-z]{4,}", re.sub(r"`[^`]*`", "", mine))
    assert len(latin) < 10, latin


@pytest.mark.parametrize("game, lang", TRANSLATED)
def test_bold_words_are_bold(game, lang):
    """CommonMark's rule for ** beside punctuation bites CJK text ("**总合（OK）**が"
    stays as stars): every ** must have become emphasis."""
    from markdown_it import MarkdownIt

    tokens = MarkdownIt("commonmark").enable("table").parse(rules_text(GAMES[game], lang))
    left = [child.content for tok in tokens for child in tok.children or []
            if child.type == "text" and "**" in child.content]
    assert left == []


@pytest.mark.parametrize("game, lang", TRANSLATED)
def test_the_command_prints_them(game, lang, capsys):
    assert cli.main(["--lang", lang, "rules", game]) == 0
    out = capsys.readouterr().out
    text = rules_text(GAMES[game], lang)
    assert text.splitlines()[0].lstrip("# ") in out  # the title, in the language
    assert GAMES[game].rules_text().splitlines()[0].lstrip("# ") not in out


@pytest.mark.parametrize("game", games(shipped=True))
def test_english_stays_as_it_was(game):
    assert rules_text(GAMES[game], "en") == GAMES[game].rules_text()
