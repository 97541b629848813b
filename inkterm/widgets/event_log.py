"""What happened, newest at the bottom, each event with its round."""
from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog

STYLE = {"round": "bold", "score": "bold", "warning": "italic"}


def event_line(event, round_no: int | None = None) -> Text:
    """One event as a log line: ``R3 Ann acts in …``. A round's own announcement
    (kind "round") needs no label."""
    kind = getattr(event, "kind", "info")
    line = Text(event.text, style=STYLE.get(kind, ""))
    if round_no is not None and kind != "round":
        line = Text.assemble((f"R{round_no} ", "dim"), line)
    return line


class EventLog(RichLog):
    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=5000, min_width=20, **kwargs)
        self.can_focus = True
        #: Every line written, so a full-height view can show the same history.
        self.entries: list[Text] = []

    def add_events(self, events, round_no: int | None = None) -> list[Text]:
        lines = [event_line(e, round_no) for e in events]
        for line in lines:
            self._add(line)
        return lines

    def note(self, text: str) -> None:
        self._add(Text(text, style="italic"))

    def _add(self, line: Text) -> None:
        self.entries.append(line)
        self.write(line)
