"""Pick one item from a short list: a game (for its rules), a save to continue."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from inkterm.i18n import _
from inkterm.screens import SCREENS_CSS
from inkterm.widgets.plain import Plain, PlainOptionList


class Picker(ModalScreen[str | None]):
    """Dismisses with the key of the item picked (Enter, a click or its digit), or
    None on Escape."""

    CSS_PATH = SCREENS_CSS
    BINDINGS = [Binding("escape", "cancel", "Back"),
                *[Binding(str(n), f"pick({n})", show=False) for n in range(1, 10)]]

    def __init__(self, prompt: str, items: list[tuple[str, str]]) -> None:
        """``items``: (key, label) pairs, in the order shown."""
        super().__init__()
        self.prompt = prompt
        self.items = items

    def compose(self) -> ComposeResult:
        with Vertical(id="picker-box"):
            yield Plain(self.prompt, id="picker-prompt")
            yield PlainOptionList(
                *[Option(f"{i + 1} {label}", id=key) for i, (key, label) in enumerate(self.items)],
                id="picker-list",
            )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_pick(self, n: int) -> None:
        """The digit shown before an item picks it, as in every other menu."""
        options = self.query_one(OptionList)
        if n <= options.option_count:
            self.dismiss(options.get_option_at_index(n - 1).id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class GamePicker(Picker):
    """Pick one game from the registry."""

    def __init__(self, prompt: str | None = None) -> None:
        from inkterm.engine.registry import GAMES
        from inkterm.translated import game_title

        super().__init__(prompt or _("Which game?"), [(gid, game_title(spec)) for gid, spec in GAMES.items()])
