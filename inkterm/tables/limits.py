"""How much one person, and one address, may ask of the tables. Every limit counts
both: a person is cheap to make (a new browser cookie), an address is not.
"""
from __future__ import annotations

from collections import OrderedDict, deque
from dataclasses import dataclass


@dataclass(frozen=True)
class TableLimits:
    #: Unfinished tables on the server.
    tables: int = 200
    #: Unfinished tables one person hosts, and all the people at one address.
    hosted_per_person: int = 4
    hosted_per_address: int = 8
    #: Of those, tables still waiting for players.
    waiting_per_person: int = 2
    waiting_per_address: int = 4
    #: A waiting table with nobody at it is closed after this long (a started game
    #: never is). Counted from the last change after a restart.
    waiting_minutes: float = 30.0
    #: Codes that match no table, tried in ``code_window`` seconds; past either, every
    #: code but those of one's own tables is refused until the window has passed.
    unknown_codes_per_person: int = 10
    unknown_codes_per_address: int = 20
    code_window: float = 60.0


class Window:
    """How many times each key did something in the last ``seconds``. Keeps at most
    ``max_keys`` keys (the least recently used go first), so a stream of fresh keys
    cannot grow it without bound."""

    def __init__(self, limit: int, seconds: float, max_keys: int = 10_000) -> None:
        self.limit = limit
        self.seconds = seconds
        self.max_keys = max_keys
        self._times: OrderedDict[str, deque[float]] = OrderedDict()

    def _recent(self, key: str, now: float) -> deque[float]:
        times = self._times.get(key)
        if times is None:
            return deque()
        while times and now - times[0] >= self.seconds:
            times.popleft()
        return times

    def full(self, key: str, now: float) -> bool:
        return len(self._recent(key, now)) >= self.limit

    def add(self, key: str, now: float) -> None:
        times = self._recent(key, now)
        self._times[key] = times
        self._times.move_to_end(key)
        times.append(now)
        while len(self._times) > self.max_keys:
            self._times.popitem(last=False)
