"""Every space of the five board sections shows what it gives: read off the rendered
sections (the strips the widgets paint, at 80×24 in the Sections tab and at 120×40 with
the whole table) and compared with the game's own data (its board.json, loaded and
validated by the game's content models), for states of 2 to 4 seats.

A space is found on screen by what a click on it would say (its board id, the same as a
choice's touch); its reward is read back from the glyphs the player sees, with a reader
written here from the legend's words, not from the widget's code."""
from __future__ import annotations

import re

import pytest

from tests.random_play import after_random_steps
from inkterm.app import InktermApp
from inkterm.engine import new_game
from inkterm.games.voynich.content import content, parse_reward
from inkterm.widgets.voynich.board import SectionView, VoynichBoard

from .painted import painted

# The board's glyphs, as its legend explains them.
GAIN = {"♣": "Bo", "★": "As", "≈": "Ba", "¶": "Wr", " OK": "OK"}
ACTION = {"▲◎": "rs.centre", "▲*": "rs.any", "▲↔": "rs.step", "☆★": "as.star", "☆¶": "wr.star"}
READ = re.compile(r"(\d+)(♣|★|≈|¶| OK)|(▲◎|▲\*|▲↔|☆★|☆¶)|×(\d+)")


def read_reward(shown: str) -> tuple:
    """What a space's printed text says it gives: (gains by type, actions, multiplier)."""
    gains: dict[str, int] = {}
    actions: list[str] = []
    times = None
    for m in READ.finditer(shown):
        if m.group(1):
            gains[GAIN[m.group(2)]] = gains.get(GAIN[m.group(2)], 0) + int(m.group(1))
        elif m.group(3):
            actions.append(ACTION[m.group(3)])
        else:
            times = int(m.group(4))
    return gains, sorted(actions), times


def from_data(code: str) -> tuple:
    """The same, from the data's reward code (``2Bo+rs.step``, ``x3``)."""
    if code.startswith("x"):
        return {}, [], int(code[1:])
    r = parse_reward(code)
    gains = {k: n for k, n in zip(("Bo", "As", "Ba", "Wr", "OK"), r.gains) if n}
    return gains, sorted(r.actions), None


def expected(board, dirty_in_pool: list[str]) -> dict[str, str]:
    """Board id -> the reward the game's data prints there."""
    out = {f"botany:space:{k}": s.reward for k, s in board.botany.items()}
    for k, c in board.astrology.constellations.items():
        out[f"astrology:space:{k}:star"] = c.star_reward
        out[f"astrology:space:{k}"] = c.constellation_reward
        out[f"astrology:space:{k}:text"] = ""  # a text pays its own face (listed under Writing)
    out.update({f"baths:space:{k}": s.reward for k, s in board.baths.spaces.items()})
    out.update({f"baths:dirty:{d}": board.baths.dirty_drops[d] for d in dirty_in_pool})
    for r, row in board.writing.items():
        out[f"writing:space:{r}"] = row.head
        out.update({f"writing:space:{r}:t{i}": "" for i in range(1, row.texts + 1)})
        out.update({f"writing:space:{r}:s{i}": "" for i in range(1, row.stars + 1)})
    for kind, printed in board.recipes.items():
        out.update({f"recipes:space:{kind}:{i}": code for i, code in enumerate(printed, 1)})
    return out


def states():
    """An opening position and mid-game ones, 2 to 4 seats, tokens on many spaces."""
    yield new_game("voynich", ["Ann", "Bob"], seed=3)
    for seats, steps, seed in ((["Ann", "bot"], 150, 5), (["Ann", "Bob", "Cy"], 260, 8),
                               (["Ann", "Bob", "Cy", "Di"], 400, 13)):
        yield after_random_steps("voynich", seats, seed, steps, seed)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_space_shows_its_reward_as_the_data_has_it(size):
    board_data = content().board
    checked = 0
    first, *others = states()
    # One app, on the first state; the board is then shown each state's view in turn.
    app = InktermApp(start=("state", first, None), bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        board = app.screen.query_one(VoynichBoard)
        for st in (first, *others):
            view = st.summary()
            dirty = [t["dirty"] for t in view["sections"]["baths"]["POOL1"] if t.get("dirty")]
            want = expected(board_data, dirty)
            if not board.whole:
                board.view_name = "sections"
            board.show(view, frozenset())  # nothing highlighted: every space as it rests
            await pilot.pause()
            root = board.query_one("#vy-wide" if board.whole else "#vy-tab-sections")
            shown: dict[str, str] = {}
            for section in root.query(SectionView):
                assert section.size.width, section.section
                shown.update(painted(section, tokens=False))
            missing = sorted(set(want) - set(shown))
            assert not missing, (size, missing)
            for space, code in want.items():
                assert read_reward(shown[space]) == from_data(code), (size, space, shown[space], code)
                checked += 1
    assert checked > 4 * 100  # every space of every state, not a handful


def test_the_reader_reads_what_the_legend_says():
    """The reader above, on the legend's own examples (so a board printing something
    else fails the test above rather than passing it unread)."""
    assert read_reward(" a:2♣▲*○") == ({"Bo": 2}, ["rs.any"], None)
    assert read_reward(" 1:1♣▲◎") == ({"Bo": 1}, ["rs.centre"], None)
    assert read_reward("★:1★☆¶-") == ({"As": 1}, ["wr.star"], None)
    assert read_reward(" 3♣2 OK○") == ({"Bo": 3, "OK": 2}, [], None)
    assert read_reward("½⇒2★1 OK") == ({"As": 2, "OK": 1}, [], None)
    assert read_reward(" ×4○") == ({}, [], 4)
    assert from_data("3Ba+1As+1Wr") == ({"Ba": 3, "As": 1, "Wr": 1}, [], None)
