"""A bot's words in Chinese and Japanese: the probes' strategies (the simulate list,
a scripted reason), the glue of every reason ("the next best…", "the bot played each
choice out…") and the game's own words in it (what a move gains and sets up) read in
the language."""
from __future__ import annotations

import re

import pytest

from inkterm import i18n
from inkterm.bots import make_bot, probes
from inkterm.bots.explain import Reason
from inkterm.bots.probe import probe_text, probe_words
from inkterm.bots.reasons import unweighed, why
from inkterm.engine import GAMES, new_game

from tests.registered import game_params

from .screens import still_english
from tests.languages import lang  # noqa: F401  (the fixture: zh, then ja)

#: The glue's own English words: none may be left in a translated reason.
GLUE = re.compile(r"\b(the bot|next best|tries in all|came out|looked as good|fixed strategy|and it)\b")


@pytest.mark.parametrize("game", [g for g in sorted(GAMES) if probes(g)])
def test_the_probes_say_their_strategy_in_the_language(game, lang):
    if still_english(game):
        pytest.xfail("the game's rules still make English strings")
    for fn in probes(game).values():
        said = probe_text(fn)
        assert said != probe_words(fn) and not re.search(r"[A-Za-z]{3,}", said), said
        assert not re.search(r"[A-Za-z]{3,}", unweighed(Reason("scripted", note=probe_words(fn))))


@pytest.mark.parametrize("game", game_params(seats=2))
def test_a_reasons_glue_is_in_the_language(game, lang):
    state = new_game(game, ["Ann", "Bob", "Cy"][:max(2, GAMES[game].min_players)], seed=3)
    bot = make_bot("normal", seed=1)
    for _ in range(4):
        d = state.decision()
        key, reason = bot.choose_explained(state)
        said = why(state, d, key, reason, lambda k: "Z")
        assert not GLUE.search(said), said
        if not still_english(game):  # the game's own words too (what a move gains, sets up)
            assert not set(re.findall(r"[A-Za-z]{2,}", said)) - set(state.seats), said  # names stay
        state.apply(key)


@pytest.mark.parametrize("game", [g for g in sorted(GAMES) if g in {p.values[0] for p in game_params()}])
def test_every_part_of_the_evaluation_is_named_in_the_language(game, lang):  # noqa: F811
    """A reason names a part of the bot's evaluation that rose when the game has no
    other words for it ("more for {part}"): every part ``value_parts`` names, and every
    part the game's ``TELLERS`` tell, is in the language (a demo said "blanks the tokens
    make now更有利")."""
    import random

    from inkterm.bots.hooks import hooks
    from inkterm.bots.reasons import game_words
    from inkterm.engine.text import Msg

    state, rng = new_game(game, ["Ann", "Bob"][:max(1, GAMES[game].min_players)] + ["Cy"], seed=4), random.Random(4)
    names = set(getattr(game_words(game), "TELLERS", {}))
    while not state.is_over and len(state.record.choices) < 150:
        names |= {name for name, _v in hooks(game).value_parts(state, state.decision().seat)}
        state.apply(rng.choice(state.decision().keys))
    said = {name: str(Msg("more for {part}", part=Msg(name))) for name in names}
    assert said and {name: s for name, s in said.items() if re.search(r"[A-Za-z]{3,}", s.replace("OK", ""))} == {}
