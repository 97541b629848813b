"""Inkwell's demo narration: no workspace id shows, a section is told whole, and the demo
meets several kinds of decision."""
import re

from inkterm.screens.narration import rule_for
from test_narration import told_texts, topics_met

DESK_IDS = re.compile(r"\bW-[A-Z]\b")  # W-G: a workspace's id, kept in the data, never shown


def test_narration_never_shows_a_desk_id():
    for told in told_texts("inkwell"):
        assert not DESK_IDS.search(told), told


def test_a_section_is_told_whole_lists_included():
    rule = rule_for("inkwell", "placing-cubes")
    assert rule.body.startswith("A page has three kinds of space:")
    assert "gold-only" in rule.body and "Auto-place" in rule.body


def test_the_demo_meets_several_kinds_of_decision():
    assert len(topics_met("inkwell")) >= 4
