"""Search's learned judge, with every game that gives its named parts: the parts from
one view add up to the hand evaluation, a fitted file validates and is the judge search
uses, and the fit finds weights that are there to be found."""
from __future__ import annotations

import importlib
import random

import pytest

from inkterm.bots import GreedyBot
from inkterm.bots.hooks import hooks
from inkterm.bots.learned import Judge, judge, learned_evaluate
from inkterm.engine import GAMES, new_game
from inkterm.sim import judge as lab

from tests.registered import game_params


def midgame(game: str, seats: int, seed: int, moves: int):
    state = new_game(game, [f"S{i}" for i in range(seats)], seed=seed)
    bot = GreedyBot(seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(bot.choose(state))
    return state


@pytest.mark.parametrize("game", game_params(seats=2, seat_parts=True))
def test_every_seats_parts_from_one_view_add_up_to_the_hand_values(game):
    h = hooks(game)
    state = midgame(game, 2, 5, 30)
    for seat in range(2):
        got = h.seat_parts(state, seat)
        assert len(got) == 2
        assert [sum(x for _, x in parts) for _tl, parts in got] == pytest.approx(h.seat_values(state, seat))
        assert all(isinstance(tl, int) and tl >= 0 for tl, _ in got)
        # Its own parts are what a reason names (value_parts).
        assert got[seat][1] == h.value_parts(state, seat)


@pytest.mark.parametrize("game", game_params(seats=2, seat_parts=True))
def test_a_fitted_judge_weighs_the_games_parts_and_is_searchs_where_the_game_uses_it(game):
    j = judge(game)
    if j is None:
        pytest.skip("no fitted judge: search judges by evaluate")
    h = hooks(game)
    state = midgame(game, 2, 6, 20)
    names = [n for n, _ in h.seat_parts(state, 0)[0][1]]
    assert set(next(iter(j.own.values())).parts) == set(names)
    assert "python -m inkterm.sim.judge" in j.command
    if h.judge is None:  # fitted, and switched off by the game (LEARNED_JUDGE)
        assert h.search_evaluate is h.evaluate
    else:
        assert h.judge is j and h.search_evaluate is not h.evaluate
    # Either way, the learned evaluate reads a lead as the hand one does: own minus the best other.
    vals = [j.predict(tl, parts, s == 0) for s, (tl, parts) in enumerate(h.seat_parts(state, 0))]
    assert learned_evaluate(j, h.seat_parts)(state, 0) == pytest.approx(vals[0] - max(vals[1:]))


def synthetic(n: int, phases: int, seed: int = 1) -> list[lab.Row]:
    """Rows whose final score is 3 + 2a + 0.5b (phase 0: 1 + a + b), a seat's own and
    another's alike."""
    r = random.Random(seed)
    rows = []
    for i in range(n):
        a, b = r.uniform(0, 20), r.uniform(0, 10)
        phase = i % phases
        final = 1 + a + b if phase == 0 else 3 + 2 * a + 0.5 * b
        for own in (True, False):
            rows.append(lab.Row(i, 0, phase, own, (("a", a), ("b", b)), final, 0.0, 0.0))
    return rows


def test_the_fit_finds_the_weights_of_each_phase():
    j = lab.fit(next(iter(GAMES)), synthetic(3 * lab.MIN_ROWS, 3), "python -m inkterm.sim.judge x", 1)
    assert sorted(j.own) == [0, 1, 2] and sorted(j.other) == [0, 1, 2]
    assert j.own[0].parts == pytest.approx({"a": 1, "b": 1}, abs=0.01)
    assert j.own[2].parts == pytest.approx({"a": 2, "b": 0.5}, abs=0.01) and j.own[2].bias == pytest.approx(3, abs=0.1)
    assert j.predict(9, [("a", 10.0), ("b", 2.0)], own=False) == pytest.approx(24, abs=0.2)  # later: the last phase


def test_a_phase_with_too_few_positions_shares_the_last_one_with_enough():
    rows = synthetic(2 * lab.MIN_ROWS, 2) + [
        lab.Row(0, 0, 5, own, (("a", 1.0), ("b", 1.0)), 4.5, 0.0, 0.0) for own in (True, False)]
    j = lab.fit(next(iter(GAMES)), rows, "python -m inkterm.sim.judge x", 1)
    assert sorted(j.own) == [0, 1]


def test_a_judge_with_a_gap_in_its_phases_or_its_parts_is_refused():
    w = {"bias": 0.0, "parts": {"a": 1.0}, "rows": 1}
    with pytest.raises(ValueError, match="without a gap"):
        Judge.model_validate({"game": "g", "command": "c", "games": 1, "own": {"0": w, "2": w}, "other": {"0": w}})
    with pytest.raises(ValueError, match="other parts"):
        Judge.model_validate({"game": "g", "command": "c", "games": 1, "own": {"0": w},
                              "other": {"0": {**w, "parts": {"b": 1.0}}}})


@pytest.mark.parametrize("game", game_params(seats=2, seat_parts=True))
def test_a_game_that_uses_its_judge_gives_it_to_search(game, monkeypatch):
    j = judge(game)
    if j is None:
        pytest.skip("no fitted judge")
    monkeypatch.setattr(importlib.import_module(GAMES[game].bot_hooks), "LEARNED_JUDGE", True, raising=False)
    hooks.cache_clear()
    try:
        h = hooks(game)
        assert h.judge is j and h.search_evaluate is not h.evaluate
        state = midgame(game, 2, 6, 20)
        assert h.search_evaluate(state, 1) == pytest.approx(learned_evaluate(j, h.seat_parts)(state, 1))
    finally:
        hooks.cache_clear()  # the next test builds the game's hooks as they are
