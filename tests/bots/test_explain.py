"""A bot asked why it chose gives the same choice as one not asked, with its reasons,
and those reasons are told in words (``bots/reasons.py``), never by the bot's numbers."""
from __future__ import annotations

import pytest

from inkterm.bots import make_bot
from inkterm.bots.hooks import hooks
from inkterm.bots.reasons import why
from inkterm.engine import new_game

from tests.registered import a_game, game_params


@pytest.mark.parametrize("game", game_params(seats=2))
@pytest.mark.parametrize("spec", ["random", "greedy", "search:12"])
def test_explaining_does_not_change_the_choice(game, spec):
    plain = new_game(game, ["Ann", "Bob"], seed=4)
    told = new_game(game, ["Ann", "Bob"], seed=4)
    plain_bots = [make_bot(spec, seed=i) for i in range(2)]
    told_bots = [make_bot(spec, seed=i) for i in range(2)]
    kinds = set()
    for _ in range(40):
        if plain.is_over:
            break
        seat = plain.decision().seat
        key = plain_bots[seat].choose(plain)
        told_key, reason = told_bots[seat].choose_explained(told)
        assert told_key == key
        kinds.add(reason.kind)
        if reason.options:
            assert reason.options[0].key == key  # the chosen one leads the list
        d = told.decision()
        text = why(told, d, key, reason, lambda k, d=d: d.get(k).label)
        assert text.endswith(".") and len(text.split()) >= 6, text
        assert "projected" not in text and "lead" not in text, text
        plain.apply(key)
        told.apply(told_key)
    assert kinds & {"random", "greedy", "search"}  # it weighed something at least once


def test_greedy_reason_names_the_next_best_in_words():
    """The reason says what the choice brings and names the next best choice by its
    label; the values the bot weighed them by stay inside the bot."""
    state = new_game(a_game(seats=2), ["Ann", "Bob"], seed=2)
    key, reason = make_bot("greedy").choose_explained(state)
    d = state.decision()
    assert reason.kind == "greedy" and len(reason.options) >= 2
    values = [o.value for o in reason.options]
    assert values[0] == max(values)
    text = why(state, d, key, reason, lambda k: d.get(k).label)
    assert str(d.get(reason.options[1].key).label) in text
    assert f"tried all {len(reason.options)} choices" in text
    for value in values[:2]:
        assert f"{abs(value):.1f}" not in text, (value, text)
    assert "projected" not in text and "lead" not in text


@pytest.mark.parametrize("game", game_params(seats=2))
def test_search_reason_says_who_came_out_ahead_only_for_playouts_to_the_end(game):
    """A search that plays to the end of the game knows who came out ahead in its
    playouts; one that stops earlier (its game's SEARCH_HORIZON) says how far it
    looked, and neither gives a share as a percentage."""
    to_the_end = hooks(game).search_horizon == "end"
    state = new_game(game, ["Ann", "Bob"], seed=5)
    bot = make_bot("search:30")
    for _ in range(20):
        key, reason = bot.choose_explained(state)
        if reason.kind == "search":
            break
        state.apply(key)
        if state.is_over:
            break
    if reason.kind != "search":
        pytest.skip("no decision in its first 20 that a search weighs")
    d = state.decision()
    text = why(state, d, key, reason, lambda k: d.get(k).label)
    assert f"({reason.playouts} tries in all)" in text
    assert ("came out ahead in" in text) == to_the_end, text
    assert ("the end of the game" in text) == to_the_end, text
    assert "%" not in text and "on average" not in text and "possible futures" not in text


@pytest.mark.parametrize("kind", ["only", "routine", "unrepeated", "random"])
def test_a_choice_not_weighed_says_why_in_words(kind):
    from inkterm.bots.explain import Reason

    state = new_game(a_game(seats=2), ["Ann", "Bob"], seed=2)
    d = state.decision()
    text = why(state, d, d.keys[0], Reason(kind), lambda k: d.get(k).label)
    assert text.endswith(".") and len(text.split()) >= 6 and not any(ch.isdigit() for ch in text)


@pytest.mark.parametrize("game", game_params())
def test_a_seats_standing_comes_in_named_parts_that_add_up_to_its_value(game):
    """For the bots' reasons in words: every game's evaluation names its parts (each
    game inkterm ships has more than the score alone), and they add up to the value
    the bots weigh, at every count, through random positions."""
    import random

    from inkterm.engine import GAMES
    from tests.registered import games

    h = hooks(game)
    spec = GAMES[game]
    for n in sorted({spec.min_players, spec.max_players}):
        st = new_game(game, [f"S{i}" for i in range(n)], seed=n)
        rng = random.Random(n)
        for step in range(400):
            if st.is_over:
                break
            if step % 25 == 0:
                for seat in range(n):
                    parts = h.value_parts(st, seat)
                    names = [name for name, _ in parts]
                    assert len(set(names)) == len(names) and all(isinstance(x, str) and x for x in names)
                    if game in games(shipped=True):
                        assert len(parts) > 1, parts
                    value = h.seat_values(st, seat)[seat] if n > 1 else h.evaluate(st, seat)
                    assert sum(v for _, v in parts) == pytest.approx(value), (step, seat, parts)
            st.apply(rng.choice(st.decision().keys))
