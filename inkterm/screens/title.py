"""The title screen: new game, continue, rules, the language, quit; and when served
with shared tables, open a table, join one, watch one. Continue lists your seats at
shared tables beside your local saves ("Kiln at YAVA — your turn"), and the line
under it says how many of your tables wait for you."""
from __future__ import annotations

import os
from pathlib import Path
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.widgets import Button

from inkterm.i18n import DEFAULT, LANGUAGES, _, language, ngettext
from inkterm.screens.host import HostedScreen
from inkterm.screens.saved_games import short_error
from inkterm.session_env import GUEST_ENV, TABLES_SOCKET_ENV, TABLES_TOKEN_ENV, USER_ENV
from inkterm.widgets.plain import Plain, PlainButton

LOGO = "✒  i n k t e r m"


class TitleScreen(HostedScreen):
    BINDINGS = [
        Binding("n", "new", "New game", id="title.new"),
        Binding("c", "continue", "Continue", id="title.continue"),
        Binding("l", "learn", "Learn to play", id="title.learn"),
        Binding("r", "rules", "Rules", id="title.rules"),
        Binding("t", "open_table", "Open a table", id="title.open-table"),
        Binding("j", "join_table", "Join", id="title.join"),
        Binding("w", "watch_table", "Watch", id="title.watch"),
        Binding("L", "language", "Language", id="title.language"),
        Binding("q", "app.quit", "Quit", id="title.quit"),
        Binding("down", "app.focus_next", "Next", show=False),
        Binding("up", "app.focus_previous", "Previous", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        #: The unfinished games, newest first: (path, one line about it).
        self.resumable: list[tuple[Path, str]] = []
        #: True once the save directory has been read (the Continue line is final).
        self.scanned = False
        #: Your seats at shared tables: (code, one line about it, your turn?).
        self.tables: list[tuple[str, str, bool]] = []

    def compose(self) -> ComposeResult:
        with Center(id="title-box"):
            with Vertical(id="title-panel"):
                yield Plain(LOGO, id="logo")
                yield Plain(_("a table for board games, in your terminal"), id="tagline")
                if os.environ.get(GUEST_ENV):
                    # The name is the player's own text: shown as is, never as markup.
                    yield Plain(guest_warning(os.environ.get(USER_ENV, "")),
                                id="guest-warning")
                yield PlainButton(_("New game") + "  n", id="new", variant="primary")
                yield PlainButton(_("Continue") + "  c", id="continue", disabled=True)
                yield Plain(_("Looking for saved games…"), id="continue-info")
                yield PlainButton(_("Learn to play") + "  l", id="learn")
                if shared_tables():
                    yield PlainButton(_("Open a table") + "  t", id="open-table")
                    yield PlainButton(_("Join a table") + "  j", id="join-table")
                    yield PlainButton(_("Watch a table") + "  w", id="watch-table")
                yield PlainButton(_("Rules") + "  r", id="rules")
                yield PlainButton(language_label() + "  L", id="language")
                yield PlainButton(_("Quit") + "  q", id="quit")
                yield Plain("", id="save-warnings")
                yield Plain(_("↑↓ move · Enter choose · ctrl+p commands"), id="title-keys")

    def on_mount(self) -> None:
        self.query_one("#new", Button).focus()

    def on_screen_resume(self) -> None:
        # Each time the title shows (also coming back from a game, when the unfinished
        # saves may have changed). After the frame: reading saves imports the engine,
        # which drawing the title does not need.
        self.call_after_refresh(self.scan_saves)
        if shared_tables():
            self.call_after_refresh(self.scan_tables)

    @work(group="tables", exclusive=True)
    async def scan_tables(self) -> None:
        """Your seats at the server's tables, for Continue."""
        from inkterm.screens.tables import my_tables

        try:
            self.tables = await my_tables(self.app)
        except Exception as exc:  # the server is not there: local saves still are
            self.tables = []
            self.log.warning(f"tables not listed: {exc}")
        if self.scanned:
            self._show_saves(self.resumable, self._errors)

    @work(thread=True, group="scan")
    def scan_saves(self) -> None:
        """Read the save directory off the UI thread (it imports the games)."""
        from inkterm.engine.saves import list_saves, save_dir
        from inkterm.screens.saved_games import describe_save, resumable_saves

        try:
            # Each candidate is loaded fully here, so one that fails to load is
            # reported, not offered.
            saves = list_saves()
            resumable = [(info.path, describe_save(info)) for info in resumable_saves(saves)]
            errors = [s.error for s in saves if s.error]
        except OSError as exc:
            resumable, errors = [], [f"{save_dir()}: {exc}"]
        self.app.call_from_thread(self._show_saves, resumable, errors)

    _errors: list[str] = []

    def _show_saves(self, resumable: list[tuple[Path, str]], errors: list[str]) -> None:
        if not self.is_attached or not self.query("#continue"):
            return  # the app is closing
        self.resumable = resumable
        self._errors = errors
        self.scanned = True
        button = self.query_one("#continue", Button)
        button.disabled = not (resumable or self.tables)
        self.query_one("#continue-info", Plain).update(
            _continue_line(resumable, self.tables) if self.tables else _continue_line(resumable))
        if (resumable or self.tables) and self.focused in (None, self.query_one("#new")):
            button.focus()  # a game to go back to is the likeliest wish
        warn = self.query_one("#save-warnings", Plain)
        if errors:
            lines = ["⚠ " + ngettext(
                "{n} save file could not be read and was left untouched:",
                "{n} save files could not be read and were left untouched:",
                len(errors)).format(n=len(errors))]
            lines += [f"  {short_error(e)}" for e in errors[:3]]
            warn.update("\n".join(lines))
        else:
            warn.update("")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        action = {
            "new": self.action_new,
            "continue": self.action_continue,
            "learn": self.action_learn,
            "rules": self.action_rules,
            "open-table": self.action_open_table,
            "join-table": self.action_join_table,
            "watch-table": self.action_watch_table,
            "language": self.action_language,
            "quit": self.app.exit,
        }.get(event.button.id or "")
        if action:
            action()

    def action_new(self) -> None:
        from inkterm.screens.setup import SetupScreen

        self.app.push_screen(SetupScreen())

    def action_continue(self) -> None:
        """One unfinished game opens at once; several are listed to pick from (your
        seats at shared tables first, those where it is your turn first of all)."""
        if not self.resumable and not self.tables:
            self.notify(_("There is no unfinished game to continue."), severity="warning")
            return
        items = [(TABLE_MARK + code, line) for code, line, _ in self.tables]
        items += [(str(path), line) for path, line in self.resumable]
        if len(items) == 1:
            self._continue(items[0][0])
            return
        from inkterm.screens.saved_games import SavePicker

        self.app.push_screen(SavePicker(items), self._continue)

    def _continue(self, key: str | None) -> None:
        if not key:
            return
        if key.startswith(TABLE_MARK):
            from inkterm.screens.tables import back_to_table

            self.run_worker(back_to_table(self.app, key[len(TABLE_MARK):]), group="tables")
        else:
            self.host.continue_game(Path(key))

    def action_learn(self) -> None:
        from inkterm.screens.learn import learn_picker

        self.app.push_screen(learn_picker(), self.host.learn_or_watch)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action in ("open_table", "join_table", "watch_table"):
            return shared_tables()
        return True

    def action_open_table(self) -> None:
        from inkterm.screens.tables import OpenTableScreen

        self.app.push_screen(OpenTableScreen())

    def action_join_table(self) -> None:
        from inkterm.screens.tables import JoinTableScreen

        self.app.push_screen(JoinTableScreen())

    def action_watch_table(self) -> None:
        from inkterm.screens.tables import JoinTableScreen

        self.app.push_screen(JoinTableScreen(watch=True))

    def action_rules(self) -> None:
        from inkterm.engine.registry import GAMES
        from inkterm.screens.picker import GamePicker
        def show(game: str | None) -> None:
            if game:
                self.host.show_rules(game)

        if len(GAMES) == 1:
            show(next(iter(GAMES)))
        else:
            self.app.push_screen(GamePicker(_("Rules of which game?")), show)

    def action_language(self) -> None:
        """Pick the language (each listed in its own words); the choice is kept in
        the data folder and the title is drawn again in it."""
        from inkterm.screens.picker import Picker

        self.app.push_screen(Picker(_("Language") + " · Language", list(LANGUAGES.items())),
                             self._use_language)

    async def _use_language(self, lang: str | None) -> None:
        if not lang:
            return
        from inkterm.home import save_setting
        from inkterm.i18n import use

        use(lang)
        try:
            save_setting("language", lang)
        except OSError as exc:
            self.notify(_("The language could not be kept: {error}").format(error=exc),
                        severity="warning")
        # Every screen after this one is built in the new language; this one again.
        await self.recompose()
        self.query_one("#language", Button).focus()
        self.on_screen_resume()  # the Continue line, said again in the new words


#: The picker's key for a table (a save's key is its path).
TABLE_MARK = "table:"


def _continue_line(resumable: list[tuple[Path, str]],
                   tables: list[tuple[str, str, bool]] | None = None) -> str:
    """The newest unfinished game under the Continue button (and how many more); with
    seats at shared tables, first how many wait for you, and the first of them."""
    if tables:
        mine = sum(turn for _, _, turn in tables)
        n = len(tables)
        if mine and mine != n:
            head = ngettext("{n} table: your turn at {mine}", "{n} tables: your turn at {mine}", n)
        elif mine:
            head = ngettext("{n} table: your turn", "{n} tables: your turn", n)
        else:
            head = ngettext("{n} table: not your turn", "{n} tables: not your turn", n)
        lines = [head.format(n=n, mine=mine), tables[0][1]]
        if resumable:
            lines.append(ngettext("and {n} local game", "and {n} local games",
                                  len(resumable)).format(n=len(resumable)))
        return "\n".join(lines)
    if not resumable:
        return _("No unfinished game to continue.")
    path, line = resumable[0]
    more = len(resumable) - 1
    text = f"{line} ({path.name})"
    return text + ("\n" + ngettext("+ {n} more unfinished: Continue lists them",
                                    "+ {n} more unfinished: Continue lists them", more).format(n=more)
                   if more else "")


def shared_tables() -> bool:
    """The server runs shared tables and gave this session its pass (read here, not
    from screens.tables, so the title's first frame does not import the engine)."""
    return bool(os.environ.get(TABLES_SOCKET_ENV) and os.environ.get(TABLES_TOKEN_ENV))


def guest_warning(name: str) -> str:
    """What a player let in without a key (``serve ssh --guest``) must know."""
    if name:
        return "⚠ " + _("Guest table: anyone can log in as “{name}” without a key and "
                        "continue or change your saved games.").format(name=name)
    return "⚠ " + _("Guest table: anyone can log in under your name without a key and "
                    "continue or change your saved games.")


def language_label() -> str:
    """The Language button: also in English, so a player who cannot read the
    language shown can still find the way back."""
    words = _("Language: {language}").format(language=LANGUAGES[language()])
    return words if language() == DEFAULT else f"{words} · Language"
