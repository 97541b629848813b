"""The event log writes a line without laying the screen out while its size stays,
and shows exactly what Textual's own RichLog (which lays out on every write) shows."""
from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widget import Widget
from textual.widgets import RichLog

from inkterm.app import InktermApp
from inkterm.widgets.event_log import EventLog
from inkterm.widgets.hanging import Hanging

from shown import screen_lines
from tests.random_play import after_random_steps
from tests.registered import game_params

LINES = [Text(f"R{i // 3 + 1} Line {i}: " + "word " * (i % 7)) for i in range(30)]


class StockLog(RichLog):
    """RichLog as EventLog sets it up and styles it, with RichLog's own write."""

    DEFAULT_CSS = EventLog.DEFAULT_CSS.replace("EventLog", "StockLog")

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=5000, min_width=20,
                         **kwargs)


class LogApp(App):
    CSS = "#log { height: 7; width: 32; padding: 0 1; scrollbar-size-vertical: 1; }"

    def __init__(self, log_class) -> None:
        super().__init__()
        self.log_class = log_class

    def compose(self) -> ComposeResult:
        yield self.log_class(id="log")


def layout_recorder(layouts: list[str]):
    """A stand-in for ``Widget.refresh`` that notes each layout the log asks for."""
    refresh = Widget.refresh

    def recording(self, *regions, **kw):
        if kw.get("layout") and self.id == "log":
            layouts.append(type(self).__name__)
        return refresh(self, *regions, **kw)
    return recording


async def shown_after_writes(log_class, monkeypatch) -> tuple[list[str], list[str], str]:
    layouts: list[str] = []
    recording = layout_recorder(layouts)

    app = LogApp(log_class)
    async with app.run_test(size=(40, 10)) as pilot:
        log = app.query_one("#log")
        log.write(LINES[0])
        await pilot.pause()
        with monkeypatch.context() as m:
            m.setattr(Widget, "refresh", recording)
            for line in LINES[1:]:
                log.write(line)
                await pilot.pause()
        assert log.scroll_y == log.max_scroll_y > 0
        return layouts, screen_lines(app), app.export_screenshot()


async def test_writing_a_line_needs_no_layout_and_shows_what_richlog_shows(monkeypatch):
    layouts, shown, svg = await shown_after_writes(EventLog, monkeypatch)
    stock_layouts, stock_shown, stock_svg = await shown_after_writes(StockLog, monkeypatch)
    assert stock_layouts  # RichLog lays the screen out on every write
    assert layouts == []
    assert "Line 29" in "".join(shown)
    assert shown == stock_shown
    assert svg == stock_svg  # the scrollbar's thumb (colours only) too


async def test_a_log_that_may_change_its_size_still_lays_out(monkeypatch):
    """An auto height follows the lines: each write lays the screen out, as RichLog's."""
    layouts: list[str] = []
    recording = layout_recorder(layouts)

    app = LogApp(EventLog)
    async with app.run_test(size=(40, 10)) as pilot:
        log = app.query_one(EventLog)
        log.styles.height = "auto"
        log.write(LINES[0])
        await pilot.pause()
        monkeypatch.setattr(Widget, "refresh", recording)
        log.write(LINES[1])
        await pilot.pause()
        assert layouts == ["EventLog"]
        assert log.size.height == 2


async def test_a_written_line_is_in_sight_in_the_frame_that_draws_it():
    """The log scrolls to the new line as it is written: RichLog scrolled only after
    the next frame (it waited for a layout), which cost a second frame per write and
    showed the line a frame late."""
    app = LogApp(EventLog)
    async with app.run_test(size=(40, 10)) as pilot:
        log = app.query_one(EventLog)
        log.write(LINES[0])
        await pilot.pause()
        for line in LINES[1:12]:
            log.write(line)
            assert log.scroll_y == log.max_scroll_y
        assert log.max_scroll_y > 0
        await pilot.pause()
        assert "Line 11" in "".join(screen_lines(app))


@pytest.mark.parametrize("game", game_params(seats=2))
async def test_a_game_opened_wide_wraps_its_story_at_the_logs_width(game):
    """The story a game opens with is wrapped at the width its log has on screen: the
    screen has its size classes (``-wide``, ``-tall``) as it is built, not from its
    first Resize after the log was written (at 120×40 the log's lines were once cut for
    the narrow layout, a third shorter, and its scroll bar showed that many more)."""
    app = InktermApp(start=("state", after_random_steps(game, ["Ann", "Bob"], 3, 4, 3), None),
                     bot_delay=0, handoff="never")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(EventLog)
        width = log.scrollable_content_region.width
        if not width:
            pytest.skip("the log is not on screen at 120×40 (this game's board takes the room)")
        assert {"-wide", "-tall"} <= app.screen.classes
        at = max(width, log.min_width)
        wrapped = [line for entry in log.entries  # an event with its round hangs under its words
                   for line in (entry.lines(app.console, at) if isinstance(entry, Hanging)
                                else entry.wrap(app.console, at))]
        assert [line.text.rstrip() for line in log.lines] == [w.plain.rstrip() for w in wrapped]


async def test_an_events_wrapped_lines_go_on_under_its_words_not_its_round():
    """``R3 Ann …`` wrapped: the rest goes on under the event's words, not under
    ``R3`` at the log's edge (where it reads as the next event), in the full log too;
    Japanese wraps between characters there."""
    from inkterm.engine.types import Event
    from inkterm.screens.log import LogScreen

    said = "Annが青のキューブを挿絵 C の 4 番のマスに置き、ページを完成させた。" * 2
    app = LogApp(EventLog)
    async with app.run_test(size=(80, 10)) as pilot:
        log = app.query_one(EventLog)
        log.add_events([Event(said)], 3)
        await pilot.pause()
        lines = [line[1:31].rstrip() for line in screen_lines(app) if line.strip()]
        app.push_screen(LogScreen(log.entries))
        await pilot.pause()
        full = [line.rstrip() for line in screen_lines(app)[1:] if line.strip()]
    for shown in (lines, full[:-1]):  # the full log: under its title, above its footer
        start = next(i for i, line in enumerate(shown) if line.lstrip().startswith("R3 "))
        first, more = shown[start], shown[start + 1:]
        assert more, shown
        col = first.index("R3 ") + 3
        assert all(line[:col].strip() == "" and line[col] != " " for line in more), shown
        assert "".join(line.strip() for line in [first[col:], *more]).replace(" ", "") == said.replace(" ", "")

