"""Voynich at the table: a whole 2-seat game by keys, the board widgets against real game states, and
snapshots at 80×24 and 120×40.

Update the pictures after an intended change with
``pytest tests/ui/test_voynich_ui.py --snapshot-update`` and look at the report."""
from __future__ import annotations

import re

from rich.console import Group
from rich.text import Text

from tests.random_play import after_random_steps
from inkterm.app import InktermApp
from inkterm.bots import make_bot
from inkterm.engine import new_game
from inkterm.screens.game import GameScreen
from inkterm.screens.gameover import GameOverScreen
from inkterm.widgets.action_menu import ActionMenu
from inkterm.widgets.voynich import BOARD
from inkterm.widgets.voynich.board import (
    BookView,
    CardPicker,
    HelpView,
    PuzzleView,
    ScoreLine,
    SectionView,
    TrackView,
    VoynichBoard,
)
from inkterm.games.voynich import words as W
from textual.geometry import Region
from textual.widgets import TabbedContent

from tests.games.voynich.codes import codes_in
from tests.games.voynich.painted import painted
from tests.seeds import seeds, size


def plain(widget) -> str:
    """The text a board part shows (its last update; drawn through Shown, which
    keeps hidden characters off the terminal)."""
    content = getattr(widget.content, "renderable", widget.content)
    if isinstance(content, Group):
        return "\n".join(t.plain if isinstance(t, Text) else str(t) for t in content.renderables)
    return content.plain if isinstance(content, Text) else str(content)


def voynich(seats=("Ann", "bot"), seed=3, steps=0, bot_seed=1):
    """A Voynich game with ``steps`` choices already made by a seeded random bot."""
    return after_random_steps("voynich", seats, seed, steps, bot_seed)


async def settle(pilot):
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def visible(app, cls):
    """The parts of ``cls`` in the layout on view (wide: all at once; small: tabs)."""
    board = app.screen.query_one(VoynichBoard)
    root = board.query_one("#vy-wide" if board.whole else "#vy-tabs")
    return list(root.query(cls))


def research_in(view) -> dict[str, dict[str, int]]:
    """Every seat's research tokens per cell, by colour letter, from the summary."""
    out: dict[str, dict[str, int]] = {}
    for p in view["players"]:
        for rc in p["research"]:
            cell = out.setdefault(rc, {})
            cell[p["colour"][0]] = cell.get(p["colour"][0], 0) + 1
    return out


