"""A bot asked why it chose gives the same choice as one not asked, with its reasons."""
from __future__ import annotations

import pytest

from inkterm.bots import make_bot
from inkterm.engine import new_game


@pytest.mark.parametrize("game", ["kiln", "inkwell", "voynich"])
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
            text = reason.text(lambda k: told.decision().get(k).label, "Ann")
            assert text.endswith(".") and len(text) > 40
        plain.apply(key)
        told.apply(told_key)
    assert kinds & {"random", "greedy", "search"}  # it weighed something at least once


def test_greedy_reason_names_the_next_best_and_its_value():
    state = new_game("kiln", ["Ann", "Bob"], seed=2)
    key, reason = make_bot("greedy").choose_explained(state)
    d = state.decision()
    assert reason.kind == "greedy" and len(reason.options) >= 2
    values = [o.value for o in reason.options]
    assert values[0] == max(values)
    text = reason.text(lambda k: d.get(k).label, "Ann")
    assert d.get(reason.options[1].key).label in text and "projected lead" in text


@pytest.mark.parametrize("game, words", [("inkwell", "won"), ("kiln", "on average")])
def test_search_reason_gives_a_win_estimate_only_for_playouts_to_the_end(game, words):
    state = new_game(game, ["Ann", "Bob"], seed=5)
    bot = make_bot("search:30")
    for _ in range(20):
        key, reason = bot.choose_explained(state)
        if reason.kind == "search":
            break
        state.apply(key)
    d = state.decision()
    text = reason.text(lambda k: d.get(k).label, "Ann")
    assert words in text and f"{reason.playouts} possible futures" in text
    assert ("won" in text) == (game == "inkwell")
