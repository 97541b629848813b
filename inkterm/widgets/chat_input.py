"""A one-line input for chat: whatever is typed or pasted stays in order and is sent
as typed, but a control character (a pasted ESC, an OSC title sequence, a bell, a
tab) shows as its visible stand-in (ESC as ␛), one cell for one character. Textual's
Input drew a pasted ESC as two cells (^[), so the cursor and the text parted ways and
the line read out of order; and the stand-in is what the server would make of it
anyway (inkterm.tables.chat.plain_text)."""
from __future__ import annotations

from textual import events
from textual.widgets import Input

from inkterm.names import visible


class ChatInput(Input):
    def _on_paste(self, event: events.Paste) -> None:
        # A paste is one line of chat: its line breaks become spaces, not a cut. Textual
        # then runs Input's own handler (handlers run for every class), which inserts
        # it: calling it here as well pasted everything twice.
        event.text = visible(" ".join(event.text.splitlines()))

    def insert_text_at_cursor(self, text: str) -> None:
        super().insert_text_at_cursor(visible(text))
