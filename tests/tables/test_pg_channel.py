"""Two hosts' table services on one PostgreSQL store (a real server, real sockets,
real clients): a table opened on one host is joined from the other, every move and
chat line reaches the sessions on both at once, a table's bot is played by one host
only, and a seat is away only when its player is at the table on no host."""
from __future__ import annotations

import asyncio
import shutil
import tempfile
from pathlib import Path

import psycopg
import pytest

from inkterm.tables.channel import SOCKET_NAME, TableService
from inkterm.tables.client import TableClient, TableRefused
from inkterm.tables.manager import TableManager
from inkterm.tables.pg_store import PostgresStore
from inkterm.tables.people import web_person
from inkterm.tables.protocol import Choose, JoinTable, Leave, ListTables, OpenTable, Say

from tests.registered import a_game
from tests.tables.heard import Heard

GAME = a_game(seats=3)


@pytest.fixture
async def hosts(postgres):
    """Two hosts on one store, each with its own folder and socket."""
    services, folders = [], []
    for name in ("a", "b"):
        base = Path(tempfile.mkdtemp(prefix="ikt-"))
        folders.append(base)
        store = PostgresStore(postgres, host=name, lease_seconds=2.0)
        services.append(await TableService(TableManager(store), base / SOCKET_NAME,
                                           check_interval=0.3).start())
    yield services
    for svc in services:
        await svc.close()
    for base in folders:
        shutil.rmtree(base, ignore_errors=True)


async def client(service, name) -> TableClient:
    return await TableClient.connect(str(service.path), service.issue_token(name))




def last(heard: Heard):
    return heard.updates[-1]


async def test_players_on_two_hosts_play_one_table_and_chat(hosts):
    a, b = hosts
    ann, cy = await client(a, "ann"), await client(a, "cy")
    bob = await client(b, "bob")
    code = (await ann.request(OpenTable(game=GAME, seats=["me", "open", "open"]))).update.table.code
    on_a = Heard(ann, code)
    assert [t.code for t in (await bob.request(ListTables())).tables] == [code]
    joined = await bob.request(JoinTable(code=code))
    assert joined.update.you == 1
    on_b = Heard(bob, code)
    await on_a.until(lambda: on_a.updates and last(on_a).table.seats[1].name == "bob", "bob sit down")
    await on_a.until(lambda: any("bob is at the table" in n for n in on_a.notes), "the note from b")
    await cy.request(JoinTable(code=code))
    await on_b.until(lambda: on_b.updates and last(on_b).table.status == "playing", "the game begin")
    players = {0: ann, 1: bob, 2: cy}
    for _ in range(6):
        u = last(on_b) if on_b.updates[-1].at >= on_a.updates[-1].at else last(on_a)
        at, seat = u.at, u.decision.seat
        key = next(c.key for c in u.decision.choices) if u.you == seat and u.decision.choices else None
        if key is None:  # the other host's session sees the chooser's menu
            mine = {0: on_a, 2: on_a, 1: on_b}[seat]
            await mine.until(lambda m=mine, at=at, seat=seat: last(m).at == at and last(m).you == seat, "its menu")
            key = last(mine).decision.choices[0].key
        await players[seat].request(Choose(code=code, key=key, at=at))
        await on_a.until(lambda at=at: last(on_a).at > at, "the move on a")
        await on_b.until(lambda at=at: last(on_b).at > at, "the move on b")
        assert last(on_a).at == last(on_b).at
        assert last(on_a).scores == last(on_b).scores
    await bob.request(Say(code=code, text="from b"))
    await ann.request(Say(code=code, text="from a"))
    await on_a.until(lambda: ("bob", "from b") in on_a.chat, "b's chat on a")
    await on_b.until(lambda: ("ann", "from a") in on_b.chat, "a's chat on b")
    assert list(b.manager.refresh(code).chat) == [("bob", "from b"), ("ann", "from a")]


async def test_a_seat_is_away_only_when_its_player_is_on_no_host(hosts):
    a, b = hosts
    ann, bob = await client(a, "ann"), await client(b, "bob")
    code = (await ann.request(OpenTable(game=GAME, seats=["me", "open"]))).update.table.code
    on_a = Heard(ann, code)
    await bob.request(JoinTable(code=code))
    await on_a.until(lambda: on_a.updates and last(on_a).table.status == "playing", "the start")
    await on_a.until(lambda: not last(on_a).table.seats[1].away, "bob at it, on b")
    await bob.request(Leave(code=code))
    await on_a.until(lambda: last(on_a).table.seats[1].away, "bob away")


