"""Screenshots of Kiln's game screens at 80×24 and 120×40 (pytest-textual-snapshot); the
title and setup screens are in tests/ui/test_shell_snapshots.py.

Update after an intended change with ``pytest tests/games/kiln/test_snapshots.py
--snapshot-update`` and look at the report before committing the new SVGs."""
from __future__ import annotations

from tests.random_play import after_random_steps
from inkterm.app import InktermApp


def kiln(seats, seed=7, steps=0, bot_seed=1):
    """A Kiln game with ``steps`` choices already made by seeded random bots."""
    return after_random_steps("kiln", seats, seed, steps, bot_seed)


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


def _screen(name):
    return _until(lambda app: type(app.screen).__name__ == name)


def _menu_ready(app):
    return type(app.screen).__name__ == "GameScreen" and app.screen.query_one("#menu").option_count > 0


def test_game_80x24(snap_compare):
    st = kiln(["Ann", "random"], steps=9)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    assert snap_compare(app, press=["down"], terminal_size=(80, 24), run_before=_until(_menu_ready))


def test_game_120x40(snap_compare):
    st = kiln(["Ann", "random", "Cy", "random"], steps=14, bot_seed=3)
    # Cy is the only other human: start with Ann at the keyboard (hand-off first).
    app = InktermApp(start=("state", st, None), bot_delay=0)
    assert snap_compare(app, press=["enter", "down"], terminal_size=(120, 40),
                        run_before=_screen("HandoffScreen"))


def test_game_80x24_four_seats(snap_compare):
    st = kiln(["Ann", "random", "random", "random"], steps=40, bot_seed=3)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    assert snap_compare(app, press=["down"], terminal_size=(80, 24), run_before=_until(_menu_ready))


def test_game_120x40_two_seats(snap_compare):
    st = kiln(["Ann", "random"], steps=30, bot_seed=3)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    assert snap_compare(app, press=["down"], terminal_size=(120, 40), run_before=_until(_menu_ready))


def test_small_terminal(snap_compare):
    app = InktermApp(start=("state", kiln(["Ann", "random"]), None), bot_delay=0)
    assert snap_compare(app, terminal_size=(60, 20), run_before=_settle)


def test_handoff(snap_compare):
    st = kiln(["Ann", "Bob"])
    st.apply(st.decision().keys[0])
    app = InktermApp(start=("state", st, None), bot_delay=0)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_screen("HandoffScreen"))


def test_game_over(snap_compare):
    st = kiln(["Ann", "Bob", "Cy"], seed=5, steps=10_000, bot_seed=2)
    assert st.is_over
    app = InktermApp(start=("state", st, None), bot_delay=0)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_screen("GameOverScreen"))
