"""Plain mode reads in the player's language to the end: the reader's own seat is
"you" in their words wherever a seat is named (the first line, the standings), never
the English seat name "You"."""
from __future__ import annotations

import io
import re

from inkterm.engine.text import YOU
from inkterm.i18n import gettext
from inkterm.plain.lines import Lines
from inkterm.plain.start import play_new

from tests.languages import lang  # noqa: F401  (fixture)
from tests.plain.helpers import numbers
from tests.registered import a_game


def test_a_whole_plain_game_names_the_reader_in_their_words(inkterm_home):
    """In Japanese (Chinese takes the same path: one game is enough)."""
    from inkterm import i18n

    i18n.use("ja")
    try:
        said = play(inkterm_home)
    finally:
        i18n.use("en")
    you = "あなた"
    assert gettext(YOU) == "you"  # English again: what was said was said in Japanese
    first = said.split("\n", 1)[0]
    assert you in first, first
    standings = re.findall(r"^ *\d\. .*$", said.split("\n\n")[-1], re.M)
    assert len(standings) == 2 and any(line.split(". ", 1)[1].startswith(you) for line in standings), standings
    assert not any(re.search(r"\bYou\b", line) for line in [first, *standings]), [first, *standings]


def play(home) -> str:
    out = io.StringIO()
    assert play_new(a_game(seats=2), ["You", "bot"], 7, inp=io.StringIO(numbers(7)), out=Lines(out)) == 0
    return out.getvalue()


def test_rules_topic_is_found_by_its_heading_in_the_language(lang):  # noqa: F811
    """``rules 原料所`` in plain mode: a section is found by its heading as the reader
    reads it, typed without its number (only the English topics were found)."""
    from inkterm.engine import GAMES
    from inkterm.plain.rules import PlainRules
    from inkterm.translated import has_rules

    tried = 0
    for game in GAMES:
        if not has_rules(game, lang):
            continue
        rules = PlainRules(game)
        for title in rules.titles():
            typed = re.sub(r"[（(][^）)]*[）)]$", "", title).strip()
            if typed == title or len(typed) < 2:
                continue
            found = rules.section(typed)
            assert found is not None, (game, typed)
            assert found == rules.section(title), (game, typed)
            tried += 1
    assert tried, "no heading with a number in any game's rules in this language"


def test_continue_names_the_reader_in_their_words(lang, inkterm_home):  # noqa: F811
    """A save's line on Continue (and plain mode's menu) says who plays: the reader's
    own seat in the reader's words ("你、bot"), not the seat's English name."""
    from inkterm.engine import new_game
    from inkterm.engine.saves import list_saves, new_save_path, save_game
    from inkterm.screens.saved_games import describe_save

    game = a_game(seats=2)
    save_game(new_game(game, ["You", "bot"], seed=3), new_save_path(game))
    [info] = list_saves()
    line = describe_save(info)
    assert gettext(YOU) + gettext(", ") + "bot" in line and "You" not in line, line
