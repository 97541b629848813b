"""The app when it is served (``inkterm serve``): nothing in the command palette
writes on the host, and a guest is warned that anyone may use their name."""
from __future__ import annotations

import pytest

from inkterm.app import InktermApp
from inkterm.screens.title import TitleScreen
from inkterm.session_env import GUEST_ENV, SERVED_ENV, USER_ENV

from shown import screen_text

from tests.registered import a_game

GAME = a_game(seats=2)  # any game will do: the first in the menu


def palette_titles(app) -> set[str]:
    return {command.title for command in app.get_system_commands(app.screen)}


@pytest.fixture(autouse=True)
def played_locally(monkeypatch):
    for name in (SERVED_ENV, GUEST_ENV, USER_ENV):
        monkeypatch.delenv(name, raising=False)


async def palette_matches(app, pilot, query: str) -> list[str]:
    """What the command palette lists for ``query``, typed as a player would."""
    await pilot.press("ctrl+p")
    await pilot.press(*query)
    await pilot.pause(0.3)
    return [str(option.prompt) for option in app.screen.query("CommandList").first().options]


async def test_screenshot_is_offered_when_played_locally():
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Screenshot" in palette_titles(app)
        assert any("Screenshot" in m for m in await palette_matches(app, pilot, "screenshot"))


async def test_screenshot_is_left_out_over_ssh(monkeypatch):
    monkeypatch.setenv(SERVED_ENV, "ssh")
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        titles = palette_titles(app)
        assert "Screenshot" not in titles and "Quit" in titles
        matches = await palette_matches(app, pilot, "screenshot")
        assert not any("Screenshot" in m for m in matches), matches


async def test_screenshot_is_left_out_in_the_browser(monkeypatch):
    monkeypatch.setattr(InktermApp, "is_web", property(lambda self: True))
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 24)):
        assert "Screenshot" not in palette_titles(app)


visible_text = screen_text


async def test_a_guest_is_warned_on_the_title(monkeypatch):
    monkeypatch.setenv(GUEST_ENV, "1")
    monkeypatch.setenv(USER_ENV, "[b]ann")  # shown as typed, not as markup
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        text = visible_text(app)
        assert "anyone can log in as “[b]ann”" in text
        assert "New game" in text  # the warning does not push the menu off screen


async def test_no_guest_warning_otherwise():
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.screen.query("#guest-warning")
        assert "Guest table" not in visible_text(app)


async def test_a_session_whose_server_died_saves_and_leaves(monkeypatch, tmp_path):
    """Its terminal is gone for good: the game is saved and the process ends instead
    of running on as an orphan (they were seen spinning after a SIGKILLed server)."""
    import os

    import inkterm.app as app_module
    from inkterm.engine import new_game
    from inkterm.engine.saves import read_save

    monkeypatch.setenv(SERVED_ENV, "ssh")
    monkeypatch.setattr(app_module, "ORPHAN_CHECK_SECONDS", 0.05)
    st = new_game(GAME, ["Ann", "bot"], seed=2)
    path = tmp_path / "k.save.json"
    app = InktermApp(start=("state", st, path), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.play(st.decision().choices[0].key)  # due to be written after the repaint
        server = os.getppid()
        monkeypatch.setattr(os, "getppid", lambda: 1 if server != 1 else 2)  # reparented
        for _ in range(100):
            if app._exit_renderables or app.return_code is not None:
                break
            await pilot.pause(0.02)
    assert app.return_code == 1
    assert read_save(path).record.choices == st.record.choices
