"""The server's end of the local channel: a Unix socket in the data directory
(owner-only) that speaks ``protocol`` to each session's app.

Everything that touches the tables (the manager, who follows which table) runs on
one worker thread, one request at a time, so a bot that thinks or a save that
waits for the disk never holds up the SSH sessions on the event loop; only the
sending happens on the loop.

A session proves who it is with the token the server put in its environment when
it started it (``issue_token``); the person, name and address bound to that token
are the only ones the connection acts for, whatever it sends. Updates go to every
session at a table at once, each with only what its own seat may see.

Bots think on threads of their own (``table_bots.BotRunner``); their answers come
back to the worker like any request. A table that cannot be saved tells everyone
there in one line, and again once it can.

With a store other hosts share (PostgreSQL), what they write is heard on the
store's thread and read on the worker (``_from_other_host``): this host's sessions
at the table get the move, the chat line or the table's note as if it had been
made here. Bots think only on the host holding the table's lease; the watchdog
beats for this host and takes over the tables of hosts gone.
"""
from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import socket
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from inkterm.engine.text import Msg, Text
from inkterm.engine.text import from_data as text_from_data
from inkterm.engine.text import to_data as text_to_data
from inkterm.names import BadName, clash, clean_name

from .chat import ChatLimiter, plain_text
from .manager import (CannotSave, Table, TableError, TableFull, TableManager, bad_name_msg, clash_msg,
                      heard_events, table_code)
from .people import Player, address_key, web_person
from .protocol import (MAX_REQUEST_BYTES, BadMessage, ChatLine, Choose, ChooseName, Error,
                       FillWithBots, Hello, JoinTable, Leave, ListTables, Ok, OpenTable, Say,
                       Steer, TakeBack, WEB_MARK, WatchTable, Welcome, encode, parse_request)
from .store import NameTaken
from .table_bots import BotRunner

log = logging.getLogger("inkterm.tables")

#: A seat's player gone from the table (their connection dropped, they left, they quit
#: inkterm), and what the table does meanwhile: each pair one whole message.
AWAY = {
    ("gone", "turn"): "{who} has left the table; the table waits for them (turn-based). They come back with Join {code}.",
    ("gone", "idle"): "{who} has left the table; a bot plays for them after {n} minutes. They come back with Join {code}.",
    ("gone", "host"): "{who} has left the table; the table waits for them; the host can give the seat to a bot (t). "
                      "They come back with Join {code}.",
    ("left", "turn"): "{who} left the table; the table waits for them (turn-based). They come back with Join {code}.",
    ("left", "idle"): "{who} left the table; a bot plays for them after {n} minutes. They come back with Join {code}.",
    ("left", "host"): "{who} left the table; the table waits for them; the host can give the seat to a bot (t). "
                      "They come back with Join {code}.",
    ("quit", "turn"): "{who} quit inkterm; the table waits for them (turn-based). They come back with Join {code}.",
    ("quit", "idle"): "{who} quit inkterm; a bot plays for them after {n} minutes. They come back with Join {code}.",
    ("quit", "host"): "{who} quit inkterm; the table waits for them; the host can give the seat to a bot (t). "
                      "They come back with Join {code}.",
}
_AWAY_WORDS = (  # (for the extraction: the same messages as written above)
    Msg("{who} has left the table; the table waits for them (turn-based). They come back with Join {code}."),
    Msg("{who} has left the table; a bot plays for them after {n} minutes. They come back with Join {code}."),
    Msg("{who} has left the table; the table waits for them; the host can give the seat to a bot (t). "
        "They come back with Join {code}."),
    Msg("{who} left the table; the table waits for them (turn-based). They come back with Join {code}."),
    Msg("{who} left the table; a bot plays for them after {n} minutes. They come back with Join {code}."),
    Msg("{who} left the table; the table waits for them; the host can give the seat to a bot (t). "
        "They come back with Join {code}."),
    Msg("{who} quit inkterm; the table waits for them (turn-based). They come back with Join {code}."),
    Msg("{who} quit inkterm; a bot plays for them after {n} minutes. They come back with Join {code}."),
    Msg("{who} quit inkterm; the table waits for them; the host can give the seat to a bot (t). "
        "They come back with Join {code}."),
)


