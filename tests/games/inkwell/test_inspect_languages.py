"""Inspecting Inkwell reads in Chinese and Japanese: every bottle, technique and page
of a seeded game some way in is described with no English word but the seats' names
and the board's own marks (a bottle's letter and number, a cube's colour letter)."""
from __future__ import annotations

import re

import pytest

from inkterm import i18n
from tests.random_play import after_random_steps
from tests.languages import lang  # noqa: F401  (the fixture: zh, then ja)

SEATS = ["Ann", "Bob", "Cy"]
MARKS = re.compile(r"\b[A-Z]{1,2}\d*(-\d+)?\b|[IV]+-\d|×\d+|★")


def test_every_inspect_text_reads_in_the_language(lang):
    st = after_random_steps("inkwell", SEATS, 5, 60, 5)
    touches = [t for t, _label in st.lookups()] + [f"page:{pid}" for pid in st.C.pages]
    said = {t: st.describe(t) for t in touches}
    said.update({t: label for t, label in st.lookups()})
    english = {}
    cannot = re.compile(re.escape(i18n._("{who} cannot Take it now: {why}.")).replace(re.escape("{who}"), ".*")
                        .replace(re.escape("{why}"), ".*"))
    for touch, text in said.items():
        if text is None:
            continue
        # Why a bottle cannot be taken is the rules' own reason (the menu's), not inspect's words.
        text = cannot.sub("", text)
        rest = MARKS.sub("", re.sub("|".join(SEATS), "", text))
        if words := re.findall(r"[A-Za-z]{2,}", rest):
            english[touch] = (text, words)
    assert any(t.startswith("bottle:") for t in said) and any(t.startswith("tech:") for t in said)
    assert not english, english
