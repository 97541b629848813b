"""Since your last turn, first what happened to you (Inkwell): a bottle a bot took
whose every colour your page was asking for is told before the bots' turns."""
from tests.to_you import first_hit, told_first


def test_a_bottle_your_page_needed_taken_by_a_bot_is_told_first():
    def hits(text):
        return "took bottle" in text and "for your page" in text

    story, lines = first_hit("inkwell", ["Ann", "bot", "bot 2"], range(1, 4), hits)
    assert told_first(lines, hits), lines[:6]
    # and it names the bottle as the board draws it (a circle is O…, never C…)
    line = next(line for line in lines if hits(line))
    assert any(f"bottle {s}" in line for s in ("S1", "O1", "O2", "O3", "O4", "D1", "D2", "D3")), line
