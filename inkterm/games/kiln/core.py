"""What every part of Kiln's rules stands on: whose turn it is, the work queue, the
narration and the dice (rules.py puts the parts together)."""
from __future__ import annotations

from functools import lru_cache

from inkterm.engine import GameState
from inkterm.engine.steps import Narration
from inkterm.engine.text import Msg, Term, nmsg, pmsg

from .content import Card, KilnContent
from .model import Model, Player
from .steps import Ask, Task

#: The zones' names as messages (content.ZONES holds the same English).
ZONE_NAMES = (Msg("Materials"), Msg("Bank"), Msg("Favour Hall"), Msg("Studio"), Msg("Shop"),
              Msg("Imperial Kiln"))
#: The favour track's spaces (content.FAVOUR_SPACES), 0 the start medal.
SPACE_NAMES = (pmsg("favour track", "Start"), Msg("Select materials"), Msg("Blank"), Msg("Reward"), Msg("Prepare glaze"),
               Msg("Exhibition"), Msg("Tribute"))


def zone_name(pip: int) -> Msg:
    return ZONE_NAMES[pip - 1]


def card_name(c: Card) -> Term:
    """A card's name as the table shows it: in English its name and its Chinese name
    ("Tribute 入贡"), in another language that language's name."""
    return Term("kiln", "cards", c.id, f"{c.name} {c.zh}")


def card_short(c: Card) -> Term:
    """A card's name alone, where a sentence names it in passing."""
    return Term("kiln", "cards", c.id, c.name)


@lru_cache(maxsize=None)
def why_text(why: str, content: KilnContent) -> Msg | Term:
    """What a step was queued for (``why``/``source``: stored in snapshots as English,
    a card's name or one of the words marked where they are queued) in the reader's
    language (cached: the rules ask on every such decision)."""
    for c in content.cards.values():
        if c.name == why:
            return card_short(c)
    return Msg(why)


def effect_text(pip: int, s: int) -> Msg:
    """What zone ``pip``'s effect gives at strength ``s``, in the menu's words."""
    if pip == 1:
        return Msg("+{n} clay/glaze", n=s)
    if pip == 2:
        return Msg("+{n} money", n=s)
    if pip == 3:
        return Msg("+{n} favour", n=s)
    if pip == 4:
        return nmsg("swap with {n} card", "swap with {n} cards", s)
    if pip == 5:
        return Msg("a card {n} cheaper", n=s)
    return Msg("copy a zone at {n}", n=s)


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
    def _say(self, text: Msg | str, seat: int | None = None, kind: str = "info") -> None:
        self._said.say(text, seat, kind)

    def _me_say(self, text: Msg, kind: str = "action") -> None:
        """Say what the current player does: ``text``'s ``{who}`` is them."""
        s = self.seat
        text.args["who"] = self.name(s)
        self._said.say(text, s, kind)

    def _why(self, why: str) -> Msg | Term:
        return why_text(why, self.content)

    def _push(self, *tasks: Task) -> None:
        """Schedule work to run in the order given, before what was waiting."""
        self.m.queue.push(*tasks)

    def _ask(self, ask: Ask) -> None:
        """Wait for the current player's choice before anything else."""
        self.m.queue.items.append(ask)  # push() of one step, without its reversing

    # --- dice --------------------------------------------------------------------------
    def _reroll(self, pip: int, paid: int = 0) -> None:
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
        landed = tuple(Msg("{pip} to {zone}", pip=r, zone=zone_name(r)) for r in rolled)
        if paid:
            self._me_say(nmsg("{who} pays {clay} clay and rerolls {n} die in {zone}: {landed}.",
                              "{who} pays {clay} clay and rerolls {n} dice in {zone}: {landed}.", n,
                              clay=paid, zone=zone_name(pip), landed=landed))
        else:
            self._me_say(nmsg("{who} rerolls {n} die in {zone}: {landed}.",
                              "{who} rerolls {n} dice in {zone}: {landed}.", n, zone=zone_name(pip), landed=landed))
