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
