"""Plain mode's ``board`` for Kiln reads in Chinese and Japanese: a seeded game some
way in, told in sentences (zones, workshops, cards in front and in hand, the deck and
the discards), holds no English word but the seats' names."""
from __future__ import annotations

import re

from inkterm.games.kiln.sentences import board
from tests.languages import lang  # noqa: F401  (the fixture: zh, then ja)
from tests.random_play import after_random_steps

SEATS = ["Ann", "Bob", "Cy"]


def test_the_board_in_sentences_reads_in_the_language(lang):  # noqa: F811
    st = after_random_steps("kiln", SEATS, 7, 80, 7)
    said = board(st.view(0))
    english = {line: words for line in said
               if (words := re.findall(r"[A-Za-z]{2,}", re.sub("|".join(SEATS), "", line)))}
    assert len(said) > 8
    assert any("：" in line for line in said)
    assert not english, english


def test_japanese_calls_the_main_action_by_the_rules_word():
    """The Japanese rules say メイン行動; the status line's phase once said メインアクション."""
    from tests.i18n.terms import saying, texts_in

    texts = texts_in("kiln", "ja")
    assert saying(texts, "メイン行動") and saying(texts, "メインアクション") == []
