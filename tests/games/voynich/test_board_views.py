"""The Voynich board's views at 80×24 show the whole of what a decision concerns:
turning the goat, the Sections view shows Astrology with its five sectors and the goat."""
from __future__ import annotations

import pytest
from rich.cells import cell_len

from inkterm.app import InktermApp
from inkterm.bots import make_bot
from inkterm.engine import new_game
from inkterm.widgets.action_menu import ActionMenu
from inkterm.widgets.voynich.board import SectionView, VoynichBoard
from textual.geometry import Region
from textual.widgets import TabbedContent

from tests.ui.shown import screen_lines

from .painted import painted


def goat_to_turn():
    """Ann's actions, with turning the goat among them (she heads for Astrology)."""
    st = new_game("voynich", ["Ann", "bot"], seed=1)
    bot = make_bot("random", seed=1)
    for _ in range(2000):
        d = st.decision()
        if d.seat == 0 and any(c.key == "do:as.goat" for c in d.choices):
            return st
        wanted = [c.key for c in d.choices if c.key == "spread:astrology" or c.key.startswith("act:AS")]
        st.apply(wanted[0] if d.seat == 0 and wanted else bot.choose(st))
    raise AssertionError("no goat to turn")


async def test_turning_the_goat_shows_all_five_sectors_and_the_goat_at_80x24():
    st = goat_to_turn()
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        board = app.screen.query_one(VoynichBoard)
        tabs = board.query_one("#vy-tabs", TabbedContent)
        tabs.active = "vy-tab-book"  # looking elsewhere first
        await pilot.pause()
        menu = app.screen.query_one(ActionMenu)
        menu.focus()
        choices = app.screen.decision.choices
        goat = next(i for i, c in enumerate(choices) if c.key == "do:as.goat")
        while menu.highlighted != len(choices) - 1:  # "End your actions": it touches nothing
            await pilot.press("down")
        await pilot.pause()
        assert tabs.active == "vy-tab-book"
        while menu.highlighted != goat:
            await pilot.press("up")
        await pilot.pause()
        await pilot.pause()
        assert tabs.active == "vy-tab-book"  # views move on a new decision, not on the highlight
        for _ in range(len(board.VIEWS)):  # the player turns to the sections with v
            if tabs.active == "vy-tab-sections":
                break
            await pilot.press("v")
            await pilot.pause()
        assert tabs.active == "vy-tab-sections"
        astrology = next(w for w in board.query_one("#vy-tab-sections").query(SectionView)
                         if w.section == "astrology")
        shown = painted(astrology)
        for sector in "12345":  # every sector's three constellations are drawn
            for ring in ("I", "O1", "O2"):
                assert f"astrology:space:{sector}{ring}:star" in shown
        # and on the screen: the title with the goat, each sector's star spaces and, under
        # sector 5's, its text spaces and rewards
        left = [line[: board.region.right] for line in screen_lines(app)]
        title = next(i for i, line in enumerate(left) if "Astrology" in line)
        assert f"goat on {st.summary()['goat']}" in left[title]
        rows = [next(i for i, line in enumerate(left) if line.lstrip(" ▶").startswith(f"{s} ★:")) for s in "12345"]
        assert rows == sorted(rows) and rows[0] > title
        assert "⇒" in left[rows[4] + 1], left
        assert f"▶{st.summary()['goat']} ★:" in "\n".join(left)


