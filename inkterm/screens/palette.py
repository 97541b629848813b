"""Textual's command palette in the reader's language: the "No matches found" it lists
when a search finds nothing (Textual writes that line itself, in English, with no way
to pass other words); the app gives the search field's words."""
from __future__ import annotations

from rich.align import Align
from rich.text import Text
from textual.app import ComposeResult
from textual.command import CommandList, CommandPalette
from textual.widgets.option_list import Option

from inkterm.i18n import _

#: The id Textual gives the option that says a search found nothing.
NO_MATCHES = "--no-matches"


class _CommandList(CommandList):
    """The palette's list, its "No matches found" line in the reader's words."""

    def add_option(self, option: Option | None = None) -> _CommandList:  # type: ignore[override]
        if isinstance(option, Option) and option.id == NO_MATCHES:
            option = Option(Align.center(Text(_("No matches found"), style="not bold")),
                            disabled=True, id=NO_MATCHES)
        super().add_option(option)
        return self


class Palette(CommandPalette):
    """The command palette, every word of it in the reader's language (``placeholder``:
    the search field's)."""

    def __init__(self, placeholder: str) -> None:
        super().__init__(id="--command-palette", placeholder=placeholder)

    def compose(self) -> ComposeResult:
        # Textual's own layout, its list swapped for ours (the containers it opens
        # with ``with`` take whatever is yielded in them).
        for widget in super().compose():
            yield _CommandList() if type(widget) is CommandList else widget
