"""The board a game screen shows: the game's own widget set, or a plain fallback."""
from __future__ import annotations

import json

from textual.containers import VerticalScroll
from textual.widgets import Static


class GenericBoard(VerticalScroll):
    """For a game without its own widgets: the public summary, as text."""

    def compose(self):
        yield Static("", id="generic-board")

    def show(self, view: dict, touches: frozenset[str] = frozenset()) -> None:
        text = json.dumps({k: v for k, v in view.items() if k != "players"}, indent=1,
                          ensure_ascii=False)
        self.query_one("#generic-board", Static).update(text)


def board_for(game: str, seats: list[str]):
    """A fresh board widget for ``game``; it has ``show(view, touches)``."""
    if game == "kiln":
        from .kiln.board import KilnBoard

        return KilnBoard(seats, id="board")
    if game == "inkwell":
        from .inkwell.board import InkwellBoard

        return InkwellBoard(seats, id="board")
    return GenericBoard(id="board")
