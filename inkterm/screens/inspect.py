"""Inspect: the full text and state of what the highlighted choice touches, and a
list of everything that may be looked up (every card in front of anyone, your hand).

The words come from the game (``state.describe``/``state.lookups``); this screen only
shows them."""
from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from inkterm.i18n import _
from inkterm.screens import SCREENS_CSS
from inkterm.widgets.footer import KeyFooter
from inkterm.widgets.hanging import after_label
from inkterm.widgets.plain import Plain, PlainOptionList

CHOICE = "choice"  # the list's first entry: the highlighted choice itself
#: The widest label a line's wrapped words go on under (``Step 2 ●●○○: ``, a seat's
#: name): at the left edge a step's continuation read as the next step.
LABEL_CELLS = 20


def labelled(text: str) -> Group:
    """Inspect's words a line each, wrapped under what follows each line's label."""
    return Group(*(after_label(Text(line), LABEL_CELLS) for line in text.split("\n")))


def choice_text(state, choice, seat: int | None) -> str:
    """The highlighted choice in full: its label, its whole hint, and the game's words
    for everything it touches."""
    if choice is None:
        return _("No choice is highlighted.")
    parts = [str(choice.label)]
    if choice.hint:
        parts.append(str(choice.hint))
    for touch in choice.touches or ():
        text = state.describe(touch, seat)
        if text:
            parts.append(str(text))
    return "\n\n".join(parts)


class InspectScreen(ModalScreen[None]):
    CSS_PATH = SCREENS_CSS
    BINDINGS = [Binding("escape,i,q", "close", "Close", id="inspect.close")]

    def __init__(self, state, choice, seat: int | None) -> None:
        super().__init__()
        self.state = state
        self.choice = choice
        self.seat = seat
        self.entries = [(CHOICE, _("The highlighted choice")), *state.lookups(seat)]

    def compose(self) -> ComposeResult:
        yield Plain(_("Inspect — arrows pick what to read; Escape closes"), id="inspect-title")
        with Horizontal(id="inspect-body"):
            yield PlainOptionList(
                *[Option(after_label(Text(str(label)), LABEL_CELLS), id=f"e{i}")
                  for i, (_, label) in enumerate(self.entries)],
                id="inspect-list",
            )
            with VerticalScroll(id="inspect-scroll"):
                yield Plain(labelled(self.text_for(CHOICE)), id="inspect-text")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#inspect-list", OptionList).focus()

    def text_for(self, touch: str) -> str:
        if touch == CHOICE:
            return choice_text(self.state, self.choice, self.seat)
        return str(self.state.describe(touch, self.seat) or touch)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        touch = self.entries[event.option_index][0]
        self.query_one("#inspect-text", Plain).update(labelled(self.text_for(touch)))
        self.query_one("#inspect-scroll").scroll_home(animate=False)

    def action_close(self) -> None:
        self.dismiss()
