"""Why a bot chose, as a demo tells it, at every bot level: over 100 decisions per game
of the greedy bot (easy) and of the search bot (normal, hard; a small budget here, the
same words), from other games each run (400 with INKTERM_SLOW=1), every reason says in the game's terms what the choice gains: never a
bare number, a "projected lead", a percentage or a fraction of a point. And every part
of each game's evaluation has words of its own (a part the game's reasons module
cannot tell would be named as the evaluation names it)."""
from __future__ import annotations

import re
from functools import cache

import pytest

from inkterm.bots import make_bot
from inkterm.bots.hooks import hooks
from inkterm.bots.reasons import game_words
from inkterm.engine import GAMES, new_game
from inkterm.screens.narration import narrate

from tests.registered import game_params
from tests.seeds import game_seed, seeds, size

DECISIONS = size(100, 400)  # weighed decisions a run, from the run's games (new each run)
BOTS = {"greedy": "greedy", "search": "search:12"}
BARE_NUMBER = re.compile(r"^[\s\d.,:;+\-−±%()]*$")
FRACTION = re.compile(r"\d\.\d")  # a reason counts things: tokens, cubes, OK, never 1.5 points


@cache
def reasons(game: str, bot: str) -> list[tuple[str, str]]:
    """(the choice's label, the reason) for DECISIONS weighed decisions of ``bot``,
    from games seeded by the run's seed (the first game's seed is in a failure's words)."""
    seed, out = seeds(1, f"reasons-{game}-{bot}")[0], []
    state = new_game(game, ["Ann", "Bob"], seed=seed)
    bots = [make_bot(BOTS[bot], seed=i) for i in range(2)]
    while len(out) < DECISIONS:
        if state.is_over:
            seed += 1
            state = new_game(game, ["Ann", "Bob"], seed=seed)
        d = state.decision()
        key, reason = bots[d.seat].choose_explained(state)
        if reason.kind == bot:  # weighed, not the only choice or a routine end
            out.append((d.get(key).label, narrate(state, d, key, reason).why))
        state.apply(key)
    return out


@pytest.mark.parametrize("bot", sorted(BOTS))
@pytest.mark.parametrize("game", game_params(seats=2))
def test_every_reason_of_every_level_is_in_words(game, bot):
    with game_seed(seeds(1, f"reasons-{game}-{bot}")[0]):
        check_reasons(reasons(game, bot))


def check_reasons(told: list[tuple[str, str]]) -> None:
    for label, why in told:
        assert "projected" not in why and "lead" not in why, (label, why)
        assert "%" not in why and not FRACTION.search(why), (label, why)
        assert not BARE_NUMBER.match(why), (label, why)
        for clause in re.split(r"[;,] ", why):  # each number says what it counts
            assert not BARE_NUMBER.match(clause), (clause, why)
        assert len(why.split()) >= 6, (label, why)


@pytest.mark.parametrize("game", game_params(shipped=True))
def test_every_part_of_the_evaluation_has_words(game):
    """The game's reasons module tells each part its evaluation names, so a reason
    built from the parts that moved is in the game's words, never a part's bare name."""
    words = game_words(game)
    spec = GAMES[game]
    state = new_game(game, [f"S{i}" for i in range(spec.min_players)], seed=1)
    names = [name for name, _ in hooks(game).value_parts(state, 0)]
    told = set(getattr(words, "TELLERS", {}))
    assert words is not None and set(names) - {"tie-breaks"} <= told, set(names) - told
