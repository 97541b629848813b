"""The messages between a session's app and the server's tables: one JSON object a
line, each validated by pydantic. Every message a session sends may carry an
``id``; the server answers it with ``ok`` or ``error`` carrying ``re`` = that id.

Session → server: hello (first, once), name (a browser session, once), list,
open, join, watch, choose, take_back, fill, steer (the host's, or a majority's,
say over seats and options), say, leave. Server → session: welcome, ok, error,
and, pushed, ``update`` whenever a table the session sits at or watches changes
and ``chat`` for each line said there.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from inkterm.engine.text import Text
from inkterm.engine.types import Decision, Event
from inkterm.i18n import _

#: The longest line a session may send (its messages are small; a view may be larger).
MAX_REQUEST_BYTES = 16 * 1024
#: The longest line a session accepts from the server.
MAX_PUSH_BYTES = 8 * 1024 * 1024

#: An open table's code (it is listed anyway); a private table's is longer, since
#: its code is all that finds it (24**10 codes, and guesses are rate-limited).
CODE_LENGTH = 4
PRIVATE_CODE_LENGTH = 10
#: The mark a browser player's chosen name carries everywhere (the name is checked
#: as every door's are, inkterm.names; but no login stands behind it).
WEB_MARK = " (web)"
#: The longest an idle player may be waited for before a bot plays for them.
MAX_IDLE_MINUTES = 120
MAX_BANK_DAYS = 30
#: What a seat may be asked for when a table is opened.
OPEN: Literal["open"] = "open"
ME = "me"


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: int | None = None


class Hello(_Message):
    type: Literal["hello"] = "hello"
    token: str = Field(max_length=200)


class ChooseName(_Message):
    """A browser session (not logged in) says the name the others will see; it
    may act at tables only after this, and only once."""

    type: Literal["name"] = "name"
    name: str = Field(max_length=40)


class ListTables(_Message):
    type: Literal["list"] = "list"


class OpenTable(_Message):
    type: Literal["open"] = "open"
    game: str = Field(max_length=40)
    #: One entry a seat: ``open``, ``me``, or a bot's level (``easy``, ``normal``,
    #: ``hard``; the server sizes each). A budget (``search:N``) is refused.
    seats: list[Annotated[str, Field(max_length=40)]] = Field(min_length=1, max_length=8)
    private: bool = False
    options: dict[str, Any] = Field(default_factory=dict)
    #: A bot plays for a player who has not chosen for this many minutes (None: wait).
    idle_minutes: int | None = Field(default=None, ge=1, le=MAX_IDLE_MINUTES)
    #: A player may take back their own choices since the last new information.
    undo: bool = True
    #: Nobody needs to stay connected: the game waits days (see ``time_bank_days``).
    turn_based: bool = False
    #: At a turn-based table, the days each player may spend choosing in all before
    #: the away rule (a bot plays for them until they return) applies. None: no limit.
    time_bank_days: float | None = Field(default=None, gt=0, le=MAX_BANK_DAYS)


class _AtTable(_Message):
    """A request about one table, named by its code (any case)."""

    code: str = Field(max_length=16)


class JoinTable(_AtTable):
    type: Literal["join"] = "join"


class WatchTable(_AtTable):
    type: Literal["watch"] = "watch"


class Choose(_AtTable):
    type: Literal["choose"] = "choose"
    key: str = Field(max_length=200)
    #: How many choices the table had when the player chose (a stale key is refused).
    at: int = Field(ge=0)


class FillWithBots(_AtTable):
    """The host fills the open seats with bots (the game then starts)."""

    type: Literal["fill"] = "fill"


class Say(_AtTable):
    """A line of table chat (cut and made plain by the server)."""

    type: Literal["say"] = "say"
    text: str = Field(max_length=2000)


class TakeBack(_AtTable):
    """Take back one's own last choice (if nothing new was revealed since)."""

    type: Literal["take_back"] = "take_back"
    at: int = Field(ge=0)


#: What the host (or, while the host is away, a majority of the players there) may
#: say at a table: a bot plays an away seat now; the seat goes to a person who asked
#: to join; a request to join is declined; the table ends (kept, as ended by
#: agreement); the idle rule's minutes (0: wait); undo on or off.
STEER_ACTIONS = ("bot", "give", "decline", "end", "idle", "undo")


class Steer(_AtTable):
    type: Literal["steer"] = "steer"
    action: Literal["bot", "give", "decline", "end", "idle", "undo"]
    #: The seat it is about (bot, give).
    seat: int | None = Field(default=None, ge=0, lt=8)
    #: Who asked to join (give, decline).
    name: str | None = Field(default=None, max_length=60)
    minutes: int | None = Field(default=None, ge=0, le=MAX_IDLE_MINUTES)
    on: bool | None = None


class Leave(_AtTable):
    type: Literal["leave"] = "leave"
    #: The player quits inkterm (the others are told so), rather than just the table.
    quit: bool = False


