"""The highlighted choice's hint under the menu, in a box kept small so the menu
keeps its rows: a hint too long for it ends in a pointer to inspect (``i``), which
shows it whole. The box is as tall as the menu's tallest hint, so moving through a
menu never changes its height: the board stays where it is, and a key costs no
layout of the whole screen (most Japanese hints take two or three lines, by turns)."""
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

    _fitted = 0  # the hint lines the box is held to (0: as its hint needs)

    def fit_to(self, choices) -> None:
        """Hold the box at the height of the tallest hint among ``choices`` (a menu's
        choices), at most ``HINT_LINES``."""
        width = self.content_size.width or 30
        tallest = 0
        for choice in choices:
            hint = str(choice.hint or "")
            if hint and tallest < HINT_LINES:
                lines = 1 if cell_len(hint) <= width and "\n" not in hint else len(
                    Text(hint).wrap(self.app.console, width))
                tallest = min(HINT_LINES, max(tallest, lines))
        if tallest != self._fitted:
            self._fitted = tallest
            self.styles.min_height = tallest + 1 if tallest else None  # + the border's line

    def show_menu(self, choices, current) -> None:
        """A menu's hint box: held to its tallest hint, showing ``current``'s."""
        self.fit_to(choices)
        self.show_choice(current)

    def show_choice(self, choice) -> None:
        text = Text(str(choice.hint or "") if choice is not None else "")
        width = self.content_size.width or 30
        # Wrapping costs on every key press: only a hint near the box's size can overflow.
        if cell_len(text.plain) > width * (HINT_LINES - 1):
            lines = text.wrap(self.app.console, width)
            if len(lines) > HINT_LINES:
                text = Text("\n").join([*lines[: HINT_LINES - 1], Text(_("… i shows it all"), style="italic")])
        update_if_changed(self, text)
