"""Kiln's mutable state as plain objects (fast to mutate and copy for bots), with a
pydantic schema that validates a snapshot when a save is loaded."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from inkterm.engine.steps import WorkQueue

from .content import HAND_SIZE, MONEY_CAP, N_BLANKS, N_TOKENS, ROW_THRESHOLDS, START_MONEY
from .steps import KINDS


class Player:
    __slots__ = ("money", "favour", "claims", "clay", "glaze", "blanks", "extra", "tokens",
                 "supply", "hand", "tableau", "tapped", "taken_dice", "dragon")

    def __init__(self) -> None:
        self.money = START_MONEY
        self.favour = 0
        self.claims = 0
        self.clay = 0
        self.glaze = 0
        self.blanks = 0
        self.extra = 0
        self.tokens = [0] * 6
        self.supply = N_TOKENS
        self.hand: list[str] = []
        self.tableau: list[str] = []
        self.tapped: list[str] = []
        self.taken_dice = 0  # dice in the taken-dice area: this round's only (rule 6a)
        self.dragon = 0

    @property
    def rows(self) -> int:
        return sum(1 for t in ROW_THRESHOLDS if self.blanks >= t)

    def gain_money(self, n: int) -> int:
        """Add money up to the cap; returns what was actually gained."""
        before = self.money
        self.money = min(MONEY_CAP, self.money + n)
        return self.money - before

    def place_tokens(self, pip: int, n: int) -> int:
        """Place up to n tokens from supply on zone pip (R2: the rest is lost)."""
        n = min(n, self.supply)
        self.supply -= n
        self.tokens[pip - 1] += n
        return n

    def copy(self) -> "Player":
        o = Player.__new__(Player)
        for s in Player.__slots__:
            v = getattr(self, s)
            setattr(o, s, v[:] if type(v) is list else v)
        return o

    def dump(self) -> dict[str, Any]:
        return {s: (getattr(self, s)[:] if type(getattr(self, s)) is list else getattr(self, s))
                for s in Player.__slots__}

    @classmethod
    def load(cls, d: dict[str, Any]) -> "Player":
        o = cls.__new__(cls)
        for s in cls.__slots__:
            setattr(o, s, d[s])
        return o


class Model:
    """Everything of a Kiln game but the record and the generator.

    ``queue`` holds the work still to do as typed steps (``steps.py``); its top is the
    decision the game waits for (``Turn`` once the turn's work is done).
    """

    __slots__ = ("players", "round", "start_seat", "order", "turn", "dice", "deck",
                 "discard", "skip_pass", "mains", "extra_mains", "bellows", "queue",
                 "rows_queue", "rows_active", "studio", "over")

    def __init__(self, n: int) -> None:
        self.players = [Player() for _ in range(n)]
        self.round = 1
        self.start_seat = 0
        self.order: list[int] = []
        self.turn = 0
        self.dice = [0] * 6
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.skip_pass = False  # a 20th blank took the marker this round (rule 40)
        self.mains = 0  # main actions taken this turn
        self.extra_mains = 0  # extra main actions granted (Rush Order)
        self.bellows = 0  # free strength for the next main action
        self.queue = WorkQueue()
        self.rows_queue: list[int] = []  # rows completed whose reward is still to come (FIFO)
        self.rows_active = False
        self.studio: list[str] = []  # cards drawn in a Studio action, being swapped
        self.over = False

    def copy(self) -> "Model":
        o = Model.__new__(Model)
        o.players = [p.copy() for p in self.players]
        o.round = self.round
        o.start_seat = self.start_seat
        o.order = self.order[:]
        o.turn = self.turn
        o.dice = self.dice[:]
        o.deck = self.deck[:]
        o.discard = self.discard[:]
        o.skip_pass = self.skip_pass
        o.mains = self.mains
        o.extra_mains = self.extra_mains
        o.bellows = self.bellows
        o.queue = WorkQueue(self.queue.items)  # steps are never changed once queued: shared
        o.rows_queue = self.rows_queue[:]
        o.rows_active = self.rows_active
        o.studio = self.studio[:]
        o.over = self.over
        return o

    def dump(self) -> dict[str, Any]:
        d: dict[str, Any] = {s: getattr(self, s) for s in Model.__slots__ if s not in ("players", "queue")}
        d = {k: (v.copy() if isinstance(v, list) else v) for k, v in d.items()}
        d["queue"] = self.queue.dump()
        d["players"] = [p.dump() for p in self.players]
        return d

    @classmethod
    def load(cls, d: dict[str, Any]) -> "Model":
        snap = Snapshot.model_validate(d).model_dump()
        o = cls.__new__(cls)
        for s in cls.__slots__:
            if s not in ("players", "queue"):
                setattr(o, s, snap[s])
        o.queue = WorkQueue.load(snap["queue"], KINDS)
        o.players = [Player.load(p) for p in snap["players"]]
        return o


class PlayerSnapshot(BaseModel):
    model_config = ConfigDict(extra="forbid")
    money: int = Field(ge=0, le=MONEY_CAP)
    favour: int = Field(ge=0, le=6)
    claims: int = Field(ge=0)
    clay: int = Field(ge=0)
    glaze: int = Field(ge=0)
    blanks: int = Field(ge=0, le=N_BLANKS)
    extra: int = Field(ge=0)
    tokens: list[int] = Field(min_length=6, max_length=6)
    supply: int = Field(ge=0, le=N_TOKENS)
    hand: list[str] = Field(max_length=HAND_SIZE)
    tableau: list[str]
    tapped: list[str]
    taken_dice: int = Field(ge=0)
    dragon: int = Field(ge=0)


class Snapshot(BaseModel):
    model_config = ConfigDict(extra="forbid")
    players: list[PlayerSnapshot] = Field(min_length=2, max_length=4)
    round: int = Field(ge=1, le=10)
    start_seat: int = Field(ge=0, le=3)
    order: list[int]
    turn: int = Field(ge=0)
    dice: list[int] = Field(min_length=6, max_length=6)
    deck: list[str]
    discard: list[str]
    skip_pass: bool
    mains: int = Field(ge=0)
    extra_mains: int = Field(ge=0)
    bellows: int = Field(ge=0)
    queue: list[dict[str, Any]]  # the steps, checked by their kinds when loaded
    rows_queue: list[int]
    rows_active: bool
    studio: list[str]
    over: bool
