"""Voynich at the table: a whole 2-seat game by keys, the board widgets against real game states, and
snapshots at 80×24 and 120×40.

Update the pictures after an intended change with
``pytest tests/ui/test_voynich_ui.py --snapshot-update`` and look at the report."""
from __future__ import annotations

import re

from rich.console import Group
from rich.text import Text

from inkterm.app import InktermApp
from inkterm.bots import make_bot
from inkterm.engine import new_game
from inkterm.screens.game import GameScreen
from inkterm.screens.gameover import GameOverScreen
from inkterm.widgets.action_menu import ActionMenu
from inkterm.widgets.voynich.board import (
    BookView,
    CardPicker,
    HelpView,
    PuzzleView,
    SectionView,
    TrackView,
    VoynichBoard,
    explain_icon,
    parse_help,
)
from inkterm.games.voynich.rules import HELP
from textual.widgets import TabbedContent


def plain(widget) -> str:
    """The text a board part shows (its last update)."""
    content = widget.content
    if isinstance(content, Group):
        return "\n".join(t.plain if isinstance(t, Text) else str(t) for t in content.renderables)
    return content.plain if isinstance(content, Text) else str(content)


def voynich(seats=("Ann", "bot"), seed=3, steps=0, bot_seed=1):
    """A Voynich game with ``steps`` choices already made by a seeded random bot."""
    st = new_game("voynich", list(seats), seed=seed)
    bot = make_bot("random", seed=bot_seed)
    for _ in range(steps):
        if st.is_over:
            break
        st.apply(bot.choose(st))
    return st


async def settle(pilot):
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def visible(app, cls):
    """The parts of ``cls`` in the layout on view (wide: all at once; small: tabs)."""
    board = app.screen.query_one(VoynichBoard)
    root = board.query_one("#vy-wide" if board.wide else "#vy-tabs")
    return list(root.query(cls))


async def highlight(pilot, pred):
    """Move the menu's highlight down to the first choice with ``pred(choice)``."""
    screen = pilot.app.screen
    choices = screen.decision.choices
    index = next(i for i, c in enumerate(choices) if pred(c))
    menu = screen.query_one(ActionMenu)
    menu.focus()
    while menu.highlighted != index:
        await pilot.press("down")
    await pilot.pause()
    return choices[index]


# --- a whole game by keys ---------------------------------------------------------------------
async def test_full_two_seat_game_by_keys():
    """Ann always presses the first choice's key against the greedy bot, from the first
    turn to the game-over screen: every one of her choices goes through the menu."""
    st = new_game("voynich", ["Ann", "bot"], seed=6)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        presses = 0
        while not isinstance(app.screen, GameOverScreen):
            assert presses < 400, "the game did not end"
            assert screen.decision is not None and screen.decision.seat == 0
            before = len(screen.state.record.choices)
            # The first choice's key: its place in the book on a double page, else 1.
            await pilot.press(screen.decision.choices[0].shortcut or "1")
            presses += 1
            await settle(pilot)
            assert len(screen.state.record.choices) > before  # every press played a choice
            if presses == 20:  # mid-game, the board shows the state as it is now
                board = screen.query_one(VoynichBoard)
                assert board._view["round"] == screen.state.summary()["round"]
                assert board._view["players"] == screen.state.summary()["players"]
        st = screen.state
        assert st.is_over and presses > 40
        summary = st.summary()
        assert summary["end_triggered"] and summary["round"] < 40  # ended by 52 OK, not a cap
        assert summary["winners"], summary.get("tiebreaks")
        for i, p in enumerate(summary["players"]):
            assert p["final"] == st.scores()[i]


