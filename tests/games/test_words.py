"""Every text a player reads addresses a seat named You in the second person and
agrees with its counts; the same game with Ann still reads in the third person."""
import re

import pytest

from inkterm.bots import make_bot
from inkterm.engine import GAMES, new_game

from ..registered import games

#: "You acts", "You has", "You's", "You Turns": third-person forms after You.
YOU_SLIP = re.compile(r"\bYou (?:[A-Za-z]*[a-z]s)\b|\bYou's\b")
#: A count of one with a plural noun, or a "(s)" plural.
COUNT_SLIP = re.compile(
    r"\b1 (?:extra |sharing |research )?(?:dice|cards|tokens|points|blanks|materials|cubes|spaces"
    r"|steps|techniques|pieces|leaves|drops|stars|texts|uses|rounds|turns|choices)\b|\w\(s\)"
)

def strings_in(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in strings_in(v)]
    return []


def all_texts(game: str, seats: list[str], seed: int) -> list[str]:
    """Every prompt, label, hint and event of one seeded game played by a random bot,
    and the final summary's texts (the tie-break lines)."""
    state = new_game(game, seats, seed=seed)
    bot = make_bot("random", seed=seed)
    texts: list[str] = []
    while not state.is_over:
        d = state.decision()
        texts.append(str(d.prompt))  # as the reader reads them
        texts.extend(str(t) for c in d.choices for t in (c.label, c.hint))
        texts.extend(str(e.text) for e in state.apply(bot.choose(state)))
    return texts + strings_in(state.summary())


def you_at(game: str) -> list[list[str]]:
    """The tables a reader named You sits at: first of the fewest seats, last of the most."""
    spec = GAMES[game]
    few = ["You", "Bob", "Cy", "Di", "Ed"][: spec.min_players]
    many = [*["Bob", "Cy", "Di", "Ed", "Flo"][: spec.max_players - 1], "You"]
    return [few, many]


CASES = [pytest.param(game, seats, id=f"{game}-{len(seats)}") for game in games() for seats in you_at(game)]


@pytest.mark.parametrize("game, seats", CASES)
@pytest.mark.parametrize("seed", [1, 2])
def test_you_reads_in_the_second_person(game, seats, seed):
    """Every game; the phrases each game must show (``You act in``) are its own tests'
    (tests/games/<game>/test_second_person.py, with ``phrases_shown`` below)."""
    you = all_texts(game, seats, seed)
    slips = sorted({t for t in you if YOU_SLIP.search(t) or COUNT_SLIP.search(t)})
    assert not slips, slips[:10]
    ann = all_texts(game, ["Ann" if s == "You" else s for s in seats], seed)
    assert len(ann) == len(you)  # the name changes the words, never the game


def phrases_shown(game, seats, you_phrases, ann_phrases, seed):
    """A game's own check: the You game shows ``you_phrases``, the same game with Ann
    in You's seat ``ann_phrases``."""
    you = all_texts(game, seats, seed)
    for phrase in you_phrases:
        assert any(phrase in t for t in you), phrase
    ann = all_texts(game, ["Ann" if s == "You" else s for s in seats], seed)
    for phrase in ann_phrases:
        assert any(phrase in t for t in ann), phrase
