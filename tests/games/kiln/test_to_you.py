"""Since your last turn, first what happened to you (Kiln): a bot's turn that takes
your lead on the score says so, before the bot's turn is told."""
from tests.to_you import first_hit, told_first


def test_a_bot_overtaking_your_score_is_told_first():
    def hits(text):
        return "overtook you" in text

    story, lines = first_hit("kiln", ["Ann", "bot", "bot 2"], range(1, 4), hits)
    assert told_first(lines, hits), lines[:6]
    assert lines[2].strip().startswith(("R", "bot")) and "to your" in lines[2]

