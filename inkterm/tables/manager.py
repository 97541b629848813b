"""The tables a server owns: who sits where, the game each plays (the engine's own
state) and its file. Every choice is applied here, by the same engine local games
use, and the table is saved atomically after each one, so a restarted server
resumes every unfinished table at its last choice.

The manager is plain synchronous code: the channel calls it from one event loop,
and the tests drive it directly.
"""
from __future__ import annotations

import json
import logging
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Literal

from pydantic import BaseModel, ValidationError

from inkterm.bots import is_bot, make_bot, number_bots
from inkterm.engine import GAMES, IllegalChoice, SaveError, load_game, new_game
from inkterm.engine.saves import write_atomic
from inkterm.engine.savetext import MAX_SAVE_BYTES
from inkterm.engine.types import Decision, Event

from .protocol import (CODE_LENGTH, ME, OPEN, OpenTable, SeatInfo, TableInfo, Update, open_seats,
                       seat_of)

log = logging.getLogger("inkterm.tables")

#: Code letters: no I or O, so a code read aloud or off a screen is typed right.
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"
TABLE_SUFFIX = ".table.json"
TABLE_FORMAT: Literal["inkterm-table"] = "inkterm-table"
MAX_TABLES = 200  # unfinished tables on one server
MAX_HOSTED = 4  # unfinished tables one name may host
#: Unknown codes one name may try in JOIN_WINDOW seconds (codes are short).
JOIN_TRIES, JOIN_WINDOW = 10, 60.0


class TableError(ValueError):
    """Why a request is refused, in one line for the player."""


class TableFile(BaseModel):
    """A table's file: who sits where, and the game's own save (once started)."""

    format: Literal["inkterm-table"]
    version: Literal[1]
    code: str
    game: str
    host: str
    private: bool
    seats: list[SeatInfo]
    options: dict[str, Any]
    idle_minutes: int | None = None
    save: dict[str, Any] | None = None


@dataclass
class Table:
    code: str
    game: str
    host: str
    private: bool
    seats: list[SeatInfo]
    options: dict[str, Any]
    path: Path
    idle_minutes: int | None = None  # a bot plays for a player idle this long
    state: Any = None  # the GameState once every seat is filled
    bots: dict[int, Any] = field(default_factory=dict)
    waiting_since: float = 0.0  # when the table last changed (the clock of the manager)

    @property
    def status(self) -> Literal["waiting", "playing", "over"]:
        if self.state is None:
            return "waiting"
        return "over" if self.state.is_over else "playing"

    def seat_of(self, name: str) -> int | None:
        return seat_of(self.seats, name)

    def open_seats(self) -> int:
        return open_seats(self.seats)

    def info(self) -> TableInfo:
        return TableInfo(code=self.code, game=self.game, title=GAMES[self.game].title,
                         host=self.host, private=self.private, status=self.status,
                         seats=[s.model_copy() for s in self.seats],
                         idle_minutes=self.idle_minutes)

    def update_for(self, seat: int | None, events: list[Event]) -> Update:
        """What the session holding ``seat`` (None: a watcher) may see now."""
        update = Update(table=self.info(), you=seat)
        st = self.state
        if st is None:
            return update
        update.at = len(st.record.choices)
        update.view = st.view(seat) if seat is not None else st.summary()
        update.scores = st.scores()
        update.events = list(events)
        d = st.decision()
        if d is not None:
            update.decision = _decision_for(d, seat, st.seats[d.seat])
        else:
            update.record = st.record.to_dict()  # over: nothing is secret any more
        return update

    def to_file(self) -> str:
        return TableFile(format=TABLE_FORMAT, version=1, code=self.code, game=self.game,
                         host=self.host, private=self.private, seats=self.seats,
                         options=self.options, idle_minutes=self.idle_minutes,
                         save=None if self.state is None else self.state.to_dict(),
                         ).model_dump_json()


def _decision_for(d: Decision, seat: int | None, chooser: str) -> Decision:
    if seat == d.seat:
        return d  # the chooser's menu is the local one, field for field
    # Only who chooses and the rules topic: the prompt may name a card in their hand.
    about = d.topic.rstrip("-0123456789").replace("-", " ")
    if about == "your turn":  # the topic of a plain turn: nothing more to say
        about = ""
    return Decision(d.seat, f"{chooser} is choosing" + (f" ({about})" if about else ""), [],
                    d.topic, secret=d.secret)


