"""The Voynich Puzzle's demo narration: no code from the data shows, its rules included,
and the demo meets several kinds of decision."""
from test_narration import told_decisions, topics_met

from .codes import codes_in


def test_narration_never_shows_a_code():
    for _, _, text in told_decisions("voynich"):
        assert not codes_in(text), codes_in(text)


def test_the_demo_meets_several_kinds_of_decision():
    assert len(topics_met("voynich")) >= 4