def research_on_screen(puzzle: str, view) -> dict[str, dict[str, int]]:
    """Read the research tokens back off the drawn puzzle: a cell's two slots (``R``,
    ``R3``, ``RB``) or, for a crowded cell (``3*``), the list under the grid."""
    lines = puzzle.splitlines()
    letters = {p["colour"][0] for p in view["players"]}
    out: dict[str, dict[str, int]] = {}
    for r in range(1, 9):
        for c in range(1, 9):
            slots = lines[r][4 + 4 * (c - 1): 6 + 4 * (c - 1)]
            if slots[:1] in letters:
                if slots[1:] in letters:
                    out[f"{r}{c}"] = {slots[0]: 1, slots[1]: 1}
                else:
                    out[f"{r}{c}"] = {slots[0]: int(slots[1]) if slots[1].isdigit() else 1}
    for line in lines[10:]:
        m = re.match(r"\* ((?:\(\d,\d\) ?)+): (.*)$", line)
        if m:
            counts = {tok[0]: int(tok[1:]) for tok in m.group(2).split()}
            for cell in re.findall(r"\((\d),(\d)\)", m.group(1)):
                out["".join(cell)] = counts
    return out


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
    st = new_game("voynich", ["Ann", "easy"], seed=6)
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
                assert board.view["round"] == screen.state.summary()["round"]
                assert board.view["players"] == screen.state.summary()["players"]
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
        assert board.whole
        assert not board.query("#vy-tabs, .vy-scores")  # only the layout on view is built
        wide = board.query_one("#vy-wide")
        # every part at once, no tabs; the table is taller than the screen, and what the
        # decision concerns (opening a page: the book) is scrolled into sight
        for cls in (PuzzleView, TrackView, SectionView, BookView):
            assert visible(app, cls), cls.__name__
        book_region = visible(app, BookView)[0].region
        assert wide.region.y <= book_region.y and book_region.bottom <= wide.region.bottom, (book_region, wide.region)
        view = st.summary()
        # the puzzle: every connected piece by type glyph, research tokens by colour letter
        puzzle = plain(visible(app, PuzzleView)[0])
        lines = puzzle.splitlines()
        # the frame's top carries the column numbers over the cells, its bottom their values
        assert [lines[0][3 + 4 * c] for c in range(8)] == [str(c) for c in range(1, 9)]
        for t, glyph in (("botany", "♣"), ("astrology", "★"), ("baths", "≈"), ("writing", "¶")):
            for rc in view["puzzle"]["pieces"][t]:
                r, c = int(rc[0]), int(rc[1])
                assert lines[r][3 + 4 * (c - 1)] == glyph, (rc, lines[r])
        assert research_on_screen(puzzle, view) == research_in(view)
        assert lines[1].split()[-1] == str(view["puzzle"]["row_values"][0])
        assert [lines[9][3 + 4 * c] for c in range(8)] == [str(v) for v in view["puzzle"]["col_values"]]
        # all five sections, the track with its 52 mark, the book and a help card
        names = {w.section for w in visible(app, SectionView)}
        assert names == {"botany", "astrology", "baths", "writing", "recipes"}
        track = plain(visible(app, TrackView)[0]).splitlines()
        names, oks = track[0], track[1]
        for p in view["players"]:
            assert f"{p['colour'][0]} {p['name']}" in names
            assert f"{p['ok']} ({52 - p['ok']})" in oks, oks
        book = plain(visible(app, BookView)[0])
        cur = view["players"][view["current"]]
        assert book.startswith(f"Book: {cur['name']}")
        for card in cur["book"]:  # every card by name with its step of four
            assert re.search(f"{W.card(card['card'])} +[ ◆] {W.steps(card['step'])}", book), card
        # the help card of any card, another player's too, and back to following
        other = view["players"][1 - view["current"]]["book"][5]["card"]
        picker = visible(app, CardPicker)[0]
        picker.value = other
        await settle(pilot)
        help_text = plain(visible(app, HelpView)[0])
        assert help_text.startswith(W.card(other)), help_text
        assert board.help_card == other
        steps = [line.split()[0].lstrip("▸") for line in help_text.splitlines()[1:] if "●" in line.split()[0]]
        assert steps == ["●○○○", "●●○○", "●●●○", "●●●●"]
        picker.clear()
        await settle(pilot)
        assert board.help_card is None

        # a click on a page highlights the choice that opens it, a second click makes
        # it (the screen decides, the board only reports what was clicked)
        screen = app.screen
        keys = [c.key for c in screen.decision.choices]
        assert all(k.startswith("spread:") for k in keys)
        made = len(st.record.choices)
        target = keys[-1]
        sec = target.split(":")[1]
        book = visible(app, BookView)[0]
        # the page's first card: the line whose page tag a click opens (a long line wraps)
        rendered = ["".join(seg.text for seg in strip)
                    for strip in book.render_lines(Region(0, 0, book.size.width, book.size.height))]
        row = next(i for i, line in enumerate(rendered) if line[2:].startswith(sec.capitalize()))
        await pilot.click(book, offset=(0, row))
        await pilot.pause()
        assert screen.query_one(ActionMenu).current.key == target
        assert len(st.record.choices) == made  # nothing played yet
        await pilot.click(book, offset=(0, row))
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
        assert lines[-1].startswith(f"{W.card(card)} needs "), lines[-1]
        assert plain(visible(app, HelpView)[0]).startswith(W.card(card))
        assert f"▸{W.card(card)}" in plain(visible(app, BookView)[0])
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
        assert "▸" in plain(botany)
        # the space itself is marked: what a click on it would touch is drawn after ▸
        space = next(t for t in choice.touches if t.startswith("botany:space:"))
        shown = painted(botany)
        assert shown[space].startswith("▸"), (space, shown[space])
        assert [k for k, text in shown.items() if "▸" in text] == [space]


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
            shown = painted(baths)
            drop = choice.key.split(":")[1]
            others = [c.key.split(":")[1] for c in choices if c is not choice]
            assert shown[f"baths:dirty:{drop}"].startswith("▸"), (choice.key, shown)
            assert shown["baths:space:POOL1"].startswith("▸"), (choice.key, shown)
            assert not any(shown[f"baths:dirty:{o}"].startswith("▸") for o in others), (choice.key, shown)


async def test_small_terminal_tabs_follow_the_highlight():
    st = voynich(steps=0)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(VoynichBoard)
        assert not board.whole
        assert not board.query("#vy-wide")  # only the layout on view is built
        tabs = board.query_one("#vy-tabs", TabbedContent)
        # choosing a double page: the book is on view, the highlighted page marked
        assert app.screen.decision.seat == 0 and app.screen.decision.choices[0].key.startswith("spread:")
        assert tabs.active == "vy-tab-book"
        book = plain(visible(app, BookView)[0])
        sec = app.screen.decision.choices[0].key.split(":")[1]
        marked = [line for line in book.splitlines() if "▸" in line]
        assert len(marked) == 2 and all(line.split("▸")[1].startswith(sec.capitalize()) for line in marked)
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
        track = plain(visible(app, TrackView)[0])
        view = st.summary()
        for letter, p in zip("RBYG", view["players"]):
            assert f"{letter} {p['name']}  OK {p['ok']}" in track, track
        owners = {tok["seat"] for sec in view["sections"].values() for toks in sec.values()
                  for tok in toks if tok["seat"] is not None}
        text = "\n".join(plain(w) for w in visible(app, SectionView))
        for s in owners:
            assert view["players"][s]["colour"][0] in text


