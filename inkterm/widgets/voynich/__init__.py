"""The Voynich Puzzle's board widgets: the puzzle, the score track, the sections and the book."""
from inkterm.widgets.registry import BoardSpec

BOARD = BoardSpec(game="voynich", widget=f"{__name__}.board:VoynichBoard", css="voynich/board.tcss")
