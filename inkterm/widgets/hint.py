"""The highlighted choice's hint under the menu, in a box kept small so the menu
keeps its rows: a hint too long for it ends in a pointer to inspect (``i``), which
shows it whole."""
from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from inkterm.i18n import _
from inkterm.widgets.part import TextBox, update_if_changed

#: The lines of hint the box holds (its max-height is one more: its border takes one).
HINT_LINES = 3


class HintBox(TextBox):
    """The hint of the highlighted choice (``show_choice``)."""

    DEFAULT_CSS = f"""
    HintBox {{
        height: auto;
        max-height: {HINT_LINES + 1};
        padding: 0 1;
        color: $text-muted;
        border-top: hkey $primary-background-lighten-2;
    }}
    """

    def show_choice(self, choice) -> None:
        text = Text(str(choice.hint or "") if choice is not None else "")
        width = self.content_size.width or 30
        # Wrapping costs on every key press: only a hint near the box's size can overflow.
        if cell_len(text.plain) > width * (HINT_LINES - 1):
            lines = text.wrap(self.app.console, width)
            if len(lines) > HINT_LINES:
                text = Text("\n").join([*lines[: HINT_LINES - 1], Text(_("… i shows it all"), style="italic")])
        update_if_changed(self, text)
