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
    withheld: str | None = None  # an item the seat must not also hold (a control game's)


def place(seq: list, pos: int, item) -> None:
    """Put ``item`` at ``seq[pos]``; if it was elsewhere in ``seq``, what ``pos`` held
    takes its place there (a swap), so the rest of the deal stays as it was."""
    if item in seq:
        seq[seq.index(item)] = seq[pos]
    seq[pos] = item


def give_into(seq: list, start: int, size: int, given: Give) -> None:
    """Deal ``given.item`` into the seat's share ``seq[start:start + size]`` of a
    shuffled deal, and move ``given.withheld`` out of that share if the deal put it
    there (to the place just after the share; that item comes in instead)."""
    place(seq, start + given.slot % size, given.item)
    if given.withheld is not None and given.withheld in seq[start:start + size]:
        place(seq, (start + size) % len(seq), given.withheld)
