"""The server's end of the local channel: a Unix socket in the data directory
(owner-only) that speaks ``protocol`` to each session's app.

Everything that touches the tables (the manager, who follows which table) runs on
one worker thread, one request at a time, so a bot that thinks or a save that
waits for the disk never holds up the SSH sessions on the event loop; only the
sending happens on the loop.

A session proves who it is with the token the server put in its environment when
it started it (``issue_token``); the name bound to that token is the only name the
connection acts for, whatever it sends. Updates go to every session at a table at
once, each with only what its own seat may see.
"""
from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from inkterm.names import BadName, clash, clash_reason, clean_name

from .chat import ChatLimiter, plain_text
from .manager import Table, TableError, TableManager
from .protocol import (MAX_REQUEST_BYTES, BadMessage, ChatLine, Choose, ChooseName, Error,
                       FillWithBots, Hello, JoinTable, Leave, ListTables, Ok, OpenTable, Say,
                       WEB_MARK, WatchTable, Welcome, encode, parse_request)

log = logging.getLogger("inkterm.tables")

SOCKET_NAME = "tables.sock"
#: The longest socket path the system takes (sun_path, with its final NUL).
MAX_SOCKET_PATH = 107
#: The longest name a browser tab may choose (it then carries WEB_MARK).
WEB_NAME_CHARS = 20
#: Output a session has not read yet before it is dropped (it reconnects to its seat).
MAX_BACKLOG = 8 * 1024 * 1024


