"""Inkwell's board widgets: the Abbot track, the mat, a page, the desk, the players
and the page displays."""
from inkterm.widgets.registry import BoardSpec

BOARD = BoardSpec(game="inkwell", widget=f"{__name__}.board:InkwellBoard", css="inkwell/board.tcss")
