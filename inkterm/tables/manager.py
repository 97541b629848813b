"""The tables a server owns: who sits where, the game each plays (the engine's own
state) and its file. Every choice is applied here, by the same engine local games
use, and the table is saved atomically with each one, so a restarted server
resumes every unfinished table at its last choice.

Nothing is applied that is not saved: a change (a choice, a seat taken, the game
begun) is made on a copy, the copy is written, and only then is it the table. A
table that cannot be written is paused, as it was, until it can.

Bots do not play here: ``bot_turn`` hands out what a bot needs to think (off the
table worker, see ``table_bots``) and ``bot_chose`` applies its answer.

Leavers never stop a game: a seat whose person is not at the table is away; the
host (or, while the host is away too, a majority of the players there) may give it
to a bot until its player comes back, give it to someone who asked to join, or end
the table, which is then kept as ended by agreement. A table's own away rule does
the first by itself after its idle minutes (or, at a turn-based table, once the
player's time bank is spent).

Where the tables are kept is the store's business (``store``): files in the data
folder for one host, or PostgreSQL for several. With a shared store a change is
written only if nobody changed the table since this host read it; if another host
did, the table is read again and the change made again on it (``_again``), and
what other hosts changed is queued for the channel to show (``take_heard``). Only
the host holding a table's lease plays its bots and timers.

The manager is plain synchronous code: the channel calls it from one worker
thread, and the tests drive it directly.
"""
from __future__ import annotations

import functools
import json
import logging
import re
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Literal

from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from inkterm.bots import number_bots
from inkterm.engine import GAMES, IllegalChoice, SaveError, load_game, new_game
from inkterm.engine.text import Msg, Term, Text, nmsg
from inkterm.i18n import N_
from inkterm.engine.text import to_data as text_to_data
from inkterm.engine.concerns import Snapshot, hits
from inkterm.engine.types import SECRET_EVENT, Decision, Event
from inkterm.names import BadName, clash, clash_words
from inkterm.rules_topics import TOPIC
from inkterm.table_driver import replayed

from .limits import TableLimits, Window
from .people import Player
from .protocol import (CODE_LENGTH, ME, OPEN, PRIVATE_CODE_LENGTH, ChatLine, OpenTable, SeatInfo,
                       Steer, TableInfo, Told, Update, open_seats)
from .store import CodeTaken, FileStore, LeaseLost, Row, Stale, TableStore
from .table_bots import LEVEL_WORDS, BotLimits, is_level, server_bot

log = logging.getLogger("inkterm.tables")

#: Code letters: no I or O, so a code read aloud or off a screen is typed right.
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"
TABLE_FORMAT: Literal["inkterm-table"] = "inkterm-table"
#: 2: who holds each seat and who hosts; 3: the table's rules (undo, turn-based, a
#: time bank), its chat, when each seat last moved, the seats a bot plays while their
#: players are away, and an end by agreement. Versions 1 and 2 still load.
TABLE_VERSION: Literal[3] = 3
#: The chat lines a table keeps (the oldest go first).
MAX_CHAT_LINES = 200
#: People waiting at once for a seat at a full table.
MAX_ASKING = 6
DAY = 86400.0
#: The bot the host's "bots in the open seats" seats.
FILL_LEVEL = "normal"
#: Times a change is made again on a table other hosts keep changing meanwhile.
AGAIN = 4
_EVENTS = TypeAdapter(list[Event])


#: Why a waiting table that nobody was at is gone (on every host's screens).
CLOSED_WAITING = N_("closed: nobody was at it while it waited for players")
#: Why a table ended by agreement. A table's file keeps the English (``ended``); each
#: reader reads it in their language (``Msg(ended)``, ``_(ended)`` where shown).
ENDED_BY_HOST = N_("ended by agreement of the host")
ENDED_BY_PLAYERS = N_("ended by agreement of the players")


class TableError(ValueError):
    """Why a request is refused, in one line for the player: a message, which each
    session reads in its own language (``channel.refusal``)."""


def clash_msg(name: str, other: str) -> Msg:
    """Why two names clash, in each reader's language."""
    words, params = clash_words(name, other)
    return Msg(words, **params)


def bad_name_msg(refused: BadName) -> Msg:
    """Why a name is refused (``inkterm.names``), in each reader's language: the
    server checks it, the one who chose it reads why."""
    params: dict[str, Any] = {k: bad_name_msg(v) if isinstance(v, BadName) else v
                              for k, v in refused.params.items()}
    return Msg(refused.words, **params)


