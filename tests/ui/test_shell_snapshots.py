"""Screenshots of the shell's own screens (pytest-textual-snapshot): the title, and the
setup screen with the first game in the menu chosen. Each game's screens are in its
tests folder (tests/games/<game>/).

Update after an intended change with ``pytest tests/ui/test_shell_snapshots.py
--snapshot-update`` and look at the report before committing the new SVGs."""
from __future__ import annotations

from inkterm.app import InktermApp
from inkterm.screens.setup import SetupScreen
from textual.widgets import Input


async def _settle(pilot):
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def _until(condition):
    """A run_before that waits (the machine may be slow) until ``condition(app)``."""

    async def run_before(pilot):
        await _settle(pilot)
        for _ in range(200):
            if condition(pilot.app):
                break
            await pilot.pause(0.02)
        assert condition(pilot.app)
        await pilot.pause()

    return run_before


def test_title(snap_compare):
    assert snap_compare(InktermApp(bot_delay=0), run_before=_until(lambda app: app.screen.scanned))


def test_setup(snap_compare):
    async def open_setup(pilot):
        await _settle(pilot)
        await pilot.app.push_screen(SetupScreen(seed=4242))
        await pilot.pause()
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False  # a blinking cursor makes the picture flaky
        await pilot.pause()

    assert snap_compare(InktermApp(bot_delay=0), run_before=open_setup)
