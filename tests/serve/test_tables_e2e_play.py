"""The shared-table end-to-end helper itself: ``play`` stops when a bot's choice ends the
game while the table settles, instead of asking a finished game who chooses (the
flaky failure of the whole-game table tests)."""
from __future__ import annotations

import random

from inkterm.engine import new_game

from tests.registered import a_game

from .tables_e2e import play


def one_choice_from_the_end():
    """A game one choice before its end, and the same game ended."""
    state = new_game(a_game(seats=2), ["ann", "bot"], seed=3)
    rng = random.Random(3)
    while True:
        ended = state.clone()
        ended.apply(rng.choice(ended.decision().keys))
        if ended.is_over:
            return state, ended
        state = ended


class EndsWhileSettling:
    """A table whose file shows the game running once, then ended by a bot."""

    def __init__(self):
        self.running, self.ended = one_choice_from_the_end()
        self.reads = 0

    def now(self):
        self.reads += 1
        return self.running if self.reads == 1 else self.ended


async def test_play_stops_where_a_bot_ended_the_game_while_the_table_settled():
    table = EndsWhileSettling()
    await play(table, {}, lambda st: False, check_every=2)  # the first turn checks the screens
    assert table.reads >= 2 and table.now().is_over
