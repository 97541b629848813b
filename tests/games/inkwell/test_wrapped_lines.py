"""A line of the Inkwell board that wraps goes on under its text, not at the left
edge, where a continuation read as the next seat or the next item: a seat's line in
the Players view under what follows its name, the desk's words under themselves, the
techniques' count under what it says (80 columns, in English and in Japanese); a
side's words under its name while choosing a side, the Turn line's sum under itself
(80 columns), a mat technique's text under its name (120 columns; Chinese, Japanese)."""
from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.geometry import Region

from inkterm import i18n
from inkterm.app import InktermApp
from inkterm.engine import new_game
from inkterm.widgets.inkwell.mat import MatView
from inkterm.widgets.inkwell.page import PageView
from inkterm.widgets.inkwell.panels import DeskView
from inkterm.widgets.inkwell.seats import PlayersView
from tests.random_play import after_random_steps

from .test_ui import _settle, at_anns_take, play_until


def _indent(line: str) -> int:
    return cell_len(line) - cell_len(line.lstrip())


def _lines(part) -> list[str]:
    return ["".join(seg.text for seg in strip).rstrip()
            for strip in part.render_lines(Region(0, 0, *part.outer_size))]


@pytest.mark.parametrize("language", ["en", "ja"])
async def test_wrapped_board_lines_go_on_under_their_text_at_80x24(language):
    st = at_anns_take(["Ann", "bot", "bot"], 30)
    i18n.use(language)
    try:
        app = InktermApp(start=("state", st, None), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await _settle(pilot)
            await pilot.press("v")  # the desk
            await pilot.pause()
            desk = _lines(app.screen.query_one(DeskView))
            desk_word, techniques = i18n.gettext("Desk") + " ", i18n.gettext("Techniques")
            await pilot.press("v")  # the players
            await pilot.pause()
            players = _lines(app.screen.query_one(PlayersView))
            colon = i18n.gettext(": ")
    finally:
        i18n.use("en")
    seats = [line for line in players if any(line.startswith(name + colon) for name in ("Ann", "bot"))]
    assert len(seats) == 3, players
    went_on = 0
    for i, line in enumerate(players[1:], 1):
        if line in seats:
            col = cell_len(line.split(colon, 1)[0] + colon)
        elif line.strip():
            assert _indent(line) == col, players
            went_on += 1
    assert went_on, players  # a seat's line is too long for 80 columns
    at = next(i for i, line in enumerate(desk) if line.startswith(techniques))
    assert desk[0].startswith(desk_word) and len(desk[:at]) > 1, desk  # the desk's words wrap
    assert all(_indent(line) == cell_len(desk_word) for line in desk[1:at]), desk
    said = desk[at][len(techniques):]
    body = cell_len(techniques) + cell_len(said) - cell_len(said.lstrip(":： "))
    assert len(desk) > at + 1 and _indent(desk[at + 1]) == body, desk  # no technique yet: it wraps


async def _part_lines(st, language: str, size: tuple[int, int], part_type, press=()) -> list[str]:
    """``part_type``'s lines as the app shows ``st`` in ``language`` at ``size``."""
    i18n.use(language)
    try:
        app = InktermApp(start=("state", st, None), bot_delay=0, handoff="never")
        async with app.run_test(size=size) as pilot:
            await _settle(pilot)
            for key in press:
                await pilot.press(key)
            await pilot.pause()
            return _lines(app.screen.query_one(part_type))
    finally:
        i18n.use("en")


def _went_on(lines: list[str], first: int, col: int) -> int:
    """How many lines after ``lines[first]`` go on under column ``col`` (up to a line
    that does not: the next item or the end)."""
    n = 0
    for line in lines[first + 1:]:
        if not line.strip() or _indent(line) != col:
            break
        n += 1
    return n


@pytest.mark.parametrize("language", ["zh", "ja"])
async def test_a_sides_words_go_on_under_its_name_when_choosing_a_side_at_80x24(language):
    """Choosing a desk's side, each side's words wrap under its name, not under the
    ``A`` or ``B`` at the left edge (where they read as a third choice)."""
    st = new_game("inkwell", ["Ann", "bot"], seed=3)
    desk = await _part_lines(st, language, (80, 24), DeskView)
    sides = [i for i, line in enumerate(desk) if line.startswith((" A ", " B "))]
    assert len(sides) == 2, desk
    for i in sides:
        assert _went_on(desk, i, 3), desk  # each side's words take more than a line
    assert sides[1] == sides[0] + 1 + _went_on(desk, sides[0], 3), desk  # nothing else left in between


@pytest.mark.parametrize("language", ["ja"])
async def test_the_turn_line_goes_on_under_what_it_adds_up_at_80x24(language):
    """``Turn now scores 7: illus 0 + mult 2 + …``: wrapped, the sum goes on under
    itself, not under ``Turn`` at the left edge."""
    st = after_random_steps("inkwell", ["Ann", "bot"], 6, 6, 6)
    page = await _part_lines(st, language, (80, 24), PageView)
    i18n.use(language)
    try:
        head = i18n.gettext("Turn now scores {n}:").split("{n}")[0]
    finally:
        i18n.use("en")
    at = next(i for i, line in enumerate(page) if line.startswith(head))
    said = page[at]
    colon = max(said.find("："), said.find(":"))
    col = cell_len(said[: colon + 1]) + 1
    assert at + 1 < len(page) and _went_on(page, at, col) == len(page) - at - 1, page


@pytest.mark.parametrize("seed", range(4))
async def test_the_turn_line_keeps_each_part_with_its_points_at_80x24(seed):
    """A part of ``Turn now scores …`` and its points wrap together: at 80x24 the
    Japanese line read "緑青の机" at the end of one line and its "0" on the next."""
    st = after_random_steps("inkwell", ["Ann", "bot"], seed, 6, 6)
    page = await _part_lines(st, "ja", (80, 24), PageView)
    i18n.use("ja")
    try:
        head = i18n.gettext("Turn now scores {n}:").split("{n}")[0]
    finally:
        i18n.use("en")
    at = next(i for i, line in enumerate(page) if line.startswith(head))
    went_on = [line.strip() for line in page[at + 1:at + 1 + _went_on(page, at, _indent(page[at + 1]))]]
    assert went_on and not [line for line in went_on if line[:1].isdigit()], page[at:]


@pytest.mark.parametrize("language", ["ja"])
async def test_a_mat_technique_goes_on_under_its_name_at_120x40(language):
    """The whole table: a highlighted Take beside a technique shows the technique's
    text under the rings, wrapped under its name, not under its slot at the frame."""
    st = after_random_steps("inkwell", ["Ann", "bot"], 3, 0, 3)
    st = play_until(st, lambda s: s.decision().seat == 0 and any(
        any(t.startswith("slot:") for t in c.touches) for c in s.decision().choices))
    d = st.decision()
    down = next(i for i, c in enumerate(d.choices) if any(t.startswith("slot:") for t in c.touches))
    slot = next(t for t in d.choices[down].touches if t.startswith("slot:"))[5:]
    mat = await _part_lines(st, language, (120, 40), MatView, press=["down"] * down)
    inner = [line[1:-1] for line in mat[1:-1]]  # inside the track's frame
    at = max(i for i, line in enumerate(inner) if line.strip().startswith(slot + " "))  # under the rings
    col = _indent(inner[at]) + cell_len(slot + " ")
    assert _went_on(inner, at, col), "\n".join(mat)  # the technique's text wraps, under its name
