"""Kiln's demo narration: no card id shows, a heading over sub-sections takes them, and
the demo meets several kinds of decision."""
import re

from inkterm.screens.narration import sections
from test_narration import told_texts, topics_met

CARD_IDS = re.compile(r"\b[PTCA]\d{1,2}\b")  # P1, T3, C9, A6: kept in the data, never shown


def test_narration_never_shows_a_card_id():
    for told in told_texts("kiln"):
        assert not CARD_IDS.search(told), told


def test_a_heading_over_sub_sections_takes_them():
    bodies = {s.heading: s.body for s in sections("kiln")}
    assert "Materials (1)" in bodies["The six zones"]
    assert "Imperial Kiln (6)" in bodies["The six zones"]


def test_the_demo_meets_several_kinds_of_decision():
    assert len(topics_met("kiln")) >= 4
