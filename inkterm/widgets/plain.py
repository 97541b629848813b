"""Text shown as written. What players give (names, seat specs, save files and their
fields, table names, chat) ends up inside the lines inkterm shows, so nothing inkterm
shows is read as markup: a ``[/]`` in a name would crash the screen, and ``[bold]X``
would come out bold. This is the one mechanism:

* every line of text on inkterm's screens is a ``Plain`` (or a ``TextBox``, a
  board's part, which is one), an option list is a ``PlainOptionList`` and a button
  a ``PlainButton``: made with markup off, so a string is only ever text;
* styled text is built as ``rich.text.Text`` (never as markup strings), and Rich
  tables get ``Text`` cells (``plain_cell``): a Rich string cell is markup;
* notices go through ``InktermApp.notify``, which turns markup off too;
* a hidden character left in a string (a control, a bidi override: from a file's
  name or an old save) is shown as a visible stand-in (``inkterm.names.visible``),
  so it reaches the terminal as a picture, never as a command.

No engine import here: the title screen shows its lines through it.
"""
from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Text
from textual.visual import VisualType
from textual.widgets import Button, Label, OptionList, Static
from textual.widgets.option_list import Option

from inkterm.names import visible

from .hanging import Hanging

#: Stand-ins that keep a Text's length (its styles stay on their characters).
_PICTURES = {**{code: chr(0x2400 + code) for code in range(0x20) if code != 0x0A}, 0x7F: "␡"}


def plain_text(text: str) -> str:
    """``text`` with its hidden characters visible; line breaks stay line breaks."""
    return "\n".join(visible(line) for line in text.split("\n")) if not text.isprintable() else text


def plain_rich(text: Text) -> Text:
    """A Text whose hidden characters are made visible one for one (control pictures,
    else U+FFFD), so its styles still cover the same characters."""
    raw = text.plain
    if raw.isprintable() or visible(raw.replace("\n", " ")) == raw.replace("\n", " "):
        return text
    shown = "".join(ch if ch == "\n" or visible(ch) == ch else _PICTURES.get(ord(ch), "\ufffd")
                    for ch in raw)
    out = text.copy()
    out.plain = shown
    return out


def plain_line(line: Text | Hanging) -> Text | Hanging:
    """A line of text or a Hanging line, made safe as ``plain_rich`` makes a Text."""
    if isinstance(line, Text):
        return plain_rich(line)
    head, body = plain_rich(line.head), plain_rich(line.body)
    return line if head is line.head and body is line.body else Hanging(head, body, line.wide_head_indent)


def plain(content: Any) -> Any:
    """What a Plain widget shows for ``content``: a string or a Text made safe; any
    other renderable (a board's panels and tables, a group) drawn through ``Shown``."""
    if isinstance(content, str):
        return plain_text(content)
    if isinstance(content, Text):
        return plain_rich(content)
    texts = [r for r in content.renderables if isinstance(r, (Text, Hanging))] if isinstance(content, Group) else []
    if texts and len(texts) == len(content.renderables):  # most board parts: cheaply made safe
        lines = [plain_line(t) for t in texts]
        return content if all(a is b for a, b in zip(lines, texts)) else Group(*lines)
    if isinstance(content, Shown) or not hasattr(content, "__rich_console__"):
        return content
    return Shown(content)


def _drawable(text: str) -> str:
    """A drawn segment's text without hidden characters, in the same cells: those
    that take no cell (controls, bidi and zero-width formats) are left out, any other
    (private-use, unassigned) becomes U+FFFD."""
    return "".join(ch if ch == "\n" or visible(ch) == ch else "" if not cell_len(ch) else "\ufffd"
                   for ch in text)


class Shown:
    """A Rich renderable (a board's panel, a table, a group) whose drawn text holds no
    hidden character: a name from an old save cannot reach the terminal as a command
    from inside a board either. Laid out as the renderable itself is."""

    def __init__(self, renderable: RenderableType) -> None:
        self.renderable = renderable

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for segment in console.render(self.renderable, options):
            text = segment.text
            if text.isprintable() or segment.control:
                yield segment
            else:
                yield Segment(_drawable(text), segment.style)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.renderable)


def plain_cell(text: str, style: str = "") -> Text:
    """A Rich table cell (or any Rich renderable's string) holding a player's text."""
    return Text(plain_text(text), style=style)


class Plain(Static):
    """A line (or lines) of text, never markup; see the module docstring."""

    def __init__(self, content: VisualType = "", **kwargs: Any) -> None:
        kwargs["markup"] = False
        super().__init__(plain(content), **kwargs)

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        super().update(plain(content), layout=layout)


class PlainButton(Button):
    """A button whose label is text: ``Yes [y]`` keeps its ``[y]``."""

    def __init__(self, label: str = "", *args: Any, **kwargs: Any) -> None:
        super().__init__(Text(plain_text(label)), *args, **kwargs)


class PlainOptionList(OptionList):
    """An option list whose prompts are text, never markup."""

    def __init__(self, *options: Any, **kwargs: Any) -> None:
        kwargs["markup"] = False
        super().__init__(*[_plain_option(o) for o in options], **kwargs)


def _plain_option(option: Any) -> Any:
    if isinstance(option, Option) and isinstance(option.prompt, (str, Text)):
        return Option(plain(option.prompt), id=option.id, disabled=option.disabled)
    if isinstance(option, Option) and isinstance(option.prompt, Hanging):
        return Option(plain_line(option.prompt), id=option.id, disabled=option.disabled)
    return option


class PlainLabel(Label):
    """A label (as wide as its text), never markup."""

    def __init__(self, content: VisualType = "", **kwargs: Any) -> None:
        kwargs["markup"] = False
        super().__init__(plain(content), **kwargs)
