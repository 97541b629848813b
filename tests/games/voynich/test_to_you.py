"""Since your last turn, first what happened to you (Voynich): a knowledge piece a
bot lays next to your research token, and a bot taking the lead on OK."""
import re

from tests.to_you import first_hit, told_first


def test_a_piece_laid_next_to_your_research_token_is_told_first():
    def hits(text):
        return "next to your research token" in text

    story, lines = first_hit("voynich", ["Ann", "bot", "bot 2"], range(1, 6), hits)
    assert told_first(lines, hits), lines[:6]


def test_a_bot_overtaking_you_is_told_first():
    def hits(text):
        return "overtook you" in text

    story, lines = first_hit("voynich", ["Ann", "bot", "bot 2"], range(1, 4), hits)
    assert told_first(lines, hits), lines[:6]


def test_a_piece_laid_next_to_you_reads_right_for_every_section():
    from inkterm.engine.text import render
    from inkterm.games.voynich.concerns import laid_next_to
    from inkterm.games.voynich.words import KIND_NAME

    for section in KIND_NAME:
        said = render(laid_next_to("bot", section, "43", "44"))
        assert not re.search(r"\ba [aeiou]", said), said  # not "a astrology piece"
        assert "(4,3)" in said and "(4,4)" in said, said
