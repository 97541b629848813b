"""Events logged while "since your last turn" stands in the log's place wrap at the
log's width once it is back (Inkwell: the panel is up on each of Ann's turns)."""
from __future__ import annotations

from inkterm.app import InktermApp
from inkterm.engine import new_game
from inkterm.widgets.event_log import EventLog
from inkterm.widgets.hanging import Hanging


async def test_lines_written_while_the_since_panel_hides_the_log_wrap_at_its_width():
    """While "since your last turn" stands in the log's place, the log has no width:
    RichLog wrapped what it was given then at 20 cells for good ('Ann takes bottle
    S1:' / 'G ★.' in a log 29 wide). The log keeps those lines until it is shown."""
    st = new_game("inkwell", ["Ann", "bot"], seed=3)
    app = InktermApp(start=("state", st, None), bot_delay=0, handoff="never")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        log = app.screen.query_one(EventLog)
        for _ in range(4):  # Ann's moves, the panel up on each of her turns
            await pilot.press("1")
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
        assert not log.display
        await pilot.press("escape")  # hides the panel: the log again
        await pilot.pause()
        await pilot.pause()
        at = max(log.scrollable_content_region.width, log.min_width)
        assert at > 20
        wrapped = [line for entry in log.entries
                   for line in (entry.lines(app.console, at) if isinstance(entry, Hanging)
                                else entry.wrap(app.console, at))]
        assert [line.text.rstrip() for line in log.lines] == [w.plain.rstrip() for w in wrapped]
