"""One choice schema: a shared table's session receives the engine's own Decision, so
its menu is the local menu row by row — the board's numbers as keys, the closed
places dimmed with their reasons — for the same decision, in every game."""
from __future__ import annotations

import asyncio
import dataclasses

import pytest

from inkterm.app import InktermApp
from inkterm.bots import make_bot
from inkterm.engine import GAMES, Decision, new_game
from inkterm.screens.table_game import TableScreen
from inkterm.tables.client import TableClient
from inkterm.tables.protocol import ListTables, OpenTable, TableInfo, Update, encode, parse_push
from inkterm.tables.remote import RemoteTable
from inkterm.widgets.action_menu import ActionMenu

SEATS = ["ann", "bot"]




def telling_decision(game: str):
    """A state where ann decides, the richest menu a short seeded game offers: closed
    places, else shortcuts, else several choices."""
    def richness(d: Decision) -> int:
        return 4 * bool(d.unavailable) + 2 * any(c.shortcut for c in d.choices) + (len(d.choices) > 1)

    best = None
    for seed in range(1, 6):
        st = new_game(game, SEATS, seed=seed)
        bot = make_bot("random", seed=seed)
        for _ in range(150):
            d = st.decision()
            if d is None:
                break
            if d.seat == 0 and (best is None or richness(d) > richness(best.decision())):
                best = st.clone()
                if richness(d) == 7:
                    return best
            st.apply(bot.choose(st))
    assert best is not None
    return best


async def menu_rows(app: InktermApp, screen=None) -> list[tuple[str, bool]]:
    """The menu as it is drawn: each row's text, and whether it is dimmed."""
    async with app.run_test(size=(120, 40)) as pilot:
        if screen is not None:
            await app.push_screen(screen)
        for _ in range(20):
            await pilot.pause()
            menu = app.screen.query(ActionMenu)
            if menu and menu.first().option_count:
                break
        menu = app.screen.query_one(ActionMenu)
        return [(menu.get_option_at_index(i).prompt.plain, menu.get_option_at_index(i).disabled)
                for i in range(menu.option_count)]


async def bots_done(service, client, table) -> None:
    """Wait until no bot is thinking at the new table and its moves have been pushed:
    a bot moving first would otherwise push its game over the one planted here."""
    for _ in range(400):
        if service.manager.bot_turn(table) is None:
            break
        await asyncio.sleep(0.025)
    else:
        pytest.fail("the table's bot never finished its turn")
    await client.request(ListTables())  # answered after any push already on the way


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_shared_tables_menu_is_the_local_menu(service, game):
    state = telling_decision(game)
    local = await menu_rows(InktermApp(start=("state", state.clone(), None), bot_delay=0))

    client = await TableClient.connect(str(service.path), service.issue_token("ann"))
    opened = await client.request(OpenTable(game=game, seats=["me", "bot"]))
    table = service.manager.tables[opened.update.table.code]
    await bots_done(service, client, table)
    table.state = state  # the same decision, at the table
    update = parse_push(encode(table.update_for(0, [])))  # as it crosses the channel
    remote = RemoteTable(client, update)
    shared = await menu_rows(InktermApp(bot_delay=0), TableScreen(remote))
    await client.close()

    assert shared == local
    d = state.decision()
    assert len(local) == len(d.choices) + len(d.unavailable)


def test_every_field_of_a_decision_crosses_the_channel():
    """Whatever the engine's Decision and Choice carry (a field added later too)
    arrives equal at the session."""
    def fields(obj) -> dict:
        return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}

    for game in sorted(GAMES):
        d = telling_decision(game).decision()
        info = TableInfo(code="ABCD", game=game, title=GAMES[game].title, host="ann",
                         private=False, status="playing", seats=[])
        back = parse_push(encode(Update(table=info, you=0, decision=d))).decision
        assert isinstance(back, Decision)
        assert {**fields(back), "choices": None} == {**fields(d), "choices": None}
        assert [fields(c) for c in back.choices] == [fields(c) for c in d.choices]