class CannotSave(TableError):
    """The table could not be written: nothing changed, and it is paused until it can."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(Msg("The server cannot save table {code} right now ({reason}): play pauses until it "
                             "can. Nothing is lost.", code=code, reason=reason))
        self.code = code


class TableFull(TableError):
    """Every seat is taken: the person may ask the host for one (``ask_to_join``)."""


class TableFile(BaseModel):
    """A table's file: who sits where, and the game's own save (once started)."""

    format: Literal["inkterm-table"]
    version: Literal[1, 2, 3]
    code: str
    game: str
    host: str
    private: bool
    seats: list[SeatInfo]
    options: dict[str, Any]
    idle_minutes: int | None = None
    save: dict[str, Any] | None = None
    #: Version 2: the person holding each seat (None: open, a bot, or a version 1
    #: seat, which the first person of its name to sit down again takes).
    owners: list[str | None] = Field(default_factory=list)
    host_person: str | None = None
    host_address: str | None = None
    #: Version 3 (older files: the defaults).
    undo: bool = True
    turn_based: bool = False
    time_bank_days: float | None = None
    ended: str | None = None
    #: (who, what they said): a person's words, or a message's data (old files: strings).
    chat: list[tuple[str, Text]] = Field(default_factory=list)
    moved: list[float | None] = Field(default_factory=list)
    bank_used: list[float] = Field(default_factory=list)
    standins: list[int] = Field(default_factory=list)


def file_status(data: TableFile) -> Literal["waiting", "playing", "over"]:
    """A table file's status, read without replaying its game (the store keeps it
    beside the row, so a host lists the tables without loading them)."""
    if data.ended is not None or (data.save is not None and data.save.get("over")):
        return "over"
    return "waiting" if data.save is None else "playing"


#: What a change may replace in a table (written first, then made: see ``_commit``).
_CHANGEABLE = ("seats", "owners", "state", "standins", "idle_minutes", "undo", "ended",
               "moved", "bank_used")


@dataclass
class Table:
    code: str
    game: str
    host: str
    private: bool
    seats: list[SeatInfo]
    options: dict[str, Any]
    path: Path | None  # its file, with a file store
    idle_minutes: int | None = None  # a bot plays for a player idle this long
    state: Any = None  # the GameState once every seat is filled
    bots: dict[int, Any] = field(default_factory=dict)
    waiting_since: float = 0.0  # when the table last changed (the clock of the manager)
    owners: list[str | None] = field(default_factory=list)
    host_person: str | None = None
    host_address: str | None = None
    alone_since: float | None = None  # since when no session is at the table (None: one is)
    paused: str | None = None  # why the table cannot be saved, while it cannot
    away: int | None = None  # the seat a stand-in bot plays this one turn for (idle, but here)
    undo: bool = True  # a player may take back their own choices (see take_back)
    turn_based: bool = False
    time_bank_days: float | None = None
    ended: str | None = None  # why the table ended before its game did
    chat: deque = field(default_factory=lambda: deque(maxlen=MAX_CHAT_LINES))
    moved: list[float | None] = field(default_factory=list)  # when each seat last chose
    bank_used: list[float] = field(default_factory=list)  # seconds each seat spent choosing
    standins: frozenset[int] = frozenset()  # seats a bot plays until their players return
    here: set[str] = field(default_factory=set)  # the people at the table now (not saved)
    elsewhere: set[str] = field(default_factory=set)  # ... at it on other hosts (shared store)
    version: int = 0  # the store's version this is (0: not stored yet)
    asking: dict[str, Player] = field(default_factory=dict)  # person -> who asks for a seat
    votes: dict[tuple, set[str]] = field(default_factory=dict)  # a steer -> who asked for it

    @property
    def status(self) -> Literal["waiting", "playing", "over"]:
        if self.ended is not None:
            return "over"
        if self.state is None:
            return "waiting"
        return "over" if self.state.is_over else "playing"

    def away_seats(self) -> set[int]:
        """The players' seats with nobody of theirs at the table."""
        present = self.present
        return {i for i, (s, owner) in enumerate(zip(self.seats, self.owners))
                if s.kind == "player" and owner not in present}

    @property
    def present(self) -> set[str]:
        """The people at the table, on this host or another."""
        return self.here | self.elsewhere if self.elsewhere else self.here

    def seat_for(self, who: Player) -> int | None:
        """The seat ``who`` holds: one under their name that is their person's (or a
        version 1 seat no person holds yet)."""
        return next((i for i, s in enumerate(self.seats)
                     if s.kind == "player" and s.name == who.name
                     and self.owners[i] in (who.person, None)), None)

    def hosted_by(self, who: Player) -> bool:
        if self.host_person is None:  # a version 1 table: its host's name
            return self.host == who.name
        return self.host_person == who.person

    def open_seats(self) -> int:
        return open_seats(self.seats)

    def info(self) -> TableInfo:
        away = self.away_seats()
        seats = [SeatInfo(kind=s.kind, name=s.name, away=i in away, bot_plays=i in self.standins
                          or i == self.away, moved=self.moved[i] if i < len(self.moved) else None)
                 for i, s in enumerate(self.seats)]
        d = self.state.decision() if self.status == "playing" else None
        return TableInfo(code=self.code, game=self.game, title=GAMES[self.game].title,
                         host=self.host, private=self.private, status=self.status,
                         seats=seats, idle_minutes=self.idle_minutes, undo=self.undo,
                         turn_based=self.turn_based, time_bank_days=self.time_bank_days,
                         turn=None if d is None else d.seat, ended=self.ended,
                         asking=[p.name for p in self.asking.values()])

    def update_for(self, seat: int | None, events: list[Event], round_no: int | None = None,
                   *, story: bool = False) -> Update:
        """What the session holding ``seat`` (None: a watcher) may see now: the events
        it may read (``round_no``: the round they happened in); with ``story``, the
        whole game so far and the chat too (a session sitting down or coming back)."""
        update = Update(table=self.info(), you=seat)
        if story:
            update.chat = [ChatLine(code=self.code, name=n, text=t) for n, t in self.chat]
        st = self.state
        if st is None:
            return update
        update.at = len(st.record.choices)
        update.view = st.view(seat) if seat is not None else st.summary()
        update.scores = st.scores()
        update.events = [e for e in events if e.seen_by(seat)]
        update.round = round_no
        d = st.decision()
        if d is not None:
            update.decision = _decision_for(d, seat, st.seats[d.seat], self.game)
            update.can_undo = (self.undo and self.ended is None and seat == d.seat
                               and seat not in self.standins and st.can_undo())
        else:
            update.record = st.record.to_dict()  # over: nothing is secret any more
        if story:
            update.history = self.story_for(seat)
        return update

    def story_for(self, seat: int | None) -> list[Told]:
        """The game so far as ``seat`` may read it, rebuilt from the record (a table
        keeps no narration): each choice's events, only its own secrets among them,
        and what the others' choices since its last did to it (as a move tells it)."""
        people = [seat] if seat is not None and self.seats[seat].kind == "player" else []
        return [Told(round=p.round, seat=p.seat,
                     events=[e for e in p.events if e.seen_by(seat)] + [e for i in people for e in p.to_you.get(i, [])])
                for p in list(replayed(self.state.record, people))]

    def what_hit(self, before: Any, after: Any, by: int, events: list[Event]) -> list[Event]:
        """What ``by``'s choice (``before`` → ``after``) did to each other player at the
        table, as events only that player reads (``TO_YOU``), told first in their
        "since your last turn" as at a local table (a bot's seat is told nothing)."""
        people = [i for i, s in enumerate(self.seats) if s.kind == "player" and i != by]
        if not people:
            return []
        told = hits(after, Snapshot(before), by, events, people)
        return [e for person in people for e in told.get(person, ())]

    def to_file(self, **changes: Any) -> str:
        """The file's text, with ``changes`` (any of ``_CHANGEABLE``) in place of the
        table's own (a change is written before it is made)."""
        return self.file_model(**changes).model_dump_json()

    def file_model(self, **changes: Any) -> TableFile:
        """The file's model, with ``changes`` (and the ``chat`` that is to be)."""
        now = {name: changes.get(name, getattr(self, name)) for name in _CHANGEABLE}
        state = now["state"]
        return TableFile(format=TABLE_FORMAT, version=TABLE_VERSION, code=self.code,
                         game=self.game, host=self.host, private=self.private,
                         seats=[SeatInfo(kind=s.kind, name=s.name) for s in now["seats"]],
                         options=self.options, idle_minutes=now["idle_minutes"],
                         save=None if state is None else state.to_dict(),
                         owners=now["owners"],
                         host_person=self.host_person, host_address=self.host_address,
                         undo=now["undo"], turn_based=self.turn_based,
                         time_bank_days=self.time_bank_days, ended=now["ended"],
                         chat=list(changes.get("chat", self.chat)), moved=now["moved"], bank_used=now["bank_used"],
                         standins=sorted(now["standins"]))


