"""The Voynich Puzzle in sentences (plain mode): glyphs said as words (a screen reader
reads ♣ as "black club suit"), the puzzle's pieces and every seat's book."""
from __future__ import annotations

import io

from inkterm.engine import new_game
from inkterm.games.voynich.sentences import board, plain
from inkterm.plain.lines import Lines
from inkterm.plain.table import PlainTable
from inkterm.table_driver import SaveFile, TableDriver

GLYPHS = "♣★≈¶"


def test_glyphs_become_words():
    assert plain("gain 2♣; 3★") == "gain 2 botany; 3 astrology"
    assert plain("1 token in a ♣ Botany group of 2+") == "1 token in a Botany group of 2+"
    assert plain("scores nothing yet (≈ or ¶ from step 2)") == "scores nothing yet (baths or writing from step 2)"


def test_the_board_and_the_game_s_texts_say_no_glyph():
    state = new_game("voynich", ["Ann", "Bob"], seed=3)
    said = board(state.view(0))
    assert sum(s.startswith("Book of Ann: ") for s in said) == 10
    assert any(s.startswith("Puzzle, botany pieces: ") for s in said)
    assert not any(g in s for s in said for g in GLYPHS)
    out = io.StringIO()
    script = io.StringIO("board\n1\n1\n1\n1\n")
    PlainTable(TableDriver.local(state, SaveFile()), script, Lines(out)).run()
    assert not any(g in out.getvalue() for g in GLYPHS), out.getvalue()
