"""GameState.result(): the game-over screen's standings, winners and headline."""
import pytest

from inkterm.engine import GAMES, GameState, Result, Standing, new_game
from inkterm.engine.text import to_data

from ..registered import games

DEFAULT_RESULT = [g for g in games(seats=2) if GAMES[g].state_class().result is GameState.result]


@pytest.mark.parametrize("game", DEFAULT_RESULT)  # the games that keep the default result()
def test_default_result_follows_scores_ranking_and_breakdown(game):
    st = new_game(game, ["Ann", "Bob"], seed=3)
    while not st.is_over:
        st.apply(st.decision().keys[0])
    res = st.result()
    scores = st.scores()
    assert [s.seat for s in res.standings] == st.ranking()
    assert [s.score for s in res.standings] == [scores[s] for s in st.ranking()]
    players = st.summary()["players"]
    for s in res.standings:
        assert s.name == st.seats[s.seat]
        assert s.breakdown == [tuple(row) for row in players[s.seat]["breakdown"]]
    assert res.winners == [st.seats[st.ranking()[0]]]
    assert [to_data(t) for t in res.tiebreaks] == st.summary()["tiebreaks"]


def test_headline_names_the_margin_a_tie_break_and_a_shared_win():
    def result(scores, winners):
        names = ["Ann", "Bob", "Cy"][:len(scores)]
        return Result([Standing(n, sc) for n, sc in zip(names, scores)], winners)

    assert result([40, 31, 12], ["Ann"]).headline == "Ann wins by 9"
    assert result([40, 40], ["Ann"]).headline == "Ann wins on the tie-break"
    assert result([40, 40, 3], ["Ann", "Bob"]).headline == "Ann and Bob share the win"
    assert result([40], ["Ann"]).headline == "Ann wins"
    assert result([40, 40], ["Ann", "Bob"]).margin is None