def _decision_for(d: Decision, seat: int | None, chooser: str, game: str) -> Decision:
    if seat == d.seat:
        return d  # the chooser's menu is the local one, field for field
    # Only who chooses and the rules topic: the prompt may name a card in their hand.
    # The topic is named by its rules section's heading in each reader's language.
    about = d.topic.rstrip("-0123456789").replace("-", " ")
    if about == "your turn":  # the topic of a plain turn: nothing more to say
        about = ""
    return Decision(d.seat, Msg("{who} is choosing ({about})", who=chooser, about=Term(game, TOPIC, d.topic, about))
                    if about else Msg("{who} is choosing", who=chooser), [], d.topic, secret=d.secret)


def table_code(text: str) -> str:
    """A code as typed (any case, spaces or dashes between letters) as the table has it."""
    return re.sub(r"[\s-]", "", text).upper()


def _again(method):
    """A change made on a table another host changed meanwhile (``Stale``) is made
    again on the table as it now is (read again by ``_commit``)."""
    @functools.wraps(method)
    def run(self: "TableManager", *args, **kwargs):
        for _ in range(AGAIN - 1):
            try:
                return method(self, *args, **kwargs)
            except Stale:
                continue
        try:
            return method(self, *args, **kwargs)
        except Stale:
            raise TableError(Msg("The table is busy on another host; try again.")) from None
    return run