class TableManager:
    def __init__(self, directory: Path, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.directory = Path(directory)
        self.tables: dict[str, Table] = {}
        self._clock = clock
        self._tries: dict[str, deque[float]] = {}

    # --- finding tables -------------------------------------------------------------
    def resume(self) -> list[str]:
        """Load every unfinished table from its file; one line per file that could
        not be read (such a file is left as it is)."""
        problems = []
        self.directory.mkdir(parents=True, exist_ok=True, mode=0o700)
        for path in sorted(self.directory.glob("*" + TABLE_SUFFIX)):
            try:
                table = self._load(path)
            except (OSError, ValueError, SaveError) as exc:
                problems.append(f"{path}: {' '.join(str(exc).split())}")
                continue
            if table.status != "over":
                self.tables[table.code] = table
                if table.state is not None:  # killed between a choice and the bots' replies
                    self._play_bots(table)
        for problem in problems:
            log.error("table not resumed: %s", problem)
        return problems

    def _load(self, path: Path) -> Table:
        if path.stat().st_size > 2 * MAX_SAVE_BYTES:
            raise ValueError("too large")
        try:
            data = TableFile.model_validate_json(path.read_bytes())
        except ValidationError as exc:
            raise ValueError(f"not a table file: {exc.errors()[0]['msg']}") from None
        if data.game not in GAMES:
            raise ValueError(f"unknown game {data.game!r}")
        table = Table(data.code, data.game, data.host, data.private, data.seats,
                      data.options, path, data.idle_minutes, waiting_since=self._clock())
        if data.save is not None:
            table.state = load_game(json.dumps(data.save))
            self._seat_bots(table)
        return table

    def get(self, name: str, code: str) -> Table:
        """The table with ``code`` (any case); unknown codes are rate-limited per name."""
        table = self.tables.get(code.strip().upper())
        if table is not None:
            return table
        tries = self._tries.setdefault(name, deque())
        now = self._clock()
        while tries and now - tries[0] > JOIN_WINDOW:
            tries.popleft()
        if len(tries) >= JOIN_TRIES:
            raise TableError("Too many unknown codes tried; wait a minute and try again.")
        tries.append(now)
        raise TableError(f"There is no table {code.strip().upper()!r}.")

    def listed(self, name: str) -> list[Table]:
        """The tables ``name`` may see in a list: its own (even private), then the
        open ones, those with free seats first. Finished tables are left out."""
        def order(t: Table):
            return (t.seat_of(name) is None, t.open_seats() == 0, t.code)
        return sorted((t for t in self.tables.values()
                       if t.status != "over" and (not t.private or t.seat_of(name) is not None)),
                      key=order)

    # --- changing tables --------------------------------------------------------------
    def open(self, host: str, request: OpenTable) -> tuple[Table, int | None, list[Event]]:
        """A new table; ``host`` takes the seat marked ``me``. Returns the table, the
        host's seat and what happened (bots may already have played)."""
        spec = GAMES.get(request.game)
        if spec is None:
            raise TableError(f"Unknown game {request.game!r}.")
        asked = [s.strip().lower() for s in request.seats]
        if not spec.min_players <= len(asked) <= spec.max_players:
            raise TableError(f"{spec.title} takes {spec.min_players}–{spec.max_players} seats, "
                             f"not {len(asked)}.")
        if asked.count(ME) > 1:
            raise TableError("You can take one seat at a table.")
        for s in asked:
            if s not in (OPEN, ME) and not is_bot(s):
                raise TableError(f"A seat is open, me or a bot, not {s!r}.")
        live = [t for t in self.tables.values() if t.status != "over"]
        if len(live) >= MAX_TABLES:
            raise TableError("The server has as many tables as it can hold; try again later.")
        if sum(1 for t in live if t.host == host) >= MAX_HOSTED:
            raise TableError(f"You host {MAX_HOSTED} unfinished tables already.")
        try:  # the options, checked before anyone sits down
            new_game(request.game, [f"seat {i}" for i in range(len(asked))], 0, request.options)
        except ValueError as exc:
            raise TableError(str(exc)) from None
        bot_names = iter(number_bots([s for s in asked if is_bot(s)]))
        seats = [SeatInfo(kind="player", name=host) if s == ME
                 else SeatInfo(kind=OPEN) if s == OPEN
                 else SeatInfo(kind="bot", name=next(bot_names)) for s in asked]
        code = self._new_code()
        table = Table(code, request.game, host, request.private, seats,
                      dict(request.options), self.directory / (code + TABLE_SUFFIX),
                      request.idle_minutes)
        self.tables[code] = table
        events = self._start_if_full(table)
        self._save(table)
        log.info("%s opened table %s (%s, %s)", host, code, request.game,
                 "private" if request.private else "open")
        return table, table.seat_of(host), events

    def join(self, name: str, code: str) -> tuple[Table, int, list[Event]]:
        """``name`` sits at the table: its seat again if it has one, else the first
        open seat."""
        table = self.get(name, code)
        seat = table.seat_of(name)
        if seat is not None:
            return table, seat, []
        if table.status != "waiting" or table.open_seats() == 0:
            raise TableError(f"Table {table.code} has no open seat; you can watch it.")
        if any(s.name.casefold() == name.casefold() for s in table.seats):
            raise TableError(f"A seat at table {table.code} is already named {name!r}.")
        seat = next(i for i, s in enumerate(table.seats) if s.kind == OPEN)
        table.seats[seat] = SeatInfo(kind="player", name=name)
        events = self._start_if_full(table)
        self._save(table)
        log.info("%s sat down at table %s (seat %d)", name, table.code, seat + 1)
        return table, seat, events

    def fill_with_bots(self, name: str, code: str) -> tuple[Table, list[Event]]:
        """The host gives every open seat to a bot; the game starts."""
        table = self.get(name, code)
        if table.host != name:
            raise TableError(f"Only the host, {table.host}, can fill the seats with bots.")
        if table.status != "waiting":
            raise TableError("The game has started already.")
        names = number_bots([s.name if s.kind != OPEN else "bot" for s in table.seats])
        table.seats = [s if s.kind != OPEN else SeatInfo(kind="bot", name=n)
                       for s, n in zip(table.seats, names)]
        events = self._start_if_full(table)
        self._save(table)
        return table, events

    def choose(self, name: str, code: str, key: str, at: int) -> tuple[Table, list[Event]]:
        """``name`` makes a choice at the table; the bots then play until a person
        is to choose. Only the seat whose decision it is may choose."""
        table = self.get(name, code)
        st = table.state
        if st is None:
            raise TableError("The game has not started yet.")
        d = st.decision()
        if d is None:
            raise TableError("The game is over.")
        seat = table.seat_of(name)
        if seat is None:
            raise TableError("You are watching this table; only its players choose.")
        if d.seat != seat:
            raise TableError(f"It is {st.seats[d.seat]}'s turn, not yours.")
        if at != len(st.record.choices):
            raise TableError("The table has moved on since; choose again.")
        try:
            events = st.apply(key)
        except IllegalChoice as exc:
            raise TableError(str(exc)) from None
        self._save(table)
        events += self._play_bots(table)
        return table, events

    def play_for_idle(self) -> list[tuple[Table, list[Event]]]:
        """Where the host allowed it, a bot finishes the turn of a player who has not
        chosen for the table's idle minutes (the seat stays theirs)."""
        played = []
        now = self._clock()
        for table in list(self.tables.values()):
            if table.idle_minutes is None or table.status != "playing":
                continue
            if now - table.waiting_since < table.idle_minutes * 60:
                continue
            st = table.state
            seat = st.decision().seat
            if seat in table.bots:
                continue
            events = [Event(f"{st.seats[seat]} is away: a bot plays this turn for them.",
                            seat, "warning")]
            stand_in = make_bot("bot", seed=st.record.seed + len(st.record.choices))
            while (d := st.decision()) is not None and d.seat == seat:
                events += st.apply(stand_in.choose(st))
                self._save(table)
            events += self._play_bots(table)
            played.append((table, events))
        return played

    # --- the machinery ----------------------------------------------------------------
    def _new_code(self) -> str:
        taken = set(self.tables) | {p.name[:-len(TABLE_SUFFIX)] for p in
                                    self.directory.glob("*" + TABLE_SUFFIX)}
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            if code not in taken:
                return code

    def _start_if_full(self, table: Table) -> list[Event]:
        if table.state is not None or table.open_seats():
            return []
        names = [s.name for s in table.seats]
        table.state = new_game(table.game, names, secrets.randbelow(2**31), table.options)
        self._seat_bots(table)
        log.info("table %s started: %s", table.code, ", ".join(names))
        return self._play_bots(table)

    def _seat_bots(self, table: Table) -> None:
        seed = table.state.record.seed
        table.bots = {i: make_bot(s.name, seed=seed * 10 + i)
                      for i, s in enumerate(table.seats) if s.kind == "bot"}

    def _play_bots(self, table: Table) -> list[Event]:
        st, events = table.state, []
        d = st.decision()
        while d is not None and d.seat in table.bots:
            try:
                events += st.apply(table.bots[d.seat].choose(st))
            except IllegalChoice:  # a bot bug: the table waits rather than breaks
                log.exception("bot at table %s chose an illegal key", table.code)
                break
            self._save(table)
            d = st.decision()
        return events

    def _save(self, table: Table) -> None:
        write_atomic(table.path, table.to_file())
        table.waiting_since = self._clock()