async def test_board_draws_a_finished_game():
    """After the end nobody is to move: the board shows the winner's book and final scores."""

    from textual.app import App

    st = new_game("voynich", ["Ann", "Bob"], seed=7)
    while not st.is_over:
        st.apply(st.decision().choices[0].key)
    view = st.summary()

    class BoardApp(App):
        CSS_PATH = [BOARD.css_path]

        def compose(self):
            yield VoynichBoard(id="board")

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
        tabs.active = "vy-tab-track"
        await pilot.pause()
        track = plain(tabs.query_one(TrackView))
        final = next(line for line in track.splitlines() if line.startswith("final"))
        assert final.split()[1:] == [str(p["final"]) for p in view["players"]]
        assert track.splitlines()[1].startswith("OK, final")




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
        for _ in range(5):
            await pilot.press("v")
            await pilot.pause()
            seen.append(tabs.active)
        assert seen[0] == seen[5] and len(set(seen[:5])) == 5  # every tab, then round again
        assert app.focused is menu
        # the tab on view is drawn: the book tab shows this seat's cards
        while tabs.active != "vy-tab-book":
            await pilot.press("v")
            await pilot.pause()
        await settle(pilot)
        assert "Botany" in plain(visible(app, BookView)[0])
    app = InktermApp(start=("state", voynich(steps=30), None), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:  # wide: no tabs, no `v`
        await settle(pilot)
        assert not app.screen.check_action("next_view", ())


# --- what a newcomer must be able to read ----------------------------------------------------
STATES = size(10, 60)  # random states a run (new ones each run); 60 at the nightly size


def random_states(n: int, seed: int | None = None):
    """``n`` mid-game states of 2-4 seats, each after a random number of random choices
    (from the run's seed unless ``seed`` is given; each state's game seed is its record's)."""
    import random

    rng = random.Random(seeds(1, "voynich-board-states")[0] if seed is None else seed)
    for i in range(n):
        seats = ["Ann", "Bob", "Cy", "Di"][: 2 + i % 3]
        st = new_game("voynich", seats, seed=rng.randrange(10**6))
        bot = make_bot("random", seed=i)
        for _ in range(rng.randrange(20, 400)):
            if st.is_over:
                break
            st.apply(bot.choose(st))
        yield st


async def test_no_code_on_the_board_and_it_matches_the_summary():
    """The whole board (wide and folded) for many random states of 2-4 seats: no code
    from the data is drawn; every seat's tokens on each puzzle cell can be counted; the
    track table shows each seat's OK and knowledge as the summary has them."""

    from textual.app import App

    class BoardApp(App):
        CSS_PATH = [BOARD.css_path]

        def compose(self):
            yield VoynichBoard(id="board")

    app = BoardApp()
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(VoynichBoard)
        tabs = board.query_one("#vy-tabs", TabbedContent)
        for st in random_states(STATES):
            where = f"game seed {st.record.seed} after {len(st.record.choices)} choices"
            view = st.summary()
            touches = frozenset(t for c in (st.decision().choices if not st.is_over else []) for t in c.touches)
            board.show(view, touches)
            await pilot.pause()
            for tab in ("vy-tab-puzzle", "vy-tab-track", "vy-tab-sections", "vy-tab-book", "vy-tab-card"):
                # through the board (as `v` does): setting the tabs alone left the board's
                # own view name behind until their message came, and under load the next
                # show put the old tab back
                board.view_name = tab.removeprefix("vy-tab-")
                await pilot.pause()
                board.show(view, touches)
                for part in tabs.query_one(f"#{tab}").query("VoyPart"):
                    text = plain(part)
                    assert not codes_in(text), (where, tab, codes_in(text), text)
            assert not codes_in(plain(board.query_one(ScoreLine))), where
            puzzle = plain(tabs.query_one(PuzzleView))
            assert research_on_screen(puzzle, view) == research_in(view), (where, puzzle)
            track = plain(tabs.query_one(TrackView))
            for p in view["players"]:
                assert f"{p['colour'][0]} {p['name']}" in track
                ok = str(p["ok"])
                know = [str(p["knowledge"][t]) for t in ("botany", "astrology", "baths", "writing")]
                assert re.search(rf"\b{ok}\b", track) and all(re.search(rf"\b{k}\b", track) for k in know), where


async def test_every_seat_and_its_ok_fit_the_score_line_at_80_columns():
    """Four seats with long names: none is lost to an ellipsis (names shorten, or the
    line takes a second row); two short names keep one row."""
    from tests.ui.shown import screen_lines

    for names, rows in ((["Alice", "Bartholomew", "Chen", "Dee"], 2), (["Ann", "Bob"], 1)):
        st = voynich(names, steps=20)
        app = InktermApp(start=("state", st, None), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            line = app.screen.query_one(ScoreLine)
            assert line.size.height == rows
            shown = "\n".join(screen_lines(app)[line.region.y:line.region.bottom])
            view = st.summary()
            for p in view["players"]:
                assert re.search(rf"{p['colour'][0]} {p['name'][:3]}\S*: {p['ok']} OK", shown), shown
