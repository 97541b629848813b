"""A small yes/no question over the current screen."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button

from inkterm.i18n import N_, _
from inkterm.screens import SCREENS_CSS
from inkterm.widgets.plain import Plain, PlainButton

QUIT_QUESTION = N_("Quit inkterm?")
#: The words a game asks the quit question with (written where the game is, in
#: English): translated here, where they are shown.
QUIT_DETAILS = (N_("The game is saved; choose Continue on the title screen to resume it."),)


class ConfirmScreen(ModalScreen[bool]):
    CSS_PATH = SCREENS_CSS
    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n", "answer(False)", "No"),
        Binding("escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, detail: str = "") -> None:
        super().__init__()
        self.question = question
        self.detail = detail

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Plain(_(self.question), id="confirm-question")
            if self.detail:
                yield Plain(_(self.detail), id="confirm-detail")
            with Horizontal(id="confirm-buttons"):
                yield PlainButton(_("Yes") + " [y]", id="yes", variant="error")
                yield PlainButton(_("No") + " [n]", id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


def ask_to_quit(app, detail: str) -> None:
    """The one quit question (q, ctrl+c and the palette's Quit all come here during a
    game); asked once even if the key is pressed again while it shows."""
    if isinstance(app.screen, ConfirmScreen) and app.screen.question == QUIT_QUESTION:
        return

    def answer(yes: bool | None) -> None:
        if yes:
            app.exit()

    app.push_screen(ConfirmScreen(QUIT_QUESTION, detail), answer)


class ChoiceScreen(ModalScreen[str | None]):
    """A question with a few named answers, each a button and a key; Escape answers
    None. ``answers`` are (id, label, key) triples."""

    CSS_PATH = SCREENS_CSS
    BINDINGS = [Binding("escape", "answer(None)", "Cancel")]

    def __init__(self, question: str, detail: str, answers: list[tuple[str, str, str]]) -> None:
        super().__init__()
        self.question = question
        self.detail = detail
        self.answers = answers

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            # Written in English where asked (N_), translated here, as ConfirmScreen does.
            yield Plain(_(self.question), id="confirm-question")
            yield Plain(_(self.detail), id="confirm-detail")
            with Horizontal(id="confirm-buttons"):
                for answer_id, label, key in self.answers:
                    yield PlainButton(f"{_(label)}  {key}", id=answer_id)

    def on_mount(self) -> None:
        self.query(Button).first().focus()  # the first answer is the safe one

    def on_key(self, event) -> None:
        for answer_id, _label, key in self.answers:
            if event.key == key:
                event.stop()
                self.dismiss(answer_id)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)

    def action_answer(self, answer: str | None) -> None:
        self.dismiss(answer)
