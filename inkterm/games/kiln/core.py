"""What every part of Kiln's rules stands on: whose turn it is, the work queue, the
narration and the dice (rules.py puts the parts together)."""
from __future__ import annotations

from inkterm.engine import GameState
from inkterm.engine.steps import Narration
from inkterm.engine.words import act, count

from .content import ZONES, Card, KilnContent
from .model import Model, Player
from .steps import Ask, Task


def zone_name(pip: int) -> str:
    return ZONES[pip - 1]


def effect_text(pip: int, s: int) -> str:
    """What zone ``pip``'s effect gives at strength ``s``, in the menu's words."""
    return (
        f"+{s} clay/glaze",
        f"+{s} money",
        f"+{s} favour",
        f"swap with {count(s, 'card')}",
        f"a card {s} cheaper",
        f"copy a zone at {s}",
    )[pip - 1]


class KilnCore(GameState):
    m: Model
    _said: Narration
    content: KilnContent
    cards: dict[str, Card]  # content.cards: the record's version's cards, read on the hot path

    @property
    def seat(self) -> int:
        m = self.m
        return m.order[m.turn]

    @property
    def me(self) -> Player:
        return self.m.players[self.seat]

    def name(self, seat: int) -> str:
        return self.record.seats[seat]

    def main_open(self) -> bool:
        """Rule 9: the main action (or Rush Order's extra one) is still to take."""
        m = self.m
        return m.mains == 0 or m.extra_mains > 0

    # --- narration and the queue -------------------------------------------------------
    def _say(self, text: str, seat: int | None = None, kind: str = "info") -> None:
        self._said.say(text, seat, kind)

    def _me_say(self, text: str, kind: str = "action") -> None:
        s = self.seat
        self._said.say(act(self.name(s), text), s, kind)

    def _push(self, *tasks: Task) -> None:
        """Schedule work to run in the order given, before what was waiting."""
        self.m.queue.push(*tasks)

    def _ask(self, ask: Ask) -> None:
        """Wait for the current player's choice before anything else."""
        self.m.queue.items.append(ask)  # push() of one step, without its reversing

    # --- dice --------------------------------------------------------------------------
    def _reroll(self, pip: int, paid: str = "") -> None:
        """Roll zone ``pip``'s dice again, each landing in the zone of its pip (the
        event says where each went, and what the roll cost: ``paid``)."""
        m = self.m
        n = m.dice[pip - 1]
        m.dice[pip - 1] = 0
        rnd = self.rng.random
        rolled = [int(rnd() * 6) + 1 for _ in range(n)]
        for r in rolled:
            m.dice[r - 1] += 1
        self.reveal()
        landed = ", ".join(f"{r} to {zone_name(r)}" for r in rolled)
        self._me_say(f"{paid}rerolls {zone_name(pip)}'s {count(n, 'die')}: {landed}.")
