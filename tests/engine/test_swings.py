"""How a game went in scores, for every game: the lines the game-over chart draws and
the three moments that swung it, from seeded bot games."""
import pytest

from inkterm.bots import make_bot
from inkterm.engine import GAMES, new_game
from inkterm.engine.swings import score_lines, swings, turns

from tests.registered import game_params

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def played(game: str, seed: int):
    seats = NAMES[:max(2, GAMES[game].min_players)]
    state = new_game(game, seats, seed=seed)
    bots = [make_bot("greedy", seed=seed * 10 + i) for i in range(len(seats))]
    while not state.is_over:
        state.apply(bots[state.decision().seat].choose(state))
    return state


@pytest.mark.parametrize("game", game_params(seats=2))
@pytest.mark.parametrize("seed", [3, 4])
def test_score_lines_follow_the_game_to_its_final_scores(game, seed):
    state = played(game, seed)
    game_turns = turns(state.record)
    assert sum(len(t.steps) for t in game_turns) == len(state.record.choices)
    assert all(a.seat != b.seat for a, b in zip(game_turns, game_turns[1:]))  # a turn is a run
    lines = score_lines(game_turns, len(state.seats))
    assert [line[-1] for line in lines] == state.scores()
    assert [line[0] for line in lines] == new_game(game, state.seats, seed=seed).scores()
    assert {len(line) for line in lines} == {len(game_turns) + 1}


@pytest.mark.parametrize("game", game_params(seats=2))
@pytest.mark.parametrize("seed", [3, 4])
def test_the_moments_that_swung_it_are_the_largest_gains_in_words(game, seed):
    state = played(game, seed)
    game_turns = turns(state.record)
    moments = swings(game_turns, state.seats)
    gains = sorted((t.after[s] - t.before[s] for t in game_turns for s in range(len(state.seats))),
                   reverse=True)
    assert sorted((m.gain for m in moments), reverse=True) == [g for g in gains[:3] if g > 0]
    assert [m.turn for m in moments] == sorted(m.turn for m in moments)  # told in order
    keys = {k for k in state.record.choices if ":" in k}
    for m in moments:
        turn = game_turns[m.turn - 1]
        name = state.seats[m.seat]
        assert f"{name} +{m.gain} ({turn.before[m.seat]} → {turn.after[m.seat]})" in m.words
        said = [str(e.text) for _, events in turn.steps for e in events]
        assert any(text in m.words for text in said), m.words  # what happened, in the game's words
        assert not any(k in m.words for k in keys), m.words
