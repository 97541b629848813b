"""The board a game screen shows: the game's own GameBoard, or a plain fallback."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll

from .game_board import GameBoard
from .registry import boards
from inkterm.widgets.plain import Plain, plain_cell

#: Every game board's stylesheet: a screen that shows a board lists these in CSS_PATH.
BOARD_CSS = [board.css_path for board in boards().values()]


SKIP = {"game", "players", "tiebreaks", "winner", "over"}


def _scalar(v) -> bool:
    return v is None or isinstance(v, (str, int, float, bool))


class GenericBoard(VerticalScroll, GameBoard):
    """For a game without its own widgets: the view it is given, as readable text
    (facts on one line, a row per player, the rest pretty-printed). It shows only
    the view it receives, so it never shows more than ``view(seat)``."""

    can_focus = False  # its parts (or the screen's Tab) take the focus
    DEFAULT_CSS = """
    GenericBoard > Static {
        padding: 0 1;
    }
    """

    def compose(self):
        yield Plain("", id="generic-board")

    def draw(self, view: Mapping[str, Any], touches: frozenset[str]) -> None:
        facts = Text()
        for k, v in view.items():
            if k in SKIP or not _scalar(v):
                continue
            if facts:
                facts.append("  ·  ")
            facts.append(f"{k}: ", style="bold")
            facts.append(str(v))
        parts: list = [facts]
        players = view.get("players")
        if isinstance(players, list) and players and isinstance(players[0], dict):
            keys = [k for k, v in players[0].items() if _scalar(v)]
            table = Table(box=None, padding=(0, 1), show_edge=False)
            for k in keys:
                table.add_column(plain_cell(k))
            for p in players:
                table.add_row(*[plain_cell(str(p.get(k, ""))) for k in keys])
            parts.append(table)
        for k, v in view.items():
            if k in SKIP or _scalar(v):
                continue
            parts.append(Text(k, style="bold"))
            parts.append(Pretty(v, max_length=12, max_string=60))
        if touches:
            parts.append(Text("▶ " + ", ".join(sorted(touches))))
        self.query_one("#generic-board", Plain).update(Group(*parts))


def board_for(game: str) -> GameBoard:
    """A fresh board widget for ``game``: the one its board package declares, else the
    generic one."""
    board = boards().get(game)
    cls = GenericBoard if board is None else board.widget_class()
    assert issubclass(cls, GameBoard), f"{cls.__name__} is not a GameBoard"
    return cls(id="board")
