"""Every registered game's views are what the shell reads (inkterm/engine/view.py):
checked on real views, as seeded random games are played, for every seat."""
from __future__ import annotations

import warnings

import pytest
from pydantic import TypeAdapter, ValidationError

from inkterm.bots import make_bot
from inkterm.engine import GAMES, new_game
from inkterm.engine.view import TableView

with warnings.catch_warnings():  # "will not protect items from mutation": views are not mutated
    warnings.filterwarnings("ignore", "Items .* are using the `ReadOnly` qualifier")
    CONTRACT = TypeAdapter(TableView)
#: Views checked along a game: every so many choices, and at the end.
EVERY = 9


def check(view, seats: list[str]) -> None:
    """The view meets the contract, with one player per seat, in seat order, and
    breakdown rows of [label, points]."""
    CONTRACT.validate_python(view, strict=True)
    assert [p["name"] for p in view["players"]] == seats
    for p in view["players"]:
        assert all(len(row) == 2 and isinstance(row[0], str) and isinstance(row[1], int)
                   for row in p["breakdown"]), p["breakdown"]


def play_checking(game: str, n: int, seed: int) -> None:
    st = new_game(game, [f"P{i}" for i in range(n)], seed=seed)
    bot = make_bot("random", seed=seed)
    steps = 0
    while True:
        if steps % EVERY == 0 or st.is_over:
            check(st.summary(), st.seats)
            for seat in range(n):
                check(st.view(seat), st.seats)
        if st.is_over:
            break
        st.apply(bot.choose(st))
        steps += 1
    summary = st.summary()
    # The end as the game-over screen and the simulator read it.
    assert summary.get("winners") or "winner" in summary or st.ranking()
    assert [p["score"] for p in summary["players"]] == st.scores()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_views_meet_the_shell_contract_through_a_game(game):
    spec = GAMES[game]
    for n in sorted({spec.min_players, max(2, spec.min_players), spec.max_players}):
        play_checking(game, n, seed=11 + n)


def test_the_check_refuses_a_view_without_what_the_shell_reads():
    """A player without a score, a round that is not a number: refused."""
    good = {"players": [{"name": "Ann", "score": 3, "breakdown": [["Cards", 3]]}], "round": 2}
    check(good, ["Ann"])
    for bad in ({"players": [{"name": "Ann", "breakdown": []}]},
                {**good, "round": "two"},
                {**good, "players": [{"name": "Ann", "score": "3", "breakdown": []}]}):
        with pytest.raises(ValidationError):
            check(bad, ["Ann"])
