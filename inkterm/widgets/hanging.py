"""A line whose wrapped lines go on under where its body began (a card's text under
the card's text, a need under the card), not at the left edge, where a continuation
reads as a new item."""
from __future__ import annotations

import re
from collections.abc import Hashable

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text


#: A line's label: the words up to its first colon (": " or the full-width "：").
_LABEL = re.compile(r"[^:：]*?(?:: |：)")


class Hanging:
    """``head`` then ``body``, the body's wrapped lines set in under its start rather
    than at the left edge (where a continuation reads as a new item)."""

    def __init__(self, head: Text, body: Text, wide_head_indent: int | None = None) -> None:
        self.head, self.body = head, body
        #: Given, a head wider than a third of the width sets the continuation in by
        #: only this many cells (a Japanese round's label, "第12ラウンド ", would leave
        #: the words a sliver of a narrow log).
        self.wide_head_indent = wide_head_indent

    @property
    def shape(self) -> Hashable:
        return (self.head.cell_len, self.body.plain, self.wide_head_indent)

    @property
    def plain(self) -> str:
        """The line's text, unwrapped."""
        return self.head.plain + self.body.plain

    def __str__(self) -> str:
        return self.plain

    def lines(self, console: Console, width: int) -> list[Text]:
        """The lines it takes at ``width``, each a Text (for rows a part lays out
        itself, e.g. inside a frame)."""
        indent = self.head.cell_len
        out = [Text().append_text(self.head)]  # the head's own style stays on the head
        wrapped: list[Text] = list(self.body.wrap(console, max(1, width - indent)))
        under = self.wide_head_indent
        if under is not None and indent > width // 3 and len(wrapped) > 1:
            rest = self.body[len(wrapped[0].plain):]  # the first line as it is, the rest wider
            rest = rest[len(rest.plain) - len(rest.plain.lstrip(" ")):]
            wrapped = [wrapped[0], *rest.wrap(console, max(1, width - under))]
        else:
            under = indent
        for i, line in enumerate(wrapped):
            if i:
                out.append(Text(" " * under))
            out[-1].append_text(line)
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        first, *more = self.lines(console, options.max_width)
        for line in more:
            first.append("\n")
            first.append_text(line)
        first.no_wrap, first.end = True, "\n"
        yield first

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        body = Measurement.get(console, options, self.body)
        indent = self.head.cell_len
        return Measurement(indent + body.minimum, indent + body.maximum)


def indented(text: Text | Hanging, cells: int) -> Hanging:
    """``text`` set in by ``cells``, its wrapped lines too (a Hanging line's under
    its body, set in as much)."""
    if isinstance(text, Hanging):
        wide = text.wide_head_indent
        return Hanging(Text.assemble(" " * cells, text.head), text.body, None if wide is None else wide + cells)
    return Hanging(Text(" " * cells), text)


def after_label(text: Text, most: int) -> Text | Hanging:
    """``text`` whose wrapped lines go on under what follows its label (``Step 2
    ●●○○: …``, ``Ann: …``) when it has one of at most ``most`` cells and words after
    it; else ``text`` (prose, or a label so long the rest would wrap in a sliver)."""
    label = _LABEL.match(text.plain)
    if label is None or label.end() == len(text) or cell_len(label.group()) > most:
        return text
    return Hanging(*text.divide([label.end()]))
