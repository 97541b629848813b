"""What the table says between a join's answer and the joining screen following the
table reaches that screen. A busy session reads the answer and what came after it in
one go, and its reader hands on every line before the join's awaiter runs again: a
move or a line of chat in that gap used to be dropped, and a seat whose turn began
then never saw it (the table waited on it for good)."""
from __future__ import annotations

import asyncio

from inkterm.tables.client import TableClient
from inkterm.tables.people import ssh_player
from inkterm.tables.protocol import Choose, JoinTable, OpenTable, Say
from inkterm.tables.remote import RemoteTable

from tests.registered import a_game

GAME = a_game(seats=2)


async def client(service, name) -> TableClient:
    return await TableClient.connect(str(service.path), service.issue_token(name))


async def test_a_move_and_a_chat_line_just_after_a_join_reach_the_joiner(service):
    ann, bob = await client(service, "ann"), await client(service, "bob")
    code = (await ann.request(OpenTable(game=GAME, seats=["me", "open"]))).update.table.code
    table = service.manager.tables[code]
    # Bob's session is busy: it reads nothing until the table has moved on.
    bob._writer.transport.pause_reading()
    joined = bob.send(JoinTable(code=code))
    for _ in range(100):
        if table.seat_for(ssh_player("bob")) == 1 and table.state is not None:
            break
        await asyncio.sleep(0.02)
    await ann.request(Say(code=code, text="hello bob"))
    d = table.state.decision()
    if d.seat == 0:  # ann's turn: she moves too
        await ann.request(Choose(code=code, key=d.choices[0].key, at=0))
    made = len(table.state.record.choices)
    bob._writer.transport.resume_reading()  # the answer and what followed, in one read

    remote = RemoteTable(bob, (await asyncio.wait_for(joined, 5)).update)
    assert ("ann", "hello bob") in remote.chat
    assert remote.update.at == made
    assert remote.my_turn == (table.state.decision().seat == 1)
    await ann.close()
    await bob.close()


async def test_a_join_the_busy_server_does_not_answer_in_time_says_so_and_enter_again_sits_down(
        service, monkeypatch):
    """Under load the server answered a join after the request's time limit: the Join
    line showed a bare "✗" (a TimeoutError has no words) and the player's Enter seemed
    to have done nothing. It says why now, and Enter again sits them down. Made
    deterministic: the server's worker is held past the limit."""
    import threading

    from inkterm.app import InktermApp
    from inkterm.screens.table_game import TableScreen
    from inkterm.screens.tables import JoinTableScreen
    from inkterm.session_env import TABLES_TOKEN_ENV
    from inkterm.tables import client as client_module

    monkeypatch.setattr(client_module, "REQUEST_SECONDS", 1.0, raising=False)
    ann = await client(service, "ann")
    code = (await ann.request(OpenTable(game=GAME, seats=["me", "open"]))).update.table.code
    monkeypatch.setenv(TABLES_TOKEN_ENV, service.issue_token("bob"))
    async with InktermApp(bot_delay=0).run_test(size=(100, 32)) as pilot:
        await pilot.press("j")
        for _ in range(200):
            screen = pilot.app.screen
            if isinstance(screen, JoinTableScreen) and screen.query("#table-list") \
                    and screen.query_one("#table-list").option_count:
                break
            await pilot.pause(0.05)
        await pilot.press("down")  # to the list, on ann's table
        held = threading.Event()
        service._worker.submit(held.wait, 30)  # the server is busy
        await pilot.press("enter")
        line = screen.query_one("#tables-error")
        for _ in range(500):
            if str(line.render()).strip("✗ "):
                break
            await pilot.pause(0.05)
        said = str(line.render())
        held.set()
        assert "did not answer" in said, said
        await pilot.pause(0.5)
        await pilot.press("enter")
        for _ in range(200):
            if isinstance(pilot.app.screen, TableScreen):
                break
            await pilot.pause(0.05)
        assert isinstance(pilot.app.screen, TableScreen) and pilot.app.screen.remote.code == code
        assert pilot.app.screen.remote.you == 1
    await ann.close()
