"""A shared table as the game screen sees it: the same interface as a local game
state (``decision()``, ``apply()``, ``view()``, ``record``, ``seats``, ``is_over``…),
answered from what the server last sent this session.

The session holds nothing it may not see: its own seat's view (a watcher: the
public summary), the decision's choices only when that seat chooses, and the full
record only once the game is over.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from inkterm.engine import Decision, IllegalChoice, Record, replay
from inkterm.engine.text import render
from inkterm.i18n import _
from inkterm.engine.types import Event

from .client import TableClient, TableRefused
from .protocol import ChatLine, Choose, FillWithBots, Leave, Say, Steer, TakeBack, Told, Update


class ServerSeed(int):
    """Where the screen would print the seed: it stays on the server (with it and the
    choices, the hidden cards could be worked out)."""

    def __str__(self) -> str:
        return _("kept by the server")  # read in the session's own language

    __repr__ = __str__


@dataclass
class RemoteRecord:
    """What the screen reads of a record. The seed and the keys chosen stay on the
    server (with them a session could work out hidden cards); ``choices`` holds
    one blank entry a choice made, so its length is right."""

    game: str
    seats: list[str]
    seed: int = ServerSeed(0)
    options: dict[str, Any] = field(default_factory=dict)
    choices: list[str] = field(default_factory=list)


class RemoteTable:
    def __init__(self, client: TableClient, update: Update) -> None:
        self.client = client
        self.code = update.table.code
        #: Called with (events, turn_began) after every update from the server;
        #: turn_began: this seat is to choose now, and was not, or others played since.
        self.on_change: Callable[[list[Event], bool], None] | None = None
        #: Called with (name, text) for each chat line (plain text, never markup).
        self.on_chat: Callable[[str, str], None] | None = None
        #: Called with a refusal's text (a stale or illegal key, a lost connection).
        self.on_error: Callable[[str], None] | None = None
        self._pending = False
        #: The game so far as this seat may read it, and the table's chat, as the
        #: server rebuilt them when this session sat down (or came back).
        self.story: list[Told] = list(update.history or [])
        # (a table's note is a message: read here, in this session's language)
        self.chat: list[tuple[str, str]] = [(c.name, render(c.text)) for c in update.chat or ()]
        self._take(update)
        client.follow(self.code, self._updated, after=update)  # and what came after it
        client.on_lost.append(self._lost)

    # --- what the server says ---------------------------------------------------------
    def _take(self, update: Update) -> None:
        if update.history is not None:  # a fresh story (a seat given, say): it replaces
            self.story = list(update.history)
        self.update = update
        self.you = update.you
        self.table = update.table
        seats = [s.name for s in update.table.seats]
        self.record = RemoteRecord(update.table.game, seats, choices=[""] * update.at)
        self._decision = update.decision  # the engine's Decision, as the server made it
        self._pending = False

    def _updated(self, update: Update | ChatLine) -> None:
        if isinstance(update, ChatLine):
            if self.on_chat is not None:
                self.on_chat(update.name, render(update.text))
            else:  # said before a screen listens (see client.follow): its chat so far
                self.chat.append((update.name, render(update.text)))
            return
        # Whose decision it was, pending or not: a turn of several choices is one turn.
        was_mine = self._decision is not None and self._decision.seat == self.you
        if update.history is None:
            # One choice more than before: the events are that seat's choice (else the
            # table's own: who came, a choice taken back).
            by = self._decision.seat if self._decision is not None and update.at == self.update.at + 1 else None
            self.story.append(Told(round=update.round, seat=by, events=update.events))
        self._take(update)
        others_played = any(e.seat not in (None, self.you) for e in update.events)
        turn_began = self.my_turn and (not was_mine or others_played)
        if self.on_change is not None:
            self.on_change(update.events, turn_began)

    @property
    def started(self) -> bool:
        return self.update.view is not None

    @property
    def pending(self) -> bool:
        """A choice of ours is sent and not yet answered (by an update or a refusal)."""
        return self._pending

    @property
    def my_turn(self) -> bool:
        d = self._decision
        return d is not None and d.seat == self.you and not self._pending

    # --- the state interface --------------------------------------------------------
    @property
    def seats(self) -> list[str]:
        return self.record.seats

    @property
    def is_over(self) -> bool:
        return self.update.record is not None

    def decision(self) -> Decision | None:
        d = self._decision
        if d is not None and self._pending:  # sent, not yet answered: nothing to pick
            return Decision(d.seat, d.prompt, [], d.topic)
        return d

    def apply(self, key: str) -> list[Event]:
        """Send the choice to the server. What it did comes back as an update to
        every session at the table (this one too), so nothing is returned here."""
        d = self.decision()
        if d is None or d.seat != self.you or d.get(key) is None:
            raise IllegalChoice(f"{key!r} is not yours to choose now")
        self._pending = True
        self._ask(Choose(code=self.code, key=key, at=self.update.at))
        return []

    def say(self, text: str) -> None:
        self._ask(Say(code=self.code, text=text))

    def fill_with_bots(self) -> None:
        self._ask(FillWithBots(code=self.code))

    def steer(self, action: str, **about: Any) -> None:
        """The host's word on a seat or a rule (see ``protocol.Steer``)."""
        self._ask(Steer.model_validate({"code": self.code, "action": action, **about}))

    def take_back(self) -> None:
        """Ask the server to take back this seat's last choice."""
        if self.can_undo():
            self._pending = True
            self._ask(TakeBack(code=self.code, at=self.update.at))

    @property
    def hosting(self) -> bool:
        return self.table.host == self.client.name

    @property
    def ended(self) -> str | None:
        return self.table.ended

    def _ask(self, message) -> None:
        self.client.send(message).add_done_callback(self._answered)

    def _answered(self, future) -> None:
        exc = future.exception() if not future.cancelled() else None
        if isinstance(exc, TableRefused):
            self._pending = False
            if self.on_error is not None:
                self.on_error(str(exc))

    def _lost(self) -> None:
        if self.on_error is not None:
            self.on_error("The connection to the table server is gone; log in again to "
                          f"come back to table {self.code}.")

    def view(self, seat: int) -> dict[str, Any]:
        return self.update.view or {}

    def summary(self) -> dict[str, Any]:
        return self.update.view or {}

    def scores(self) -> list[int]:
        return list(self.update.scores)

    def round_number(self) -> int | None:
        """The round the table is in, for labelling events (as a local state does)."""
        round_no = (self.update.view or {}).get("round")
        return round_no if isinstance(round_no, int) else None

    def describe(self, touch: str, seat: int | None = None) -> str | None:
        return None  # inspect needs the rules' words, which stay on the server

    def lookups(self, seat: int | None = None) -> list[tuple[str, str]]:
        return []

    def can_undo(self) -> bool:
        """The server says this seat may take back its last choice (see take_back)."""
        return self.update.can_undo and not self._pending

    def finished_state(self):
        """The real game, rebuilt from the full record the server sends at the end."""
        if self.update.record is None:
            raise ValueError("the table is not over: the server has not sent its record")
        return replay(Record(**self.update.record))

    def leave(self, quit: bool = False):
        """Stop following the table (the seat waits). Returns the request's future
        (None if the channel is gone), so a quit can wait for the others to be told."""
        self.client.unfollow(self.code)
        if self._lost in self.client.on_lost:
            self.client.on_lost.remove(self._lost)
        if self.client.closed:
            return None
        return self.client.send(Leave(code=self.code, quit=quit))
