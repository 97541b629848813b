"""The session's end of the local channel: an asyncio client on the app's own
event loop. Requests that need an answer are awaited; updates pushed by the server
go to whoever follows that table."""
from __future__ import annotations

import asyncio
import itertools
import logging
from typing import Callable

from .protocol import (MAX_PUSH_BYTES, BadMessage, ChatLine, ChooseName, Error, Hello, Ok, Update,
                       Welcome, encode, parse_push)

log = logging.getLogger("inkterm.tables")

#: The most pushes kept for a table between its answer and its screen following it.
MAX_HELD = 64
#: How long a request may go unanswered (a busy server) before its asker is told.
REQUEST_SECONDS = 15.0


class TableRefused(Exception):
    """The server said no (the text says why), or the channel is gone."""


class TableClient:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, name: str):
        self._reader = reader
        self._writer = writer
        self.name = name
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future] = {}
        self._followers: dict[str, Callable[[Update | ChatLine], None]] = {}
        #: Pushes for a table whose answer (join, watch, open) has come but whose
        #: screen does not follow it yet. The reader hands on every line it already
        #: has before the request's awaiter runs again, so a move made just after a
        #: join reached a busy session in the same read as the answer: dropped, the
        #: seat never saw its turn begin and the table waited on it for good.
        self._held: dict[str, tuple[Update, list[Update | ChatLine]]] = {}
        self.closed = False
        #: Called once the channel is gone (the server ended or dropped it).
        self.on_lost: list[Callable[[], None]] = []
        self._task = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def connect(cls, path: str, token: str, timeout: float = 10.0) -> "TableClient":
        async with asyncio.timeout(timeout):  # not wait_for: see request
            reader, writer = await asyncio.open_unix_connection(path, limit=MAX_PUSH_BYTES)
            writer.write(encode(Hello(token=token)))
            answer = parse_push(await reader.readline())
        if not isinstance(answer, Welcome):
            writer.close()
            raise TableRefused(getattr(answer, "text", "the server did not welcome us"))
        return cls(reader, writer, answer.name)

    # --- asking -----------------------------------------------------------------------
    def send(self, message) -> asyncio.Future:
        """Send ``message``; the future gets the server's ``Ok`` or TableRefused."""
        future = asyncio.get_running_loop().create_future()
        if self.closed:
            future.set_exception(TableRefused("The connection to the tables is gone."))
            return future
        message.id = next(self._ids)
        self._waiting[message.id] = future
        self._writer.write(encode(message))
        return future

    async def request(self, message, timeout: float | None = None) -> Ok:
        # Not asyncio.wait_for: on Python 3.11 it swallows a cancellation that comes as
        # the answer does and returns the answer. The Join list's refresh (a timer) was
        # cancelled that way as its screen closed, went on refreshing, and the close,
        # and with it the app's switch to the table, waited on it for good: the app took
        # no more keys and its seat's turn never ended.
        async with asyncio.timeout(REQUEST_SECONDS if timeout is None else timeout):
            return await self.send(message)

    async def choose_name(self, name: str) -> None:
        """A browser session's name for the tables (the server marks it)."""
        answer = await self.request(ChooseName(name=name))
        self.name = answer.name or self.name

    def follow(self, code: str, callback: Callable[[Update | ChatLine], None],
               after: Update | None = None) -> None:
        """``callback`` hears every push for the table ``code`` from now on; and
        first, if ``after`` is the update a request's answer brought, those that
        came after that answer."""
        self._followers[code] = callback
        answered, since = self._held.pop(code, (None, []))
        if answered is not None and answered is after:
            for message in since:
                callback(message)

    def unfollow(self, code: str) -> None:
        self._followers.pop(code, None)
        self._held.pop(code, None)

    # --- hearing ----------------------------------------------------------------------
    async def _read(self) -> None:
        try:
            while line := await self._reader.readline():
                try:
                    self._dispatch(parse_push(line))
                except BadMessage as exc:
                    log.warning("%s", exc)
        except (ConnectionError, ValueError, asyncio.LimitOverrunError):
            pass
        finally:
            self._lost()

    def _dispatch(self, message) -> None:
        if isinstance(message, (Update, ChatLine)):
            code = message.code if isinstance(message, ChatLine) else message.table.code
            callback = self._followers.get(code)
            if callback is not None:
                callback(message)
            elif code in self._held:
                held = self._held[code][1]
                held.append(message)
                del held[:-MAX_HELD]  # the newest update holds the whole table anyway
            return
        if isinstance(message, Ok) and message.update is not None:
            code = message.update.table.code
            if code not in self._followers:  # until its screen follows (see _held)
                self._held[code] = (message.update, [])
        future = self._waiting.pop(message.re, None) if message.re is not None else None
        if future is None or future.done():
            if isinstance(message, Error):
                log.warning("tables: %s", message.text)
            return
        if isinstance(message, Error):
            future.set_exception(TableRefused(message.text))
        else:
            future.set_result(message)

    def _lost(self) -> None:
        if self.closed:
            return
        self.closed = True
        for callback in list(self.on_lost):
            callback()
        for future in self._waiting.values():
            if not future.done():
                future.set_exception(TableRefused("The connection to the tables is gone."))
        self._waiting.clear()

    async def close(self) -> None:
        self.closed = True  # closed on purpose: nobody to tell
        self._writer.close()
        self._task.cancel()
