"""The Textual application: screens are pushed from here; games are opened lazily so
the title screen appears quickly."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

ASSETS = Path(__file__).parent / "assets"


class InktermApp(App):
    """``start`` says where to open:

    * ``None`` — the title screen;
    * ``("play", game, seats, seed[, options])`` — straight into a new game;
    * ``("continue", path)`` — resume that save;
    * ``("replay", path)`` — step through that save;
    * ``("state", state, path_or_None)`` — an existing state (tests, demos).
    """

    TITLE = "inkterm"
    # The boards' stylesheets come with the screens that show a board (BOARD_CSS), so
    # the title's first frame does not wait for them to be parsed.
    CSS_PATH = [ASSETS / "app.tcss"]
    # Breakpoint classes land on the screen: GameScreen shows a notice below 80×24 and
    # a more detailed board from 110×34 up (see app.tcss).
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (80, "-w80"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (24, "-h24"), (34, "-tall")]
    BINDINGS = [Binding("ctrl+c", "quit", "Quit", show=False, priority=True)]
    ENABLE_COMMAND_PALETTE = True

    def __init__(self, start: tuple | None = None, *, bot_delay: float = 0.4,
                 handoff: str = "auto", **kwargs: Any):
        super().__init__(**kwargs)
        self.start = start
        #: Seconds a bot waits before each visible step (tests use 0).
        self.bot_delay = bot_delay
        #: When a hand-off screen covers the table between people: "auto" (only when
        #: the next person would see a secret), "always" or "never".
        self.handoff = handoff

    def get_default_screen(self) -> Screen:
        # The title is the bottom of the stack (no empty default screen to build).
        from inkterm.screens.title import TitleScreen

        return TitleScreen()

    def on_mount(self) -> None:
        if self.start is None:
            return
        kind = self.start[0]
        if kind == "play":
            game, seats, seed, *rest = self.start[1:]
            self.start_new_game(game, seats, seed, rest[0] if rest else None)
        elif kind == "continue":
            self.continue_game(Path(self.start[1]))
        elif kind == "replay":
            self.replay_save(Path(self.start[1]))
        elif kind == "state":
            _, state, path = self.start
            self.open_game(state, Path(path) if path else None)
        elif kind == "demo":
            game, seats, seed, speed, bot = self.start[1:]
            self.start_demo(game, seats, seed, speed, bot)

    # --- ways into a game ---------------------------------------------------------------
    def start_new_game(self, game: str, seats: list[str], seed: int,
                       options: dict | None = None) -> bool:
        from inkterm.engine import new_game

        try:
            state = new_game(game, seats=seats, seed=seed, options=options)
        except (ValueError, ImportError) as exc:
            self.notify(str(exc), title="Cannot start", severity="error")
            return False
        self.open_game(state, None)
        return True

    def start_demo(self, game: str, seats: int, seed: int, speed: float = 1.0,
                   bot: str = "greedy") -> bool:
        from inkterm.engine import new_game
        from inkterm.screens.demo import NAMES, DemoScreen

        try:
            state = new_game(game, seats=list(NAMES[:seats]), seed=seed)
        except (ValueError, ImportError) as exc:
            self.notify(str(exc), title="Cannot start the demo", severity="error")
            return False
        self.push_screen(DemoScreen(state, speed, bot))
        return True

    def continue_game(self, path: Path) -> bool:
        from inkterm.engine.saves import SaveError, read_save

        try:
            state = read_save(path)
        except SaveError as exc:
            self.notify(str(exc), title="Cannot continue", severity="error", timeout=10)
            return False
        if state.is_over:
            self.notify(f"{path.name}: that game is already over", severity="warning")
            return False
        self.open_game(state, path)
        return True

    def replay_save(self, path: Path) -> bool:
        from inkterm.engine.saves import SaveError, read_save
        from inkterm.screens.replay import ReplayScreen

        try:
            state = read_save(path)
        except SaveError as exc:
            self.notify(str(exc), title="Cannot replay", severity="error", timeout=10)
            return False
        self.push_screen(ReplayScreen(state.record))
        return True

    def show_rules(self, game: str, topic: str = "") -> None:
        """The rules of ``game`` at ``topic``. The screen is kept once built, so
        ``?`` is instant after the first time."""
        from inkterm.screens.rules import RulesScreen

        name = f"rules:{game}"
        if not self.is_screen_installed(name):
            self.install_screen(RulesScreen(game, topic), name)
        else:
            self.get_screen(name).topic = topic
        self.push_screen(name)

    def open_game(self, state, path: Path | None, *, replace: bool = False) -> None:
        from inkterm.screens.game import GameScreen

        screen = GameScreen(state, path)
        if replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    # --- command palette ----------------------------------------------------------------
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        extra = getattr(screen, "palette_commands", None)
        if extra is not None:
            yield from extra()