async def test_a_tables_bot_is_played_by_one_host(hosts):
    a, b = hosts
    thought = {a: 0, b: 0}  # the bots each host set thinking
    for svc in hosts:
        def counted(*args, svc=svc, think=svc._bots.think):
            thought[svc] += 1
            return think(*args)
        svc._bots.think = counted
    ann, bob = await client(a, "ann"), await client(b, "bob")
    code = (await ann.request(OpenTable(game=GAME, seats=["me", "open", "bot"]))).update.table.code
    on_a = Heard(ann, code)
    on_b = Heard(bob, code, (await bob.request(JoinTable(code=code))).update)
    players = {0: (ann, on_a), 1: (bob, on_b)}
    for _ in range(200):  # each person takes their first choice when their menu comes
        await asyncio.sleep(0.05)
        for who, heard in players.values():
            u = last(heard)
            if u.decision is not None and u.decision.seat == u.you and u.decision.choices:
                try:
                    await who.request(Choose(code=code, key=u.decision.choices[0].key, at=u.at))
                except TableRefused:  # the table moved on meanwhile: the next update says how
                    pass
        if sum(thought.values()) >= 3 or last(on_a).decision is None:
            break
    # Both hosts' copies agree (read on their own workers; the bot may move meanwhile).
    a_has = list((await a._on_worker(a.manager.refresh, code)).state.record.choices)
    b_has = list((await b._on_worker(b.manager.refresh, code)).state.record.choices)
    assert b_has[:len(a_has)] == a_has and len(a_has) > 4
    with psycopg.connect(a.manager.store.url) as conn:
        (holder,), = conn.execute("SELECT host FROM inkterm_leases WHERE code = %s", (code,)).fetchall()
    holders = [svc for svc in hosts if svc.manager.store.host == holder]
    assert thought[holders[0]] >= 2 and [n for svc, n in thought.items() if svc is not holders[0]] == [0]


async def browser(service, cookie: str) -> TableClient:
    """A browser tab's session on a host: its person is its cookie's (one domain's
    cookie reaches every host behind it)."""
    token = service.issue_token(None, person=web_person(cookie), address="192.0.2.7")
    return await TableClient.connect(str(service.path), token)


async def test_a_browser_players_name_is_the_same_on_every_host_and_nobody_elses(hosts):
    a, b = hosts
    zoe_a = await browser(a, "zoe's cookie")
    await zoe_a.choose_name("Zoe")
    await zoe_a.close()
    # Zoe's browser on the other host is Zoe without choosing again; and she sits as her.
    zoe_b = await browser(b, "zoe's cookie")
    opened = await zoe_b.request(OpenTable(game=GAME, seats=["me", "open", "open"]))
    assert opened.update.table.seats[0].name == "Zoe (web)"
    # Another browser on that host cannot be her (nor look like her), while her tab
    # there is closed as well.
    await zoe_b.close()
    other = await browser(b, "another cookie")
    with pytest.raises(TableRefused, match="Someone else is Zoe"):
        await other.choose_name("zoe")
    with pytest.raises(TableRefused, match="looks the same"):  # a Cyrillic о for the o
        await other.choose_name("Z\u043ee")
    await other.choose_name("Zed")
    assert other.name == "Zed (web)"
    await other.close()


async def test_a_waiting_table_closes_on_every_hosts_screens_and_never_under_a_player(hosts):
    """A waiting table nobody is at closes after the limit; one whose player waits on
    another host does not; and when a host closes it, the sessions at it on the
    other hosts are told (the store's NOTIFY), not left in a waiting room of a table
    that is no more."""
    from dataclasses import replace

    from inkterm.tables.manager import CLOSED_WAITING

    a, b = hosts
    a.manager.limits = replace(a.manager.limits, waiting_minutes=0.3 / 60)
    ann, bob = await client(a, "ann"), await client(b, "bob")
    code = (await ann.request(OpenTable(game=GAME, seats=["me", "open", "open"]))).update.table.code
    on_a = Heard(ann, code)
    on_b = Heard(bob, code, (await bob.request(JoinTable(code=code))).update)
    await on_a.until(lambda: on_a.updates and last(on_a).table.seats[1].name == "bob", "bob sit down")
    await ann.request(Leave(code=code))  # the host goes; bob waits on host b
    await asyncio.sleep(1.5)  # five times the limit, the watchdog looking every 0.3 s
    assert code in a.manager.tables and code in b.manager.tables

    # Host a loses sight of bob (as when b's beat came late under load): it closes the
    # table, and bob's waiting room on b hears so.
    table = a.manager.tables[code]
    table.elsewhere, table.alone_since = set(), 0.0
    await on_b.until(lambda: last(on_b).table.ended == CLOSED_WAITING, "the table closed", 10)
    assert code not in b.manager.tables
    with pytest.raises(TableRefused):
        await bob.request(Say(code=code, text="anyone?"))
