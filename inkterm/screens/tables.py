"""Shared tables on the title screen (when served): open one, join one by its code
or from the list (kept fresh while it shows), watch one; the waiting room until
every seat is filled, with the table's chat; and the way back to a seat from the
title's Continue."""
from __future__ import annotations

import os

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, OptionList, Select
from textual.widgets.option_list import Option

from inkterm.engine import GAMES
from inkterm.i18n import N_, _
from inkterm.screens import SCREENS_CSS, TABLES_CSS
from inkterm.screens.setup import MAX_SEATS  # read at import: never the max of no games
from inkterm.screens.table_panel import seat_who, table_title
from inkterm.session_env import TABLES_SOCKET_ENV, TABLES_TOKEN_ENV
from inkterm.tables.client import TableClient, TableRefused
from inkterm.tables.protocol import (WEB_MARK, JoinTable, ListTables, Ok, OpenTable, TableInfo,
                                     WatchTable, open_seats, seat_of)
from inkterm.tables.remote import RemoteTable
from inkterm.translated import game_title
from inkterm.widgets.chat_input import ChatInput
from inkterm.widgets.footer import KeyFooter
from inkterm.widgets.plain import Plain, PlainButton, PlainLabel, PlainOptionList

#: The bots are the server's levels (it decides what each may cost).
#: (words, value) pairs of the form's selects: the words marked here, translated where shown.
SEAT_KINDS = [(N_("me"), "me"), (N_("open: another player"), "open"), (N_("bot: easy"), "easy"),
              (N_("bot: normal"), "normal"), (N_("bot: hard"), "hard"), (N_("no seat"), "")]

IDLE_CHOICES = [(N_("wait for them"), 0), (N_("a bot plays after 2 minutes"), 2),
                (N_("a bot plays after 5 minutes"), 5), (N_("a bot plays after 10 minutes"), 10)]
#: How the table is played: live, or turn-based with a time bank a player (days).
PACE_CHOICES = [(N_("live: everyone at the table"), "live"),
                (N_("turn-based: no time limit"), "turn"),
                (N_("turn-based: 1 day a player, then a bot"), "turn:1"),
                (N_("turn-based: 3 days a player, then a bot"), "turn:3"),
                (N_("turn-based: 7 days a player, then a bot"), "turn:7")]
PRIVATE_WORDS = {False: N_("Private: no — listed for everyone to join"),
                 True: N_("Private: yes — not listed, joined by its code only")}
UNDO_WORDS = {True: N_("Undo: yes — a player may take back their own choices"),
              False: N_("Undo: no — every choice is final")}
#: How often the Join list asks the server again while it shows.
LIST_EVERY = 2.0
CODE_PLACEHOLDER = N_("the letters the host shared")


def translated(choices: list) -> list:
    """A select's (words, value) pairs with the words in the reader's language."""
    return [(_(words), value) for words, value in choices]

_clients: dict[int, TableClient] = {}  # one channel per app


async def tables_client(app) -> TableClient:
    """This app's channel to the server's tables, opened at first use."""
    client = _clients.get(id(app))
    if client is None or client.closed:
        try:
            client = await TableClient.connect(os.environ[TABLES_SOCKET_ENV],
                                               os.environ[TABLES_TOKEN_ENV])
        except (OSError, KeyError, ValueError) as exc:
            raise TableRefused(_("The table server cannot be reached ({problem}).").format(problem=exc)) from None
        _clients[id(app)] = client
    return client


def refused(exc: Exception) -> str:
    """Why a request to the tables came to nothing, in words: a busy server's silence
    too (its TimeoutError has none, and the Join line said only "✗")."""
    if isinstance(exc, TimeoutError):
        from inkterm.tables import client

        return _("The table server did not answer within {n} seconds; press Enter to try again.").format(
            n=round(client.REQUEST_SECONDS))
    return str(exc)


def seats_line(info: TableInfo) -> str:
    return _(", ").join((_("{name} ({status})").format(name=s.name, status=s.status()) if s.status() else s.name)
                        if s.kind != "open" else _("(open)") for s in info.seats)


