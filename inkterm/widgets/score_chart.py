"""Each seat's score over a game as a line chart (plotext, through Textual's wrapper):
one line per seat, drawn with the seat's initial as its mark, so the lines read
without colour too (NO_COLOR, colour-blind players).

Plotext puts one character in each cell of its grid, so a wide (CJK) character would
push the rest of its row a column right: the marks are one cell wide, and the legend
is drawn with stand-ins of its width in cells, put back once the chart is drawn."""
from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual_plotext import PlotextPlot
from inkterm.i18n import _
from inkterm.names import visible


def marks(names: list[str]) -> list[str]:
    """One mark per seat: its initial, or its number where initials clash."""
    initials = [(visible(n).strip()[:1] or "?").upper() for n in names]
    return [c if initials.count(c) == 1 and cell_len(c) == 1 else str(i + 1) for i, c in enumerate(initials)]


def stand_in(seat: int, label: str) -> str:
    """A run of one private-use character per seat, as many cells wide as ``label``."""
    return chr(0xE000 + seat) * cell_len(label)


def ticks(low: int, high: int, most: int = 6) -> list[int]:
    """Whole-number ticks from ``low`` to ``high``: points are whole numbers."""
    step = max(1, -(-(high - low) // (most - 1)))
    return list(range(low, high + step, step))


class ScoreChart(PlotextPlot):
    """``lines``: per seat, its score at the start and after every turn; ``rounds``:
    each turn's round (None where a game has no rounds), marked on the x axis."""

    DEFAULT_CSS = """
    ScoreChart {
        height: 14;
        width: 1fr;
        max-width: 100;
    }
    """

    def __init__(self, names: list[str], lines: list[list[int]],
                 rounds: list[int | None] | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.names = names
        self.lines = lines
        self.rounds = rounds or []
        self.labels: list[str] = []

    def on_mount(self) -> None:
        plt = self.plt
        plt.clear_figure()
        self.labels = [f"{visible(name)} ({mark})" for name, mark in zip(self.names, marks(self.names))]
        for seat, (label, mark, line) in enumerate(zip(self.labels, marks(self.names), self.lines)):
            plt.plot(list(range(len(line))), line, label=stand_in(seat, label), marker=mark)
        scores = [p for line in self.lines for p in line] or [0]
        plt.yticks([float(t) for t in ticks(min(scores), max(scores))])
        starts = [(i + 1, r) for i, r in enumerate(self.rounds)
                  if r is not None and (i == 0 or self.rounds[i - 1] != r)]
        if starts:  # the x axis in rounds: each round's first turn
            every = -(-len(starts) // 10)
            shown = starts[::every]
            plt.xticks([float(x) for x, _ in shown], [str(r) for _, r in shown])
            plt.xlabel(_("round"))
        else:
            plt.xticks([float(t) for t in ticks(0, max((len(line) for line in self.lines), default=1) - 1, 8)])
            plt.xlabel(_("turn"))

    def render(self) -> Text:
        drawn = super().render()
        assert isinstance(drawn, Text)  # the wrapper's plot, from plotext's ANSI text
        for seat, label in enumerate(self.labels):
            at = drawn.plain.find(stand_in(seat, label))
            if at >= 0:
                end = at + len(stand_in(seat, label))
                drawn = Text.assemble(drawn[:at], Text(label, style=drawn.get_style_at_offset(self.app.console, at)),
                                      drawn[end:])
        return drawn
