"""Plain mode's ``board`` for Inkwell reads in Chinese and Japanese: a seeded game some
way in, told in sentences, holds no English word but the seats' names and the board's
marks. Left out: a workspace side's name and text (no words file holds them yet) and
why a bottle cannot be taken (the rules' own reason, the menu's)."""
from __future__ import annotations

import re

import pytest

from inkterm import i18n
from inkterm.games.inkwell.sentences import board
from tests.random_play import after_random_steps

SEATS = ["Ann", "Bob", "Cy"]
MARKS = re.compile(r"\b[A-Z]{1,2}\d*\b|\b[IV]+(-\d)?\b")


@pytest.mark.parametrize("seats", [SEATS, SEATS[:1]], ids=["three", "solo"])  # solo: the Rival's level
@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_the_board_in_sentences_reads_in_the_language(lang, seats):
    st = after_random_steps("inkwell", seats, 7, 80, 7)
    i18n.use(lang)
    try:
        said = board(st.view(0))
        leave = [max(re.split(r"\{\w+\}", i18n._(t)), key=len) for t in ("Workspace of {name}: {side}. {text}",
                                                    "Your workspace side, secret for now: {side}. {text}")]
        why = re.compile(re.escape(i18n._("Cannot be taken now: {why}.")).replace(re.escape("{why}"), ".*"))
    finally:
        i18n.use("en")
    english = {}
    for line in said:
        line = why.sub("", re.sub("|".join(SEATS), "", line))
        if any(part and part in line for part in leave):
            continue
        if words := re.findall(r"[A-Za-z]{2,}", MARKS.sub("", line)):
            english[line] = words
    assert len(said) > 10
    assert not english, english
