"""The Voynich Puzzle's bots: the evaluation counts knowledge and pages, and greedy games
end at 52 OK rather than at the round cap."""
from __future__ import annotations

from inkterm.bots.hooks import hooks

from tests.bots.test_bots import advanced, play


def test_voynich_evaluation_counts_knowledge_and_pages_not_only_ok():
    """Knowledge scores at the end through the pages; a bot blind to it idled until the
    round cap. A gain of knowledge, a card's step and held sharing tokens all raise
    the seat's standing; OK still counts one for one."""
    h = hooks("voynich")
    state = advanced("voynich", 2, 4, 0)
    base = h.seat_values(state, 0)[0]
    more = state.clone()
    more.know[0][0] += 10
    assert h.seat_values(more, 0)[0] > base
    stepped = state.clone()
    stepped.know[0][0] += 10
    stepped.book[0][0][1] = 3  # a Botany card two steps on: its multiplier x2
    assert h.seat_values(stepped, 0)[0] > h.seat_values(more, 0)[0] + 1
    shared = state.clone()
    shared.share[0][1] += 1
    assert h.seat_values(shared, 0)[0] > base
    ok = state.clone()
    ok.ok[0] += 3
    assert h.seat_values(ok, 0)[0] == base + 3
    assert h.evaluate(ok, 0) > h.evaluate(state, 0)


def test_voynich_greedy_games_end_at_52_ok_not_at_the_round_cap():
    from inkterm.games.voynich.rules import MAX_ROUNDS

    for seed in (1, 2):
        state, _ = play("voynich", ["greedy", "greedy"], seed=seed)
        assert state.end_triggered and max(state.ok) >= 52
        assert state.trigger_round < MAX_ROUNDS // 2, state.trigger_round
