"""Notices — what ``notify`` says — as rows of the layout, not toasts over it.

Textual draws a toast over the screen, and its compositor cuts every line at the
edges of every widget on it, the toast's line too: a wide (Chinese, Japanese)
character on such an edge shows as two spaces (Textual #6357, open in 8.2.8). A
``NoticeBar`` lies where no widget is beneath it: docked at the bottom of the screen,
it takes the footer's row while a notice is live (the footer gives way, so a
one-line notice moves nothing) and grows to ``MAX_LINES`` rows for a long notice or
several at once, newest first; then the keys come back.

The app keeps the live notices (``InktermApp.notices``) and puts a bar on whichever
screen shows; each bar follows that list.
"""
from __future__ import annotations

from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.notifications import Notification
from textual.screen import Screen
from textual.widget import Widget

from inkterm.i18n import _

#: Rows the bar may take: a notice wraps, several stack; what does not fit is cut
#: with an ellipsis and a count of the notices left out.
MAX_LINES = 3
#: The class a screen has while a notice is live (its footer gives way).
NOTICED = "-noticed"


class Noticed(Message):
    """A notice to show (posted, so ``notify`` may be called from any thread)."""

    def __init__(self, notice: Notification) -> None:
        super().__init__()
        self.notice = notice


def notice_lines(notices: list[Notification], width: int, console: Console,
                 styles: dict[str, Style], room: int = MAX_LINES) -> list[Text]:
    """The rows that show ``notices`` (newest first) in ``width`` cells: each notice
    wrapped (at a character, for words with no spaces between), at most ``room``
    rows; the last row ends in "…" and the count left out when they do not all fit.
    Measured in cells (Rich's cell widths), never cut inside a character."""
    lines: list[Text] = []
    for shown, notice in enumerate(notices):
        text = Text(notice.message, style=styles[notice.severity])
        if notice.title:
            text = Text(_("{title}: {message}").format(title=notice.title, message=notice.message),
                        style=styles[notice.severity])
            at = text.plain.find(notice.title)  # where the language puts it (first, in ours)
            text.stylize(styles["title"], at, at + len(notice.title))
        wrapped = list(text.wrap(console, width))
        if len(lines) + len(wrapped) <= room:
            lines += wrapped
            continue
        free = room - len(lines)
        left_out = len(notices) - shown - (1 if free else 0)  # this one too, if no row is left
        lines += wrapped[:free]
        tail = "…" + (" " + _("(+{count} more)").format(count=left_out) if left_out else "")
        lines[-1] = _ending_in(lines[-1], tail, width)
        break
    return lines


def _ending_in(line: Text, tail: str, width: int) -> Text:
    line = line.copy()
    line.rstrip()
    room = max(0, width - Text(tail).cell_len)
    if line.cell_len > room:
        line.truncate(room)  # a wide character that would be cut goes whole
        line.rstrip()
    line.append(tail)
    return line


class NoticeBar(Widget):
    """The live notices, newest first, in the footer's row (and up to two above it)."""

    # Not scoped: the footer-hiding rule is about the screen the bar is on.
    SCOPED_CSS = False
    DEFAULT_CSS = f"""
    NoticeBar {{
        dock: bottom;
        display: none;
        height: auto;
        max-height: {MAX_LINES};
        padding: 0 1;
        background: $panel;
        color: $foreground;
    }}
    NoticeBar > .notice--title {{ text-style: bold; }}
    NoticeBar > .notice--warning {{ color: $text-warning; text-style: bold; }}
    NoticeBar > .notice--error {{ color: $text-error; text-style: bold; }}
    Screen.{NOTICED} Footer {{ display: none; }}
    """
    COMPONENT_CLASSES = {"notice--title", "notice--information", "notice--warning", "notice--error"}

    def on_mount(self) -> None:
        self.watch(self.app, "notices", self._follow)

    def _follow(self, notices: tuple[Notification, ...]) -> None:
        self.display = bool(notices)
        self.screen.set_class(bool(notices), NOTICED)
        self.refresh(layout=True)

    def _lines(self, width: int) -> list[Text]:
        styles = {name: self.get_component_rich_style(f"notice--{name}", partial=True)
                  for name in ("title", "information", "warning", "error")}
        newest_first = list(reversed(getattr(self.app, "notices", ())))
        return notice_lines(newest_first, max(1, width), self.app.console, styles)

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, len(self._lines(width)))

    def render(self) -> Text:
        return Text("\n", no_wrap=True).join(self._lines(self.content_size.width))

    def on_click(self, event: Click) -> None:
        self.app.clear_notifications()  # as a toast goes when clicked

    @classmethod
    def put_on(cls, screen: Screen) -> None:
        """Give ``screen`` a bar, if it has none yet (it then follows the notices)."""
        if screen.is_attached and not screen.query_children(cls):
            screen.mount(cls())
