"""A piece of a game board: Rich text drawn from the view it is given, with styles
from the game's stylesheet (component classes ``<game>--<name>``), clickable text,
and no redraw when nothing it shows has changed."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Generic, TypeVar

from rich.console import Group
from rich.text import Text
from textual.widgets import Static

from .touch import BoardTouched


#: The game's view a part draws from (its TypedDict; a part of no game's view: Any).
V = TypeVar("V", bound=Mapping[str, Any])


class BoardPart(Static, Generic[V]):
    #: The game's component-class prefix ("kiln" → "kiln--hi").
    STYLE_PREFIX = ""
    #: Which touches this part shows (board-id prefixes); None: all of them.
    READS: tuple[str, ...] | None = ()

    _style_cache: dict | None = None
    #: What the part was last drawn from: (view, touches it reads, detail).
    _drawn: tuple | None = None
    #: The lengths of the lines last shown (see show_lines).
    _shape: tuple | None = None

    def style(self, name: str):
        # A component style lookup is slow and boards redraw on every highlight:
        # cached until the stylesheet or theme changes (notify_style_update).
        cache = self._style_cache
        if cache is None:
            cache = self._style_cache = {}
        style = cache.get(name)
        if style is None:
            style = cache[name] = self.get_component_rich_style(
                f"{self.STYLE_PREFIX}--{name}", partial=True)
        return style

    def notify_style_update(self) -> None:
        self._style_cache = None
        self._drawn = None
        super().notify_style_update()

    def action_touch(self, touch: str) -> None:
        """Clicked text: tell the screen, which highlights the matching choice."""
        self.post_message(BoardTouched(touch))

    def changed(self, view: Mapping[str, Any], touches: frozenset[str], detail) -> bool:
        """Whether what this part shows may differ from its last drawing: not the same
        view, other touches of ours or another ``detail`` (moving through the menu
        changes one part at a time). Records the new inputs."""
        if self.READS is not None:
            touches = frozenset(t for t in touches if t.startswith(self.READS))
        drawn = self._drawn
        if drawn is not None and drawn[0] is view and drawn[1] == touches and drawn[2] == detail:
            return False
        self._drawn = (view, touches, detail)  # holding the view keeps `is` meaningful
        return True

    def show_lines(self, lines: list[Text]) -> None:
        """Show these lines, laying the screen out again only when their number or the
        lengths of those that may wrap changed: a highlight moving within a part keeps
        its size, and the layout pass is the dearest part of a repaint."""
        shape = tuple(-1 if line.no_wrap else len(line) for line in lines)
        self.update(Group(*lines), layout=shape != self._shape)
        self._shape = shape

    def redraw(self, view: V, touches: frozenset[str], detail: bool) -> None:
        """Draw unless nothing this part shows has changed."""
        if self.changed(view, touches, detail):
            self.draw(view, touches, detail)

    def draw(self, view: V, touches: frozenset[str], detail: bool) -> None:
        raise NotImplementedError
