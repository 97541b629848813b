"""What another seat's choice did to you, found by comparing the table before and
after it: the changes of your own facts (``GameState.SEAT_FACTS``: favour lost to
Slander, points, knowledge), your score overtaken, and what the game knows is yours
(``GameState.concerning``: the bottle your page needed, your research tokens). The
table driver asks this after each choice, for each person at the table who did not
make it, and tells it first in their "since your last turn"."""
from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from .state import fact_family
from .text import Msg, Text, english
from .types import TO_YOU, Event

if TYPE_CHECKING:
    from .state import GameState
    from .view import TableView

__all__ = ["TO_YOU", "Snapshot", "hits", "what_hit"]


def amount(template: "Msg | str", n: int) -> Text:
    """``n`` of a fact in the reader's words: the family's first template (a message,
    counted: "3 favour", "$4", "2★")."""
    if isinstance(template, Msg):
        return Msg(template.id, template.plural, n=n)
    return template.replace("{n}", str(n))


def _said(template: str, n: int, texts: list[str]) -> bool:
    """Whether an event already told this amount ("loses 1 favour to Slander"), in
    the events' English words."""
    words = template.replace("{n}", str(n)) if "{n}" in template else template
    return any(words in t for t in texts)


@cache
def _ways(game: type[GameState]) -> dict[str, tuple[str, ...]]:
    """A game's facts' English templates, made once (asked after every choice, for each seat)."""
    return game.fact_ways()


class Snapshot:
    """The public table at one moment (before a choice, or after it), to compare."""

    __slots__ = ("view", "facts", "scores")

    def __init__(self, state: GameState) -> None:
        self.view: TableView = state.summary()
        self.facts = state.seat_facts(self.view)
        self.scores = [p["score"] for p in self.view["players"]]


def what_hit(state: GameState, before: Snapshot, after: Snapshot, seat: int, by: int,
             told: list[Event]) -> list[Event]:
    """The changes ``by``'s choice made to ``seat`` that no event in ``told`` already
    says to it, as events of ``seat`` (kind ``TO_YOU``), in words for that seat."""
    if seat == by or not 0 <= seat < len(before.facts):
        return []
    who = state.seats[by]
    texts = [english(e.text) for e in told]  # compared with the facts' English words
    texts = [t for e, t in zip(told, texts) if e.seat == seat or state.seats[seat] in t]
    out: list[Text] = []
    now, was = after.facts[seat], before.facts[seat]
    families, ways = type(state).SEAT_FACTS, _ways(type(state))  # type: ignore[arg-type]
    for path in sorted(was.keys() | now.keys()):
        delta = now.get(path, 0) - was.get(path, 0)
        family = fact_family(path, families)
        if not delta or family is None:
            continue
        template = families[family][0]
        if any(_said(t, abs(delta), texts) for t in ways[family]):
            continue
        said = amount(template, abs(delta))
        out.append(Msg("{who}'s move cost you {amount} (now {now}).", who=who, amount=said, now=now.get(path, 0))
                   if delta < 0 else
                   Msg("{who}'s move gave you {amount} (now {now}).", who=who, amount=said, now=now.get(path, 0)))
    scores = after.scores
    for other, (b, a) in enumerate(zip(before.scores, scores)):
        if other != seat and b <= before.scores[seat] and a > scores[seat]:
            out.append(Msg("{who} overtook you: {theirs} to your {yours}.", who=state.seats[other], theirs=a,
                           yours=scores[seat]))
    out += state.concerning(seat, before.view, after.view, by)
    return [Event(text, seat, TO_YOU) for text in out]


def hits(state: GameState, before: Snapshot, by: int, told: list[Event],
         people: list[int]) -> dict[int, list[Event]]:
    """What ``by``'s choice (``told``: its events; ``state``: the game after it) did to
    each of ``people`` who did not make it, by person (those it did nothing to left
    out): a local table's driver and a shared table's server both ask this."""
    after = Snapshot(state)
    out = {}
    for person in people:
        if person != by and (hit := what_hit(state, before, after, person, by, told)):
            out[person] = hit
    return out
