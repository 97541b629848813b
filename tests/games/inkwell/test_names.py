"""One name per thing on Inkwell's table: the mat's bottles and technique slots and a
page's spaces never share a drawn name (the star bottle and a page's first standalone
space were both "S1", a circle bottle and a space of illustration C both "C1"): the
bottles are S1, O1–O4 (○ circles) and D1–D3, a page's standalone spaces its margin
("margin 1"), in the view, the menu, the events and on the board."""
from __future__ import annotations

import re

from textual.app import App

from inkterm.bots import make_bot
from inkterm.engine import new_game
from inkterm.widgets.board import BOARD_CSS, board_for


def mat_names(view) -> set[str]:
    """The bottles' names and their technique slots' (T1…)."""
    return {b["name"] for b in view["mat"]} | {b["slot"] for b in view["mat"] if b["slot"]}


def pages_in(view) -> list[dict]:
    pages = [p["page"] for p in view["players"] if p.get("page")]
    return pages + [pg for shown in view["display"].values() for pg in shown]


def space_names(view) -> set[str]:
    return {sp["name"] for pg in pages_in(view) for sp in pg["spaces"]}


def games(seeds=range(1, 5), seats=("Ann", "Bob", "Cy")):
    for seed in seeds:
        st = new_game("inkwell", list(seats), seed=seed)
        bot = make_bot("random", seed=seed)
        while not st.is_over:
            yield st
            st.apply(bot.choose(st))


def test_no_bottle_slot_and_page_space_share_a_name():
    seen_margin = 0
    for st in games():
        view = st.summary()
        mat, spaces = mat_names(view), space_names(view)
        assert not mat & spaces, mat & spaces
        seen_margin += any(n.startswith("margin\u00a0") for n in spaces)
    assert seen_margin  # pages with standalone spaces were on the table


def test_choices_and_events_name_a_space_by_its_name_never_a_bottles():
    said = 0
    for st in games(seeds=(1, 2)):
        d = st.decision()
        view = st.summary()
        mat = mat_names(view)
        for c in d.choices:
            if c.key.startswith(("place:", "move:")):
                assert not set(re.findall(r"\b[A-Z]\d+\b", str(c.label))) & mat, c.label
        for e in st.clone().apply(d.keys[0]):
            if " on " in e.text and e.kind == "place":
                where = str(e.text).rsplit(" on ", 1)[1].rstrip(".")
                assert where not in mat, e.text
                said += where.startswith("margin\u00a0")
    assert said  # a cube went on a margin space and the event said so


class BoardApp(App):
    CSS_PATH = BOARD_CSS

    def __init__(self, board) -> None:
        super().__init__()
        self.board = board

    def compose(self):
        yield self.board


async def test_the_board_draws_the_star_bottle_alone_as_S1():
    """A page with a standalone space in play: the board draws S1 once (the bottle)
    and the space under "margin"."""
    st = next(st for st in games(seeds=(1, 2, 3))
              if any(sp["role"] == "standalone" for p in st.summary()["players"] if p.get("page")
                     for sp in p["page"]["spaces"]))
    board = board_for("inkwell")
    app = BoardApp(board)
    async with app.run_test(size=(120, 40)) as pilot:
        board.show(st.summary(), frozenset(), frozenset())
        await pilot.pause()
        text = "\n".join(_lines(app))
    assert len(re.findall(r"(?<![\w-])S1(?!\w)", text)) == 1, text
    assert "margin" in text


def _lines(app) -> list[str]:
    from tests.ui.shown import screen_lines

    return screen_lines(app)