Request = Annotated[
    Union[Hello, ChooseName, ListTables, OpenTable, JoinTable, WatchTable, Choose, TakeBack,
          FillWithBots, Steer, Say, Leave],
    Field(discriminator="type"),
]
_REQUEST = TypeAdapter(Request)


class SeatInfo(BaseModel):
    kind: Literal["open", "bot", "player"]
    name: str = ""
    #: A player's seat with nobody of theirs at the table now (shown on every screen).
    away: bool = False
    #: A bot plays this player's turns until they come back.
    bot_plays: bool = False
    #: When the seat last chose (seconds since the epoch; None: not yet).
    moved: float | None = None

    def status(self) -> str:
        """The seat's state in words, in the reader's language (a client shows it)."""
        if self.kind != "player":
            return ""
        if self.bot_plays:
            return _("away: a bot plays for them")
        return _("away") if self.away else ""


def seat_of(seats: list[SeatInfo], name: str) -> int | None:
    """The seat the player ``name`` holds, if any."""
    return next((i for i, s in enumerate(seats) if s.kind == "player" and s.name == name), None)


def open_seats(seats: list[SeatInfo]) -> int:
    return sum(1 for s in seats if s.kind == OPEN)


class TableInfo(BaseModel):
    code: str
    game: str
    title: str
    host: str
    private: bool
    status: Literal["waiting", "playing", "over"]
    seats: list[SeatInfo]
    idle_minutes: int | None = None
    undo: bool = True
    turn_based: bool = False
    time_bank_days: float | None = None
    #: The seat to choose now (None: nobody, or the game is not under way).
    turn: int | None = None
    #: Why the table ended before its game did (by agreement), if it did.
    ended: str | None = None
    #: Who asked to join it while every seat was taken (the host answers).
    asking: list[str] = Field(default_factory=list)


class Welcome(BaseModel):
    type: Literal["welcome"] = "welcome"
    #: The login name; empty for a browser session, which then chooses one.
    name: str


class _Answer(BaseModel):
    #: The id of the request answered.
    re: int | None = None


class Ok(_Answer):
    type: Literal["ok"] = "ok"
    tables: list[TableInfo] | None = None
    update: "Update | None" = None
    #: The name a browser session now acts for (the answer to ``name``).
    name: str | None = None


class Error(_Answer):
    type: Literal["error"] = "error"
    #: Why: words, or a message's data the session renders in its reader's language.
    text: Text


class Update(BaseModel):
    type: Literal["update"] = "update"
    table: TableInfo
    #: The seat this session holds (None: watching).
    you: int | None = None
    #: Choices made so far.
    at: int = 0
    #: The engine's own Decision (one schema: its choices with their shortcuts and
    #: touches, the closed places). Whole only for the seat that chooses; the others
    #: get who chooses and the rules topic (a prompt may name a secret card).
    decision: Decision | None = None
    #: ``view(you)``, or ``summary()`` for a watcher; None before the game starts.
    view: dict[str, Any] | None = None
    scores: list[int] = Field(default_factory=list)
    #: What happened since the last update, and the round it happened in.
    events: list[Event] = Field(default_factory=list)
    round: int | None = None
    #: The whole record, once the game is over (nothing is secret then).
    record: dict[str, Any] | None = None
    #: This seat may take back its last choice now.
    can_undo: bool = False
    #: On sitting down or coming back: the game so far as this seat may read it (its
    #: own secrets only), and the table's chat.
    history: list[Told] | None = None
    chat: list["ChatLine"] | None = None


class Told(BaseModel):
    """What one choice did, as a seat may read it, in the round it was made."""

    round: int | None = None
    seat: int | None = None
    events: list[Event] = Field(default_factory=list)


class ChatLine(BaseModel):
    """A line of chat at a table: what a person said, already plain text (see
    ``chat.plain_text``), or the table's own note (``name`` empty) as a message's data
    (``engine/text.py``), which each session renders in its reader's language."""

    type: Literal["chat"] = "chat"
    code: str
    #: Who said it; empty when the table itself says who came or went.
    name: str
    text: Text


Ok.model_rebuild()
Update.model_rebuild()

Push = Annotated[Union[Welcome, Ok, Error, Update, ChatLine], Field(discriminator="type")]
_PUSH = TypeAdapter(Push)


class BadMessage(ValueError):
    """A line that is not a valid message; the text says why in one line."""


def _first_problem(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"]) or "message"
    return f"{where}: {err['msg']}"


def parse_request(line: bytes) -> Request:
    if len(line) > MAX_REQUEST_BYTES:
        raise BadMessage(f"message too long ({len(line)} bytes)")
    try:
        return _REQUEST.validate_json(line)
    except ValidationError as exc:
        raise BadMessage(f"bad message: {_first_problem(exc)}") from None


def parse_push(line: bytes) -> Push:
    try:
        return _PUSH.validate_json(line)
    except ValidationError as exc:
        raise BadMessage(f"bad message from the server: {_first_problem(exc)}") from None


def encode(message: BaseModel) -> bytes:
    return message.model_dump_json().encode() + b"\n"
