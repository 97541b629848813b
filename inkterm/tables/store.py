"""Where the shared tables are kept: one small interface, two back ends.

``FileStore`` (the default) keeps each table as ``CODE.table.json`` in the data
folder; one server owns them all, nothing needs to run beside it. ``PostgresStore``
(``serve ssh --store postgresql://…``, in ``pg_store``) keeps the same JSON, one row
a table, for any number of hosts: a change is written under the row's lock only if
nobody changed the table since this host read it (else ``Stale``: read it again, do
it again), every host hears of it at once, and a lease says which one host plays a
table's bots and timers.

The manager speaks only to this interface; what a single host needs of it
(``FileStore``) is all of it but the methods marked *shared*, which do nothing
here.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from inkterm.engine.saves import write_atomic
from inkterm.engine.savetext import MAX_SAVE_BYTES

TABLE_SUFFIX = ".table.json"
#: The largest table text read back (a save plus the table's seats and chat).
MAX_TABLE_BYTES = 2 * MAX_SAVE_BYTES


class StoreDown(OSError):
    """The store cannot be reached or written now (the table pauses until it can)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.strerror = reason


class Stale(Exception):
    """Another host changed the table since this one read it: nothing was written."""

    def __init__(self, code: str) -> None:
        super().__init__(f"table {code} changed on another host")
        self.code = code


class LeaseLost(Exception):
    """A bot's move or a timer's change, from a host that no longer holds the table."""

    def __init__(self, code: str) -> None:
        super().__init__(f"another host plays table {code}'s bots now")
        self.code = code


class NameTaken(Exception):
    """Another browser person holds a name too like the one asked for."""

    def __init__(self, other: str) -> None:
        super().__init__(other)
        self.other = other


class CodeTaken(Exception):
    """A new table's code is some other table's already."""


@dataclass(frozen=True)
class Row:
    """A table as the store holds it: the file's text, its version (one more with
    every change) and when it last changed (seconds since the epoch)."""

    code: str
    text: str
    version: int
    changed: float
    #: In a shared store, what each change after the version asked for said
    #: (``{"version": n, "round": r, "events": [...]}`` or ``{"version": n,
    #: "chat": [name, text]}``), oldest first; the store keeps the last few only.
    said: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Beat:
    """What a host's heartbeat found (shared stores): the tables whose people
    changed (a host gone with its players)."""

    people: set[str] = field(default_factory=set)


class TableStore:
    """What a host does with its tables' store. Single-host defaults: the methods
    marked *shared* matter only where other hosts serve the same tables."""

    #: Other hosts may serve these tables too.
    shared = False
    #: Where the tables are, in words for the log.
    where = ""
    #: How often (seconds) the host must say it is alive (``beat``).
    beat_every = float("inf")

    def rows(self) -> Iterator[tuple[str, Row | str]]:
        """Every unfinished table (a file store: every table file), each as (its
        name, its row, or why it cannot be read)."""
        raise NotImplementedError

    def all_rows(self) -> Iterator[tuple[str, Row | str]]:
        """Every table, finished ones too (to export them)."""
        return self.rows()

    def read(self, code: str, since: int | None = None) -> Row | None:
        raise NotImplementedError

    def create(self, code: str, text: str, status: str) -> int:
        """A new table; its version. ``CodeTaken`` if the code is another's."""
        raise NotImplementedError

    def write(self, code: str, text: str, version: int, status: str, *,
              said: dict[str, Any] | None = None, leased: bool = False) -> int:
        """The table as it is now, replacing ``version`` (``Stale`` if that is no
        longer the stored one); ``said``: what the change said, for the other hosts;
        ``leased``: a bot's or a timer's change, written only by the table's holder.
        Returns the new version."""
        raise NotImplementedError

    def remove(self, code: str, version: int) -> None:
        raise NotImplementedError

    def taken(self, code: str) -> bool:
        raise NotImplementedError

    def path(self, code: str) -> Path | None:
        """The table's file, for a file store."""
        return None

    # --- shared ------------------------------------------------------------------------
    def versions(self) -> dict[str, int]:
        """Every unfinished table's code and version (the Join list's source)."""
        return {}

    def holds(self, code: str) -> bool:
        """Whether this host plays the table's bots and timers (taking the lease if
        nobody holds it)."""
        return True

    def beat(self) -> Beat:
        """This host is alive: its leases renewed, the people of hosts gone
        forgotten (their tables' leases lapse, for ``holds`` to take over)."""
        return Beat()

    def here(self, code: str, person: str, present: bool) -> None:
        """``person`` is at the table on this host now (or no longer)."""

    def elsewhere(self, code: str) -> set[str]:
        """The people at the table on other hosts."""
        return set()

    def publish(self, code: str, kind: str, text: str = "") -> None:
        """A word to the other hosts' sessions at the table (a note from the table,
        its people changed)."""

    def listen(self, heard: Callable[[dict[str, Any]], None]) -> None:
        """Call ``heard`` (on a thread of the store's) with what other hosts publish
        and each change they write: ``{"kind": "changed"|"note"|"people"|"again",
        "code": …, "text": …}`` ("again": the store was out of reach, so anything
        may have changed)."""

    def web_name(self, person: str) -> str | None:
        """*shared*: the name a browser person chose on any host (None: none yet)."""
        return None

    def claim_web_name(self, person: str, name: str,
                       clashes: Callable[[list[str]], str | None]) -> str:
        """*shared*: ``person``'s name on every host: the one it chose before, else
        ``name``, unless ``clashes`` (given every name held) names one it is too
        like (``NameTaken``). One host alone keeps names itself: ``name``."""
        return name

    def close(self) -> None:
        pass


