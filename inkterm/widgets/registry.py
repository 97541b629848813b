"""Which boards exist. Each board package under ``inkterm.widgets`` declares its widget
and stylesheet as ``BOARD = BoardSpec(...)`` in its ``__init__.py``; the boards are
found on first use, so no central file names a game. The widget class is named, not
imported, so listing the boards (and their stylesheets) loads no board code."""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from functools import cache
from pathlib import Path

WIDGETS_PACKAGE = "inkterm.widgets"
ASSETS = Path(__file__).resolve().parent.parent / "assets"


@dataclass(frozen=True)
class BoardSpec:
    game: str  # the GameSpec id this board draws
    widget: str  # "package.module:Class", a GameBoard (widgets/game_board.py) built as Class(id=...)
    css: str  # its stylesheet, under inkterm/assets: in the game's own folder ("kiln/board.tcss")

    @property
    def css_path(self) -> Path:
        return ASSETS / self.css

    def widget_class(self) -> type:
        module, _, name = self.widget.partition(":")
        return getattr(importlib.import_module(module), name)


@cache
def boards() -> dict[str, BoardSpec]:
    """Game id -> its board, in the games' menu order (stylesheets load in that order)."""
    from inkterm.engine.registry import GAMES

    package = importlib.import_module(WIDGETS_PACKAGE)
    found = {}
    for info in pkgutil.iter_modules(package.__path__, f"{WIDGETS_PACKAGE}."):
        spec = getattr(importlib.import_module(info.name), "BOARD", None) if info.ispkg else None
        if isinstance(spec, BoardSpec):
            found[spec.game] = spec
    menu = list(GAMES)
    return dict(sorted(found.items(), key=lambda item: menu.index(item[0]) if item[0] in menu else len(menu)))
