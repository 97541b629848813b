"""Screenshots of Kiln's demo and of a "show me" scene at 80×24, each paused in the
middle of its narration: the step told beside the board it is decided on, the chosen
choice highlighted (pytest-textual-snapshot).

Update after an intended change with ``pytest tests/games/kiln/test_demo_snapshots.py
--snapshot-update`` and look at the pictures before committing the new SVGs."""
from __future__ import annotations

from inkterm.app import InktermApp


def _paused_at(steps: int):
    """A run_before: once the demo (or scene) is up, pause it, then go on ``steps`` steps by →, each waited for
    (the machine may be slow), and wait until the step's narration is on screen."""

    async def run_before(pilot):
        from inkterm.screens.demo import DemoScreen

        for _ in range(400):
            if isinstance(pilot.app.screen, DemoScreen):
                break
            await pilot.pause(0.05)
        screen = pilot.app.screen
        await pilot.press("space")
        for n in range(steps + 1):
            if n:
                await pilot.press("right")
            for _ in range(400):
                if screen.shown is not None and screen.shown.at == screen.tape.start + n \
                        and screen.narration is not None:
                    break
                await pilot.pause(0.05)
        await pilot.app.workers.wait_for_complete()
        await pilot.pause(0.2)
        assert screen.paused and screen.narration is not None

    return run_before


def test_demo_mid_narration_80x24(snap_compare):
    app = InktermApp(start=("demo", "kiln", 2, 3, 1.0, "greedy"))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_paused_at(4))


def test_scene_mid_narration_80x24(snap_compare):
    app = InktermApp(start=("scene", "kiln", "studio-4", 1.0))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_paused_at(1))
