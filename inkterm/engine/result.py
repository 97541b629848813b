"""The final result of a game, as the game-over screen shows it: who won and by how
much, every standing best first with its score and how it was made, the tie-breaks.

A game gives it through ``GameState.result()``. The default is built from
``scores()``, ``ranking()`` and the summary's ``breakdown``/``tiebreaks``/``winners``
(keys of every game's view: ``engine/view.py``); a game whose table holds more than
its seats (the solo Inkwell Rival) builds its own.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .text import Msg, Text, from_data


@dataclass
class Standing:
    """One line of the ranking. ``seat`` is None for an opponent that is not a seat."""

    name: str
    score: int
    breakdown: list[tuple[str, int]] = field(default_factory=list)
    seat: int | None = None


@dataclass
class Result:
    standings: list[Standing]  # best first
    winners: list[str]  # the names of the first standings; several when the win is shared
    tiebreaks: Sequence[Text] = field(default_factory=list)

    @property
    def margin(self) -> int | None:
        """Points between the winner and the best of the rest (None with no rest)."""
        rest = self.standings[len(self.winners):]
        if not self.winners or not rest:
            return None
        return self.standings[0].score - max(s.score for s in rest)

    @property
    def headline(self) -> Text:
        """``Ann wins by 3``, ``You win by 3``, ``the Rival wins by 82``, ``Ann wins on
        the tie-break``: a message, read in the reader's language."""
        if not self.winners:
            return Msg("nobody wins")
        if len(self.winners) > 1:
            return Msg("{names} and {last} share the win", names=tuple(self.winners[:-1]),
                       last=self.winners[-1])
        margin, who = self.margin, self.winners[0]
        if margin is None:
            return Msg("{who} wins", who=who)
        if margin == 0:
            return Msg("{who} wins on the tie-break", who=who)
        return Msg("{who} wins by {margin}", who=who, margin=margin)


def result_from_ranking(state) -> Result:
    """The default result: the seats in ``ranking()`` order, each with its summary
    ``breakdown``; the winners are the summary's ``winners`` if it names several."""
    summary = state.summary()
    players = summary.get("players") or []
    scores = state.scores()
    standings = []
    for seat in state.ranking():
        rows = players[seat].get("breakdown") if seat < len(players) else None
        standings.append(Standing(state.seats[seat], scores[seat],
                                  [(str(lab), int(pts)) for lab, pts in rows or []], seat))
    shared = summary.get("winners")
    if isinstance(shared, list) and shared:
        winners = [state.seats[s] for s in shared]
    else:
        winners = [standings[0].name]
    return Result(standings, winners, [from_data(t) for t in summary.get("tiebreaks") or []])