def refusal(exc: Exception) -> Text:
    """Why a request was refused, as the seat reads it: a message where the refusal
    was made of one (rendered in the reader's language), else its words."""
    said = exc.args[0] if len(exc.args) == 1 else None
    return said if isinstance(said, Msg) else str(exc)


def _published(text: Any) -> Text:
    """A note another host published: a message's data as JSON (a host from before
    notes were messages sends the words themselves)."""
    try:
        return text_from_data(json.loads(text)) if isinstance(text, str) else str(text)
    except (ValueError, TypeError):
        return str(text)

SOCKET_NAME = "tables.sock"
#: The longest socket path the system takes (sun_path, with its final NUL).
MAX_SOCKET_PATH = 107
#: The longest name a browser tab may choose (it then carries WEB_MARK).
WEB_NAME_CHARS = 20
#: Output a session has not read yet before it is dropped (it reconnects to its seat).
MAX_BACKLOG = 8 * 1024 * 1024
#: Browser people whose names are remembered (the least recently named go first).
MAX_WEB_NAMES = 10_000


class _Connection:
    def __init__(self, player: Player, writer: asyncio.StreamWriter) -> None:
        self.player = player
        self.writer = writer
        self.following: dict[str, int | None] = {}  # code -> the seat it holds (None: watching)

    @property
    def name(self) -> str:
        return self.player.name

    def send(self, data: bytes) -> None:
        if self.writer.is_closing():
            return
        if self.writer.transport.get_write_buffer_size() > MAX_BACKLOG:
            log.warning("dropping %s's table connection: it is not reading", self.name)
            self.writer.close()
            return
        self.writer.write(data)


async def _read_line(reader: asyncio.StreamReader, writer) -> bytes:
    """The next line, or b"" at the end (also after one too long, which is said)."""
    try:
        return await reader.readline()
    except (ValueError, asyncio.LimitOverrunError):  # longer than the reader's limit
        writer.write(encode(Error(text="message too long")))
        return b""


