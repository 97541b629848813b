"""A table's seats in words: a bot seat is marked "(bot)" unless its name says so."""
from __future__ import annotations

from inkterm.screens.table_panel import seat_lines
from inkterm.tables.protocol import SeatInfo, TableInfo

from tests.languages import lang  # noqa: F401  (fixture)
from tests.registered import a_game


def a_table(*seats: SeatInfo) -> TableInfo:
    return TableInfo(code="ABCD", game=a_game(), title="", host="ann", private=False,
                     status="playing", seats=list(seats))


def test_a_bot_seat_named_bot_says_bot_once():
    lines = seat_lines(a_table(SeatInfo(kind="player", name="ann"), SeatInfo(kind="bot", name="bot"),
                               SeatInfo(kind="bot", name="normal")), 0)
    assert lines[1].startswith("Seat 2: bot ·") and "(bot)" not in lines[1], lines
    assert lines[2].startswith("Seat 3: normal (bot) ·"), lines


def test_a_bot_seat_named_bot_says_bot_once_in_the_language(lang):  # noqa: F811
    word = {"zh": "（电脑）", "ja": "（ボット）"}[lang]
    lines = seat_lines(a_table(SeatInfo(kind="player", name="ann"), SeatInfo(kind="bot", name="bot 2"),
                               SeatInfo(kind="bot", name="hard")), 0)
    assert "bot 2" in lines[1] and word not in lines[1], lines
    assert f"hard{word}" in lines[2], lines
