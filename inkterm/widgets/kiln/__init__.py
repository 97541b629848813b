"""Kiln's board widgets: zones with dice and tokens, player boards, the hand."""
from inkterm.widgets.registry import BoardSpec

BOARD = BoardSpec(game="kiln", widget=f"{__name__}.board:KilnBoard", css="kiln/board.tcss")
