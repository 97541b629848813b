"""Notices (what ``notify`` says) are rows of the layout, not toasts over it.

Textual's toasts lose a Chinese or Japanese character wherever an edge of a widget
under the toast falls inside that character (Textual issue #6357, still open in 8.2.8,
the newest release): the compositor cuts every line at every widget's edges, the
toast's too, and a wide character cut in two shows as two spaces ("taro离开了牌桌"
read "taro离  了牌桌"). No width or offset of a toast avoids every screen's edges, so
inkterm shows notices in a bar in the layout, where no widget lies beneath it
(widgets/notices.py): in the footer's row while they are live, then the keys return.
"""
from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from inkterm.app import InktermApp
from inkterm.engine import new_game
from inkterm.screens.game import GameScreen
from inkterm.widgets.footer import KeyFooter
from shown import screen_lines
from test_flows import settle, until

from tests.languages import lang  # noqa: F401 (a fixture)
from tests.registered import a_game

NOTICE = "taro离开了牌桌。bob加入了牌桌。"
SIZE = (80, 24)


class EdgeEverywhere(Screen):
    """A row of one-cell panes: a widget's edge at every column, under any notice."""

    BINDINGS = [Binding("x", "app.bell", "Ring")]
    CSS = "#panes Static { width: 1; height: 1fr; }"

    def compose(self) -> ComposeResult:
        with Horizontal(id="panes"):
            for column in range(SIZE[0]):
                yield Static("|·"[column % 2])
        yield KeyFooter()


async def edges_app(pilot_app: InktermApp, pilot) -> None:
    await settle(pilot_app, pilot)
    await pilot_app.push_screen(EdgeEverywhere())
    await until(pilot, lambda: "Ring" in screen_lines(pilot_app)[-1])


async def test_a_notice_keeps_its_wide_characters_over_any_edge():
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:  # notifications: main's toasts too
        await edges_app(app, pilot)
        app.notify(NOTICE, timeout=30)
        await until(pilot, lambda: "taro" in "".join(screen_lines(app)))
        shown = [line for line in screen_lines(app) if "taro" in line]
        assert [line.strip() for line in shown] == [NOTICE]


async def test_a_notice_on_a_dialog_keeps_its_wide_characters_over_the_screen_beneath():
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await edges_app(app, pilot)
        await app.push_screen(ModalScreen())  # a dialog's screen: the edges lie beneath it
        app.notify(NOTICE, timeout=30)
        await until(pilot, lambda: "taro" in "".join(screen_lines(app)))
        assert [line.strip() for line in screen_lines(app) if "taro" in line] == [NOTICE]


async def test_a_notice_takes_the_keys_row_moves_nothing_and_gives_the_keys_back():
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await edges_app(app, pilot)
        before = screen_lines(app)
        app.notify("Saved to game-1.save.json", timeout=0.6)
        await until(pilot, lambda: "Saved" in screen_lines(app)[-1])
        during = screen_lines(app)
        assert during[:-1] == before[:-1]  # the board does not move for a one-line notice
        assert "Ring" not in during[-1]
        await until(pilot, lambda: screen_lines(app) == before)  # the keys come back
        assert app.notices == ()


async def test_two_notices_at_once_are_both_read_newest_first():
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await edges_app(app, pilot)
        app.notify("bob has left the table", timeout=30)
        app.notify("Cannot continue: the save is damaged", severity="error", timeout=30)
        await until(pilot, lambda: "bob" in "".join(screen_lines(app)))
        assert [line.strip() for line in screen_lines(app)[-2:]] == [
            "Cannot continue: the save is damaged", "bob has left the table"]


async def test_more_notices_than_rows_are_cut_at_a_character_and_counted():
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await edges_app(app, pilot)
        app.notify("old news", timeout=30)
        app.notify("見開きを開きました。" * 14, timeout=30)  # four rows and more
        await until(pilot, lambda: "見開き" in "".join(screen_lines(app)))
        rows = [line.rstrip() for line in screen_lines(app)[-3:]]
        assert all(cell_len(row) <= SIZE[0] for row in rows)
        assert rows[-1].endswith("… (+1 more)")
        assert rows[0].strip().startswith("見開きを開きました。") and "old news" not in "".join(rows)


async def test_a_game_saved_in_chinese_or_japanese_says_so_whole_at_80x24(lang):  # noqa: F811
    app = InktermApp(start=("state", new_game(a_game(seats=2), ["Ann", "bot"], seed=3), None), bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause(0.3)
        keys = screen_lines(app)[-1]
        await pilot.press("ctrl+s")
        await until(pilot, lambda: app.notices)
        said = app.notices[-1].message
        assert "Saved" not in said  # said in the player's language
        await until(pilot, lambda: said in screen_lines(app)[-1])
        app.notify("bob离开了牌桌。", title="VYLG")  # a title as the language writes it
        await until(pilot, lambda: "VYLG：bob离开了牌桌。" in screen_lines(app)[-2])
        app.clear_notifications()
        await until(pilot, lambda: screen_lines(app)[-1] == keys)