async def test_the_card_views_picker_opens_with_enter_at_80x24():
    """Tab reaches the help card's picker in the Card view, and Enter opens it: any
    card's help without a mouse."""
    from inkterm.widgets.voynich.board import CardPicker

    app = InktermApp(start=("state", new_game("voynich", ["Ann", "bot"], seed=3), None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        board = app.screen.query_one(VoynichBoard)
        while board.view_name != "card":
            await pilot.press("v")
        await pilot.pause()
        for _ in range(4):
            if isinstance(app.focused, CardPicker):
                break
            await pilot.press("tab")
            await pilot.pause()
        picker = app.focused
        assert isinstance(picker, CardPicker) and picker.region.height  # on screen
        await pilot.press("enter")
        await pilot.pause()
        assert picker.expanded
        assert app.focused is not picker and picker in app.focused.ancestors  # its open list
        await pilot.press("down", "enter")  # the first card
        await pilot.pause()
        assert board.help_card is not None and not picker.expanded


async def book_tab_lines(app, pilot) -> tuple[VoynichBoard, list[str]]:
    """The board, and the Book tab's lines as drawn (the tab brought to the front)."""
    from inkterm.widgets.voynich.book import BookView

    await pilot.pause()
    board = app.screen.query_one(VoynichBoard)
    board.query_one("#vy-tabs", TabbedContent).active = "vy-tab-book"
    await pilot.pause()
    book = board.query_one("#vy-tab-book").query_one(BookView)
    return board, ["".join(seg.text for seg in strip).rstrip()
                   for strip in book.render_lines(Region(0, 0, book.size.width, book.size.height))]


async def test_a_book_card_s_wrapped_lines_go_on_under_its_text_at_80x24():
    """A card's text or its need, too long for the Book tab at 80 columns, goes on
    under where it began: a continuation at the left edge read as a new item."""
    st = new_game("voynich", ["You", "Ann"], seed=75233)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        _board, lines = await book_tab_lines(app, pilot)
        assert any(line.startswith(" " * 18) and line.strip() for line in lines), lines  # a card's text wrapped
        for line in lines:
            body = line.lstrip()
            if body and body[0].islower() and not body.startswith("texts in supply"):
                assert len(line) - len(body) >= 4, lines


@pytest.mark.parametrize("language", ["en", "zh", "ja"])
async def test_a_book_card_s_need_wraps_under_the_need_not_under_its_arrow_at_80x24(language):
    """"↻ needs 1 token on an edge piece (not a / corner)": the need's wrapped line goes
    on under the need itself, as a card's text does, not at the card's indent, where
    it read as the card's next line ("scores nothing yet" is set in just as far)."""
    from inkterm import i18n
    from inkterm.games.voynich import words as W
    st = new_game("voynich", ["You", "Ann"], seed=75233)
    i18n.use(language)
    try:
        app = InktermApp(start=("state", st, None), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            board, lines = await book_tab_lines(app, pilot)
            cards = [c for c in board.view["players"][0]["book"] if c.get("condition")]
            needs = {W.condition(c["condition"], short).replace(" ", "") for c in cards for short in (False, True)}
            word = i18n.gettext("needs {what}").partition("{what}")[0]  # "needs ", "必要："
    finally:
        i18n.use("en")
    read, wrapped = [], 0
    for i, line in enumerate(lines):
        lead = next((f"{arrow} {word}" for arrow in "↻⇅" if line.lstrip().startswith(f"{arrow} {word}")), None)
        if lead is None:
            continue
        at = line.index(lead) + len(lead)
        col = cell_len(line[:at])
        need = line[at:]
        for more in lines[i + 1:]:  # its continuations: set in under the need
            if cell_len(more) - cell_len(more.lstrip()) != col:
                break
            need += more.strip()
            wrapped += 1
        read.append(need.replace(" ", ""))
    assert read and wrapped, lines  # some needs are too long for a line at 80 columns
    assert set(read) <= needs, lines


@pytest.mark.parametrize("language", ["en", "ja"])
async def test_a_help_card_s_steps_wrap_under_their_text_at_80x24(language):
    """The Card view at 80 columns: "↻ to step 2: 1 token on an edge piece / (not a
    corner)" goes on under the need, and a step's "adds …" under what it adds, not at
    the left edge, where a continuation read as a line of its own."""
    from inkterm import i18n
    from inkterm.games.voynich import words as W
    from inkterm.widgets.voynich.book import HelpView
    from inkterm.widgets.voynich.common import card_steps

    st = new_game("voynich", ["You", "Ann"], seed=75233)
    i18n.use(language)
    try:
        app = InktermApp(start=("state", st, None), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            board = app.screen.query_one(VoynichBoard)
            board.help_card = board.view["players"][0]["book"][0]["card"]
            board.query_one("#vy-tabs", TabbedContent).active = "vy-tab-card"
            await pilot.pause()
            await pilot.pause()
            help_view = board.query_one("#vy-tab-card").query_one(HelpView)
            lines = ["".join(seg.text for seg in strip).rstrip()
                     for strip in help_view.render_lines(Region(0, 0, *help_view.outer_size))]
            path = card_steps(board.help_card)
            needs = {W.condition(cond).replace(" ", "") for _step, _acts, _mult, cond in path if cond}
            leads = [i18n.gettext("to step {n}: {what}").format(n=step + 1, what="{what}").partition("{what}")[0]
                     for step, _acts, _mult, cond in path if cond]
    finally:
        i18n.use("en")
    read, wrapped = [], 0
    for i, line in enumerate(lines):
        lead = next((lead for lead in leads if lead in line), None)
        if lead is None:
            continue
        at = line.index(lead) + len(lead)
        col = cell_len(line[:at])
        need = line[at:]
        for more in lines[i + 1:]:
            if cell_len(more) - cell_len(more.lstrip()) != col:
                break
            need += more.strip()
            wrapped += 1
        read.append(need.replace(" ", ""))
    assert len(read) == len(leads) and wrapped, lines
    assert set(read) <= needs, lines
    first = next(i for i, line in enumerate(lines) if line.lstrip(" ▸")[:1] in "●○")
    end = next((i for i, line in enumerate(lines) if line.startswith("×")), len(lines))  # the ×N note
    assert not [line for line in lines[first:end] if line[:1] not in " ▸"], lines  # the steps: nothing at the edge
