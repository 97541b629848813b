"""A bot's reason in Inkwell's own words (``games/inkwell/reasons.py``) reads in the
reader's language: what a Take or a Turn gained and sets up, over seeded random games
with two seats and solo (the Rival's pile), has no English word left in Chinese or
Japanese (illustrations are named by a letter), and says in English what it said."""
import random
import re

import pytest

from inkterm import i18n
from inkterm.bots.reasons import in_words
from inkterm.engine import new_game
from inkterm.engine.text import render

#: An English word: two Latin letters or more (an illustration's id is one letter).
ENGLISH = re.compile(r"[A-Za-z]{2,}")


def said_in_games() -> list:
    """Every gain and set-up told for every move of two seeded random games, as texts."""
    said = []
    for seats, seed in ((["Ann", "Bob"], 4), (["Ann"], 6)):
        st, rng = new_game("inkwell", seats, seed=seed), random.Random(seed)
        while not st.is_over:
            d = st.decision()
            after = st.clone()
            after.apply(rng.choice(d.keys))
            gains, sets_up = in_words(st, after, d.seat)
            said += [*gains, *sets_up]
            st = after
    return said


@pytest.fixture(scope="module")
def said():
    told = said_in_games()
    english = {render(t, "en") for t in told}
    # The game went far enough to say each kind of thing (a guard against saying nothing).
    for kind in ("cube on illustration", "completes illustration", "a Turn would now score", "a new page",
                 "the technique", "the page scores", "the Rival"):
        assert any(kind in e for e in english), kind
    return told


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_a_reasons_game_words_are_in_the_language(said, lang):
    left = {render(t, lang) for t in said if ENGLISH.search(render(t, lang))}
    assert left == set(), sorted(left)[:5]


def test_in_english_a_reason_says_what_it_did():
    i18n.use("en")
    english = {render(t, "en") for t in said_in_games()}
    assert any(re.fullmatch(r"\d+ cubes? on illustration [A-Z] \(\d+ of \d+ for \d+ points?\)", e) for e in english)
    assert any(re.fullmatch(r"the technique [A-Z][\w' -]+", e) for e in english)
