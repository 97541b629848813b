"""The shared tables' screens in Chinese and Japanese at 80×24 and 120×40, against a
real table server: the Open form, the waiting room, the Join list (a table waiting,
seen by another player), the game at the table and its panel (t). Every text drawn
whole and no English word but names, keys and what other parts still draw in English
(``tests/i18n/screens.NOT_YET_TRANSLATED``, by game)."""
from __future__ import annotations

import pytest

from inkterm.screens.table_game import TableScreen
from inkterm.screens.table_panel import TablePanel
from inkterm.screens.tables import JoinTableScreen, LobbyScreen, OpenTableScreen
from inkterm.tables.protocol import JoinTable

from tests.i18n.screens import app_in, english_words, game_of, problems, still_english
from tests.tables.test_table_screens import as_player, service_client, until

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def in_the_language(app, service) -> list[str]:
    """What is not drawn whole, and English words beyond the tables' codes (letters
    to type) and, for a game still saying it in English, the phase on the status line."""
    allowed = " ".join(service.manager.tables)
    if isinstance(app.screen, TableScreen) and still_english(game_of(app)):
        allowed += " " + str(app.screen.table.view().get("phase") or "")
    return problems(app) + sorted(english_words(app, allowed))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["zh", "ja"])
async def test_a_table_from_opening_to_its_panel(service, monkeypatch, lang, size):
    as_player(monkeypatch, service, "ann")
    app = app_in(lang)
    async with app.run_test(size=size) as pilot:
        await pilot.app.workers.wait_for_complete()
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, OpenTableScreen), "the form")
        await pilot.pause()
        assert in_the_language(app, service) == []
        await pilot.press("ctrl+g")  # me + open
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the waiting room")
        await pilot.pause()
        assert in_the_language(app, service) == []
        (table,) = service.manager.tables.values()
        bob = await service_client(service, "bob")
        await bob.request(JoinTable(code=table.code))
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.query("EventLog"),
                    "the game")
        await pilot.pause()
        assert in_the_language(app, service) == []
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, TablePanel), "the panel")
        await pilot.pause()
        assert in_the_language(app, service) == []
        await bob.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["zh", "ja"])
async def test_the_join_list(service, monkeypatch, lang, size):
    """Bob has opened a table; Ann's Join list shows it in her language."""
    from inkterm.tables.protocol import OpenTable

    bob = await service_client(service, "bob")
    await bob.request(OpenTable(game=next(iter(__import__("inkterm.engine").engine.GAMES)),
                                seats=["me", "open"]))
    as_player(monkeypatch, service, "ann")
    app = app_in(lang)
    async with app.run_test(size=size) as pilot:
        await pilot.app.workers.wait_for_complete()
        await pilot.press("j")
        await until(pilot, lambda: isinstance(app.screen, JoinTableScreen)
                    and app.screen.query_one("#table-list").option_count
                    and app.screen.query_one("#table-list").get_option_at_index(0).id, "the list")
        await pilot.pause()
        assert in_the_language(app, service) == []
    await bob.close()
