"""A line of the Inkwell board that wraps goes on under its text, not at the left
edge, where a continuation read as the next seat or the next item: a seat's line in
the Players view under what follows its name, the desk's words under themselves, the
techniques' count under what it says (80 columns, in English and in Japanese)."""
from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.geometry import Region

from inkterm import i18n
from inkterm.app import InktermApp
from inkterm.widgets.inkwell.panels import DeskView
from inkterm.widgets.inkwell.seats import PlayersView

from .test_ui import _settle, at_anns_take


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
