"""The list of the current decision's choices: arrows + Enter, digits 1–9."""
from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option


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

    def set_choices(self, choices: list) -> None:
        self.choices = list(choices)
        self.clear_options()
        options = []
        for i, c in enumerate(self.choices):
            number = f"{i + 1}" if i < 9 else " "
            options.append(Option(Text.assemble((number, "bold"), " ", c.label), id=f"c{i}"))
        self.add_options(options)
        if options:
            self.highlighted = 0
        self._post_highlight()

    def _post_highlight(self) -> None:
        i = self.highlighted
        choice = self.choices[i] if i is not None and 0 <= i < len(self.choices) else None
        self.post_message(self.Highlighted(choice))

    @property
    def current(self):
        i = self.highlighted
        return self.choices[i] if i is not None and 0 <= i < len(self.choices) else None

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._post_highlight()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        i = event.option_index
        if 0 <= i < len(self.choices):
            self.post_message(self.Chosen(self.choices[i].key))
