"""The Textual application: screens are pushed from here; games are opened lazily so
the title screen appears quickly."""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from textual.app import App, ScreenStackError, SystemCommand
from textual.binding import Binding
from textual.notifications import Notification, SeverityLevel
from textual.reactive import reactive
from textual.screen import Screen
from textual.timer import Timer

from inkterm.i18n import N_, _
from inkterm.session_env import SERVED_ENV
from inkterm.widgets.notices import NoticeBar, Noticed

ASSETS = Path(__file__).parent / "assets"

#: Palette commands that write files where the app runs: when served, that is the
#: host's disk, not the player's, so they are left out.
HOST_ONLY_COMMANDS = frozenset({"Screenshot"})
#: Textual's own palette commands (title, help), marked here for the catalogs and
#: translated where the palette lists them (get_system_commands).
TEXTUAL_COMMANDS = (
    N_("Theme"), N_("Change the current theme"), N_("Quit"), N_("Quit the application as soon as possible"),
    N_("Keys"), N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"), N_("Minimize the widget and restore to normal size"),
    N_("Maximize"), N_("Maximize the focused widget"),
    N_("Screenshot"), N_("Save an SVG 'screenshot' of the current screen"),
)
#: How often a served session checks that its server still runs.
ORPHAN_CHECK_SECONDS = 2.0
#: How often live notices are checked for their end (only while there are some).
NOTICE_CHECK_SECONDS = 0.2