class TableManager:
    def __init__(self, store: Path | TableStore, *, limits: TableLimits | None = None,
                 bots: BotLimits | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        """``store``: a folder of table files, or any ``TableStore``."""
        self.store = store if isinstance(store, TableStore) else FileStore(Path(store))
        #: The table files' folder (a file store).
        self.directory = getattr(self.store, "directory", None)
        self.tables: dict[str, Table] = {}
        self.limits = limits = limits or TableLimits()
        self.bot_limits = bots or BotLimits()
        self._clock = clock
        self._unknown_by_person = Window(limits.unknown_codes_per_person, limits.code_window)
        self._unknown_by_address = Window(limits.unknown_codes_per_address, limits.code_window)
        #: What other hosts changed, read since the channel last asked (``take_heard``).
        self._heard: list[tuple[Table, dict[str, Any] | None]] = []

    # --- finding tables -------------------------------------------------------------
    def resume(self) -> list[str]:
        """Load every unfinished table from the store; one line per table that could
        not be read (it is left as it is). A waiting table nobody came back to
        within the limit since its last change is closed."""
        problems = []
        for name, row in self.store.rows():
            try:
                if isinstance(row, str):
                    raise ValueError(row)
                table = self._from_row(row)
            except (OSError, ValueError, SaveError) as exc:
                problems.append(f"{name}: {' '.join(str(exc).split())}")
                continue
            if table.status != "over":
                self.tables[table.code] = table
                self._refresh_people(table)
        for problem in problems:
            log.error("table not resumed: %s", problem)
        self.expire_waiting()
        return problems

    def _load(self, path: Path) -> Table:
        """A table file (of a file store) as a table."""
        assert isinstance(self.store, FileStore)
        return self._from_row(self.store.read_file(path))

    def _from_row(self, row: Row, like: Table | None = None) -> Table:
        """The table a stored row holds. ``like``: the table as this host had it; a
        game the row only carries further is played on from there (a replay of the
        whole record is the other way, and costs more the longer the game)."""
        try:
            data = TableFile.model_validate_json(row.text)
        except ValidationError as exc:
            raise ValueError(f"not a table file: {exc.errors()[0]['msg']}") from None
        if data.game not in GAMES:
            raise ValueError(f"unknown game {data.game!r}")
        owners = data.owners or [None] * len(data.seats)  # version 1: nobody's yet
        if len(owners) != len(data.seats):
            raise ValueError("its seats and their holders do not match")
        n = len(data.seats)
        table = Table(data.code, data.game, data.host, data.private, data.seats,
                      data.options, self.store.path(data.code), data.idle_minutes,
                      waiting_since=self._clock(),
                      owners=owners, host_person=data.host_person,
                      host_address=data.host_address, alone_since=row.changed,
                      undo=data.undo, turn_based=data.turn_based,
                      time_bank_days=data.time_bank_days, ended=data.ended,
                      moved=(data.moved + [None] * n)[:n],
                      bank_used=(data.bank_used + [0.0] * n)[:n],
                      standins=frozenset(i for i in data.standins if 0 <= i < n),
                      version=row.version)
        table.chat.extend(data.chat)
        if data.save is not None:
            table.state = _played_on(like.state if like is not None else None, data.save)
            self._seat_bots(table)
        return table

    # --- what other hosts changed (a shared store) ----------------------------------
    def refresh(self, code: str) -> Table | None:
        """The table as the store has it now: read again if another host changed it
        (what each change said is queued for ``take_heard``); a table this host did
        not know is added, one gone from the store dropped."""
        table = self.tables.get(code)
        try:
            row = self.store.read(code, since=table.version if table is not None else None)
        except OSError as exc:  # the store is out of reach: the table as last read (a change pauses it)
            log.warning("table %s not read again: %s", code, exc)
            return table
        if row is None:
            if table is not None and table.version:
                del self.tables[code]
                # Its sessions here hear that it is gone (another host closed it).
                table.ended = table.ended or (CLOSED_WAITING if table.status == "waiting"
                                              else "gone from the table store")
                self._heard.append((table, {"gone": True}))
            return None
        if table is not None and row.version <= table.version:
            return table
        try:
            fresh = self._from_row(row, like=table)
        except (ValueError, SaveError) as exc:
            log.error("table %s as another host left it cannot be read: %s", code, exc)
            return table
        if table is None:
            if fresh.status == "over":
                return None
            self.tables[code] = fresh
            self._refresh_people(fresh)
            return fresh
        said = [s for s in row.said if s.get("version", 0) > table.version]
        whole = [s.get("version") for s in said] == list(range(table.version + 1, row.version + 1))
        for name in (*_CHANGEABLE, "chat", "bots", "version"):
            setattr(table, name, getattr(fresh, name))
        table.waiting_since = self._clock()
        if table.away is not None and table.state is not None and (
                table.state.decision() is None or table.state.decision().seat != table.away):
            table.away = None
        if whole:
            self._heard.extend((table, s) for s in said)
        else:  # more changes than the store keeps words for: the table as it is
            self._heard.append((table, None))
        return table

    def take_heard(self) -> list[tuple[Table, dict[str, Any] | None]]:
        """What other hosts changed since the last call, oldest first: each table
        with what its change said (``{"round", "events"}`` or ``{"chat"}``; None: the
        table changed, unsaid)."""
        heard, self._heard = self._heard, []
        return heard

    def sync(self) -> None:
        """Every unfinished table as the store has it (a shared store): new ones
        added, changed ones read again, ones gone dropped."""
        if not self.store.shared:
            return
        try:
            stored = self.store.versions()
        except OSError as exc:
            log.warning("the tables' list not read again: %s", exc)
            return
        for code, version in stored.items():
            table = self.tables.get(code)
            if table is None or table.version < version:
                self.refresh(code)
        for code, table in list(self.tables.items()):
            if code not in stored and table.version and table.status != "over":
                self.refresh(code)

    def people_changed(self, code: str) -> Table | None:
        """Someone came to or left the table on another host (a shared store)."""
        table = self.tables.get(code)
        if table is not None:
            self._refresh_people(table)
        return table

    def _refresh_people(self, table: Table) -> None:
        if not self.store.shared:
            return
        try:
            table.elsewhere = self.store.elsewhere(table.code)
        except OSError:
            return
        if table.present:
            table.alone_since = None
        elif table.alone_since is None:
            table.alone_since = self._clock()

    def plays(self, table: Table) -> bool:
        """Whether this host plays the table's bots and timers (it holds the table's
        lease in a shared store; a single host always does)."""
        try:
            return self.store.holds(table.code)
        except OSError:
            return False

    def get(self, who: Player, code: str) -> Table:
        """The table with ``code``. Codes that match no table are counted per person
        and per address; past either limit, only one's own tables are found, so
        guessing cannot find a table (a right guess is refused like a wrong one)."""
        code = table_code(code)
        table = self.tables.get(code)
        if self.store.shared and re.fullmatch(r"[A-Z]{1,16}", code):
            table = self.refresh(code)  # opened, or changed, on another host
        if table is not None and table.seat_for(who) is not None:
            return table
        now, limits = self._clock(), self.limits
        if (self._unknown_by_person.full(who.person, now)
                or self._unknown_by_address.full(who.address, now)):
            raise TableError(nmsg("Too many unknown codes tried; wait {n} second and try again.",
                                  "Too many unknown codes tried; wait {n} seconds and try again.",
                                  round(limits.code_window)))
        if table is None:
            self._unknown_by_person.add(who.person, now)
            self._unknown_by_address.add(who.address, now)
            raise TableError(Msg("There is no table {code}.", code=repr(code)))
        return table

    def listed(self, who: Player) -> list[Table]:
        """The tables ``who`` may see in a list: their own (even private), then the
        open ones, those with free seats first. Finished tables are left out."""
        def order(t: Table):
            return (t.seat_for(who) is None, t.open_seats() == 0, t.code)
        self.sync()  # the store's list, with any host's tables
        return sorted((t for t in self.tables.values()
                       if t.status != "over" and (not t.private or t.seat_for(who) is not None)),
                      key=order)

    # --- changing tables --------------------------------------------------------------
    def open(self, who: Player, request: OpenTable) -> tuple[Table, int | None]:
        """A new table; ``who`` takes the seat marked ``me``. Returns the table and
        the host's seat."""
        spec = GAMES.get(request.game)
        if spec is None:
            raise TableError(Msg("Unknown game {game}.", game=repr(request.game)))
        asked = [s.strip().lower() for s in request.seats]
        if not spec.min_players <= len(asked) <= spec.max_players:
            raise TableError(Msg("{game} takes {least}–{most} seats, not {n}.", game=Term(spec.id, "game", spec.id, spec.title),
                                 least=spec.min_players, most=spec.max_players, n=len(asked)))
        if asked.count(ME) > 1:
            raise TableError(Msg("You can take one seat at a table."))
        for s in asked:
            if s not in (OPEN, ME) and not is_level(s):
                raise TableError(Msg("A seat is open, me or a bot ({levels}), not {seat}.", levels=LEVEL_WORDS,
                                     seat=repr(s)))
        if not any(s in (OPEN, ME) for s in asked):
            raise TableError(Msg("A table needs a seat for a player (me or open)."))
        self._check_room(who)
        try:  # the options, checked before anyone sits down
            new_game(request.game, [f"seat {i}" for i in range(len(asked))], 0, request.options)
        except ValueError as exc:
            raise TableError(str(exc)) from None
        bot_seats = number_bots([s for s in asked if is_level(s)], bot=is_level)
        bot_names = iter(bot_seats)
        other = clash(who.name, bot_seats) if ME in asked else None
        if other is not None:
            raise TableError(Msg("Your name {name} looks like a bot's here ({other}); leave that bot out, or "
                                 "log in under another name.", name=repr(who.name), other=repr(other)))
        seats = [SeatInfo(kind="player", name=who.name) if s == ME
                 else SeatInfo(kind=OPEN) if s == OPEN
                 else SeatInfo(kind="bot", name=next(bot_names)) for s in asked]
        while True:
            code = self._new_code(request.private)
            table = Table(code, request.game, who.name, request.private, [],
                          dict(request.options), self.store.path(code),
                          request.idle_minutes, host_person=who.person, host_address=who.address,
                          alone_since=self._clock(), undo=request.undo,
                          turn_based=request.turn_based,
                          time_bank_days=request.time_bank_days if request.turn_based else None,
                          moved=[None] * len(asked), bank_used=[0.0] * len(asked))
            try:
                self._commit(table, seats=seats,
                             owners=[who.person if s == ME else None for s in asked],
                             state=self._game_if_full(table, seats))
            except CodeTaken:  # another host gave it out meanwhile
                continue
            break
        self.tables[code] = table
        log.info("%s opened table %s (%s, %s)", who.name, code, request.game,
                 "private" if request.private else "open")
        return table, table.seat_for(who)

    def _check_room(self, who: Player) -> None:
        """Refuse a new table past the server's, the person's or the address's limit."""
        limits = self.limits
        live = [t for t in self.tables.values() if t.status != "over"]
        if len(live) >= limits.tables:
            raise TableError(Msg("The server has as many tables as it can hold; try again later."))
        mine = [t for t in live if t.host_person == who.person]
        here = [t for t in live if t.host_address == who.address]
        if len(mine) >= limits.hosted_per_person:
            raise TableError(nmsg("You host {n} unfinished table already.",
                                  "You host {n} unfinished tables already.", len(mine)))
        if len(here) >= limits.hosted_per_address:
            raise TableError(nmsg("Your address hosts {n} unfinished table already, the most one address may.",
                                  "Your address hosts {n} unfinished tables already, the most one address may.",
                                  len(here)))
        closes = nmsg("a table nobody is at closes after {n} minute",
                      "a table nobody is at closes after {n} minutes", round(limits.waiting_minutes))
        if sum(t.status == "waiting" for t in mine) >= limits.waiting_per_person:
            raise TableError(Msg("Your tables waiting for players are as many as one person may have; start "
                                 "one first ({closes}).", closes=closes))
        if sum(t.status == "waiting" for t in here) >= limits.waiting_per_address:
            raise TableError(Msg("The tables from your address waiting for players are as many as one "
                                 "address may have ({closes}).", closes=closes))

    @_again
    def join(self, who: Player, code: str) -> tuple[Table, int]:
        """``who`` sits at the table: their seat again if they have one, else the
        first open seat."""
        table = self.get(who, code)
        seat = table.seat_for(who)
        if seat is not None:
            if table.owners[seat] is None:  # a version 1 seat: theirs from now on
                self._commit(table, owners=_with(table.owners, seat, who.person))
            return table, seat
        if table.status == "playing":
            raise TableFull(Msg("Every seat at table {code} is taken; you can ask the host for one.",
                                code=table.code))
        if table.status != "waiting" or table.open_seats() == 0:
            raise TableError(Msg("Table {code} has no open seat; you can watch it.", code=table.code))
        name = who.name
        other = clash(name, [s.name for s in table.seats])  # the same name, or a lookalike
        if other is not None:
            raise TableError(Msg("At table {code}, {why}.", code=table.code, why=clash_msg(name, other)))
        seat = next(i for i, s in enumerate(table.seats) if s.kind == OPEN)
        seats = _with(table.seats, seat, SeatInfo(kind="player", name=name))
        self._commit(table, seats=seats, owners=_with(table.owners, seat, who.person),
                     state=self._game_if_full(table, seats))
        log.info("%s sat down at table %s (seat %d)", name, table.code, seat + 1)
        return table, seat

    @_again
    def fill_with_bots(self, who: Player, code: str) -> Table:
        """The host gives every open seat to a bot; the game starts."""
        table = self.get(who, code)
        if not table.hosted_by(who):
            raise TableError(Msg("Only the host, {host}, can fill the seats with bots.", host=table.host))
        if table.status != "waiting":
            raise TableError(Msg("The game has started already."))
        names = number_bots([s.name if s.kind != OPEN else FILL_LEVEL for s in table.seats],
                            bot=is_level)
        seats = [s if s.kind != OPEN else SeatInfo(kind="bot", name=n)
                 for s, n in zip(table.seats, names)]
        self._commit(table, seats=seats, state=self._game_if_full(table, seats))
        return table

    @_again
    def choose(self, who: Player, code: str, key: str, at: int) -> tuple[Table, list[Event]]:
        """``who`` makes a choice at the table. Only the seat whose decision it is may
        choose; the bots then think (``bot_turn``)."""
        table = self.get(who, code)
        st = table.state
        if st is None:
            raise TableError(Msg("The game has not started yet."))
        d = st.decision()
        if d is None or table.ended is not None:
            raise TableError(Msg("The table is over ({why}).", why=Msg(table.ended) if table.ended else Msg("the game has ended")))
        seat = table.seat_for(who)
        if seat is None:
            raise TableError(Msg("You are watching this table; only its players choose."))
        if d.seat != seat:
            raise TableError(Msg("It is {who}'s turn, not yours.", who=st.seats[d.seat]))
        if at != len(st.record.choices):
            raise TableError(Msg("The table has moved on since; choose again."))
        trial = st.clone()
        try:
            events = trial.apply(key)
        except IllegalChoice as exc:
            raise TableError(str(exc)) from None
        events += table.what_hit(st, trial, seat, events)
        now = self._clock()
        used = _with(table.bank_used, seat, table.bank_used[seat] + max(0.0, now - table.waiting_since))
        self._commit(table, state=trial, moved=_with(table.moved, seat, now), bank_used=used,
                     standins=table.standins - {seat},  # back in time: the stand-in stops
                     said=_said(st, events))
        if table.away == seat:
            table.away = None
        return table, events

    @_again
    def take_back(self, who: Player, code: str, at: int) -> tuple[Table, list[Event]]:
        """``who`` takes back their last choice: as at a local game, only their own
        choices since the last new information, which means nobody else has chosen
        since (so no one need agree). The others read what was taken back."""
        table = self.get(who, code)
        st = table.state
        seat = table.seat_for(who)
        if st is None or seat is None or table.status != "playing":
            raise TableError(Msg("Nothing to take back here."))
        if not table.undo:
            raise TableError(Msg("Undo is off at this table (the host's choice)."))
        if at != len(st.record.choices):
            raise TableError(Msg("The table has moved on since."))
        d = st.decision()
        if d.seat != seat or not st.can_undo():
            raise TableError(Msg("Nothing of yours to take back since the last new information."))
        earlier = st.undo()
        asked = earlier.decision()
        taken = asked.get(st.record.choices[-1])
        label = taken.label if taken is not None else st.record.choices[-1]
        if asked.secret or asked.topic in GAMES[table.game].secret_topics:
            # Its label may name what only this seat may see again now (a card back in
            # the hand): the others learn that a choice was taken back, not which.
            events = [Event(Msg("{who} took back a choice.", who=who.name), seat, "undo"),
                      Event(Msg("You took back: {choice}.", choice=label), seat, SECRET_EVENT)]
        else:
            events = [Event(Msg("{who} took back: {choice}.", who=who.name, choice=label), seat, "undo")]
        self._commit(table, state=earlier, said=_said(earlier, events))
        log.info("%s took back a choice at table %s", who.name, table.code)
        return table, events

    # --- bots -------------------------------------------------------------------------
    def bot_turn(self, table: Table) -> tuple[Any, Any, int] | None:
        """If a bot is to choose at the table: (the bot, a copy of the game for it to
        think on, the number of choices made), else None."""
        st = table.state
        if st is None or table.paused:
            return None
        d = st.decision()
        if d is None:
            return None
        if table.away is not None and d.seat != table.away:  # the idle player's turn is over
            table.away = None
        if d.seat in table.bots:
            bot = table.bots[d.seat]
        elif d.seat == table.away or d.seat in table.standins:
            bot = server_bot("easy", table.game, self.bot_limits,
                             seed=st.record.seed + len(st.record.choices))
        else:
            return None
        return bot, st.clone(), len(st.record.choices)

    @_again
    def bot_chose(self, code: str, at: int, key: str) -> tuple[Table, list[Event]]:
        """A bot's choice, made on the game as it was after ``at`` choices."""
        table = self.tables.get(code)
        st = table.state if table is not None else None
        if table is None or st is None or at != len(st.record.choices):
            raise TableError(Msg("The table has moved on since the bot began to think."))
        d = st.decision()
        if d is None or table.ended is not None or (
                d.seat not in table.bots and d.seat != table.away and d.seat not in table.standins):
            raise TableError(Msg("It is no bot's turn."))
        trial = st.clone()
        try:
            events = trial.apply(key)
        except IllegalChoice:  # a bot bug: the table waits rather than breaks
            log.exception("bot at table %s chose an illegal key", table.code)
            raise TableError(Msg("The bot chose badly.")) from None
        events += table.what_hit(st, trial, d.seat, events)
        self._commit(table, state=trial, moved=_with(table.moved, d.seat, self._clock()),
                     said=_said(st, events), leased=True)
        return table, events

    def play_bots(self, table: Table) -> list[Event]:
        """Every bot's turn at the table, here and now (for tests and tools; the
        server thinks them off its table worker)."""
        events: list[Event] = []
        while (turn := self.bot_turn(table)) is not None:
            bot, state, at = turn
            events += self.bot_chose(table.code, at, bot.choose(state))[1]
        return events

    def play_for_idle(self) -> list[tuple[Table, list[Event]]]:
        """The table's away rule: where the host allowed it, a bot plays for a player
        who has not chosen for the idle minutes, or (at a turn-based table) who has
        spent their time bank. A player away from the table gets a bot until they
        come back; one still there, for this turn only. Returns the tables whose
        stand-in is now to think, with the line that says so."""
        played = []
        now = self._clock()
        for table in list(self.tables.values()):
            if table.status != "playing" or table.paused or table.away is not None:
                continue
            st = table.state
            seat = st.decision().seat
            if seat in table.bots or seat in table.standins:
                continue
            waited = now - table.waiting_since
            idle = table.idle_minutes is not None and waited >= table.idle_minutes * 60
            spent = (table.time_bank_days is not None
                     and table.bank_used[seat] + waited >= table.time_bank_days * DAY)
            if not (idle or spent):
                continue
            if not self.plays(table):  # another host keeps this table's timers
                continue
            name = st.seats[seat]
            if seat in table.away_seats():
                try:
                    self._commit(table, standins=table.standins | {seat}, leased=True)
                except TableError:
                    continue
                text = (Msg("{who} has spent their time bank: a bot plays for them until they come back.", who=name)
                        if spent else Msg("{who} is away: a bot plays for them until they come back.", who=name))
            else:
                table.away = seat
                text = (Msg("{who} has spent their time bank: a bot plays this turn for them.", who=name)
                        if spent else Msg("{who} is away: a bot plays this turn for them.", who=name))
            log.info("table %s: %s", table.code, text)
            played.append((table, [Event(text, seat, "warning")]))
        return played

    # --- people at the table, and what the host (or the players) decide ---------------
    @_again
    def arrive(self, table: Table, who: Player) -> list[Event]:
        """``who`` is at the table now; if a bot was playing their seat, it is theirs
        again."""
        if who.person not in table.here:
            table.here.add(who.person)
            self._tell_store(table, who, True)
        seat = table.seat_for(who)
        if seat is None or seat not in table.standins or table.status == "over":
            return []
        try:
            self._commit(table, standins=table.standins - {seat})
        except TableError:
            return []
        return [Event(Msg("{who} is back: the seat is theirs again.", who=who.name), seat, "warning")]

    def depart(self, table: Table, who: Player) -> None:
        table.here.discard(who.person)
        self._tell_store(table, who, False)

    def _tell_store(self, table: Table, who: Player, here: bool) -> None:
        """A shared store hears who is at the table on this host (a seat is away only
        when its person is at the table on no host)."""
        if not self.store.shared:
            return
        try:
            self.store.here(table.code, who.person, here)
        except OSError as exc:
            log.warning("table %s: the store did not hear who is here (%s)", table.code, exc)

    @_again
    def ask_to_join(self, who: Player, code: str) -> Table:
        """``who`` asks for a seat at a full table (the host answers, see ``steer``)."""
        table = self.get(who, code)
        if table.status != "playing":
            raise TableError(Msg("Table {code} is not under way.", code=table.code))
        if who.person not in table.asking and len(table.asking) >= MAX_ASKING:
            raise TableError(Msg("Table {code} has as many people asking as it can keep.", code=table.code))
        table.asking[who.person] = who
        log.info("%s asks to join table %s", who.name, table.code)
        return table

    @_again
    def steer(self, who: Player, request: Steer) -> tuple[Table, Text, Player | None]:
        """The host's word (or, while the host is away, one voice towards a majority
        of the players at the table) on a seat or a rule. Returns the table, what the
        table says about it, and the person given a seat or declined, if any."""
        table = self.get(who, request.code)
        action = request.action
        seat = request.seat
        asker = next((p for p in table.asking.values() if p.name == request.name), None)
        # Checked before any vote counts, so nobody votes for what cannot be done.
        if table.status == "over":
            raise TableError(Msg("The table is over."))
        if action in ("bot", "give"):
            if seat is None or seat >= len(table.seats) or table.seats[seat].kind != "player":
                raise TableError(Msg("Choose a player's seat."))
            if seat not in table.away_seats():
                raise TableError(Msg("{who} is at the table: only an away seat can be given.",
                                     who=table.seats[seat].name))
            if table.status != "playing":
                raise TableError(Msg("The game has not started yet."))
        if action in ("give", "decline") and asker is None:
            raise TableError(Msg("Nobody of that name asks to join."))
        if action == "idle" and request.minutes is None:
            raise TableError(Msg("Say after how many minutes (0: wait for them)."))
        if action == "undo" and request.on is None:
            raise TableError(Msg("Say whether undo is on or off."))
        voice = self._voice(table, who, (action, seat, request.name, request.minutes, request.on))
        if voice is not None:
            return table, voice, None
        name = table.seats[seat].name if seat is not None else ""
        if action == "bot":
            self._commit(table, standins=table.standins | {seat})
            said: Text = Msg("A bot plays {who}'s seat until they come back.", who=name)
        elif action == "give":
            assert asker is not None and seat is not None
            state = table.state.clone()
            state.record.seats[seat] = asker.name
            self._commit(table, state=state, standins=table.standins - {seat},
                         seats=_with(table.seats, seat, SeatInfo(kind="player", name=asker.name)),
                         owners=_with(table.owners, seat, asker.person))
            del table.asking[asker.person]
            said = Msg("{asker} takes {who}'s seat (seat {seat}).", asker=asker.name, who=name, seat=seat + 1)
        elif action == "decline":
            assert asker is not None
            del table.asking[asker.person]
            said = Msg("{asker}'s request to join was declined.", asker=asker.name)
        elif action == "end":
            self._commit(table, ended=ENDED_BY_HOST if table.hosted_by(who) else ENDED_BY_PLAYERS)
            table.asking.clear()
            said = (Msg("Table {code} is ended by agreement of the host; its game is kept.", code=table.code)
                    if table.hosted_by(who) else
                    Msg("Table {code} is ended by agreement of the players; its game is kept.", code=table.code))
        elif action == "idle":
            minutes = request.minutes or None
            self._commit(table, idle_minutes=minutes)
            said = (nmsg("A bot now plays for a player idle {n} minute.", "A bot now plays for a player idle {n} minutes.",
                         minutes) if minutes
                    else Msg("The table now waits for idle players."))
        else:
            self._commit(table, undo=bool(request.on))
            said = Msg("Undo is now on.") if request.on else Msg("Undo is now off.")
        log.info("table %s: %s (%s)", table.code, said, who.name)
        return table, said, asker if action in ("give", "decline") else None

    def _voice(self, table: Table, who: Player, what: tuple) -> Text | None:
        """None if ``who`` decides alone (the host, or the last player there); else
        their voice is counted and the words that say how many more are needed. With
        the host away, the players at the table decide by majority."""
        if table.hosted_by(who):
            return None
        if table.host_person in table.present:
            raise TableError(Msg("The host, {host}, decides that while at the table.", host=table.host))
        voters = {o for i, o in enumerate(table.owners)
                  if o is not None and table.seats[i].kind == "player" and o in table.present}
        if who.person not in voters:
            raise TableError(Msg("Only the players at the table decide while the host is away."))
        table.votes = {k: v & voters for k, v in table.votes.items() if k == what}
        said = table.votes.setdefault(what, set())
        said.add(who.person)
        needed = len(voters) // 2 + 1
        if len(said) >= needed:
            table.votes.clear()
            return None
        return Msg("{who} asks for it; {n} of the {needed} players needed agree so far (the host is away). "
                   "Others: the same in the Table panel (t).", who=who.name, n=len(said), needed=needed)

    def say(self, table: Table, name: str, text: Text) -> None:
        """A chat line, kept with the table (bounded): a late or returning player reads
        it (a message is kept as its data). Written at once, but a table that cannot be
        written still chats."""
        line = (name, text)
        for _ in range(AGAIN):
            if table.paused is not None:
                break
            try:
                self._write(table, table.file_model(chat=[*table.chat, line]), said={"chat": [name, text_to_data(text)]})
            except Stale:  # the line goes on top of the chat as another host left it
                self.refresh(table.code)
                continue
            except OSError as exc:
                log.warning("table %s: chat not saved (%s)", table.code, exc)
            break
        table.chat.append(line)

    # --- presence, expiry and saving again ----------------------------------------------
    def present(self, code: str, here: bool) -> None:
        """Someone is at the table now (``here``), or the last one here has gone
        (alone only if nobody is at it on another host either)."""
        table = self.tables.get(code)
        if table is not None:
            table.alone_since = None if here or table.elsewhere else self._clock()

    def expire_waiting(self) -> list[Table]:
        """Close the waiting tables nobody has been at for the limit (their files go:
        no game was begun there; each says why in ``ended``). Started games never
        expire."""
        closed = []
        now, minutes = self._clock(), self.limits.waiting_minutes
        for table in list(self.tables.values()):
            if (table.status != "waiting" or table.alone_since is None
                    or now - table.alone_since < minutes * 60):
                continue
            try:
                self.store.remove(table.code, table.version)
            except OSError as exc:
                log.error("could not remove the waiting table %s: %s", table.code, exc)
                continue
            del self.tables[table.code]
            table.ended = CLOSED_WAITING
            closed.append(table)
            log.info("table %s closed: nobody at it for %.0f minutes", table.code, minutes)
        return closed

    def retry_saves(self) -> list[Table]:
        """Try again to save every paused table; those saved go on."""
        resumed = []
        for table in self.tables.values():
            if table.paused is None:
                continue
            try:
                self._write(table, table.file_model())
            except Stale:  # another host saved it meanwhile: this host's copy is the old one
                self.refresh(table.code)
            except OSError:
                continue
            log.info("table %s can be saved again; play goes on", table.code)
            table.paused = None
            resumed.append(table)
        return resumed

    # --- the machinery ----------------------------------------------------------------
    def _commit(self, table: Table, *, said: dict[str, Any] | None = None,
                leased: bool = False, **changes: Any) -> None:
        """Write the table as it would be with these changes (any of ``_CHANGEABLE``;
        a ``state`` of None changes nothing); only once it is written are they the
        table's. A paused table is not written to until it can be again. ``said``:
        what the change says, for other hosts' sessions; ``leased``: a bot's or a
        timer's change, which only the table's lease holder writes. ``Stale`` (the
        table read again) if another host changed it first."""
        if table.paused is not None:
            raise TableError(Msg("Table {code} is paused: the server cannot save it right now. Play goes on "
                                 "once it can.", code=table.code))
        if changes.get("state", True) is None:
            del changes["state"]
        try:
            self._write(table, table.file_model(**changes), said=said, leased=leased)
        except Stale:
            self.refresh(table.code)
            raise
        except LeaseLost as exc:  # this host was taken for gone: the other plays on
            raise TableError(f"{exc}.") from None
        except OSError as exc:
            table.paused = exc.strerror or type(exc).__name__
            log.error("table %s cannot be saved (%s); it is paused", table.code, exc)
            raise CannotSave(table.code, table.paused) from None
        started = table.state is None and changes.get("state") is not None
        for name, value in changes.items():
            setattr(table, name, value)
        table.waiting_since = self._clock()
        if started:
            self._seat_bots(table)
            log.info("table %s started: %s", table.code, ", ".join(s.name for s in table.seats))

    def _write(self, table: Table, data: TableFile, *, said: dict[str, Any] | None = None,
               leased: bool = False) -> None:
        """The table's text to the store (a new table is created there); its version
        becomes the store's."""
        text, status = data.model_dump_json(), file_status(data)
        if table.version == 0:
            table.version = self.store.create(table.code, text, status)
        else:
            table.version = self.store.write(table.code, text, table.version, status,
                                             said=said, leased=leased)

    def _new_code(self, private: bool) -> str:
        """A free code: short for an open table (it is listed anyway), long for a
        private one, which can only be found by its code."""
        length = PRIVATE_CODE_LENGTH if private else CODE_LENGTH
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(length))
            if code not in self.tables and not self.store.taken(code):
                return code

    def _game_if_full(self, table: Table, seats: list[SeatInfo]) -> Any:
        """The game to begin once ``seats`` has no open seat (None until then)."""
        if table.state is not None or open_seats(seats):
            return None
        return new_game(table.game, [s.name for s in seats], secrets.randbelow(2**31),
                        table.options)

    def _seat_bots(self, table: Table) -> None:
        seed = table.state.record.seed
        table.bots = {i: server_bot(s.name, table.game, self.bot_limits, seed=seed * 10 + i)
                      for i, s in enumerate(table.seats) if s.kind == "bot"}


