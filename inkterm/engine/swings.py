"""How a finished (or any) game went, in scores: each seat's score after every turn,
and the moments that swung it — the largest single-turn gains — in words. Built from
the record alone, through the public rules API, so every game has it; the game-over
screen draws it (after a local game, a shared table's and a demo)."""
from __future__ import annotations

from dataclasses import dataclass, field

from inkterm.engine.api import opening
from inkterm.engine.record import Record
from inkterm.engine.text import Msg, Text, english, sentences
from inkterm.engine.types import SECRET_EVENT, Event

#: Event kinds that only mark the flow of play (a moment is told by what was done),
#: and secrets, which only their seat may read.
_UNTOLD = frozenset({"turn", "round", "end", "setup", SECRET_EVENT})


@dataclass
class Turn:
    """A run of choices by one seat: the scores before and after it, and each choice's
    events with the scores after it (which choice brought the points)."""

    seat: int
    round: int | None
    before: list[int]
    steps: list[tuple[list[int], list[Event]]] = field(default_factory=list)

    @property
    def after(self) -> list[int]:
        return self.steps[-1][0] if self.steps else self.before


def turns(record: Record) -> list[Turn]:
    """The game's turns (a turn: one seat's consecutive choices), replayed from the record."""
    state = opening(record)
    out: list[Turn] = []
    for key in record.choices:
        d = state.decision()
        if d is None:
            break
        if not out or out[-1].seat != d.seat:
            out.append(Turn(d.seat, state.round_number(), list(state.scores())))
        events = state.apply(key)
        out[-1].steps.append((list(state.scores()), events))
    return out


def score_lines(played: list[Turn], seats: int) -> list[list[int]]:
    """Each seat's score at the start and after every turn of ``played`` (``turns()``):
    one list per seat."""
    points = [played[0].before] if played else []
    points += [t.after for t in played]
    return [[p[seat] for p in points] for seat in range(seats)]


@dataclass(frozen=True)
class Moment:
    turn: int  # its place among the turns, from 1
    seat: int  # who gained
    gain: int
    words: Text  # a message: read in the reader's language


def swings(played: list[Turn], seats: list[str], n: int = 3) -> list[Moment]:
    """The ``n`` largest single-turn gains of any seat in ``played`` (``turns()``),
    told in the order they happened."""
    gains = [(t.after[s] - t.before[s], -i, s) for i, t in enumerate(played) for s in range(len(seats))]
    best = sorted((g for g in gains if g[0] > 0), reverse=True)[:n]
    moments = [Moment(-neg + 1, s, gain, _tell(played[-neg], -neg + 1, s, gain, seats)) for gain, neg, s in best]
    return sorted(moments, key=lambda m: m.turn)


def _tell(turn: Turn, number: int, seat: int, gain: int, seats: list[str]) -> Text:
    """Say it: "Round 3 — Ann +9 (1 → 10), now leading by 7: Ann plays …"."""
    when = Msg("Round {round}", round=turn.round) if turn.round is not None else Msg("Turn {number}", number=number)
    if turn.seat != seat:
        when = Msg("{when}, on {who}'s turn", when=when, who=seats[turn.seat])
    head = Msg("{when} — {who} +{gain} ({before} → {after}), {standing}", when=when, who=seats[seat],
               gain=gain, before=turn.before[seat], after=turn.after[seat],
               standing=_standing(turn.after, seat, seats))
    said = _what_happened(turn, seat)
    return Msg("{head}: {said}", head=head, said=said) if said else Msg("{text}.", text=head)


def _standing(scores: list[int], seat: int, seats: list[str]) -> Msg:
    others = [(scores[s], seats[s]) for s in range(len(seats)) if s != seat]
    if not others:
        return Msg("{score} in all", score=scores[seat])
    best, who = max(others)
    diff = scores[seat] - best
    if diff > 0:
        return Msg("now leading by {diff}", diff=diff)
    if diff == 0:
        return Msg("now level with {who}", who=who)
    return Msg("still {diff} behind {who}", diff=-diff, who=who)


def _what_happened(turn: Turn, seat: int, most: int = 2) -> Text:
    """What the choices that brought the most points said (theirs first), in order."""
    before = turn.before
    gained = []
    for i, (after, events) in enumerate(turn.steps):
        if after[seat] > before[seat]:
            gained.append((after[seat] - before[seat], -i, events))
        before = after
    told: list[tuple[int, int, Text]] = []
    for _, neg, events in sorted(gained, key=lambda g: (g[0], g[1]), reverse=True)[:most]:
        said = [e for e in events if e.kind not in _UNTOLD and e.text]
        said = [e for e in said if e.seat == seat] or said
        told += [(-neg, j, e.text) for j, e in enumerate(said[:most - len(told)])]
    told.sort(key=lambda t: t[:2])  # the biggest steps chose what is said; told in the order it happened
    return sentences(*(t if english(t).endswith(".") else Msg("{text}.", text=t) for _, _, t in told))
