"""What a seat at a shared table reads while another chooses: "Ann is choosing
(materials)" names the rules section in the reader's language (the server makes the
line once, for every seat)."""
from __future__ import annotations

import random
import re

import pytest

from inkterm.engine import GAMES, new_game
from inkterm.engine.text import render
from inkterm.tables.manager import _decision_for
from inkterm.translated import has_rules

from tests.registered import game_params


@pytest.mark.parametrize("lang", ["zh", "ja"])
@pytest.mark.parametrize("game", game_params(seats=2))
def test_what_another_is_choosing_about_reads_in_the_language(game, lang):
    if not has_rules(game, lang):
        pytest.skip(f"no rules of this game in {lang} yet: the topic is its English heading")
    seats = ["Ann", "Bob", "Cy", "Dee"][:max(2, GAMES[game].min_players)]
    state, rng, told = new_game(game, seats, seed=5), random.Random(5), set()
    while not state.is_over and len(told) < 40:
        d = state.decision()
        watcher = (d.seat + 1) % len(seats)
        said = render(_decision_for(d, watcher, seats[d.seat], game).prompt, lang)
        told.add(said)
        assert not re.findall(r"[A-Za-z]{2,}", said.replace(seats[d.seat], "")), said
        state.apply(rng.choice(d.choices).key)
    assert any("（" in s for s in told), told  # some decision named its topic
