"""The keys panel (the palette's Keys) in the player's language: Textual's HelpPanel
whose keys' words are translated as the footer's are (a binding's words are written
in English and extracted for the catalogs; widgets/footer.py)."""
from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import HelpPanel, KeyPanel, Markdown

from inkterm.i18n import N_, gettext

#: The words of Textual's own keys on inkterm's screens (its widgets' and the app's
#: bindings), marked here for the catalogs.
TEXTUAL_KEY_WORDS = (
    N_("Focus Next"), N_("Focus Previous"), N_("Copy selected text"), N_("Move cursor left"),
    N_("Move cursor left and select"), N_("Move cursor left a word"),
    N_("Move cursor left a word and select"),
    N_("Move cursor right or accept the completion suggestion"), N_("Move cursor right and select"),
    N_("Move cursor right a word"), N_("Move cursor right a word and select"),
    N_("Delete character left"), N_("Select all"), N_("Go to start"), N_("Go to end"),
    N_("Select line start"), N_("Select line end"), N_("Delete character right"), N_("Submit"),
    N_("Delete left to start of word"), N_("Delete all to the left"),
    N_("Delete right to start of word"), N_("Delete all to the right"), N_("Cut selected text"),
    N_("Paste text from the clipboard"), N_("Scroll Up"), N_("Scroll Down"), N_("Scroll Left"),
    N_("Scroll Right"), N_("Scroll Home"), N_("Scroll End"), N_("Page Up"), N_("Page Down"),
    N_("Page Left"), N_("Page Right"), N_("Down"), N_("Last"), N_("Select"), N_("First"), N_("Up"),
    N_("Show menu"), N_("Toggle"), N_("Press button"),
)
#: A key's tooltip, which the table writes after its words (dim).
TOOLTIPS = (N_("Quit the app and return to the command prompt."), N_("Open the command palette"))


def translated(cell: Text) -> Text:
    """A binding's words (and its tooltip, if it has one) in the catalog's language."""
    plain = cell.plain
    for tip in TOOLTIPS:
        if plain.endswith(" " + tip):
            words = Text(gettext(plain[: -len(tip) - 1]), style=cell.style, end="")
            return words.append(" " + gettext(tip), "dim")
    return Text(gettext(plain), style=cell.style, end="")


def translated_table(table: Table) -> Table:
    """The keys' table with its words column translated: each cell (a Text, which the
    table holds and draws when rendered) is rewritten in place through Text's public
    ``plain``, ``spans`` and ``style``."""
    if len(table.columns) > 1:
        for cell in table.columns[1].cells:
            if isinstance(cell, Text):
                said = translated(cell)
                cell.plain, cell.spans, cell.style = said.plain, list(said.spans), said.style
    return table


class TranslatedKeyPanel(KeyPanel):
    """KeyPanel (public) draws its keys with a table widget Textual does not export:
    each one it composes renders its table translated."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            draw = getattr(widget, "render_bindings_table", None)
            if draw is not None:
                widget.render = lambda draw=draw: translated_table(draw())  # type: ignore[method-assign,misc]
            yield widget


class KeyHelp(HelpPanel):
    def compose(self) -> ComposeResult:
        yield Markdown(id="widget-help")
        yield TranslatedKeyPanel(id="keys-help")
