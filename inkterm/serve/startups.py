"""Connections still logging in, kept within bounds as OpenSSH's ``MaxStartups``
(random early drop, ``start:rate:full``) and ``PerSourceMaxStartups`` keep them,
with one difference: what is shed is the connection most likely to be an idle
socket, not the newcomer. OpenSSH refuses newcomers, so a few hundred idle sockets
lock every player out; here they push out only each other.

See sshd_config(5): with ``start`` or more connections logging in, one is shed with
a chance of ``rate`` percent, rising linearly to certain at ``full``.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar


@dataclass(frozen=True)
class MaxStartups:
    start: int = 10
    rate: int = 30  # percent
    full: int = 60

    @classmethod
    def parse(cls, text: str) -> "MaxStartups":
        """``start:rate:full`` (``10:30:60``), or one number N: shed past N."""
        try:
            parts = [int(p) for p in text.split(":")]
        except ValueError:
            raise ValueError(f"{text!r} is not start:rate:full (e.g. 10:30:60)") from None
        if len(parts) == 1:
            parts = [parts[0], 100, parts[0]]
        if len(parts) != 3:
            raise ValueError(f"{text!r} is not start:rate:full (e.g. 10:30:60)")
        start, rate, full = parts
        if not (1 <= start <= full and 0 <= rate <= 100):
            raise ValueError(f"{text!r}: need 1 <= start <= full and a rate of 0 to 100")
        return cls(start, rate, full)

    def __str__(self) -> str:
        return f"{self.start}:{self.rate}:{self.full}"

    def shed_chance(self, waiting: int) -> float:
        """The chance that one of ``waiting`` connections logging in is shed when
        another arrives (sshd's drop_connection())."""
        if waiting < self.start:
            return 0.0
        if waiting >= self.full or self.rate == 100:
            return 1.0
        share = (100 - self.rate) * (waiting - self.start) / (self.full - self.start)
        return (self.rate + share) / 100

    def sheds(self, waiting: int) -> bool:
        return random.random() < self.shed_chance(waiting)


class LoggingIn(Protocol):
    """A connection not yet logged in."""

    #: The address its limits count under (an IPv6 /64 is one).
    group: str

    def spoke(self) -> bool:
        """Whether it has sent anything of SSH yet (its version line)."""


Conn = TypeVar("Conn", bound=LoggingIn)


def least_likely_a_player(waiting: Sequence[Conn]) -> Conn:
    """Which of ``waiting`` (oldest first) to shed: one from the address holding the
    most, silent before spoken, oldest first. A real client says its version at
    once and logs in within a second; an idle socket says nothing."""
    counts: dict[str, int] = {}
    for conn in waiting:
        counts[conn.group] = counts.get(conn.group, 0) + 1
    order = sorted(range(len(waiting)),
                   key=lambda i: (-counts[waiting[i].group], waiting[i].spoke(), i))
    return waiting[order[0]]