class FileStore(TableStore):
    """``CODE.table.json`` in one folder (owner-only), each written atomically."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        self.where = f"the table files in {self.directory}"
        self._version = 0

    def path(self, code: str) -> Path:
        return self.directory / (code + TABLE_SUFFIX)

    def rows(self) -> Iterator[tuple[str, Row | str]]:
        self.directory.mkdir(parents=True, exist_ok=True, mode=0o700)
        for path in sorted(self.directory.glob("*" + TABLE_SUFFIX)):
            try:
                yield str(path), self.read_file(path)
            except (OSError, ValueError) as exc:
                yield str(path), " ".join(str(exc).split())

    def read_file(self, path: Path) -> Row:
        stat = path.stat()
        if stat.st_size > MAX_TABLE_BYTES:
            raise ValueError("too large")
        self._version += 1  # any number above 0 (stored): one host writes, no version is checked
        return Row(path.name[:-len(TABLE_SUFFIX)], path.read_bytes().decode("utf-8"),
                   self._version, stat.st_mtime)

    def read(self, code: str, since: int | None = None) -> Row | None:
        try:
            return self.read_file(self.path(code))
        except FileNotFoundError:
            return None

    def create(self, code: str, text: str, status: str) -> int:
        if self.taken(code):
            raise CodeTaken(code)
        return self.write(code, text, 0, status)

    def write(self, code: str, text: str, version: int, status: str, *,
              said: dict[str, Any] | None = None, leased: bool = False) -> int:
        self.directory.mkdir(parents=True, exist_ok=True, mode=0o700)
        write_atomic(self.path(code), text)  # one host: nobody else writes it
        return version + 1

    def remove(self, code: str, version: int) -> None:
        self.path(code).unlink(missing_ok=True)

    def taken(self, code: str) -> bool:
        return self.path(code).exists()


def open_store(where: str | Path, **options: Any) -> TableStore:
    """The store at ``where``: a ``postgresql://`` (or ``postgres://``) URL, or a
    folder of table files."""
    if is_url(str(where)):
        from .pg_store import PostgresStore

        return PostgresStore(str(where), **options)
    return FileStore(Path(where))


def is_url(where: str | None) -> bool:
    return bool(where) and str(where).startswith(("postgresql://", "postgres://"))


def host_name() -> str:
    """This host among the store's hosts: its machine's name and its process."""
    return f"{os.uname().nodename}:{os.getpid()}"