# --- the board against real states -------------------------------------------------------------
async def test_wide_board_shows_everything_at_once():
    st = voynich(steps=120)
    bot = make_bot("random", seed=1)
    while not (st.decision().seat == 0 and st.decision().choices[0].key.startswith("spread:")):
        st.apply(bot.choose(st))  # on to Ann opening a page: the clicks below open one
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(VoynichBoard)
        assert board.wide
        assert not board.query_one("#vy-tabs").display
        wide = board.query_one("#vy-wide")
        # everything fits: the wide layout needs no scrolling at 120×40
        assert wide.max_scroll_y == 0, wide.virtual_size
        view = st.summary()
        # the puzzle: every connected piece by type glyph, research tokens by colour letter
        puzzle = plain(visible(app, PuzzleView)[0])
        lines = puzzle.splitlines()
        assert lines[0].split()[:8] == [str(c) for c in range(1, 9)]
        for t, glyph in (("botany", "♣"), ("astrology", "★"), ("baths", "≈"), ("writing", "¶")):
            for rc in view["puzzle"]["pieces"][t]:
                r, c = int(rc[0]), int(rc[1])
                assert lines[r][3 + 4 * (c - 1)] == glyph, (rc, lines[r])
        for s, p in enumerate(view["players"]):
            for rc in p["research"]:
                r, c = int(rc[0]), int(rc[1])
                assert p["colour"][0] in lines[r][4 + 4 * (c - 1): 6 + 4 * (c - 1)], (rc, lines[r])
        assert lines[1].split()[-1] == str(view["puzzle"]["row_values"][0])
        assert lines[9].split()[:8] == [str(v) for v in view["puzzle"]["col_values"]]
        # all five sections, the track with its 52 mark, the book and a help card
        names = {w.section for w in visible(app, SectionView)}
        assert names == {"botany", "astrology", "baths", "writing", "recipes"}
        track = plain(visible(app, TrackView)[0])
        assert "E" in track.splitlines()[1] and "^" in track.splitlines()[1]
        for p in view["players"]:
            assert f"{p['colour'][0]} {p['name']} OK {p['ok']}" in track
        book = plain(visible(app, BookView)[0])
        cur = view["players"][view["current"]]
        assert book.startswith(f"Book: {cur['name']}")
        for card in cur["book"]:  # the card in use has ◆ where the others have a space
            assert re.search(f"{card['card']}[ ◆]s{card['step']} x{card['multiplier']}", book)
        # the help card of any card, another player's too, and back to following
        other = view["players"][1 - view["current"]]["book"][5]["card"]
        picker = visible(app, CardPicker)[0]
        picker.value = other
        await settle(pilot)
        help_text = plain(visible(app, HelpView)[0])
        assert help_text.startswith(other), help_text
        assert board.help_card == other
        steps = [line.split()[0].lstrip("▸") for line in help_text.splitlines()[1:]]
        assert steps == ["s1", "s2", "s3", "s4"]
        picker.clear()
        await settle(pilot)
        assert board.help_card is None
        assert wide.max_scroll_y == 0

        # a click on a page highlights the choice that opens it, a second click makes
        # it (the screen decides, the board only reports what was clicked)
        screen = app.screen
        keys = [c.key for c in screen.decision.choices]
        assert all(k.startswith("spread:") for k in keys)
        made = len(st.record.choices)
        target = keys[-1]
        sec = target.split(":")[1]
        book = visible(app, BookView)[0]
        row = 1 + 2 * ("botany", "astrology", "baths", "writing", "recipes").index(sec)
        assert plain(book).splitlines()[row][1:3] == sec[:2].capitalize()
        await pilot.click(book, offset=(2, row))
        await pilot.pause()
        assert screen.query_one(ActionMenu).current.key == target
        assert len(st.record.choices) == made  # nothing played yet
        await pilot.click(book, offset=(2, row))
        await settle(pilot)
        assert st.record.choices[made] == target


async def test_highlighted_advance_marks_cells_and_explains_the_condition():
    # advancing a card: the cells whose tokens would be lifted are marked ▸, the
    # condition is put in words under the puzzle and the help card follows the card
    st = voynich(steps=0)
    bot = make_bot("random", seed=2)
    while not (st.decision().seat == 0 and len(st.record.choices) > 60
               and any(c.key.startswith("progress:") for c in st.decision().choices)):
        st.apply(bot.choose(st))
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        choice = await highlight(pilot, lambda c: c.key.startswith("progress:"))
        card = choice.key.split(":")[1]
        cells = [t[5:] for t in choice.touches if t.startswith("cell:")]
        assert cells
        text = plain(visible(app, PuzzleView)[0])
        lines = text.splitlines()
        for cell in cells:
            r, c = (int(x) for x in cell.split(","))
            assert lines[r][2 + 4 * (c - 1)] == "▸", (cell, lines[r])
        marked = sum(line.count("▸") for line in lines[1:9])
        assert marked == len(set(cells))
        assert lines[-1].startswith(f"{card} needs "), lines[-1]
        assert plain(visible(app, HelpView)[0]).startswith(card)
        assert f"▸{card}" in plain(visible(app, BookView)[0])
        # moving the highlight off the advance clears the marks and the note
        await highlight(pilot, lambda c: not c.touches)
        lines = plain(visible(app, PuzzleView)[0]).splitlines()
        assert not any("▸" in line for line in lines)
        assert "needs" not in lines[-1]
        # a click on a cell highlights the first choice that touches it
        r, c = (int(x) for x in cells[0].split(","))
        await pilot.click(visible(app, PuzzleView)[0], offset=(3 + 4 * (c - 1), r))
        await pilot.pause()
        menu = app.screen.query_one(ActionMenu)
        assert f"cell:{cells[0]}" in app.screen.decision.choices[menu.highlighted].touches


