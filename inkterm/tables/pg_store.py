"""The table store in PostgreSQL, for several hosts serving the same tables.

One row a table holds its file's text (the same JSON, so tables move between the
two stores with ``inkterm tables export/import``), its status and a version one
more with every change. A change is written under the row's lock (``SELECT … FOR
NO KEY UPDATE``) and only if the row is still the version this host read: two hosts
never apply to one table at once, and the one that comes second reads the table
again and makes its change on that (``Stale``). Each write notifies every host
(``LISTEN/NOTIFY``), so the sessions at a table on any host see a move at once.

A lease says which one host plays a table's bots and timers: held while its host
beats, taken over by another once it lapses (a host that died). The people at a
table are kept per host, so a seat is away only when its player is at the table
on no host; a host that stops beating is forgotten with its people.

The schema is inkterm's own, created and migrated on connecting (``MIGRATIONS``;
its version in ``inkterm_schema``), under an advisory lock so hosts starting at
once do not race.

Calls come from the table worker (one thread); ``listen`` hears on a thread and a
connection of its own.
"""
from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

from .store import (Beat, CodeTaken, LeaseLost, NameTaken, Row, Stale, StoreDown, TableStore,
                    host_name)

log = logging.getLogger("inkterm.tables")

CHANNEL = "inkterm_tables"
#: What each change said, kept per table for hosts that read a few changes late.
KEEP_SAID = 32
#: Any number that is inkterm's among advisory locks (the schema's migration).
MIGRATION_LOCK = 0x1A7E12
#: ... and one more: names chosen one at a time (each checked against all the others).
NAMES_LOCK = 0x1A7E13
#: Browser people whose names are kept (the least recently named go first).
MAX_WEB_NAMES = 10_000
#: Each version of the schema: the statements that make it from the one before.
MIGRATIONS: Sequence[Sequence[str]] = (
    (
        """CREATE TABLE inkterm_tables (
               code text PRIMARY KEY,
               data json NOT NULL,
               status text NOT NULL,
               version bigint NOT NULL,
               changed timestamptz NOT NULL DEFAULT now(),
               said jsonb NOT NULL DEFAULT '[]')""",
        "CREATE INDEX inkterm_tables_unfinished ON inkterm_tables (code) WHERE status <> 'over'",
        """CREATE TABLE inkterm_hosts (
               host text PRIMARY KEY,
               seen timestamptz NOT NULL DEFAULT now())""",
        """CREATE TABLE inkterm_leases (
               code text PRIMARY KEY REFERENCES inkterm_tables ON DELETE CASCADE,
               host text NOT NULL,
               until timestamptz NOT NULL)""",
        """CREATE TABLE inkterm_people (
               code text NOT NULL,
               person text NOT NULL,
               host text NOT NULL,
               PRIMARY KEY (code, person, host))""",
    ),
    (  # browser players' names, the same on every host
        """CREATE TABLE inkterm_web_names (
               person text PRIMARY KEY,
               name text NOT NULL,
               named timestamptz NOT NULL DEFAULT now())""",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)


def migrate(conn: psycopg.Connection) -> int:
    """Bring the schema to ``SCHEMA_VERSION``; the version it was at."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        conn.execute("CREATE TABLE IF NOT EXISTS inkterm_schema (version integer NOT NULL)")
        row = conn.execute("SELECT version FROM inkterm_schema").fetchone()
        was = row[0] if row else 0
        if was > SCHEMA_VERSION:
            raise StoreDown(f"the store's schema is version {was}, newer than this inkterm's "
                            f"{SCHEMA_VERSION}: upgrade inkterm")
        for statements in MIGRATIONS[was:]:
            for statement in statements:
                conn.execute(statement)  # type: ignore[arg-type]  # our own text, no input
        if row is None:
            conn.execute("INSERT INTO inkterm_schema VALUES (%s)", (SCHEMA_VERSION,))
        else:
            conn.execute("UPDATE inkterm_schema SET version = %s", (SCHEMA_VERSION,))
    return was


class PostgresStore(TableStore):
    shared = True

    def __init__(self, url: str, *, lease_seconds: float = 15.0, host: str | None = None) -> None:
        self.url = url
        self.host = host or host_name()
        self.lease_seconds = lease_seconds
        self.beat_every = lease_seconds / 3
        self.where = "PostgreSQL at " + _safe(url)
        self._conn: psycopg.Connection | None = None
        self._lock = threading.RLock()
        self._listening = threading.Event()
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None
        with self._tx() as conn:  # reachable now, the schema ready, this host known
            conn.execute("INSERT INTO inkterm_hosts (host) VALUES (%s) ON CONFLICT (host) "
                         "DO UPDATE SET seen = now()", (self.host,))

    # --- the connection ----------------------------------------------------------------
    def _connect(self) -> psycopg.Connection:
        if self._conn is None or self._conn.closed:
            try:
                self._conn = psycopg.connect(self.url, autocommit=True, connect_timeout=5)
            except psycopg.Error as exc:
                raise StoreDown(_reason(exc)) from None
            migrate(self._conn)
        return self._conn

    @contextmanager
    def _one(self) -> Iterator[psycopg.Connection]:
        """The connection for one statement, which is a transaction by itself (the
        connection commits each statement); the store out of reach is ``StoreDown``
        (the connection is made again next time)."""
        with self._lock:  # one transaction at a time on the connection, whatever the thread
            conn = self._connect()
            try:
                yield conn
            except (psycopg.OperationalError, psycopg.InterfaceError) as exc:
                try:
                    conn.close()
                finally:
                    self._conn = None
                raise StoreDown(_reason(exc)) from None

    @contextmanager
    def _tx(self) -> Iterator[psycopg.Connection]:
        """A transaction; out of reach: ``StoreDown``."""
        with self._one() as conn, conn.transaction():
            yield conn

    def _payload(self, kind: str, code: str, text: str = "") -> str:
        return json.dumps({"kind": kind, "code": code, "host": self.host, "text": text})

    def _notify(self, conn: psycopg.Connection, kind: str, code: str, text: str = "") -> None:
        conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, self._payload(kind, code, text)))

    # --- the tables ---------------------------------------------------------------------
    def rows(self) -> Iterator[tuple[str, Row | str]]:
        with self._tx() as conn:
            found = conn.execute(
                "SELECT code, data::text, version, extract(epoch FROM changed), said "
                "FROM inkterm_tables WHERE status <> 'over' ORDER BY code").fetchall()
        for code, text, version, changed, said in found:
            yield code, Row(code, text, version, float(changed), said)

    def read(self, code: str, since: int | None = None) -> Row | None:
        """The table's row; one no newer than ``since`` comes without its text (the
        caller has it), and with only what the changes after ``since`` said. One
        statement, one round trip: it needs no transaction of its own."""
        with self._one() as conn:
            found = conn.execute(
                "SELECT CASE WHEN version > %(since)s THEN data::text ELSE '' END, version, "
                "extract(epoch FROM changed), "
                "jsonb_path_query_array(said, '$[*] ? (@.version > $v)', jsonb_build_object('v', %(since)s)) "
                "FROM inkterm_tables WHERE code = %(code)s",
                {"since": -1 if since is None else since, "code": code}).fetchone()
        if found is None:
            return None
        text, version, changed, said = found
        return Row(code, text, version, float(changed), said)

    def create(self, code: str, text: str, status: str) -> int:
        with self._tx() as conn:
            made = conn.execute(
                "INSERT INTO inkterm_tables (code, data, status, version) VALUES (%s, %s, %s, 1) "
                "ON CONFLICT (code) DO NOTHING", (code, text, status)).rowcount
            if not made:
                raise CodeTaken(code)
            self._notify(conn, "changed", code)
        return 1

    def write(self, code: str, text: str, version: int, status: str, *,
              said: dict[str, Any] | None = None, leased: bool = False) -> int:
        new = version + 1
        told = Jsonb([{**(said or {}), "version": new}])
        if not leased:
            # One statement (its own transaction: one round trip, where the steps below
            # take five): the UPDATE locks the row and changes it only if it is still
            # the version this host read; the notification goes with its commit.
            with self._one() as conn:
                found = conn.execute(
                    "WITH changed AS (UPDATE inkterm_tables SET data = %(text)s, status = %(status)s, "
                    "version = %(new)s, changed = now(), said = CASE WHEN jsonb_array_length(said) "
                    ">= %(keep)s THEN said - 0 ELSE said END || %(told)s "
                    "WHERE code = %(code)s AND version = %(version)s RETURNING code) "
                    "SELECT pg_notify(%(channel)s, %(payload)s) FROM changed",
                    {"text": text, "status": status, "new": new, "keep": KEEP_SAID, "told": told,
                     "code": code, "version": version, "channel": CHANNEL,
                     "payload": self._payload("changed", code)}).fetchone()
            if found is None:
                raise Stale(code)
            return new
        with self._tx() as conn:
            # The row's lock (FOR UPDATE, but letting a lease row name the table meanwhile:
            # a lease taken while the row is locked must not wait for it, nor it for the lease).
            found = conn.execute("SELECT version, said FROM inkterm_tables WHERE code = %s "
                                 "FOR NO KEY UPDATE", (code,)).fetchone()
            if found is None or found[0] != version:
                raise Stale(code)
            if leased and not self._holding(conn, code):
                raise LeaseLost(code)
            kept = [*found[1], *told.obj][-KEEP_SAID:]
            conn.execute("UPDATE inkterm_tables SET data = %s, status = %s, version = %s, "
                         "changed = now(), said = %s WHERE code = %s",
                         (text, status, new, Jsonb(kept), code))
            self._notify(conn, "changed", code)
        return new

    def remove(self, code: str, version: int) -> None:
        with self._tx() as conn:
            if conn.execute("DELETE FROM inkterm_tables WHERE code = %s AND version = %s",
                            (code, version)).rowcount:
                self._notify(conn, "changed", code)

    def taken(self, code: str) -> bool:
        with self._tx() as conn:
            return conn.execute("SELECT 1 FROM inkterm_tables WHERE code = %s", (code,)).fetchone() is not None

    def versions(self) -> dict[str, int]:
        with self._tx() as conn:
            return dict(conn.execute(  # type: ignore[arg-type]
                "SELECT code, version FROM inkterm_tables WHERE status <> 'over'").fetchall())

    def all_rows(self) -> Iterator[tuple[str, Row | str]]:
        with self._tx() as conn:
            found = conn.execute("SELECT code, data::text, version, extract(epoch FROM changed) "
                                 "FROM inkterm_tables ORDER BY code").fetchall()
        for code, text, version, changed in found:
            yield code, Row(code, text, version, float(changed))

    # --- leases and hosts ---------------------------------------------------------------
    def _holding(self, conn: psycopg.Connection, code: str) -> bool:
        """Take the table's lease if it is free or lapsed; whether this host holds it."""
        return conn.execute(
            "INSERT INTO inkterm_leases AS l VALUES (%s, %s, now() + %s * interval '1 second') "
            "ON CONFLICT (code) DO UPDATE SET host = excluded.host, until = excluded.until "
            "WHERE l.host = excluded.host OR l.until < now() RETURNING host",
            (code, self.host, self.lease_seconds)).fetchone() is not None

    def holds(self, code: str) -> bool:
        with self._tx() as conn:
            if conn.execute("SELECT 1 FROM inkterm_tables WHERE code = %s", (code,)).fetchone() is None:
                return False
            return self._holding(conn, code)

    def beat(self) -> Beat:
        """Renew this host and its leases; forget hosts not seen for a lease's time
        (their people at tables are gone: those tables are told)."""
        beat = Beat()
        with self._tx() as conn:
            conn.execute("INSERT INTO inkterm_hosts (host) VALUES (%s) ON CONFLICT (host) "
                         "DO UPDATE SET seen = now()", (self.host,))
            conn.execute("UPDATE inkterm_leases SET until = now() + %s * interval '1 second' "
                         "WHERE host = %s", (self.lease_seconds, self.host))
            gone = [h for (h,) in conn.execute(
                "DELETE FROM inkterm_hosts WHERE seen < now() - %s * interval '1 second' "
                "RETURNING host", (self.lease_seconds,)).fetchall()]
            if gone:
                beat.people = {c for (c,) in conn.execute(
                    "DELETE FROM inkterm_people WHERE host = ANY(%s) RETURNING code", (gone,)).fetchall()}
                for code in beat.people:
                    self._notify(conn, "people", code)
                log.warning("hosts gone from the store: %s", ", ".join(gone))
        return beat

    def here(self, code: str, person: str, present: bool) -> None:
        with self._tx() as conn:
            if present:
                conn.execute("INSERT INTO inkterm_people VALUES (%s, %s, %s) ON CONFLICT DO NOTHING",
                             (code, person, self.host))
            else:
                conn.execute("DELETE FROM inkterm_people WHERE code = %s AND person = %s AND host = %s",
                             (code, person, self.host))
            self._notify(conn, "people", code)

    def elsewhere(self, code: str) -> set[str]:
        with self._tx() as conn:
            return {p for (p,) in conn.execute(
                "SELECT person FROM inkterm_people WHERE code = %s AND host <> %s",
                (code, self.host)).fetchall()}

    def publish(self, code: str, kind: str, text: str = "") -> None:
        with self._tx() as conn:
            self._notify(conn, kind, code, text)

    # --- browser players' names --------------------------------------------------------
    def web_name(self, person: str) -> str | None:
        with self._tx() as conn:
            row = conn.execute("SELECT name FROM inkterm_web_names WHERE person = %s",
                               (person,)).fetchone()
        return row[0] if row else None

    def claim_web_name(self, person: str, name: str,
                       clashes: Callable[[list[str]], str | None]) -> str:
        with self._tx() as conn:
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (NAMES_LOCK,))
            held = dict(conn.execute("SELECT person, name FROM inkterm_web_names").fetchall())
            if person in held:  # chosen before, on this host or another
                return held[person]
            other = clashes(list(held.values()))
            if other is not None:
                raise NameTaken(other)
            conn.execute("INSERT INTO inkterm_web_names (person, name) VALUES (%s, %s)",
                         (person, name))
            if len(held) >= MAX_WEB_NAMES:
                conn.execute("DELETE FROM inkterm_web_names WHERE person IN (SELECT person FROM "
                             "inkterm_web_names ORDER BY named DESC OFFSET %s)", (MAX_WEB_NAMES,))
        return name

    # --- hearing the other hosts ----------------------------------------------------
    def listen(self, heard: Callable[[dict[str, Any]], None]) -> None:
        """Hear, on a thread of its own, what other hosts write and publish; after the
        store was out of reach, ``{"kind": "again"}`` (anything may have changed)."""
        self._listener = threading.Thread(target=self._hear, args=(heard,), name="store-listen",
                                          daemon=True)
        self._listener.start()
        self._listening.wait(10)

    def _hear(self, heard: Callable[[dict[str, Any]], None]) -> None:
        lost = False
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._listening.set()
                    if lost:
                        heard({"kind": "again", "code": "", "text": ""})
                        lost = False
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            said = json.loads(note.payload)
                            if said.get("host") != self.host:
                                heard(said)
            except psycopg.Error as exc:
                if not lost:
                    log.error("the table store is out of reach (%s); trying again", _reason(exc))
                lost = True
                self._listening.set()
                self._stop.wait(1.0)
            except Exception:  # a bug in what hears must not end the hearing
                log.exception("hearing the table store failed")
                self._stop.wait(1.0)

    def close(self) -> None:
        self._stop.set()
        if self._listener is not None:
            self._listener.join(5)
        try:
            with self._tx() as conn:  # a clean goodbye: the others take over at once
                conn.execute("DELETE FROM inkterm_leases WHERE host = %s", (self.host,))
                conn.execute("DELETE FROM inkterm_people WHERE host = %s RETURNING code", (self.host,))
                conn.execute("DELETE FROM inkterm_hosts WHERE host = %s", (self.host,))
        except (OSError, psycopg.Error):
            pass
        if self._conn is not None:
            self._conn.close()


def _reason(exc: BaseException) -> str:
    return " ".join(str(exc).split())[:200] or type(exc).__name__


def _safe(url: str) -> str:
    """The URL without its password, for the log."""
    from psycopg.conninfo import conninfo_to_dict

    try:
        info = conninfo_to_dict(url)
    except psycopg.Error:
        return "(a URL that cannot be read)"
    return f"{info.get('host', 'localhost')}:{info.get('port', 5432)}/{info.get('dbname', '')}"
