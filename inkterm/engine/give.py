"""Interventions for balance experiments: one seat is dealt a chosen item at setup.

A ``Give`` is passed to a game's state when it is built (``given_game``); the game's
``_setup`` asks ``self.given`` where it deals the item's kind and puts the item in
the seat's hand, workspace or book there. Nothing else in the deal changes, so two
games with the same seed differ only in that one item. The record does not carry
the intervention, so such a game cannot be saved or replayed.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Give:
    seat: int
    item: str
    slot: int = 0  # which of the seat's dealt items makes way (modulo how many it holds)
    withheld: str | None = None  # an item nobody may hold (a control game's)
    seats: int = 0  # how many seats share the deal (0: only the seat's own share is known)


def place(seq: list, pos: int, item) -> None:
    """Put ``item`` at ``seq[pos]``; if it was elsewhere in ``seq``, what ``pos`` held
    takes its place there (a swap), so the rest of the deal stays as it was."""
    if item in seq:
        seq[seq.index(item)] = seq[pos]
    seq[pos] = item


def give_into(seq: list, start: int, size: int, given: Give) -> None:
    """Deal ``given.item`` into the seat's share ``seq[start:start + size]`` of a
    shuffled deal whose seats' shares come one after another, and take
    ``given.withheld`` out of every seat's share if the deal put it in one: to the
    undealt rest (a deck), so that in a control game nobody holds it. Where the deal
    leaves nothing undealt (or the number of seats is not given), it only leaves the
    seat's own share, for the place just after it."""
    place(seq, start + given.slot % size, given.item)
    out = given.withheld
    if out is None:
        return
    dealt = size * given.seats
    if given.seats and out in seq[:dealt] and dealt < len(seq):
        place(seq, dealt + given.slot % (len(seq) - dealt), out)
    elif out in seq[start:start + size]:
        place(seq, (start + size) % len(seq), out)