def _with(items: list, i: int, value) -> list:
    """A copy of ``items`` with item ``i`` replaced."""
    out = list(items)
    out[i] = value
    return out


def heard_events(said: dict[str, Any]) -> list[Event]:
    """The events another host's change said (none if it said none)."""
    return _EVENTS.validate_python(said.get("events", []))


def _said(before: Any, events: list[Event]) -> dict[str, Any]:
    """What a change of the game says to other hosts: its events, in the round
    they happened in (the round of the game ``before`` it)."""
    return {"round": before.round_number(), "events": _EVENTS.dump_python(events, mode="json")}


def _played_on(known: Any, save: dict[str, Any]) -> Any:
    """The game a save holds: played on from ``known`` (the same game, some choices
    back) if it is one, else rebuilt from the save's record."""
    record = save.get("record") or {}
    if known is not None:
        had = known.record
        choices = record.get("choices", [])
        if (record.get("game") == had.game and record.get("seats") == list(had.seats)
                and record.get("seed") == had.seed and record.get("options") == dict(had.options)
                and record.get("content_version") == had.content_version
                and len(choices) >= len(had.choices) and choices[:len(had.choices)] == had.choices):
            state = known.clone()
            try:
                for key in choices[len(had.choices):]:
                    state.apply(key)
            except IllegalChoice:
                pass
            else:
                return state
    return load_game(json.dumps(save))