class TableService:
    def __init__(self, manager: TableManager, path: Path, *, check_interval: float = 5.0) -> None:
        self.manager = manager
        self.path = Path(path)
        self.check_interval = check_interval  # how often idle players are looked for
        self._watchdog: asyncio.Task | None = None
        self._tokens: dict[str, Player] = {}
        #: A browser person's name, chosen once for its life (see ``_name``).
        self._web_names: OrderedDict[str, str] = OrderedDict()
        self._followers: dict[str, set[_Connection]] = {}
        self._server: asyncio.base_events.Server | None = None
        self._connections: set[_Connection] = set()
        self._handlers: set[asyncio.Task] = set()
        self._chat = ChatLimiter()
        self._worker = ThreadPoolExecutor(1, thread_name_prefix="tables")
        self._bots = BotRunner(manager.bot_limits)
        self._thinking: set[str] = set()  # tables whose bot is thinking (worker only)
        self._loop: asyncio.AbstractEventLoop | None = None

    # --- tokens -------------------------------------------------------------------------
    def issue_token(self, name: str | None, *, person: str | None = None,
                    address: str = "local") -> str:
        """A pass for one session, bound to its login name and person (by default
        the name itself, as for a login whose key file vouches for it) and to the
        address it came from. ``name`` None: a browser, whose person is ``person``
        (one for this session alone if None); it acts under the name that person
        chose, or chooses one first (marked as not logged in)."""
        token = secrets.token_urlsafe(32)
        if name is not None:
            player = Player(name, person or f"ssh:{name}", address_key(address))
        else:
            person = person or web_person(None)
            player = Player(self._web_names.get(person, ""), person, address_key(address))
        self._tokens[token] = player
        return token

    def revoke_token(self, token: str) -> None:
        self._tokens.pop(token, None)

    # --- lifetime -----------------------------------------------------------------------
    async def start(self) -> "TableService":
        if len(os.fsencode(self.path)) > MAX_SOCKET_PATH:
            raise OSError(f"the tables' socket path {self.path} is longer than "
                          f"{MAX_SOCKET_PATH} bytes; use a shorter --data-dir")
        self._clear_stale_socket()
        self._loop = asyncio.get_running_loop()
        await self._on_worker(self._resume)
        if self.manager.store.shared:
            self.manager.store.listen(self._heard)
        self._server = await asyncio.start_unix_server(
            self._serve, path=str(self.path), limit=MAX_REQUEST_BYTES + 1)
        os.chmod(self.path, 0o600)
        self._watchdog = asyncio.get_running_loop().create_task(self._watch_idle())
        log.info("tables: %d resumed; socket %s", len(self.manager.tables), self.path)
        return self

    def _clear_stale_socket(self) -> None:
        """A socket left by a killed server is removed; one a live server answers on
        is not taken over."""
        if not self.path.exists():
            return
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(str(self.path))
        except OSError:
            self.path.unlink()
            return
        finally:
            probe.close()
        raise OSError(f"another inkterm server is using {self.path}")

    def _resume(self) -> None:
        """The tables from their files; their bots think on; each browser person
        holding a seat keeps the name it sits under."""
        self.manager.resume()
        for table in self.manager.tables.values():
            for seat, person in zip(table.seats, table.owners):
                if person is not None and person.startswith("web:"):
                    self._web_names.setdefault(person, seat.name)
            self._bots_think(table)

    async def _on_worker(self, fn, *args):
        return await asyncio.get_running_loop().run_in_executor(self._worker, fn, *args)

    async def _watch_idle(self) -> None:
        # A shared store's lease lapses unless renewed: this host beats thrice a lease.
        every = min(self.check_interval, self.manager.store.beat_every)
        while True:
            await asyncio.sleep(every)
            _send(await self._on_worker(self._every_while))

    def _every_while(self) -> list:
        """Stand-ins for idle players, waiting tables nobody is at closed, and paused
        tables saved again (everyone there is told, and their bots think on). With a
        shared store: this host beats, and the tables of hosts gone are looked after."""
        sends = []
        if self.manager.store.shared:
            sends += self._beat()
        for table, events in self.manager.play_for_idle():
            sends += self.updates(table, events)
            self._bots_think(table)
        for table in self.manager.expire_waiting():
            sends += self._gone(table)
        for table in self.manager.retry_saves():
            sends += self._note(table.code, Msg("Table {code} can be saved again: play goes on.", code=table.code))
            self._bots_think(table)
        return sends

    # --- other hosts (a shared store) ---------------------------------------------------
    def _heard(self, said: dict) -> None:
        """On the store's thread: another host wrote or published something."""
        loop = self._loop
        if loop is None:
            return
        try:
            asyncio.run_coroutine_threadsafe(self._other_host(said), loop)
        except RuntimeError:  # the loop is closed: the server has stopped
            pass

    async def _other_host(self, said: dict) -> None:
        try:
            _send(await self._on_worker(self._from_other_host, said))
        except RuntimeError:  # the worker has shut down: the server is stopping
            pass

    def _from_other_host(self, said: dict) -> list:
        """What another host did, to this host's sessions: a table read again (its
        moves and chat as they were said there), its people, or a note."""
        m, kind, code = self.manager, said.get("kind"), said.get("code", "")
        sends: list = []
        try:
            if kind == "changed":
                m.refresh(code)
            elif kind == "again":  # the store was out of reach: anything may have changed
                m.sync()
            elif kind == "people" and (table := m.people_changed(code)) is not None:
                sends += self.updates(table, [])
            elif kind == "note":
                sends += self._note(code, _published(said.get("text", "")), share=False)
        except OSError as exc:
            log.warning("what another host did to table %s is not read yet: %s", code, exc)
        return sends + self._relay_heard()

    def _relay_heard(self) -> list:
        """Every table the manager read again, to the sessions here: what each change
        said (a move's events, a chat line), or the table as it now is."""
        sends: list = []
        for table, said in self.manager.take_heard():
            if said is not None and said.get("gone"):
                sends += self._gone(table)
                continue
            if said is not None and "chat" in said:
                name, text = said["chat"]
                sends += self._say_here(table.code, name, text_from_data(text))
            else:
                events = heard_events(said) if said is not None else []
                sends += self.updates(table, events,
                                      round_no=said.get("round") if said is not None else None)
            self._bots_think(table)
        return sends

    def _gone(self, table: Table) -> list:
        """The table is no more (``table.ended`` says why): its sessions here are told
        so, and follow it no longer."""
        sends = self.updates(table, [])
        for conn in self._followers.pop(table.code, set()):
            conn.following.pop(table.code, None)
        return sends

    def _beat(self) -> list:
        """This host is alive (its leases renewed); the people of hosts gone leave
        their tables; tables whose bot's host is gone think on here."""
        m, sends = self.manager, []
        try:
            beat = m.store.beat()
        except OSError as exc:
            log.warning("the table store did not hear this host's beat: %s", exc)
            return []
        for code in beat.people:
            if (table := m.people_changed(code)) is not None:
                sends += self.updates(table, [])
        for table in list(m.tables.values()):
            self._bots_think(table)  # only where a bot is to choose, and this host may
        return sends + self._relay_heard()

    # --- bots ---------------------------------------------------------------------------
    def _bots_think(self, table: Table) -> None:
        """On the worker: if a bot is to choose at the table, it starts thinking (on a
        thread of its own); its answer comes back through ``_bot_move``."""
        if table.code in self._thinking or self._loop is None:
            return
        turn = self.manager.bot_turn(table)
        if turn is None or not self.manager.plays(table):  # another host's bot to play
            return
        bot, state, at = turn
        code, loop = table.code, self._loop
        self._thinking.add(code)

        def done(key: str | None) -> None:  # on the bot's thread
            try:
                asyncio.run_coroutine_threadsafe(self._bot_answered(code, at, key), loop)
            except RuntimeError:  # the loop is closed: the server has stopped
                pass

        self._bots.think(bot, state, done, code)

    async def _bot_answered(self, code: str, at: int, key: str | None) -> None:
        try:
            _send(await self._on_worker(self._bot_move, code, at, key))
        except RuntimeError:  # the worker has shut down: the server is stopping
            pass

    def _bot_move(self, code: str, at: int, key: str | None) -> list:
        self._thinking.discard(code)
        table = self.manager.tables.get(code)
        if key is None or table is None:  # a failed bot is logged; the table waits
            return []
        round_no = table.state.round_number() if table.state is not None else None
        try:
            table, events = self.manager.bot_chose(code, at, key)
        except CannotSave as exc:
            return self._note(code, str(exc))
        except TableError as exc:  # the table moved on meanwhile (or the bot erred: it waits)
            sends = self._relay_heard()  # another host's move, read again meanwhile
            log.info("table %s: a bot's choice was not used: %s", code, exc)
            if table.state is not None and len(table.state.record.choices) != at:
                self._bots_think(table)
            return sends
        sends = self.updates(table, events, round_no=round_no)
        self._bots_think(table)
        return sends

    async def close(self) -> None:
        self._bots.stop()  # every thinking bot answers now, and nobody listens
        if self._watchdog is not None:
            self._watchdog.cancel()
        if self._server is not None:
            self._server.close()
        for task in list(self._handlers):
            task.cancel()
        if self._handlers:
            await asyncio.wait(list(self._handlers), timeout=5)
        if self._server is not None:
            await self._server.wait_closed()
        self._worker.shutdown(wait=True)
        self.manager.store.close()
        try:
            self.path.unlink()
        except OSError:
            pass

    # --- one session's connection -------------------------------------------------------
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None  # a connection handler runs as a task
        self._handlers.add(task)
        conn = None
        try:
            conn = await self._greet(reader, writer)
            if conn is None:
                return
            while line := await _read_line(reader, writer):
                reply, sends = await self._on_worker(self._answer, conn, line)
                _send(sends)
                conn.send(encode(reply))
        except (ConnectionError, asyncio.CancelledError):  # gone, or the server closing
            pass
        finally:
            if conn is not None:
                loop = asyncio.get_running_loop()
                try:
                    gone = self._worker.submit(self._forget, conn)
                except RuntimeError:  # the service has closed: nothing left to forget
                    pass
                else:
                    gone.add_done_callback(
                        lambda done: loop.call_soon_threadsafe(_send, done.result()))
            writer.close()
            self._handlers.discard(task)

    async def _greet(self, reader, writer) -> _Connection | None:
        try:
            async with asyncio.timeout(10):  # not wait_for: a server closing cancels this
                hello = parse_request(await reader.readline())
        except (BadMessage, TimeoutError):
            hello = None
        if not isinstance(hello, Hello) or hello.token not in self._tokens:
            writer.write(encode(Error(text="not a session of this server")))
            return None
        conn = _Connection(self._tokens[hello.token], writer)
        self._recall_name(conn)
        self._connections.add(conn)
        writer.write(encode(Welcome(name=conn.name)))  # "": a browser, to choose its name
        return conn

    def _forget(self, conn: _Connection) -> list:
        """The connection is gone; the others at its tables hear that a player left
        (unless another of that person's sessions still sits there)."""
        self._connections.discard(conn)
        sends = []
        for code in list(conn.following):
            sends += self._away(conn, code, "gone")
        return sends

    def _away(self, conn: _Connection, code: str, how: str) -> list:
        """``conn`` no longer follows the table. If it was its person's last session
        there, their seat is away at once on every screen, and the table says so."""
        seat = conn.following.pop(code, None)
        followers = self._followers.get(code, set())
        followers.discard(conn)
        if not followers:
            self.manager.present(code, False)
        table = self.manager.tables.get(code)
        if table is None or any(other.player.person == conn.player.person for other in followers):
            return []
        self.manager.depart(table, conn.player)
        if seat is None or table.status == "over":
            return []
        waits = "turn" if table.turn_based else "idle" if table.idle_minutes else "host"
        log.info("%s %s %s (seat %d)", conn.name, how, code, seat + 1)
        return (self.updates(table, []) + self._note(
            code, Msg(AWAY[how, waits], who=conn.name, n=table.idle_minutes or 0, code=code)))

    def _note(self, code: str, text: Text, skip: _Connection | None = None,
              share: bool = True) -> list:
        """What the table itself says to everyone there (``share``: on other hosts
        too): a message, rendered by each session in its reader's language."""
        if share and self.manager.store.shared:
            try:
                self.manager.store.publish(code, "note", json.dumps(text_to_data(text)))
            except OSError as exc:
                log.warning("table %s: other hosts did not hear a note (%s)", code, exc)
        line = encode(ChatLine(code=code, name="", text=plain_text(text, 300) if isinstance(text, str) else text))
        return [(c, line) for c in self._followers.get(code, ()) if c is not skip]

    # --- on the worker: a request's answer and what to send to whom -------------------
    def _answer(self, conn: _Connection, line: bytes) -> tuple[Ok | Error, list]:
        try:
            request = parse_request(line)
        except BadMessage as exc:
            return Error(text=str(exc)), []
        try:
            reply, sends = self._handle(conn, request)
            return reply, self._relay_heard() + sends  # what other hosts did, read meanwhile
        except CannotSave as exc:  # everyone at the table hears it, in one line
            return Error(re=request.id, text=refusal(exc)), self._note(exc.code, refusal(exc))
        except TableError as exc:
            return Error(re=request.id, text=refusal(exc)), []
        except Exception:  # a bug must not cost the session its connection
            log.exception("table request %s failed", type(request).__name__)
            return Error(re=request.id, text=Msg("The table server could not do that.")), []

    def _handle(self, conn: _Connection, request) -> tuple[Ok, list]:
        m, done = self.manager, Ok(re=request.id)
        if isinstance(request, ChooseName):
            return Ok(re=request.id, name=self._name(conn, request.name)), []
        self._recall_name(conn, ask_store=True)
        who = conn.player
        if isinstance(request, ListTables):
            return Ok(re=request.id, tables=[t.info() for t in m.listed(who)]), []
        if not who.name:
            raise TableError(Msg("Choose the name the others will see first."))
        if isinstance(request, OpenTable):
            table, seat = m.open(who, request)
            return self._follow(conn, request.id, table, seat, [])
        if isinstance(request, JoinTable):
            try:
                table, seat = m.join(who, request.code)
            except TableFull:  # they watch, and the host hears they ask for a seat
                table = m.ask_to_join(who, request.code)
                ok, sends = self._follow(conn, request.id, table, None, [])
                sends += self.updates(table, [], skip=conn)
                sends += self._note(table.code, Msg("{who} asks to join: the host can give them an away seat "
                                                    "(t: Table).", who=who.name))
                return ok, sends
            return self._follow(conn, request.id, table, seat, [])
        if isinstance(request, WatchTable):
            table = m.get(who, request.code)
            return self._follow(conn, request.id, table, table.seat_for(who), [])
        if isinstance(request, Choose):
            table = m.get(who, request.code)
            round_no = table.state.round_number() if table.state is not None else None
            table, events = m.choose(who, request.code, request.key, request.at)
            sends = self.updates(table, events, round_no=round_no)
            self._bots_think(table)
            return done, sends
        if isinstance(request, TakeBack):
            table, events = m.take_back(who, request.code, request.at)
            return done, self.updates(table, events, round_no=table.state.round_number())
        if isinstance(request, Steer):
            return done, self._steer(conn, request)
        if isinstance(request, FillWithBots):
            table = m.fill_with_bots(who, request.code)
            sends = self.updates(table, [])
            self._bots_think(table)
            return done, sends
        if isinstance(request, Say):
            return done, self._say(conn, request)
        if isinstance(request, Leave):
            code = table_code(request.code)
            if code not in conn.following:
                return done, []
            how = "quit" if request.quit else "left"
            return done, self._away(conn, code, how)
        raise TableError(Msg("Already said hello."))

    def _steer(self, conn: _Connection, request: Steer) -> list:
        """The host's word (or a voice towards the players' majority): everyone at the
        table hears it and sees the table as it now is; a person given a seat plays
        from it at once, one declined is told."""
        table, said, person = self.manager.steer(conn.player, request)
        code = table.code
        if person is not None and request.action == "give":
            seat = request.seat
            for c in self._followers.get(code, ()):
                if c.player.person == person.person:
                    c.following[code] = seat
            self.manager.arrive(table, person)
        sends = self.updates(table, []) + self._note(code, said)
        if person is not None and request.action == "decline":
            sends += [(c, encode(ChatLine(code=code, name="", text=said)))
                      for c in list(self._connections)
                      if c.player.person == person.person and code not in c.following]
        self._bots_think(table)
        return sends

    def _recall_name(self, conn: _Connection, ask_store: bool = False) -> None:
        """A browser session takes the name its person chose (in another tab, or
        before a reload; ``ask_store``: or on another host of a shared store)."""
        person = conn.player.person
        if conn.name:
            return
        if (ask_store and person not in self._web_names and person.startswith("web:")
                and self.manager.store.shared):
            try:
                if (name := self.manager.store.web_name(person)) is not None:
                    self._remember_name(person, name)
            except OSError as exc:
                log.warning("a browser's name is not read from the store: %s", exc)
        if person in self._web_names:
            conn.player = conn.player.named(self._web_names[person])

    def _remember_name(self, person: str, name: str) -> None:
        self._web_names[person] = name
        while len(self._web_names) > MAX_WEB_NAMES:
            self._web_names.popitem(last=False)

    def _name(self, conn: _Connection, wanted: str) -> str:
        """A browser person's name, chosen once for its life: what it chose, marked
        as not logged in, and not one another person holds (so no tab can speak or
        sit for another's)."""
        if conn.name:
            raise TableError(Msg("You are {name} already.", name=conn.name))
        person = conn.player.person
        if person in self._web_names:  # another tab of this browser chose it first
            conn.player = conn.player.named(self._web_names[person])
            return conn.name
        try:  # checked as every door checks names (inkterm.names), lookalikes included
            name = clean_name(wanted, limit=WEB_NAME_CHARS) + WEB_MARK
        except BadName as exc:
            raise TableError(Msg("Choose another name: {why}.", why=bad_name_msg(exc))) from None
        held = list(self._web_names.items())
        held += [(c.player.person, c.name) for c in list(self._connections)]
        other = clash(name, [other_name for who, other_name in held if who != person])
        if other is not None:
            raise TableError(Msg("Someone else is {other}; {why}: choose another name.", other=other,
                                 why=clash_msg(name, other)))
        if person.startswith("web:") and self.manager.store.shared:  # every host's names
            try:
                name = self.manager.store.claim_web_name(person, name,
                                                         lambda names: clash(name, names))
            except NameTaken as exc:
                raise TableError(Msg("Someone else is {other}; {why}: choose another name.", other=exc.other,
                                     why=clash_msg(name, exc.other))) from None
            except OSError as exc:
                raise TableError(Msg("The name cannot be kept right now ({why}).", why=str(exc))) from None
        conn.player = conn.player.named(name)
        if person.startswith("web:"):  # a browser that comes back (a session alone does not)
            self._remember_name(person, name)
        return name

    def _follow(self, conn: _Connection, rid: int | None, table: Table, seat: int | None,
                events) -> tuple[Ok, list]:
        """``conn`` now gets the table's updates; the others there hear of the change."""
        came = not any(c.player.person == conn.player.person
                       for c in self._followers.get(table.code, ()))
        events = list(events) + self.manager.arrive(table, conn.player)
        sends = self.updates(table, events, skip=conn)
        if came:
            what = (Msg("{who} is watching.", who=conn.name) if seat is None
                    else Msg("{who} is at the table (seat {seat}).", who=conn.name, seat=seat + 1))
            sends += self._note(table.code, what, skip=conn)
            if seat is not None:
                log.info("%s is at table %s (seat %d)", conn.name, table.code, seat + 1)
        conn.following[table.code] = seat
        self._followers.setdefault(table.code, set()).add(conn)
        self.manager.present(table.code, True)
        self._bots_think(table)
        return Ok(re=rid, update=table.update_for(seat, events, story=True)), sends

    def _say(self, conn: _Connection, request: Say) -> list:
        """A chat line to everyone at the table (players and watchers alike)."""
        code = table_code(request.code)
        if code not in conn.following:
            raise TableError(Msg("Join or watch the table to chat there."))
        text = plain_text(request.text)
        if not text:
            return []
        if not self._chat.allow(conn.player.person):
            raise TableError(Msg("You are chatting too fast; wait a few seconds."))
        name = plain_text(conn.name, 40)
        table = self.manager.tables.get(code)
        if table is not None:
            self.manager.say(table, name, text)
        return self._say_here(code, name, text) + self._relay_heard()

    def _say_here(self, code: str, name: str, text: Text) -> list:
        line = encode(ChatLine(code=code, name=name, text=text))
        return [(other, line) for other in self._followers.get(code, ())]

    def updates(self, table: Table, events, skip: _Connection | None = None,
                round_no: int | None = None) -> list:
        """Every session at the table gets its own seat's update (each seat's view is
        made once, however many of that seat's sessions are open). ``round_no``: the
        round the events happened in (by default the round the table is in)."""
        if round_no is None and table.state is not None:
            round_no = table.state.round_number()
        made: dict[int | None, bytes] = {}
        sends = []
        for conn in self._followers.get(table.code, ()):
            if conn is skip:
                continue
            seat = conn.following.get(table.code)
            if seat not in made:
                made[seat] = encode(table.update_for(seat, events, round_no))
            sends.append((conn, made[seat]))
        return sends


def _send(sends: list) -> None:
    """On the event loop: write what the worker made."""
    for conn, data in sends:
        conn.send(data)
