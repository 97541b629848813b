"""Text that picks, at render time, the first of its forms that fits the width it
is given: a header that must name every seat shortens names or takes a second
line rather than lose the last seats to an ellipsis."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text


def width_of(text: Text) -> int:
    """The widest line of ``text``."""
    return max(line.cell_len for line in text.split("\n", allow_blank=True))


class FirstThatFits:
    """Renders the first of ``forms`` (best first) whose every line fits; the last
    one, cut with an ellipsis, where none does."""

    def __init__(self, forms: Sequence[Text]) -> None:
        if not forms:
            raise ValueError("FirstThatFits needs at least one form")  # a programming error
        self.forms = list(forms)

    def __str__(self) -> str:
        return self.forms[0].plain

    def index(self, width: int) -> int:
        """Which form shows at ``width``."""
        for i, text in enumerate(self.forms):
            if width_of(text) <= width:
                return i
        return len(self.forms) - 1

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.forms[self.index(options.max_width)]

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(min(map(width_of, self.forms)), width_of(self.forms[0]))


def status_line(line: str, sep: str = " · ") -> FirstThatFits:
    """A status line whose first part (the game's title) gives way where the whole line
    does not fit: in Chinese or Japanese a title and a phase take more cells."""
    head, _sep, rest = line.partition(sep)
    return FirstThatFits([Text(line), Text(rest)] if rest else [Text(line)])


def shortened(name: str, limit: int | None) -> str:
    """``name`` cut to ``limit`` terminal cells, the last of them an ellipsis; a wide
    (CJK) character takes two cells and is never cut in half."""
    if limit is None or cell_len(name) <= limit:
        return name
    room, kept = max(1, limit - 1), ""
    for ch in name:
        if cell_len(kept + ch) > room:
            break
        kept += ch
    return kept + "…"