class InktermApp(App):
    """``start`` says where to open:

    * ``None`` — the title screen;
    * ``("play", game, seats, seed[, options])`` — straight into a new game;
    * ``("continue", path)`` — resume that save;
    * ``("replay", path)`` — step through that save;
    * ``("learn", game, restart)`` — the guided first game of ``game``;
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
    # ctrl+c quits as q does (see action_quit), not Textual's "press ctrl+q" hint.
    BINDINGS = [Binding("ctrl+c", "quit", "Quit", show=False, priority=True)]
    ENABLE_COMMAND_PALETTE = True

    #: The live notices, oldest first: shown by a NoticeBar in the layout of the
    #: screen in front, never as Textual's toasts (see widgets/notices.py).
    notices: reactive[tuple[Notification, ...]] = reactive(())
    _notice_expiry: Timer | None = None

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

        return self.sized(TitleScreen())

    # A screen is styled as it mounts, and again, every widget of it, when its first
    # Resize sets its breakpoint classes: given them before it mounts, the Resize
    # changes no class and the second styling is not needed (a game screen opens
    # 10-15% sooner).
    def sized(self, screen: Screen) -> Screen:
        """``screen`` with the breakpoint classes of the app's size (what its first
        Resize would set)."""
        width, height = self.size
        classes: dict[str, bool] = {}
        for breakpoints, extent in (
                (screen.HORIZONTAL_BREAKPOINTS or self.HORIZONTAL_BREAKPOINTS or [], width),
                (screen.VERTICAL_BREAKPOINTS or self.VERTICAL_BREAKPOINTS or [], height)):
            reached = max((point for point in breakpoints if extent >= point[0]), default=None)
            classes.update({name: (at, name) == reached for at, name in breakpoints})
        return screen.update_classes(classes, update=screen.is_mounted)

    def push_screen(self, screen: Screen | str, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        self.sized(self.get_screen(screen))
        return super().push_screen(screen, *args, **kwargs)

    def switch_screen(self, screen: Screen | str) -> Any:  # type: ignore[override]
        self.sized(self.get_screen(screen))
        return super().switch_screen(screen)

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, self._notices_to)
        self.call_after_refresh(self.run_worker, self.remove_save_leftovers, thread=True,
                                group="tidy")
        self.call_after_refresh(self.run_worker, self.load_keymap, thread=True, group="keymap")
        if self.is_served:
            # A session whose server died can never hear from its player again (its
            # terminal is gone, which may not even wake the input thread): leave, so
            # the game is saved and no orphan is left running.
            self._server_pid = os.getppid()
            self.set_interval(ORPHAN_CHECK_SECONDS, self._leave_if_orphaned, name="orphan-check")
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
        elif kind == "scene":
            game, topic, speed = self.start[1:]
            self.show_scene(game, topic, speed)
        elif kind == "learn":
            self.start_lesson(*self.start[1:])

    def remove_save_leftovers(self) -> None:
        """Temp files and locks left by sessions that were killed (after the first
        frame and off the UI thread: it imports the engine, which drawing does not need)."""
        from inkterm.engine.saves import remove_leftovers

        try:
            remove_leftovers()
        except OSError:
            pass  # an unreadable save folder is reported where saves are listed

    def _leave_if_orphaned(self) -> None:
        if os.getppid() != self._server_pid:
            self.exit(return_code=1, message=_("inkterm: the server went away; the game is saved."))

    def load_keymap(self) -> None:
        """The player's rebound keys (``keys.toml``, see inkterm/keymap.py); off the UI
        thread, as checking the ids imports every screen."""
        from inkterm.keymap import keymap_path, read_keymap

        if not keymap_path().exists():
            return
        keymap, problems = read_keymap()
        self.call_from_thread(self._use_keymap, keymap, problems)

    def _use_keymap(self, keymap: dict[str, str], problems: list[str]) -> None:
        if keymap:
            self.set_keymap(keymap)
        for line in problems:
            self.notify(line, title=_("Keys"), severity="warning", timeout=10)

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """Every notice (a widget's notify comes here too) is text, never markup: its
        message is built from names, file names and errors (see widgets/plain.py).
        It is shown in the layout, not as a toast (widgets/notices.py)."""
        from inkterm.widgets.plain import plain_text

        notice = Notification(plain_text(message), plain_text(title), severity,
                              self.NOTIFICATION_TIMEOUT if timeout is None else timeout)
        self.post_message(Noticed(notice))

    def on_noticed(self, message: Noticed) -> None:
        self.notices = (*self._live_notices(), message.notice)

    def clear_notifications(self) -> None:
        self.notices = ()

    def _live_notices(self) -> tuple[Notification, ...]:
        return tuple(notice for notice in self.notices if not notice.has_expired)

    def watch_notices(self, notices: tuple[Notification, ...]) -> None:
        if notices:
            try:
                self._notices_to(self.screen)
            except ScreenStackError:
                pass  # no screen yet: the first one gets the bar as it comes (screen_change_signal)
            if self._notice_expiry is None:
                # Checked at intervals, not by one timer at the soonest end: Textual
                # skips a one-shot timer's only tick if it comes late, and a notice
                # would then hide the keys for good.
                self._notice_expiry = self.set_interval(NOTICE_CHECK_SECONDS, self._expire_notices,
                                                        name="notice-expiry")
        elif self._notice_expiry is not None:
            self._notice_expiry.stop()
            self._notice_expiry = None

    def _expire_notices(self) -> None:
        live = self._live_notices()
        if live != self.notices:
            self.notices = live

    def _notices_to(self, screen: Screen) -> None:
        """The screen in front shows the live notices (its bar follows them from then)."""
        if self.notices:
            NoticeBar.put_on(screen)

    def handle_bindings_clash(self, clashed_bindings, node) -> None:
        """A rebound key that another key of the same screen already uses: said once."""
        told: set[str] = getattr(self, "_told_clashes", set())
        new = {b.key for b in clashed_bindings} - told
        if new:
            self._told_clashes = told | new
            names = ", ".join(sorted(f"{b.key} ({_(b.description) if b.description else b.action})"
                                     for b in clashed_bindings))
            self.notify(_("keys.toml rebinds keys already in use: {keys}").format(keys=names), title=_("Keys"),
                        severity="warning", timeout=10)

    # --- ways into a game ---------------------------------------------------------------
    def start_new_game(self, game: str, seats: list[str], seed: int,
                       options: dict | None = None) -> bool:
        from inkterm.engine import new_game

        try:
            state = new_game(game, seats=seats, seed=seed, options=options)
        except (ValueError, ImportError) as exc:
            self.notify(str(exc), title=_("Cannot start"), severity="error")
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
            self.notify(str(exc), title=_("Cannot start the demo"), severity="error")
            return False
        self.push_screen(DemoScreen(state, speed, bot))
        return True

    def show_scene(self, game: str, topic: str, speed: float = 1.0, rule_read: bool = False) -> bool:
        """Play the "show me" scene of the rules section ``topic`` names (``rule_read``:
        opened from that section, so its text is not told again)."""
        from inkterm.engine import IllegalChoice
        from inkterm.engine.assets import AssetError
        from inkterm.scenes import scene_for
        from inkterm.screens.scene import SceneScreen

        try:
            scene = scene_for(game, topic)
            if scene is None:
                self.notify(_("No scene shows “{topic}” yet.").format(topic=topic), severity="warning")
                return False
            self.push_screen(SceneScreen(game, scene, speed, rule_read=rule_read))
        except (AssetError, IllegalChoice, ValueError) as exc:
            self.notify(str(exc), title=_("Cannot play the scene"), severity="error")
            return False
        return True

    def start_lesson(self, game: str, restart: bool = False, play_on: bool | None = None) -> bool:
        """The guided first game of ``game``, where the learner left it. A lesson
        finished before asks first: play on against the coach, or start over."""
        from inkterm.engine.assets import AssetError
        from inkterm.lessons import Tutor, has_lesson
        from inkterm.screens.learn import LearnScreen

        if not has_lesson(game):
            self.notify(_("There is no guided game for {game} yet; its demo shows it played.").format(
                game=self._game_title(game)), title=_("No lesson"), severity="warning")
            return False
        try:
            if play_on is None and not restart and Tutor.can_play_on(game):
                self.ask_play_on(game)
                return True
            tutor = Tutor.start(game, restart=restart, play_on=bool(play_on))
        except AssetError as exc:
            self.notify(str(exc), title=_("Cannot start the lesson"), severity="error")
            return False
        self.push_screen(LearnScreen(tutor))
        return True

    def ask_play_on(self, game: str) -> None:
        from inkterm.screens.confirm import ChoiceScreen

        def answer(choice: str | None) -> None:
            if choice is not None:
                self.start_lesson(game, restart=choice == "over", play_on=choice == "on")

        self.push_screen(ChoiceScreen(
            N_("You finished this lesson."),
            N_("Play on against the coach from where you stopped (the game is kept as you go), "
               "or start the lesson over at step 1."),
            [("on", N_("Play on"), "p"), ("over", N_("Start over"), "s")]), answer)

    def learn_or_watch(self, game: str | None) -> None:
        """Learn to play ``game`` (from the title): its lesson, else its demo."""
        from inkterm.lessons import has_lesson

        if not game:
            return
        if has_lesson(game):
            self.start_lesson(game)
            return
        import random

        from inkterm.engine.registry import GAMES

        self.start_demo(game, max(2, GAMES[game].min_players), random.randrange(1, 100_000))

    @staticmethod
    def _game_title(game: str) -> str:
        from inkterm.engine.registry import GAMES
        from inkterm.translated import game_title

        spec = GAMES.get(game)
        return game_title(spec) if spec else game

    def continue_game(self, path: Path, *, take_over: bool = False) -> bool:
        from inkterm.engine.saves import OpenSave, SaveError, SaveInUse, read_save

        notes: list[str] = []
        try:
            state = read_save(path, notes)
        except SaveError as exc:
            self.notify(str(exc), title=_("Cannot continue"), severity="error", timeout=10)
            return False
        if state.is_over:
            self.notify(_("{file}: that game is already over").format(file=path.name), severity="warning")
            return False
        try:
            opened = OpenSave(path, take_over=take_over)
        except SaveInUse as exc:
            self.ask_watch_or_take_over(path, exc.pid)
            return False
        except SaveError as exc:
            self.notify(str(exc), title=_("Cannot continue"), severity="error", timeout=10)
            return False
        for note in notes:
            self.notify(note, title=_("Continued from its moves"), severity="warning", timeout=10)
        self.open_game(state, path, opened=opened)
        return True

    def ask_watch_or_take_over(self, path: Path, pid: int) -> None:
        """The save is open in another live session: only one may play it."""
        from inkterm.screens.confirm import ChoiceScreen

        def answer(choice: str | None) -> None:
            if choice == "watch":
                self.watch_save(path)
            elif choice == "take-over":
                self.continue_game(path, take_over=True)

        self.push_screen(ChoiceScreen(
            N_("This game is open in another session."),
            _("Process {pid} is playing {file}. Watch it (read only), or take it "
              "over: the other session can then no longer save.").format(pid=pid, file=path.name),
            [("watch", N_("Watch"), "w"), ("take-over", N_("Take over"), "t"), ("cancel", N_("Cancel"), "c")],
        ), answer)

    def watch_save(self, path: Path) -> bool:
        """The save as another session plays it: read only, following its choices."""
        from inkterm.engine.saves import SaveError, read_save
        from inkterm.screens.watch import WatchScreen

        try:
            state = read_save(path)
        except SaveError as exc:
            self.notify(str(exc), title=_("Cannot watch"), severity="error", timeout=10)
            return False
        self.push_screen(WatchScreen(path, state.record))
        return True

    def replay_save(self, path: Path) -> bool:
        from inkterm.engine.saves import SaveError, read_save
        from inkterm.screens.replay import ReplayScreen

        try:
            state = read_save(path)
        except SaveError as exc:
            self.notify(str(exc), title=_("Cannot replay"), severity="error", timeout=10)
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
            screen = self.get_screen(name)
            assert isinstance(screen, RulesScreen)  # installed under that name above
            screen.topic = topic
        self.push_screen(name)

    def open_game(self, state, path: Path | None, *, replace: bool = False,
                  opened=None) -> None:
        """``opened``: the OpenSave this session holds for ``path``, if taken already."""
        from inkterm.screens.game import GameScreen

        screen = GameScreen(state, path, opened)
        if replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    async def action_quit(self) -> None:
        """Every way to quit (q, ctrl+c, ctrl+q, the palette's Quit) ends here: a game
        open anywhere in the stack saves and asks first; elsewhere there is nothing to
        lose, and the app exits at once."""
        for screen in reversed(self.screen_stack):
            confirm_quit = getattr(screen, "confirm_quit", None)
            if confirm_quit is not None:
                confirm_quit()
                return
        self.exit()

    def action_show_help_panel(self) -> None:
        """The keys panel (the palette's Keys), its words in the player's language."""
        from textual.widgets import HelpPanel

        from inkterm.widgets.key_help import KeyHelp

        if not self.screen.query(HelpPanel):
            self.screen.mount(KeyHelp())

    # --- command palette ----------------------------------------------------------------
    @property
    def is_served(self) -> bool:
        """Played from elsewhere: over SSH (the server sets SERVED_ENV) or in a browser."""
        return bool(os.environ.get(SERVED_ENV)) or self.is_web

    def action_command_palette(self) -> None:
        """Textual's palette, its search field's words in the player's language."""
        from textual.command import CommandPalette

        from inkterm.screens.palette import Palette

        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(Palette(placeholder=_("Search for commands…")))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        served = self.is_served
        for command in super().get_system_commands(screen):
            if not (served and command.title in HOST_ONLY_COMMANDS):
                yield command._replace(title=_(command.title), help=_(command.help))
        extra = getattr(screen, "palette_commands", None)
        if extra is not None:
            yield from extra()


if TYPE_CHECKING:
    from inkterm.screens.host import Host

    _HOST: type[Host] = InktermApp  # the app is what its screens ask of it