def turn_words(info: TableInfo, seat: int | None) -> str:
    """Whose turn, in words, for the seat ``seat``."""
    if info.status == "waiting":
        return _("waiting for players")
    if info.turn is None:
        return _("over")
    if info.turn == seat:
        return _("your turn")
    return _("{name}'s turn").format(name=info.seats[info.turn].name)


async def my_tables(app) -> list[tuple[str, str, bool]]:
    """Your seats at unfinished tables, your turn first: (code, "Kiln at YAVA — your
    turn", your turn?)."""
    client = await tables_client(app)
    ok = await client.request(ListTables())
    found = []
    for t in ok.tables or []:
        seat = seat_of(t.seats, client.name)
        if seat is None or t.status == "over":
            continue
        found.append((t.code, _("{game} at {code} — {turn}").format(
            game=table_title(t), code=t.code, turn=turn_words(t, seat)), t.turn == seat))
    return sorted(found, key=lambda f: not f[2])


async def back_to_table(app, code: str) -> None:
    """Sit down again at your seat (Continue on the title)."""
    try:
        client = await tables_client(app)
        ok = await client.request(JoinTable(code=code))
    except (TableRefused, TimeoutError) as exc:
        app.notify(refused(exc), severity="error")
        return
    open_remote(app, client, ok.update, replace=False)


def open_remote(app, client: TableClient, update, *, replace: bool) -> None:
    """The game if it has begun, else the waiting room."""
    from inkterm.screens.table_game import TableScreen

    remote = RemoteTable(client, update)
    screen = TableScreen(remote) if remote.started else LobbyScreen(remote)
    (app.switch_screen if replace else app.push_screen)(screen)


class _TablesScreen(Screen):
    """What the forms share: the stylesheet, Back, and asking the table server,
    whose refusal is shown in the form's error line."""

    CSS_PATH = [SCREENS_CSS, TABLES_CSS]

    def name_row(self) -> ComposeResult:
        """A browser player's name, asked once a tab (an SSH player has a login)."""
        with Horizontal(classes="tables-row", id="name-row") as row:
            row.display = False
            yield PlainLabel(_("Name"), classes="tables-label")
            yield Input(placeholder=_("the name the others see (not checked: no login)"),
                        id="display-name", max_length=20, compact=True)

    async def show_name_row(self) -> None:
        try:
            client = await tables_client(self.app)
        except TableRefused as exc:
            self.say_error(str(exc))
            return
        if not client.name:
            self.query_one("#name-row").display = True
            self.query_one("#display-name", Input).focus()

    async def named(self, client: TableClient) -> bool:
        """Whether the session has a name to act for (a browser tab sends its own)."""
        if client.name:
            return True
        wanted = self.query_one("#display-name", Input).value
        if not wanted.strip():
            self.say_error(_("Choose the name the others will see (the Name line)."))
            self.query_one("#display-name", Input).focus()
            return False
        await client.choose_name(wanted)
        self.query_one("#name-row").display = False
        return True

    def error_line(self) -> Plain:
        return Plain("", id="tables-error", classes="tables-error")

    def say_error(self, text: str) -> None:
        line = self.query_one("#tables-error", Plain)
        line.update(Text(f"✗ {text}"))
        # The forms are longer than 24 rows: a refusal below the fold looked like no answer.
        self.call_after_refresh(line.scroll_visible, animate=False)

    async def ask(self, message) -> tuple[TableClient, Ok] | None:
        try:
            client = await tables_client(self.app)
            if not isinstance(message, ListTables) and not await self.named(client):
                return None
            return client, await client.request(message)
        except (TableRefused, TimeoutError) as exc:
            self.say_error(refused(exc))
            return None

    async def sit_down(self, message) -> bool:
        """Open, join or watch: the table's screen replaces this form (False: refused)."""
        answer = await self.ask(message)
        if answer is None:
            return False
        client, ok = answer
        open_remote(self.app, client, ok.update, replace=True)
        return True

    def action_back(self) -> None:
        self.app.pop_screen()


