"""A decision's topic finds its section in rules written in Chinese or Japanese: each
topic the game's rules_topics.json and scenes name opens, in the language, the section
at the English section's place (the rules view, `?`, the demos' narration and plain
mode's `rules TOPIC` look sections up the same way)."""
from __future__ import annotations

import pytest

from inkterm import i18n
from inkterm.engine import GAMES
from inkterm.rules_topics import find_section, headings, rules_text, rules_topics
from inkterm.scenes import load_scenes
from inkterm.translated import has_rules

from ..registered import games

LANGS = ("zh", "ja")
TRANSLATED = [pytest.param(game, lang, id=f"{game}-{lang}")
              for game in games(shipped=True) for lang in LANGS if has_rules(game, lang)]


def topics(game: str) -> set[str]:
    said = rules_topics(game)
    found = {s.topic for s in load_scenes(game)}
    if said is not None:
        found |= set(said.acts) | set(said.lists) | {c.section for c in said.core}
    return found


@pytest.mark.parametrize("game, lang", TRANSLATED)
def test_every_topic_opens_its_section_in_the_language(game, lang):
    english = [h for _, h in headings(GAMES[game].rules_text())]
    i18n.use(lang)
    try:
        mine = [h for _, h in headings(rules_text(game) or "")]
    finally:
        i18n.use("en")
    assert len(mine) == len(english) and mine != english
    for topic in sorted(topics(game)):
        where = find_section(english, topic)
        assert where is not None, topic
        assert find_section(mine, topic) == where, (topic, english[where], mine)


def test_the_rules_view_reads_the_language():
    game = TRANSLATED[0].values[0]
    lang = TRANSLATED[0].values[1]
    i18n.use(lang)
    try:
        text = rules_text(game)
    finally:
        i18n.use("en")
    assert text is not None and text != GAMES[game].rules_text()
    assert rules_text(game) == GAMES[game].rules_text()
