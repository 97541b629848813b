"""The Voynich board builds only the layout the terminal's size needs (the whole table
from 110×34, its views as tabs below) and, when a resize needs the other, builds that
one in its place: the player keeps their place (the tab, how far they had scrolled,
the help card they picked, the highlighted choice, the focus on the board)."""
from __future__ import annotations

from textual.widgets import TabbedContent

from inkterm.app import InktermApp
from inkterm.screens.replay import ReplayScreen
from inkterm.widgets.action_menu import ActionMenu
from inkterm.widgets.voynich.board import CardPicker, SectionView, VoynichBoard

from tests.ui.shown import screen_lines

from .test_ui import settle, voynich

SMALL, LARGE = (80, 24), (120, 40)


def built(board: VoynichBoard) -> str:
    """Which layout the board has built: "wide", "tabs" (never both)."""
    wide, tabs = bool(board.query("#vy-wide")), bool(board.query("#vy-tabs"))
    assert wide != tabs, "both layouts built" if wide else "no layout built"
    return "wide" if wide else "tabs"


def lines_above(scroll, part) -> int:
    """How many of ``part``'s lines are above the top of ``scroll``'s view."""
    return scroll.content_region.y - part.region.y


async def test_a_resize_across_the_threshold_builds_the_other_layout_and_keeps_the_place():
    app = InktermApp(start=("state", voynich(steps=90), None), bot_delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        board = app.screen.query_one(VoynichBoard)
        menu = app.screen.query_one(ActionMenu)
        assert built(board) == "tabs" and not board.wide
        # the player's place: a help card picked, the Sections view read down to the
        # Baths, a choice highlighted, the focus on the board
        card = board._cards[1][1]
        board.query_one(CardPicker).value = card
        while board.view_name != "sections":
            await pilot.press("v")
            await pilot.pause()
        await pilot.press("down")
        await settle(pilot)
        tab = board.query_one("#vy-tab-sections")
        scroll, baths = tab.query_one("VerticalScroll"), next(
            w for w in tab.query(SectionView) if w.section == "baths")
        scroll.scroll_to(y=scroll.scroll_y - lines_above(scroll, baths) + 2, animate=False, immediate=True)
        await settle(pilot)
        highlighted, scrolled_to = menu.highlighted, scroll.scroll_y
        assert highlighted and scrolled_to and lines_above(scroll, baths) == 2
        scroll.focus()

        await pilot.resize_terminal(*LARGE)
        await settle(pilot)
        assert board.wide and built(board) == "wide"
        wide = board.query_one("#vy-wide")
        baths = next(w for w in wide.query(SectionView) if w.section == "baths")
        assert lines_above(wide, baths) == 2  # the Baths where the player was reading
        assert any("◎" in line for line in screen_lines(app))  # the whole table drawn
        assert menu.highlighted == highlighted and app.focused is wide
        assert board.help_card == card and board.query_one(CardPicker).value == card

        await pilot.resize_terminal(*SMALL)
        await settle(pilot)
        assert not board.wide and built(board) == "tabs"
        tabs = board.query_one("#vy-tabs", TabbedContent)
        assert tabs.active == "vy-tab-sections" and board.view_name == "sections"
        scroll = tabs.query_one("#vy-tab-sections").query_one("VerticalScroll")
        assert scroll.scroll_y == scrolled_to  # back where the player left it
        assert menu.highlighted == highlighted and app.focused is scroll
        assert board.query_one(CardPicker).value == card


async def test_a_replay_shows_the_whole_board_at_120x40():
    """A replay is no game screen, but its board is the same: at 120×40 the whole table
    is built and drawn (it was tabs over the whole table's undrawn parts)."""
    st = voynich(steps=40)
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        await app.push_screen(ReplayScreen(st.record))
        await pilot.press("end")
        await settle(pilot)
        shown = screen_lines(app)
        assert any("◎" in line for line in shown), "\n".join(shown)  # the puzzle's centre
        assert built(app.screen.query_one(VoynichBoard)) == "wide"