class OpenTableScreen(_TablesScreen):
    BINDINGS = [Binding("escape", "back", "Back"), Binding("ctrl+g", "open", "Open")]

    def compose(self) -> ComposeResult:
        games = [(game_title(spec), gid) for gid, spec in GAMES.items()]
        with VerticalScroll(classes="tables-panel"):
            yield Plain(_("Open a table"), classes="screen-title")
            yield from self.name_row()
            with Horizontal(classes="tables-row"):
                yield PlainLabel(_("Game"), classes="tables-label")
                yield Select(games, value=games[0][1], allow_blank=False, id="game", compact=True)
            for i in range(MAX_SEATS):
                with Horizontal(classes="tables-row", id=f"seat-row{i}"):
                    yield PlainLabel(_("Seat {n}").format(n=i + 1), classes="tables-label")
                    default = "me" if i == 0 else "open" if i == 1 else ""
                    yield Select(translated(SEAT_KINDS), value=default, allow_blank=False,
                                 id=f"seat{i}", compact=True)
            with Horizontal(classes="tables-row"):
                yield PlainLabel(_("Idle"), classes="tables-label")
                yield Select(translated(IDLE_CHOICES), value=0, allow_blank=False, id="idle", compact=True)
            with Horizontal(classes="tables-row"):
                yield PlainLabel(_("Pace"), classes="tables-label")
                yield Select(translated(PACE_CHOICES), value="live", allow_blank=False, id="pace", compact=True)
            yield Checkbox(_(PRIVATE_WORDS[False]), id="private", compact=True)
            yield Checkbox(_(UNDO_WORDS[True]), id="undo",
                           value=True, compact=True)
            yield Plain(_("Open seats are taken by players who Join; the game starts once "
                          "every seat is filled. You get a code to share: 4 letters, or 10 "
                          "for a private table."), classes="tables-help")
            yield self.error_line()
            with Horizontal(classes="tables-row"):
                yield PlainButton(_("Open"), id="open", variant="primary", compact=True)
                yield PlainButton(_("Back"), id="back", compact=True)
        yield KeyFooter()

    async def on_mount(self) -> None:
        self._show_seats()
        self.query_one("#game", Select).focus()
        await self.show_name_row()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_one("#game", Select).focus()  # the name is given: on to the game

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game":
            self._show_seats()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """Each box says its state in words, not by its colour alone."""
        if event.checkbox.id == "private":
            event.checkbox.label = _(PRIVATE_WORDS[event.value])
        elif event.checkbox.id == "undo":
            event.checkbox.label = _(UNDO_WORDS[event.value])

    def _picked(self, select_id: str):
        """A select's value; None for its blank (Select.BLANK)."""
        value = self.query_one(f"#{select_id}", Select).value
        return None if value is Select.BLANK else value

    def _show_seats(self) -> None:
        spec = GAMES[self._picked("game")]
        for i in range(MAX_SEATS):
            self.query_one(f"#seat-row{i}").display = i < spec.max_players

    def read_form(self) -> OpenTable:
        game = self._picked("game")
        seats = [self._picked(f"seat{i}") for i in range(GAMES[game].max_players)]
        idle = self._picked("idle")
        pace = self._picked("pace") or "live"
        bank = pace.partition(":")[2]
        return OpenTable(game=game, seats=[s for s in seats if s],
                         private=self.query_one("#private", Checkbox).value,
                         idle_minutes=idle or None, turn_based=pace != "live",
                         time_bank_days=float(bank) if bank else None,
                         undo=self.query_one("#undo", Checkbox).value)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "open":
            await self.action_open()
        elif event.button.id == "back":
            self.action_back()

    async def action_open(self) -> None:
        await self.sit_down(self.read_form())


