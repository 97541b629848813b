"""The list of the current decision's choices: arrows + Enter, digits 1–9.

The highlighted choice is marked with ``▶`` as well as by colour, so the menu reads
with NO_COLOR too."""
from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

MARK = "▶"


class ActionMenu(OptionList):
    """Shows choices; posts ``Highlighted(choice)`` and ``Chosen(key)``."""

    class Highlighted(Message):
        def __init__(self, choice) -> None:
            super().__init__()
            self.choice = choice

    class Chosen(Message):
        def __init__(self, key: str) -> None:
            super().__init__()
            self.key = key

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.choices: list = []
        self._marked: int | None = None

    @staticmethod
    def _prompt(i: int, choice, marked: bool) -> Text:
        number = f"{i + 1}" if i < 9 else " "
        return Text.assemble((MARK if marked else " "), (number, "bold"), " ", choice.label)

    def set_choices(self, choices: list) -> None:
        self.choices = list(choices)
        self._marked = None
        self.clear_options()
        self.add_options(
            [Option(self._prompt(i, c, False), id=f"c{i}") for i, c in enumerate(self.choices)]
        )
        if self.choices:
            self.highlighted = 0
        self._on_highlight()

    @property
    def current(self):
        i = self.highlighted
        return self.choices[i] if i is not None and 0 <= i < len(self.choices) else None

    def _on_highlight(self) -> None:
        i = self.highlighted
        valid = i is not None and 0 <= i < len(self.choices)
        if self._marked is not None and self._marked != i and self._marked < len(self.choices):
            self.replace_option_prompt_at_index(
                self._marked, self._prompt(self._marked, self.choices[self._marked], False)
            )
        if valid and self._marked != i:
            self.replace_option_prompt_at_index(i, self._prompt(i, self.choices[i], True))
        self._marked = i if valid else None
        self.post_message(self.Highlighted(self.choices[i] if valid else None))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._on_highlight()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        i = event.option_index
        if 0 <= i < len(self.choices):
            self.post_message(self.Chosen(self.choices[i].key))
