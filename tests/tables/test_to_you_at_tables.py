"""At a shared table, "since your last turn" says first what the others' choices did
to you, as at a local table: the server compares the table before and after each
choice (the same mechanism a local table's driver uses, ``engine/concerns.py``) and
sends each player their own "to you" lines, as events only they read; the story a
returning player is sent carries those since their last choice too. Checked against
a local table driver playing the same choices."""
from __future__ import annotations

import random

import pytest

from inkterm.engine.api import opening
from inkterm.engine.types import TO_YOU
from inkterm.table_driver import SharedSeat, TableDriver
from inkterm.tables.client import TableClient
from inkterm.tables.protocol import Choose, JoinTable, OpenTable, WatchTable
from inkterm.tables.remote import RemoteTable

from tests.registered import game_params
from tests.tables.heard import Heard

#: Most choices played at the table: it stops once the others' moves hit each player.
MOVES = 800
#: The table's seed (a server deals at random).
SEED = 7


async def client(service, name) -> TableClient:
    return await TableClient.connect(str(service.path), service.issue_token(name))


def to_you(events) -> list[str]:
    return [e.text for e in events if e.kind == TO_YOU]


@pytest.mark.parametrize("game", game_params(seats=2))
async def test_a_shared_table_tells_each_player_what_the_others_did_to_them(service, game, monkeypatch):
    import secrets

    monkeypatch.setattr(secrets, "randbelow", lambda n: SEED % n)  # the table's game: one known deal
    ann, bob, cy = [await client(service, n) for n in ("ann", "bob", "cy")]
    opened = await ann.request(OpenTable(game=game, seats=["me", "open"]))
    code = opened.update.table.code
    heard = {"ann": Heard(ann, code), "bob": Heard(bob, code)}
    await bob.request(JoinTable(code=code))
    watched = await cy.request(WatchTable(code=code))
    heard["cy"] = Heard(cy, code, watched.update)
    await heard["ann"].until(lambda: heard["ann"].updates and heard["ann"].updates[-1].view, "the game")
    ann2 = await client(service, "ann")  # ann's screen, as a session's app holds it
    remote = RemoteTable(ann2, (await ann2.request(JoinTable(code=code))).update)
    seat = SharedSeat(remote)
    list(seat.history())

    table = service.manager.tables[code]
    local = TableDriver(opening(table.state.record), {}, humans=[0, 1])
    rng = random.Random(game)
    hit = {0: 0, 1: 0}
    for n in range(MOVES):
        d = table.state.decision()
        news = [i for i in (0, 1) if any(p.to_you.get(i) for p in local.missed[i])]
        if d is None or (hit[0] + hit[1] > 2 and news):
            break  # they were hit, and what hit one of them is still news to them
        key = rng.choice(d.keys)
        played = local.apply(key)
        mover = (ann, bob)[d.seat]
        await mover.request(Choose(code=code, key=key, at=n))
        for name in heard:
            await heard[name].until(lambda name=name: heard[name].updates[-1].at == n + 1, f"choice {n + 1}")
        for person, name in ((0, "ann"), (1, "bob")):
            got = to_you(heard[name].updates[-1].events)
            assert got == [e.text for e in played.to_you.get(person, [])], (n, name)
            hit[person] += bool(got)
        assert to_you(heard["cy"].updates[-1].events) == []  # a watcher is told nobody's
        await heard["ann"].until(lambda: remote.update.at == n + 1, "ann's screen")
        seat.catch_up()
        if d.seat != 0:  # what ann is told when her turn comes: as at the local table
            assert ([e.text for _r, e in seat.since(0).to_you]
                    == [e.text for _r, e in local.since(0).to_you]), n
    assert hit[0] + hit[1] > 2 and news, hit  # the check checked something

    # A player coming back is sent the story with what hit them since their last choice.
    person = news[0]
    name = ("ann", "bob")[person]
    again_client = await client(service, name)
    back = RemoteTable(again_client, (await again_client.request(JoinTable(code=code))).update)
    again = SharedSeat(back)
    list(again.history())
    missed = [e.text for p in again.missed[person] for e in p.to_you.get(person, [])]
    assert missed and missed == [e.text for p in local.missed[person] for e in p.to_you.get(person, [])]
    assert [t.seat for t in back.story] == [s for s, _ in table.state.history]