class JoinTableScreen(_TablesScreen):
    """Join (or, with ``watch``, watch) a table: type its code, or pick it from the
    list of open tables (yours come first, and your own seat's code is filled in)."""

    BINDINGS = [Binding("escape", "back", "Back"), Binding("ctrl+r", "reload", "Refresh list")]

    def __init__(self, watch: bool = False) -> None:
        super().__init__()
        self.watching = watch
        #: Your one seat among the listed tables (back after a drop): an empty Enter's.
        self._yours: str | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="tables-panel"):
            yield Plain(_("Watch a table") if self.watching else _("Join a table"),
                         classes="screen-title")
            yield from self.name_row()
            with Horizontal(classes="tables-row"):
                yield PlainLabel(_("Code"), classes="tables-label")
                yield Input(placeholder=_(CODE_PLACEHOLDER), id="code", max_length=16,
                            compact=True)
            yield Plain(_("Enter watches the table with that code; or pick one below (↓ to the list).")
                        if self.watching else
                        _("Enter joins the table with that code; or pick one below (↓ to the list)."),
                        classes="tables-help")
            yield PlainOptionList(id="table-list")
            yield self.error_line()
        yield KeyFooter()

    async def on_mount(self) -> None:
        self.query_one("#code", Input).focus()
        await self.show_name_row()
        await self.action_reload()
        # Live: a seat taken by someone else, a table opened or started shows within
        # seconds (two people racing for one seat both see who got it).
        self.set_interval(LIST_EVERY, self.action_reload, name="join-list")

    async def action_reload(self) -> None:
        answer = await self.ask(ListTables())
        if answer is None or not self.is_attached:
            return
        client, ok = answer
        tables = ok.tables or []
        lines = [(t.code, table_line(t, client.name)) for t in tables]
        if lines == getattr(self, "_listed", None):
            return  # as shown
        self._listed = lines
        self._show_list(lines)
        mine = [t.code for t in tables if seat_of(t.seats, client.name) is not None]
        # Back after a drop, Enter on an empty code sits down again. The box itself is
        # never written: a refresh that filled it ran under the player's typing (ctrl+u,
        # the list refreshed and filled it again, their code went after it).
        self._yours = mine[0] if len(mine) == 1 else None
        self.query_one("#code", Input).placeholder = (
            _("Enter: back to your seat at {code} (or type a code)").format(code=self._yours) if self._yours
            else _(CODE_PLACEHOLDER))

    def _show_list(self, lines: list[tuple[str, str]]) -> None:
        """The list as ``lines`` say, the highlight on the table it was on. The same
        tables in the same order (a turn taken, a seat filled): each line's words
        change in place, so nothing under the player's cursor moves."""
        listing = self.query_one("#table-list", OptionList)
        codes = [code for code, _line in lines]
        if codes and codes == [option.id for option in listing.options]:
            for code, line in lines:
                listing.replace_option_prompt(code, Text(line))
            return
        was = listing.highlighted_option.id if listing.highlighted_option is not None else None
        listing.clear_options()
        if not lines:
            listing.add_option(Option(_("No open tables right now."), disabled=True))
            return
        listing.add_options([Option(Text(line), id=code) for code, line in lines])
        listing.highlighted = codes.index(was) if was in codes else 0

    def on_key(self, event) -> None:
        if event.key == "down" and self.query_one("#code", Input).has_focus:
            event.stop()
            self.query_one("#table-list", OptionList).focus()

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "display-name":
            self.query_one("#code", Input).focus()
        else:
            await self.go(event.value)

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            await self.go(event.option.id)

    async def go(self, code: str) -> None:
        code = code.strip() or self._yours or ""
        if not code:
            self.say_error(_("Type the table's code, or pick a table from the list."))
            return
        if not await self.sit_down(WatchTable(code=code) if self.watching else JoinTable(code=code)):
            await self.action_reload()  # refused (a seat just taken, say): the list as it is now


def table_line(t: TableInfo, name: str) -> str:
    """One table in the list, in words: who sits there, and whether you do."""
    parts = [table_title(t), seats_line(t),
             _("waiting for players") if t.status == "waiting" else
             _("playing, every seat taken (Join asks the host)") if not open_seats(t.seats)
             else _("playing")]
    if t.turn_based:
        parts.append(_("turn-based"))
    if seat_of(t.seats, name) is not None:
        parts.append(_("your seat"))
    return f"{t.code}  " + " · ".join(parts)