async def test_where_a_drop_lands_is_marked_in_its_section():
    st = voynich(steps=0)
    bot = make_bot("random", seed=4)
    guard = 0
    while not (st.decision().seat == 0 and any(
            t.startswith("botany:space:") for c in st.decision().choices for t in c.touches)):
        st.apply(bot.choose(st))
        guard += 1
        assert guard < 3000
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        choice = await highlight(pilot, lambda c: any(t.startswith("botany:space:") for t in c.touches))
        await settle(pilot)
        # small terminal: the Sections tab came to the front and marks the space
        tabs = app.screen.query_one("#vy-tabs", TabbedContent)
        assert tabs.active == "vy-tab-sections"
        botany = next(w for w in visible(app, SectionView) if w.section == "botany")
        text = plain(botany)
        assert "▸" in text
        space = next(t for t in choice.touches if t.startswith("botany:space:")).split(":")[-1]
        # labels are short: RT1 is "1" after "RT", STEM2 "S2", BR1a "1a"
        short = {"RT": space[2:], "RU": space[2:], "ST": "S" + space[4:], "BR": space[2:]}.get(space[:2], space)
        assert f"▸{short}" in text, (space, text)


async def test_purify_marks_the_one_dirty_drop_it_takes():
    st = voynich(steps=0)
    bot = make_bot("random", seed=4)
    guard = 0
    while not (st.decision().seat == 0 and sum(c.key.startswith("dirty:") for c in st.decision().choices) > 1):
        d = st.decision()  # seat 0 heads for a purify: the Baths page, then its action
        wanted = [c.key for c in d.choices if c.key in ("spread:baths", "do:ba.purify") or c.key.startswith("act:BA")]
        st.apply(wanted[0] if d.seat == 0 and wanted else bot.choose(st))
        guard += 1
        assert guard < 5000
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        choices = [c for c in app.screen.decision.choices if c.key.startswith("dirty:")]
        for choice in choices[:2]:
            await highlight(pilot, lambda c: c.key == choice.key)
            await settle(pilot)
            baths = next(w for w in visible(app, SectionView) if w.section == "baths")
            pool = next(line for line in plain(baths).splitlines() if "P1" in line)
            drop = choice.key.split(":")[1]
            others = [c.key.split(":")[1] for c in choices if c is not choice]
            assert f"▸{drop}" in pool and "▸P1" in pool, (choice.key, pool)
            assert not any(f"▸{o}" in pool for o in others), (choice.key, pool)


async def test_small_terminal_tabs_follow_the_highlight():
    st = voynich(steps=0)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(VoynichBoard)
        assert not board.wide
        assert not board.query_one("#vy-wide").display
        tabs = board.query_one("#vy-tabs", TabbedContent)
        # choosing a double page: the book is on view, the highlighted page marked
        assert app.screen.decision.seat == 0 and app.screen.decision.choices[0].key.startswith("spread:")
        assert tabs.active == "vy-tab-book"
        book = plain(visible(app, BookView)[0])
        sec = app.screen.decision.choices[0].key.split(":")[1]
        marked = [line for line in book.splitlines() if "▸" in line]
        assert len(marked) == 2 and all(line.split("▸")[1][:2] == sec[:2].upper() for line in marked)
        # tabs by hand: the puzzle tab draws the puzzle
        tabs.active = "vy-tab-puzzle"
        await settle(pilot)
        assert "◎" in plain(visible(app, PuzzleView)[0])


