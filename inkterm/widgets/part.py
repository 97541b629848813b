"""A piece of a game board: Rich text drawn from the view it is given, with styles
from the game's stylesheet (component classes ``<game>--<name>``), clickable text,
no redraw when nothing it shows has changed, and no layout when its size stays
(``show_in_place``, which the game screen's text lines use too)."""
from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual.geometry import Size
from textual.reactive import Reactive

from .fit import FirstThatFits
from .hanging import Hanging
from .touch import BoardTouched
from .plain import Plain


#: The game's view a part draws from (its TypedDict; a part of no game's view: Any).
V = TypeVar("V", bound=Mapping[str, Any])


def _line_shape(line: Text | Hanging) -> Hashable:
    if isinstance(line, Hanging):
        return line.shape
    return -1 if line.no_wrap else line.plain


def keeps_size(widget: Plain) -> bool:
    """Whether ``widget``'s size cannot differ from its last layout with what it now
    holds: it was laid out and shown, its width does not follow its content, and its
    height is fixed or (auto) measures what it measured then, held within its min-
    and max-height (a hint taller than its box keeps the box's height). The measure
    is what the layout itself would take (and is kept for it)."""
    size, styles = widget.content_size, widget.styles
    width, height = styles.width, styles.height  # width None: the container's
    if not size.width or not widget.display or height is None or (
            width is not None and (width.is_auto or width.is_fraction)):
        return False
    if not height.is_auto:
        return True
    measured = widget.get_content_height(widget.container_size, widget.app.size, size.width)
    return _held(widget, measured) == size.height


def _held(widget: Plain, height: int) -> int:
    """The content height ``widget``'s min- and max-height (in cells) let it have for
    content ``height`` cells tall, as the layout clamps it. Extremes in other units
    are left out: the size may then seem to change, which costs only a layout."""
    styles = widget.styles
    gutter = styles.gutter.height if styles.box_sizing == "border-box" else 0
    low, high = styles.min_height, styles.max_height
    if low is not None and low.is_cells:
        height = max(height, int(low.value) - gutter)
    if high is not None and high.is_cells:
        height = min(height, int(high.value) - gutter)
    return max(0, height)


def show_in_place(widget: Plain, content: RenderableType) -> None:
    """Update ``widget``, laying the screen out again only when its size may change:
    a layout pass over the whole screen is the dearest part of most repaints, and at
    a shared table every seat repaints on every move."""
    widget.update(content, layout=False)
    if not keeps_size(widget):
        widget.refresh(layout=True)


def update_if_changed(widget: Plain, content: str | Text | FirstThatFits) -> None:
    """Update a line of text only when it changed, and lay the screen out again only
    if its size did: most of these lines stay as they were from one move to the next
    (at a shared table, on every seat but the one choosing)."""
    old = widget.content
    if isinstance(content, str) and type(old) is str and old == content:
        return
    if isinstance(content, Text) and isinstance(old, Text) and _text_key(old) == _text_key(content):
        return
    was = getattr(old, "renderable", old)  # Plain keeps a renderable wrapped (widgets/plain.py)
    if isinstance(content, FirstThatFits) and isinstance(was, FirstThatFits) and str(was) == str(content):
        return
    show_in_place(widget, content)


def _text_key(text: Text) -> tuple:
    return (text.plain, text.spans, text.style, text.justify, text.overflow, text.no_wrap, text.end)


class TextBox(Plain):
    """Text that never scrolls (a status line, a prompt, a part of a board). Its
    virtual size is the size the layout has just given it: a change of it needs no
    layout (Widget's asks for one, for scrolling content: each time a text's height
    changed, the whole screen was laid out twice)."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)


class BoardPart(TextBox, Generic[V]):
    #: The game's component-class prefix ("kiln" → "kiln--hi").
    STYLE_PREFIX = ""
    #: Which touches this part shows (board-id prefixes); None: all of them.
    READS: tuple[str, ...] | None = ()
    #: The view keys this part draws from (see data()); None: all of the view,
    #: compared by identity.
    KEYS: tuple[str, ...] | None = None

    _style_cache: dict | None = None
    #: What the part was last drawn from: (view, touches it reads, detail).
    _drawn: tuple | None = None
    #: data() of the view last drawn.
    _data: object = None
    #: What the height of what is shown depends on, with the width (see show).
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

    def data(self, view: V) -> object:
        """What of ``view`` this part draws (compared by value): the values of its
        ``KEYS``; a part that reads only some of a key's value narrows it here. Must
        cover everything ``draw`` reads of the view."""
        return tuple(view.get(k) for k in self.KEYS) if self.KEYS is not None else view

    def changed(self, view: V, touches: frozenset[str], detail) -> bool:
        """Whether what this part shows may differ from its last drawing: other data
        of the view (a shared table sends a new but mostly equal view on every move),
        other touches of ours or another ``detail`` (moving through the menu changes
        one part at a time). Records the new inputs."""
        if self.READS is not None:
            touches = frozenset(t for t in touches if t.startswith(self.READS))
        drawn = self._drawn
        if drawn is not None and drawn[1] == touches and drawn[2] == detail:
            if drawn[0] is view:
                return False
            if self.KEYS is not None:
                data = self.data(view)
                if data == self._data:
                    self._drawn = (view, touches, detail)
                    return False
                self._drawn, self._data = (view, touches, detail), data
                return True
        self._drawn = (view, touches, detail)  # holding the view keeps `is` meaningful
        self._data = self.data(view) if self.KEYS is not None else None
        return True

    def show(self, renderable: RenderableType, shape: Hashable = None) -> None:
        """Show ``renderable``. ``shape``, when given, is what its height depends on at
        a given width: while it and the width stay, the size does, and no layout is
        needed. Without it (or once it changed) the new height is measured, and the
        screen laid out again only if it differs (see show_in_place)."""
        key = None if shape is None else (self.content_size.width, shape)
        if key is not None and key == self._shape and key[0]:
            self.update(renderable, layout=False)
        else:
            show_in_place(self, renderable)
        self._shape = key

    def show_lines(self, lines: Sequence[Text | Hanging]) -> None:
        """Show these lines; their shape is their number, the words of those that may
        wrap and their indents (a highlight moving within a part keeps its size; a line
        of the same width but other words may wrap into more lines: the recipes' row of
        padded cells)."""
        self.show(Group(*lines), tuple(_line_shape(line) for line in lines))

    def redraw(self, view: V, touches: frozenset[str], detail: bool) -> None:
        """Draw unless nothing this part shows has changed."""
        if self.changed(view, touches, detail):
            self.draw(view, touches, detail)

    def draw(self, view: V, touches: frozenset[str], detail: bool) -> None:
        raise NotImplementedError
