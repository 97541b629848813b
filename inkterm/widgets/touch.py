"""How a board says it was clicked: a message naming the touched element, and the
Rich style that makes a piece of text clickable. Every game's board uses these."""
from __future__ import annotations

from textual.message import Message


class BoardTouched(Message):
    """A board element was clicked: ``touch`` is its id, in the vocabulary of
    ``Choice.touches`` ("zone:3", "card:T4"…). The game screen decides what it means."""

    def __init__(self, touch: str) -> None:
        super().__init__()
        self.touch = touch


def click_style(touch: str):
    """A Rich style that, clicked, makes the widget run ``action_touch(touch)``."""
    from rich.style import Style

    return Style(meta={"@click": f"touch({touch!r})"})
