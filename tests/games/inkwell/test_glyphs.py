"""A gold-only space reads ★ wherever a player sees it, as gold cubes do."""
import json
from importlib import resources

from inkterm.bots import make_bot
from inkterm.engine import new_game
from inkterm.games.inkwell.content import SPACE_GLYPH


def test_place_labels_name_a_page_space_and_gold_only_in_words():
    seen = 0
    for seed in range(1, 6):
        state = new_game("inkwell", ["Ann", "Bob"], seed=seed)
        bot = make_bot("random", seed=seed)
        while not state.is_over:
            d = state.decision()
            page = state.C.pages[state.players[d.seat].page] if state.players[d.seat].page else None
            accept = {sp.sid: sp.accept for sp in page.spaces} if page else {}
            name = {sp.sid: sp.name for sp in page.spaces} if page else {}
            for c in d.choices:
                if c.key.startswith("place:"):
                    sid = c.key[6:]
                    assert c.label.startswith(f"Space {name[sid]} ("), c.label  # not a bottle's name
                    assert "*" not in c.label and ("gold only" in c.label) == (accept[sid] == "*"), c.label
                    seen += accept[sid] == "*"
            state.apply(bot.choose(state))
    assert seen  # the games did offer gold-only spaces


def test_one_glyph_for_gold_in_the_data_and_on_the_board():
    from inkterm.widgets.inkwell import board

    assert SPACE_GLYPH["*"] == board.LETTER["gold"] == "★"
    assert board.SYMBOL is SPACE_GLYPH
    raw = json.loads((resources.files("inkterm.assets") / "inkwell" / "pages.json").read_text("utf-8"))
    assert "★ = gold only" in raw["legend"] and "* =" not in raw["legend"]


async def test_an_illustration_never_reads_as_a_blue_cube_at_80x24():
    """A page's illustration B and the blue cube B: at 80×24 the page's rows begin with
    their illustration's name (illus B), never the bare letter that a blue cube is
    drawn with, and the legend says what it is."""
    import re

    from inkterm.app import InktermApp
    from inkterm.widgets.legend import legend_for
    from tests.random_play import after_random_steps

    from shown import screen_lines

    st = after_random_steps("inkwell", ["Ann", "Bob", "Cy"], 3, 12, 1)
    assert st.players[0].page is not None  # a page with illustrations A, B (and C)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = screen_lines(app)
    text = "\n".join(lines)
    assert re.search(r"illus B \d+pt", text), text
    assert not re.search(r"(^|[^s] )[A-C] \d+pt", text, re.M), text
    assert any(g.glyph == "illus B" for g in legend_for("inkwell").glyphs)
