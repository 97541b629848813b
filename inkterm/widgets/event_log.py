"""What happened, newest at the bottom."""
from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog


class EventLog(RichLog):
    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=500, min_width=20, **kwargs)
        self.can_focus = True

    def add_events(self, events, seats: list[str]) -> None:
        for e in events:
            kind = getattr(e, "kind", "info")
            style = {"round": "bold", "score": "bold", "warning": "italic"}.get(kind, "")
            self.write(Text(e.text, style=style))

    def note(self, text: str) -> None:
        self.write(Text(text, style="italic"))