async def test_four_seats_every_owner_has_a_letter():
    st = voynich(seats=("Ann", "Bob", "Cy", "Di"), steps=200, bot_seed=7)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # four humans: the hand-off screen first
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        board = app.screen.query_one(VoynichBoard)
        # four players still fit 120×40: the help card moves beside the book
        assert board.has_class("-many")
        assert board.query_one("#vy-wide").max_scroll_y == 0
        assert not board.query_one(".vy-card-top").display
        assert plain(board.query_one(".vy-card-side").query_one(HelpView))
        track = plain(visible(app, TrackView)[0])
        for letter, name in zip("RBYG", ("Ann", "Bob", "Cy", "Di")):
            assert f"{letter} {name} OK" in track
        view = st.summary()
        owners = {tok["seat"] for sec in view["sections"].values() for toks in sec.values()
                  for tok in toks if tok["seat"] is not None}
        text = "\n".join(plain(w) for w in visible(app, SectionView))
        for s in owners:
            assert view["players"][s]["colour"][0] in text


async def test_board_draws_a_finished_game():
    """After the end nobody is to move: the board shows the winner's book and final scores."""
    from pathlib import Path

    from textual.app import App

    st = new_game("voynich", ["Ann", "Bob"], seed=7)
    while not st.is_over:
        st.apply(st.decision().choices[0].key)
    view = st.summary()

    class BoardApp(App):
        CSS_PATH = [Path(InktermApp.CSS_PATH[0]).parent / "voynich.tcss"]

        def compose(self):
            yield VoynichBoard(st.seats, id="board")

    app = BoardApp()
    async with app.run_test(size=(80, 30)) as pilot:
        board = app.query_one(VoynichBoard)
        board.show(view, frozenset())
        await pilot.pause()
        tabs = board.query_one("#vy-tabs", TabbedContent)
        tabs.active = "vy-tab-book"
        await pilot.pause()
        winner = view["players"][view["winners"][0]]
        assert plain(tabs.query_one(BookView)).startswith(f"Book: {winner['name']}")
        tabs.active = "vy-tab-puzzle"
        await pilot.pause()
        track = plain(tabs.query_one(TrackView))
        for p in view["players"]:
            assert f"final{p['final']}" in track
        assert "END TRIGGERED" in track


def test_condition_icons_in_words():
    assert explain_icon("G2:Bo") == "a token in a ♣Bo group of 2+"
    assert explain_icon("2A4:Ba") == "2 tokens next to 2 different ≈Ba groups of 4+"
    assert explain_icon("E:*") == "a token on an edge piece"
    assert explain_icon("3E:Wr") == "3 tokens on 3 different ¶Wr edge pieces"
    assert explain_icon("2O:*") == "2 tokens on pieces in 2 different outer circles"
    assert explain_icon("S6") == "a token in a group of 6+ (any one colour)"
    assert explain_icon("2M4") == "2 tokens on 2 different pieces whose neighbours show 4+ colours"
    # every icon on every card has words (none falls through unexplained)
    for cid in HELP:
        for *_, cond, _ in parse_help(cid)[1]:
            for icon in filter(None, (i.strip() for i in cond.split("+"))):
                assert explain_icon(icon) != icon, (cid, icon)


# --- pictures ----------------------------------------------------------------------------------
def test_voynich_80x24(snap_compare):
    st = voynich(steps=90)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    assert snap_compare(app, press=["down"], terminal_size=(80, 24), run_before=settle)


def test_voynich_120x40(snap_compare):
    st = voynich(steps=90)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    assert snap_compare(app, press=["down"], terminal_size=(120, 40), run_before=settle)


async def test_v_cycles_the_small_board_tabs_while_the_menu_keeps_focus():
    st = voynich(steps=30)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(VoynichBoard)
        menu = app.screen.query_one(ActionMenu)
        menu.focus()
        await pilot.pause()
        tabs = board.query_one("#vy-tabs", TabbedContent)
        seen = [tabs.active]
        for _ in range(4):
            await pilot.press("v")
            await pilot.pause()
            seen.append(tabs.active)
        assert seen[0] == seen[4] and len(set(seen[:4])) == 4  # every tab, then round again
        assert app.focused is menu
        # the tab on view is drawn: the book tab shows this seat's cards
        while tabs.active != "vy-tab-book":
            await pilot.press("v")
            await pilot.pause()
        await settle(pilot)
        assert "BO" in plain(visible(app, BookView)[0]) or "AS" in plain(visible(app, BookView)[0])
    app = InktermApp(start=("state", voynich(steps=30), None), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:  # wide: no tabs, no `v`
        await settle(pilot)
        assert not app.screen.check_action("next_view", ())