class LobbyScreen(_TablesScreen):
    """The table until every seat is filled: its code to share and who sits where.
    The game opens by itself when it starts."""

    BINDINGS = [Binding("escape", "back", "Leave (a seat stays yours)"),
                Binding("b", "fill_with_bots", "Bots in the open seats"),
                Binding("c", "chat", "Chat")]

    def __init__(self, remote: RemoteTable) -> None:
        super().__init__()
        self.remote = remote
        remote.on_error = lambda text: self.notify(text, severity="error")
        #: The chat said here (the table's so far first), handed on to the game.
        self.said: list[tuple[str, str]] = list(remote.chat)

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="tables-panel"):
            yield Plain("", id="lobby-title", classes="screen-title")
            yield Plain("", id="lobby-seats")
            yield Plain("", id="lobby-help", classes="tables-help")
            yield Plain("", id="lobby-chat")
            yield ChatInput(placeholder=_("c: say something to the table (Enter sends)"),
                            id="lobby-say", max_length=200, compact=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.remote.on_change = lambda events, turn_began: self.show()
        self.remote.on_chat = self.chat_said
        self.show()
        self.show_chat()

    def chat_said(self, name: str, text: str) -> None:
        self.said.append((name, text))
        self.show_chat()

    def show_chat(self) -> None:
        if self.is_attached:
            lines = [_("{name}: {text}").format(name=name, text=text) if name else text
                     for name, text in self.said[-6:]]
            self.query_one("#lobby-chat", Plain).update(Text("\n".join(lines)))

    def action_chat(self) -> None:
        self.query_one("#lobby-say", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "lobby-say" and event.value.strip():
            self.remote.say(event.value)
            event.input.value = ""

    def show(self) -> None:
        if not self.is_attached:
            return
        if self.remote.started:
            from inkterm.screens.table_game import TableScreen

            self.remote.chat = self.said  # the waiting room's chat goes on at the table
            self.app.switch_screen(TableScreen(self.remote))
            return
        info = self.remote.table
        if info.ended is not None:
            self.notify(_("Table {code} is {ended}.").format(code=info.code, ended=_(info.ended)), timeout=10)
            self.action_back()
            return
        private = _("private (by code only)") if info.private else _("open (listed)")
        self.query_one("#lobby-title", Plain).update(
            _("Table {code} · {game} · {kind} · waiting for players").format(
                code=info.code, game=table_title(info), kind=private))
        self.query_one("#lobby-seats", Plain).update(Text("\n".join(
            self.seat_line(i, s) for i, s in enumerate(info.seats))))
        said = [_("Share the code {code}: the others log in to this server, choose Join a table "
                  "and type {code}. The game starts when every seat is filled.").format(code=info.code)]
        if open_seats(info.seats):
            said.append(_("The host can give the open seats to bots (b)."))
        if any(s.name.endswith(WEB_MARK) for s in info.seats):
            said.append(_("A name ending in “{mark}” is a browser player's own choice: no login "
                          "checked it.").format(mark=WEB_MARK.strip()))
        text = said[0]
        for more in said[1:]:  # sentences one after another (Chinese and Japanese need no space)
            text = _("{sentence} {next}").format(sentence=text, next=more)
        self.query_one("#lobby-help", Plain).update(Text(text))

    def seat_line(self, i: int, s) -> str:
        if s.kind == "open":
            return _("Seat {n}: (open)").format(n=i + 1)
        line = _("Seat {n}: {who}").format(n=i + 1, who=seat_who(s))
        return _("{line}  ← you").format(line=line) if i == self.remote.you else line

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "fill_with_bots":
            return self.remote.table.host == self.remote.client.name
        return True

    def action_fill_with_bots(self) -> None:
        self.remote.fill_with_bots()

    def action_back(self) -> None:
        self.remote.leave()
        self.app.pop_screen()
