"""What the others did since the person now choosing last chose (the table driver
keeps it per person), narrated as the log does, shown until they dismiss it
(Escape) or choose."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.css.scalar import Unit
from textual.widget import Widget

from inkterm.widgets.event_log import EventLog, event_line
from inkterm.widgets.plain import Plain

if TYPE_CHECKING:
    from textual.screen import Screen

    from inkterm.engine.types import Decision
    from inkterm.table_driver import TableDriver

#: Rows for "since your last turn" above the table (#since-top's max-height less its rule).
SINCE_TOP_ROWS = 5


#: Rows a flexible part of a board (one that fills what is left, `1fr`) needs at least.
FLEX_ROWS = 4


def board_rows(board: Widget) -> int:
    """The rows a board's shown parts need, stacked: their laid-out heights, and a few
    for a part that fills whatever is left (it scrolls within itself)."""
    rows = 0
    for part in board.children:
        if not part.display:
            continue
        height = part.styles.height
        flexible = height is not None and height.unit == Unit.FRACTION
        rows += FLEX_ROWS if flexible else part.virtual_region_with_margin.height
    return rows


def collapse_repeats(lines: list[Text]) -> list[Text]:
    """Consecutive equal lines as one, with a count: "bot swaps a card (×3)"."""
    out: list[Text] = []
    count = 0
    for i, line in enumerate(lines):
        count += 1
        if i + 1 < len(lines) and lines[i + 1].plain == line.plain:
            continue
        out.append(line + Text(f" (×{count})", style="dim") if count > 1 else line)
        count = 0
    return out


if TYPE_CHECKING:
    _Mixed = Screen  # what the mixin is mixed into
else:
    _Mixed = object


class SinceLastTurn(_Mixed):
    """The game screen's "since your last turn" panels (a mixin: the screen composes
    #since-top and #since-side). Type-checked as the screen it is mixed into."""

    if TYPE_CHECKING:
        table: TableDriver

        @property
        def decision(self) -> Decision | None: ...
        def human_to_move(self) -> bool: ...

    #: Whether "since your last turn" is shown (a lesson or a demo narrates instead).
    SHOWS_SINCE = True

    @property
    def since_panel(self) -> Plain | None:
        """Where "since your last turn" shows: above the table on a short screen if the
        board still fits beneath it (the full width reads best), else in the log's
        place, so that the board keeps every row (Kiln's four seats at 80×24). None on
        screens built without it (demos, lessons)."""
        top = not self.has_class("-tall") and self._board_fits_under_top()
        panels = self.query("#since-top" if top else "#since-side")
        return panels.first(Plain) if panels else None

    def _board_fits_under_top(self) -> bool:
        boards, tables, tops = self.query("#board"), self.query("#table"), self.query("#since-top")
        if not (boards and tables and tops):
            return True
        top = tops.first()
        room = tables.first().size.height + (top.outer_size.height if top.display else 0)
        return board_rows(boards.first()) + SINCE_TOP_ROWS + 1 <= room

    #: Whether a panel may be on (or the log off): until then there is nothing to hide.
    _since_on = False

    def _show_since(self) -> None:
        """What the others did since the person now choosing last chose, until they
        dismiss it (Escape) or choose."""
        d = self.decision
        played = (self.table.missed.get(d.seat, [])
                  if d is not None and self.SHOWS_SINCE and self.human_to_move() else [])
        missed = [event_line(e, p.round) for p in played for e in p.events]
        if not missed and not self._since_on:
            return  # hidden, and staying so (a shared table's seats never fill it): no query
        panel = self.since_panel
        if panel is None:
            missed = []
        for other in self.query(".since"):
            other.display = other is panel and bool(missed)
        self.query_one(EventLog).display = not (missed and panel is not None and panel.id == "since-side")
        self._since_on = bool(missed)
        if missed and panel is not None:
            self._fill_since(panel, collapse_repeats(missed))
            self.call_after_refresh(self._fill_since, panel, collapse_repeats(missed))  # laid out

    def _fill_since(self, panel: Plain, lines: list[Text]) -> None:
        """The newest lines that fit the panel under its heading."""
        width = panel.content_size.width or self.size.width - 2
        # The top panel grows to its max-height (see screens.tcss); the side one is fixed.
        room = SINCE_TOP_ROWS if panel.id == "since-top" else panel.content_size.height or 6
        shown: list[Text] = []
        for n in range(len(lines), 0, -1):  # fewest dropped first
            more = len(lines) - n
            earlier = f"{more} earlier: l; " if more else ""
            head = Text(f"Since your last turn ({earlier}Esc hides):", style="bold")
            shown = [head, *lines[-n:]]
            if sum(len(t.wrap(self.app.console, width)) for t in shown) <= room:
                break
        panel.update(Text("\n").join(shown))

    def action_dismiss_since(self) -> None:
        d = self.decision
        if d is not None and self.table.missed.get(d.seat):
            self.table.missed[d.seat].clear()
            self._show_since()