class _Connection:
    def __init__(self, name: str, writer: asyncio.StreamWriter) -> None:
        self.name = name
        self.writer = writer
        self.following: dict[str, int | None] = {}  # code -> the seat it holds (None: watching)

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
        self._tokens: dict[str, str | None] = {}  # None: a browser tab, named later
        self._followers: dict[str, set[_Connection]] = {}
        self._server: asyncio.base_events.Server | None = None
        self._connections: set[_Connection] = set()
        self._handlers: set[asyncio.Task] = set()
        self._chat = ChatLimiter()
        self._worker = ThreadPoolExecutor(1, thread_name_prefix="tables")

    # --- tokens -------------------------------------------------------------------------
    def issue_token(self, name: str | None) -> str:
        """A pass for one session, bound to its login name; None: a browser tab,
        which chooses the name the others see (marked as not logged in)."""
        token = secrets.token_urlsafe(32)
        self._tokens[token] = name
        return token

    def revoke_token(self, token: str) -> None:
        self._tokens.pop(token, None)

    # --- lifetime -----------------------------------------------------------------------
    async def start(self) -> "TableService":
        if len(os.fsencode(self.path)) > MAX_SOCKET_PATH:
            raise OSError(f"the tables' socket path {self.path} is longer than "
                          f"{MAX_SOCKET_PATH} bytes; use a shorter --data-dir")
        self._clear_stale_socket()
        await self._on_worker(self.manager.resume)
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

    async def _on_worker(self, fn, *args):
        return await asyncio.get_running_loop().run_in_executor(self._worker, fn, *args)

    async def _watch_idle(self) -> None:
        while True:
            await asyncio.sleep(self.check_interval)
            _send(await self._on_worker(self._idle_updates))

    def _idle_updates(self) -> list:
        return [sent for table, events in self.manager.play_for_idle()
                for sent in self.updates(table, events)]

    async def close(self) -> None:
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
            hello = parse_request(await asyncio.wait_for(reader.readline(), 10))
        except (BadMessage, asyncio.TimeoutError):
            hello = None
        if not isinstance(hello, Hello) or hello.token not in self._tokens:
            writer.write(encode(Error(text="not a session of this server")))
            return None
        name = self._tokens[hello.token] or ""  # "": a browser tab, to choose its name
        conn = _Connection(name, writer)
        self._connections.add(conn)
        writer.write(encode(Welcome(name=name)))
        return conn

    def _forget(self, conn: _Connection) -> list:
        """The connection is gone; the others at its tables hear that a player left
        (unless another of that name's sessions still sits there)."""
        self._connections.discard(conn)
        sends = []
        for code, seat in conn.following.items():
            followers = self._followers.get(code, set())
            followers.discard(conn)
            table = self.manager.tables.get(code)
            if seat is None or table is None or table.status == "over" or any(
                    other.name == conn.name for other in followers):
                continue
            waits = (f"a bot plays for them after {table.idle_minutes} minutes"
                     if table.idle_minutes else "the table waits for them")
            sends += self._note(code, f"{conn.name} has left the table; {waits}. "
                                      f"They come back with Join {code}.")
        return sends

    def _note(self, code: str, text: str, skip: _Connection | None = None) -> list:
        """What the table itself says to everyone there."""
        line = encode(ChatLine(code=code, name="", text=plain_text(text, 300)))
        return [(c, line) for c in self._followers.get(code, ()) if c is not skip]

    # --- on the worker: a request's answer and what to send to whom -------------------
    def _answer(self, conn: _Connection, line: bytes) -> tuple[Ok | Error, list]:
        try:
            request = parse_request(line)
        except BadMessage as exc:
            return Error(text=str(exc)), []
        try:
            return self._handle(conn, request)
        except TableError as exc:
            return Error(re=request.id, text=str(exc)), []

    def _handle(self, conn: _Connection, request) -> tuple[Ok, list]:
        m, name, done = self.manager, conn.name, Ok(re=request.id)
        if isinstance(request, ListTables):
            return Ok(re=request.id, tables=[t.info() for t in m.listed(name)]), []
        if isinstance(request, ChooseName):
            return Ok(re=request.id, name=self._name(conn, request.name)), []
        if not name:
            raise TableError("Choose the name the others will see first.")
        if isinstance(request, OpenTable):
            table, seat, events = m.open(name, request)
            return self._follow(conn, request.id, table, seat, events)
        if isinstance(request, JoinTable):
            table, seat, events = m.join(name, request.code)
            return self._follow(conn, request.id, table, seat, events)
        if isinstance(request, WatchTable):
            table = m.get(name, request.code)
            return self._follow(conn, request.id, table, table.seat_of(name), [])
        if isinstance(request, Choose):
            table, events = m.choose(name, request.code, request.key, request.at)
            return done, self.updates(table, events)
        if isinstance(request, FillWithBots):
            table, events = m.fill_with_bots(name, request.code)
            return done, self.updates(table, events)
        if isinstance(request, Say):
            return done, self._say(conn, request)
        if isinstance(request, Leave):
            code = request.code.strip().upper()
            conn.following.pop(code, None)
            self._followers.get(code, set()).discard(conn)
            return done, []
        raise TableError("Already said hello.")

    def _name(self, conn: _Connection, wanted: str) -> str:
        """A browser session's name: what it chose, marked as not logged in, and
        not one another session is using now (so no tab speaks for another's)."""
        if conn.name:
            raise TableError(f"You are {conn.name} already.")
        try:  # checked as every door checks names (inkterm.names), lookalikes included
            chosen = clean_name(wanted, limit=WEB_NAME_CHARS)
            name = chosen + WEB_MARK
            other = clash(name, [c.name for c in list(self._connections) if c is not conn])
        except BadName as exc:
            raise TableError(_sentence(str(exc))) from None
        if other is not None:
            raise TableError(f"Someone is playing as {other} right now; {clash_reason(name, other)}: "
                             "choose another name.")
        conn.name = name
        return name

    def _follow(self, conn: _Connection, rid: int | None, table: Table, seat: int | None,
                events) -> tuple[Ok, list]:
        """``conn`` now gets the table's updates; the others there hear of the change."""
        sends = self.updates(table, events, skip=conn)
        if not any(c.name == conn.name for c in self._followers.get(table.code, ())):
            what = "is watching" if seat is None else f"is at the table (seat {seat + 1})"
            sends += self._note(table.code, f"{conn.name} {what}.", skip=conn)
        conn.following[table.code] = seat
        self._followers.setdefault(table.code, set()).add(conn)
        return Ok(re=rid, update=table.update_for(seat, events)), sends

    def _say(self, conn: _Connection, request: Say) -> list:
        """A chat line to everyone at the table (players and watchers alike)."""
        code = request.code.strip().upper()
        if code not in conn.following:
            raise TableError("Join or watch the table to chat there.")
        text = plain_text(request.text)
        if not text:
            return []
        if not self._chat.allow(conn.name):
            raise TableError("You are chatting too fast; wait a few seconds.")
        line = encode(ChatLine(code=code, name=plain_text(conn.name, 40), text=text))
        return [(other, line) for other in self._followers.get(code, ())]

    def updates(self, table: Table, events, skip: _Connection | None = None) -> list:
        """Every session at the table gets its own seat's update (each seat's view is
        made once, however many of that seat's sessions are open)."""
        made: dict[int | None, bytes] = {}
        sends = []
        for conn in self._followers.get(table.code, ()):
            if conn is skip:
                continue
            seat = conn.following.get(table.code)
            if seat not in made:
                made[seat] = encode(table.update_for(seat, events))
            sends.append((conn, made[seat]))
        return sends


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _send(sends: list) -> None:
    """On the event loop: write what the worker made."""
    for conn, data in sends:
        conn.send(data)
