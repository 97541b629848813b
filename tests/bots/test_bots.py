"""Bots, with every game: legal choices only, the state left alone, repeatable with a seed,
a search scored at its game's horizon. Each game's own bot tests (blind to its secrets,
its evaluation, stronger the more they think) are in tests/games/<game>/test_bots.py."""
from __future__ import annotations

import random
import types

import pytest

from inkterm.bots import BOT_SPECS, GreedyBot, RandomBot, SearchBot, is_bot, make_bot
from inkterm.bots.hooks import hooks
from inkterm.engine import GAMES, IllegalChoice, new_game

from tests.registered import a_game, game_params, games

GAME = a_game(seats=3)  # where any game will do: the first in the menu


def play(game: str, specs: list[str], seed: int, limit: int = 5000) -> tuple[object, list[str]]:
    state = new_game(game, [f"S{i}" for i in range(len(specs))], seed=seed)
    bots = [make_bot(spec, seed=seed * 10 + i) for i, spec in enumerate(specs)]
    keys = []
    while not state.is_over:
        d = state.decision()
        key = bots[d.seat].choose(state)
        assert key in d.keys, f"{specs[d.seat]} chose {key!r}, not among {d.keys}"
        state.apply(key)
        keys.append(key)
        assert len(keys) < limit
    return state, keys


def advanced(game: str, seats: int, seed: int, steps: int):
    """A position some random steps into a game."""
    state = new_game(game, [f"S{i}" for i in range(seats)], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.decision().choices).key)
    return state


# --- seat specs -----------------------------------------------------------------------
def test_specs():
    assert is_bot("random") and is_bot("greedy") and is_bot("search") and is_bot("search:50")
    assert is_bot("bot") and is_bot(" Greedy ")
    assert not is_bot("Ann") and not is_bot("search:x") and not is_bot("greedy:3") and not is_bot("search:0")
    assert isinstance(make_bot("bot"), SearchBot) and make_bot("bot").level == "normal"  # issue 36: normal
    assert isinstance(make_bot("random"), RandomBot)
    assert make_bot("search:37").iterations == 37
    assert isinstance(make_bot("search"), SearchBot)
    assert make_bot("search").iterations is None  # the game's own default budget
    for game in games():  # a game's own budget, where it sets one, is a real search
        assert hooks(game).search_iterations is None or hooks(game).search_iterations >= 100
    for bad in ("Ann", "greedy:3", "search:-1", "search:x"):
        with pytest.raises(ValueError):
            make_bot(bad)
    assert set(BOT_SPECS) >= {"random", "greedy", "search", "bot", "easy", "normal", "hard"}


# --- legality ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", game_params())
def test_bots_only_choose_legal_keys(game):
    spec = GAMES[game]
    n = max(2, spec.min_players)
    state, keys = play(game, ["greedy", "random"][:n], seed=1)
    assert state.is_over and len(state.ranking()) == n
    state = advanced(game, n, 2, 15)
    if not state.is_over:
        d = state.decision()
        assert make_bot("search:10", 1).choose(state) in d.keys


def test_choose_refuses_a_finished_game():
    state, _ = play(GAME, ["random", "random"], seed=5)
    for spec in ("random", "greedy", "search:5"):
        with pytest.raises(ValueError):
            make_bot(spec).choose(state)


@pytest.mark.parametrize("game", game_params())
def test_bots_leave_the_state_untouched(game):
    n = max(2, GAMES[game].min_players)
    state = advanced(game, n, 4, 40)
    if state.is_over:  # a short game: early on
        state = advanced(game, n, 4, 2)
    before = state.to_json()
    for spec in ("random", "greedy", "search:30"):
        key = make_bot(spec, 3).choose(state)
        assert state.to_json() == before
        assert key in state.decision().keys


# --- repeatability ----------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["random", "greedy"])
def test_same_seed_same_game(spec):
    _, a = play(GAME, [spec, spec], seed=11)
    _, b = play(GAME, [spec, spec], seed=11)
    assert a == b
    _, c = play(GAME, [spec, spec], seed=12)
    assert a != c


def test_search_same_seed_same_choices():
    for seed in (1, 2, 3):
        state = advanced(GAME, 2, seed, 30 + seed)
        a = [make_bot("search:40", k).choose(state) for k in range(4)]
        b = [make_bot("search:40", k).choose(state) for k in range(4)]
        assert a == b


# --- hidden information ---------------------------------------------------------------------


# --- strength --------------------------------------------------------------------------


def test_repeated_bot_seats_get_numbers_and_stay_bots():
    from inkterm.bots import is_bot, make_bot, number_bots

    seats = number_bots(["Ann", "bot", "bot", "greedy", "search:50", "search:50"])
    assert seats == ["Ann", "bot", "bot 2", "greedy", "search:50", "search:50 2"]
    assert [is_bot(s) for s in seats] == [False, True, True, True, True, True]
    assert make_bot("search:50 2").iterations == 50
    assert not is_bot("Player 2") and not is_bot("bot x")


@pytest.mark.parametrize("horizon", ["turn", "round", "end"])
def test_search_scores_a_path_at_its_games_horizon(horizon):
    """Where a search path is scored: after the bot's own turn, at its next decision
    (the others having played on), or at the end of the game."""
    state = advanced(GAME, 3, 5, 40)
    me = state.decision().seat
    seen = []
    h = types.SimpleNamespace(**vars(hooks(GAME)))
    h.search_horizon = horizon
    h.evaluate = lambda s, seat: seen.append((s.decision(), len(s.history))) or 0.0
    s = state.determinize(me, random.Random(1))
    SearchBot._leaf(s, me, h)
    (d, steps), = seen
    if horizon == "turn":
        assert d is None or d.seat != me
    elif horizon == "round":
        assert d is None or d.seat == me
        assert {seat for seat, _ in s.history[len(state.history):]} - {me}  # the others played
    else:
        assert d is None and s.is_over


def test_bot_numbers_skip_a_name_another_seat_typed():
    from inkterm.bots import check_seats, number_bots

    assert number_bots(["bot", "bot 2", "bot"]) == ["bot", "bot 2", "bot 3"]
    assert check_seats([" bot", "bot 2 ", "bot"]) == ["bot", "bot 2", "bot 3"]
