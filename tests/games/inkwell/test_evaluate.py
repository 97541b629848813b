"""How the bots judge an Inkwell position (evaluate.py)."""
from inkterm.bots import make_bot
from inkterm.games.inkwell.evaluate import PAGE_WORTH, PAGES, RIVAL_WORTH, evaluate, player_value

from .helpers import fresh, start


def test_greedy_does_not_turn_a_bare_page_for_the_deadline_bonus():
    """Balance round 8: greedy saw a Turn as free, so with Deadline (+4 at once, with
    two players) it turned its page I at the Abbot's start and lost four games in five.
    A page not yet turned now has a worth of its own."""
    for seed in range(1, 6):
        st = start(2, seed=seed, sides="BA")
        st.players[0].ws = "W-R"  # the red workspace: side B is Deadline
        fresh(st)
        assert ("Deadline", 4) in st.page_score(0)  # a Turn now would pay the bonus
        assert "turn" in [c.key for c in st.decision().choices]
        assert make_bot("greedy", seed=seed).choose(st) != "turn"


def test_the_worth_of_a_page_counts_only_against_other_players():
    """Alone the Rival's race pays for finishing early, so a page kept back is worth
    nothing extra; at a table each page still to turn is."""
    solo, duo = start(1), start(2)
    for st in (solo, duo):
        st.players[0].score = 10
    assert evaluate(solo, 0) == player_value(solo.view(0)["players"][0], 0.0)
    mine, theirs = duo.view(0)["players"]
    assert evaluate(duo, 0) == player_value(mine) - player_value(theirs)
    assert player_value(mine) - player_value(mine, 0.0) == PAGE_WORTH * PAGES


def test_alone_greedy_minds_half_the_rivals_score_and_pile():
    """Issue 36: the Rival clears the fullest bottle it rolls, so a full Take also keeps
    ink from it; blind to the Rival, greedy lost to the probe "take the fullest bottle"
    (35% to its 50% against the Standard Rival)."""
    st = start(1)
    before = evaluate(st, 0)
    st.rival_pile = [2, 1, 1, 0, 0]
    st.rival_score = 6
    fresh(st)
    assert evaluate(st, 0) == before - RIVAL_WORTH * (6 + 4) and RIVAL_WORTH == 0.5


def test_the_bots_weigh_the_standings_every_view_shows():
    """The bots read ``standings`` and ``rival_standing``, not the whole view (most of a
    greedy game): every player's value comes out the same from either, all through a
    game, alone and at a table (before the sides are public the preview stays hidden)."""
    import random

    from inkterm.engine import new_game
    from inkterm.games.inkwell.evaluate import rival_value
    from inkterm.games.inkwell.summary import standings

    for n in (1, 3):
        st, rng = new_game("inkwell", [f"P{i + 1}" for i in range(n)], seed=5), random.Random(5)
        while not st.is_over:
            for seat in range(n):
                shown = st.view(seat)
                assert [player_value(p) for p in standings(st)] == [player_value(p) for p in shown["players"]]
            if n == 1:
                r = shown["rival"]
                assert rival_value(st) == float(r["score"]) + sum(r["pile"].values())
            st.apply(rng.choice(st.decision().choices).key)
