"""A demo's and a scene's "Deciding:" line names the chooser once in Chinese and
Japanese too: a game's prompt that names its chooser ("Bob：自由行动，或结束回合")
is not named again ("Bob：Bob：…", the English prefix "Bob: " was all it looked for)."""
from __future__ import annotations

from inkterm import i18n
from inkterm.bots.explain import Reason
from inkterm.engine import new_game
from inkterm.screens.narration import deciding, narrate

from tests.languages import lang  # noqa: F401  (the fixture: zh, then ja)
from tests.registered import game_params

import pytest


def test_the_chooser_is_named_once(lang):  # noqa: F811
    named = i18n._("{name}: {text}").format(name="Bob", text="")
    assert deciding("Bob", named + "x") == deciding("Bob", "x") == named + "x"
    assert deciding("Bob", "Bob: x") == named + "x"


@pytest.mark.parametrize("game", game_params(seats=2))
def test_a_demo_step_names_the_chooser_once(game, lang):  # noqa: F811
    state = new_game(game, ["Ann", "Bob"], seed=2)
    for _ in range(12):
        d = state.decision()
        who = state.seats[d.seat]
        said = narrate(state, d, d.keys[0], Reason("scripted")).decided
        assert said.count(who) == 1 or str(d.prompt).count(who) > 1, said
        state.apply(d.keys[0])
