"""What happened, newest at the bottom, each event with its round."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.text import Text
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import RichLog

from inkterm.i18n import _

from .hanging import Hanging
from .plain import plain_line

if TYPE_CHECKING:
    from typing_extensions import Self

STYLE = {"round": "bold", "score": "bold", "warning": "italic"}


def event_text(event) -> Text:
    """What an event says, styled by its kind."""
    return Text(str(event.text), style=STYLE.get(getattr(event, "kind", "info"), ""))


def event_line(event, round_no: int | None = None) -> Text | Hanging:
    """One event as a log line: ``R3 Ann acts in …``, wrapped under its words (at
    the left edge, under ``R3``, a continuation read as the next event; a label wider
    than a third of the log, Japanese's ``第2ラウンド``, sets it in by two cells: the
    words would wrap in a sliver). A round's own announcement (kind "round") needs
    no label."""
    line = event_text(event)
    if round_no is None or getattr(event, "kind", "info") == "round":
        return line
    return Hanging(Text(_("R{round} ").format(round=round_no), style="dim"), line, wide_head_indent=2)


class EventLog(RichLog):
    # Under the menu on the game screen's side (a tall screen gives it more rows).
    DEFAULT_CSS = """
    EventLog {
        height: 7;
        border-top: hkey $primary-background-lighten-2;
        padding: 0 1;
        scrollbar-size-vertical: 1;
        &:focus {
            border-top: hkey $accent;
        }
    }
    """

    #: A write grows what the log scrolls over, not the log (the stylesheet sets its
    #: size): it needs a layout only if that may change (see write). RichLog asked
    #: for one on every write, and at a shared table every seat writes every move.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=5000, min_width=20, **kwargs)
        self.can_focus = True
        #: Every line written, so a full-height view can show the same history.
        self.entries: list[Text | Hanging] = []

    def add_events(self, events, round_no: int | None = None) -> list[Text | Hanging]:
        lines = [event_line(e, round_no) for e in events]
        for line in lines:
            self._add(line)
        return lines

    def note(self, text: str) -> None:
        self._add(Text(text, style="italic"))

    def add_line(self, line: Text) -> None:
        """Any other line the log keeps (a table's chat), in the full log too."""
        self._add(line)

    def _add(self, line: Text | Hanging) -> None:
        line = plain_line(line)  # a name from an old save may hold a control character
        self.entries.append(line)
        self.write(line)

    def write(self, content: RenderableType | object, width: int | None = None,
              expand: bool = False, shrink: bool = True, scroll_end: bool | None = None,
              animate: bool = False) -> Self:
        if self._size_known and not self.content_size.width:
            # Hidden (the since panel in its place): RichLog wrapped the line at its
            # least width, 20 cells, for good. It keeps it until the log has a width
            # again, as before its first one (its Resize writes what it kept).
            self._size_known = False
        wide = self.virtual_size.width
        if not self._size_known or not self._keeps_layout(wide):
            super().write(content, width, expand, shrink, scroll_end, animate)
            self.refresh(layout=True)  # as RichLog does on every write
            return self
        follow = self.auto_scroll if scroll_end is None else scroll_end
        super().write(content, width, expand, shrink, False, animate)
        if not self._keeps_layout(max(wide, self.virtual_size.width)):
            self.refresh(layout=True)  # a line wider than the log: a horizontal scrollbar
            if follow:
                self.scroll_end(animate=animate, immediate=False, x_axis=False)
            return self
        # What a layout would have told the scrollbar (its thumb's size).
        self.vertical_scrollbar.window_virtual_size = self.virtual_size.height
        if follow:  # now: RichLog scrolls after the next frame (for its layout), one more
            self.scroll_end(animate=animate, immediate=True, x_axis=False)
        # Painted whether or not the scroll moved: a line written in the same frame as
        # a layout of the screen (a table's update) was seen never to reach a seat's
        # terminal, its scrollbar repainted but not its lines.
        self.refresh()
        return self

    def _keeps_layout(self, widest: int) -> bool:
        """Whether the log and its scrollbars stay as laid out: it is shown, its size
        is set by the stylesheet (not by what it holds), its vertical scrollbar is
        always there and no line is wider than the log (no horizontal scrollbar)."""
        styles = self.styles
        width, height = styles.width, styles.height
        return (bool(self.content_size.width) and self.display and height is not None
                and not height.is_auto and (width is None or not width.is_auto)
                and styles.overflow_y == "scroll" and self.show_vertical_scrollbar
                and widest <= self.scrollable_content_region.width)
