"""Pick one game from the registry (for its rules)."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from inkterm.screens import SCREENS_CSS


class GamePicker(ModalScreen[str | None]):
    CSS_PATH = SCREENS_CSS
    BINDINGS = [Binding("escape", "cancel", "Back"),
                *[Binding(str(n), f"pick({n})", show=False) for n in range(1, 10)]]

    def __init__(self, prompt: str = "Which game?") -> None:
        super().__init__()
        self.prompt = prompt

    def compose(self) -> ComposeResult:
        from inkterm.engine.registry import GAMES

        with Vertical(id="picker-box"):
            yield Static(self.prompt, id="picker-prompt")
            yield OptionList(
                *[Option(f"{i + 1} {spec.title}", id=gid) for i, (gid, spec) in enumerate(GAMES.items())],
                id="picker-list",
            )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_pick(self, n: int) -> None:
        """The digit shown before a game picks it, as in every other menu."""
        options = self.query_one(OptionList)
        if n <= options.option_count:
            self.dismiss(options.get_option_at_index(n - 1).id)

    def action_cancel(self) -> None:
        self.dismiss(None)
