"""The local channel over a real Unix socket: a session speaks only for the name
its token was issued to, watchers and other seats change nothing, and a move
reaches every session at the table with only its own seat's view."""
from __future__ import annotations

import asyncio
import json

import pytest

from inkterm.tables.client import TableClient, TableRefused
from inkterm.tables.people import ssh_player, web_person
from inkterm.tables.protocol import Choose, JoinTable, ListTables, OpenTable, WatchTable

from tests.registered import a_game

GAME = a_game(seats=2)  # any game will do: the first in the menu




async def client(service, name) -> TableClient:
    return await TableClient.connect(str(service.path), service.issue_token(name))


class Inbox:
    """The updates one session receives for a table."""

    def __init__(self, c: TableClient, code: str):
        self.updates = []
        self.arrived = asyncio.Event()
        c.follow(code, self._got)

    def _got(self, update):
        self.updates.append(update)
        self.arrived.set()

    async def next(self):
        await asyncio.wait_for(self.arrived.wait(), 5)
        self.arrived.clear()
        return self.updates[-1]


async def test_a_bad_token_is_refused(service):
    with pytest.raises(TableRefused, match="not a session"):
        await TableClient.connect(str(service.path), "guessed")
    reader, writer = await asyncio.open_unix_connection(str(service.path))
    # The name cannot be claimed in the hello: the message has no such field.
    writer.write(json.dumps({"type": "hello", "token": "x", "name": "ann"}).encode() + b"\n")
    assert b"not a session" in await reader.readline()
    writer.close()


async def test_a_revoked_token_no_longer_opens_the_channel(service):
    token = service.issue_token("ann")
    service.revoke_token(token)
    with pytest.raises(TableRefused):
        await TableClient.connect(str(service.path), token)


async def test_a_move_reaches_every_seat_and_watcher_with_its_own_view(service):
    ann, bob, cy = [await client(service, n) for n in ("ann", "bob", "cy")]
    opened = await ann.request(OpenTable(game=GAME, seats=["me", "open"]))
    code = opened.update.table.code
    inboxes = {c.name: Inbox(c, code) for c in (ann, bob, cy)}
    joined = await bob.request(JoinTable(code=code))
    assert joined.update.you == 1 and joined.update.table.status == "playing"
    await inboxes["ann"].next()  # ann hears that bob sat down and the game began
    watched = await cy.request(WatchTable(code=code))
    assert watched.update.you is None and watched.update.decision.choices == []

    table = service.manager.tables[code]
    d = table.state.decision()
    mover, other = (ann, bob) if d.seat == 0 else (bob, ann)
    for intruder in (other, cy):  # another seat and a watcher: refused, nothing changes
        with pytest.raises(TableRefused):
            await intruder.request(Choose(code=code, key=d.choices[0].key, at=0))
    assert table.state.record.choices == []

    await mover.request(Choose(code=code, key=d.choices[0].key, at=0))
    got = {name: await box.next() for name, box in inboxes.items()}
    assert {u.at for u in got.values()} == {1}
    assert got["ann"].view == json.loads(json.dumps(table.state.view(0)))
    assert got["bob"].view == json.loads(json.dumps(table.state.view(1)))
    assert got["cy"].view == json.loads(json.dumps(table.state.summary()))
    assert got["ann"].events == got["bob"].events == got["cy"].events  # the narration is public


async def test_private_tables_are_not_listed(service):
    ann, bob = await client(service, "ann"), await client(service, "bob")
    await ann.request(OpenTable(game=GAME, seats=["me", "open"], private=True))
    public = await ann.request(OpenTable(game=GAME, seats=["me", "open"]))
    listed = await bob.request(ListTables())
    assert [t.code for t in listed.tables] == [public.update.table.code]


async def test_a_bad_message_is_a_one_line_error_and_the_channel_lives_on(service):
    ann = await client(service, "ann")
    with pytest.raises(TableRefused, match="seats"):
        await ann.request(OpenTable(game=GAME, seats=["me"]))
    ann._writer.write(b'{"type": "choose"}\n')
    await asyncio.sleep(0.1)
    assert (await ann.request(ListTables())).tables == []


async def test_chat_reaches_players_and_watchers_as_plain_text_and_is_rate_limited(service):
    from inkterm.tables.chat import CHAT_BURST
    from inkterm.tables.protocol import Say

    ann, bob, cy = [await client(service, n) for n in ("ann", "bob", "cy")]
    code = (await ann.request(OpenTable(game=GAME, seats=["me", "open"]))).update.table.code
    with pytest.raises(TableRefused, match="Join or watch"):
        await bob.request(Say(code=code, text="hi"))
    heard = {c.name: [] for c in (ann, cy)}
    for c in (ann, cy):
        c.follow(code, lambda m, name=c.name: heard[name].append(m))
    await cy.request(WatchTable(code=code))
    await ann.request(Say(code=code, text="\x1b[2J[red]hello[/red]"))
    await asyncio.sleep(0.1)
    for name in ("ann", "cy"):
        (line,) = [m for m in heard[name] if m.type == "chat" and m.name]
        assert (line.name, line.text) == ("ann", "␛[2J[red]hello[/red]")
    for _ in range(CHAT_BURST - 1):
        await ann.request(Say(code=code, text="again"))
    with pytest.raises(TableRefused, match="too fast"):
        await ann.request(Say(code=code, text="and again"))


async def test_a_slow_choice_does_not_hold_up_the_event_loop(service, monkeypatch):
    """A search bot thinking (or a save waiting for the disk) runs off the loop that
    carries every SSH session's keys and screens."""
    import time

    ann, bob = await client(service, "ann"), await client(service, "bob")
    code = (await ann.request(OpenTable(game=GAME, seats=["me", "open"]))).update.table.code
    await bob.request(JoinTable(code=code))
    table = service.manager.tables[code]
    mover = ann if table.state.decision().seat == 0 else bob
    choose = service.manager.choose

    def slow_choose(*args):
        time.sleep(1.5)
        return choose(*args)

    monkeypatch.setattr(service.manager, "choose", slow_choose)
    t0 = time.monotonic()
    pending = asyncio.ensure_future(mover.request(
        Choose(code=code, key=table.state.decision().choices[0].key, at=0)))
    await asyncio.sleep(0.1)  # the loop keeps turning while the choice is worked out
    assert time.monotonic() - t0 < 1.0
    await pending
    assert len(table.state.record.choices) == 1


async def test_the_table_says_who_sat_down_who_watches_and_who_left(service):
    ann, bob, cy = [await client(service, n) for n in ("ann", "bob", "cy")]
    code = (await ann.request(OpenTable(game=GAME, seats=["me", "open"]))).update.table.code
    notes = []
    ann.follow(code, lambda m: notes.append(m.text) if m.type == "chat" and not m.name else None)
    await bob.request(JoinTable(code=code))
    await cy.request(WatchTable(code=code))
    await bob.close()  # his connection drops: the seat stays his
    await cy.close()  # a watcher leaving is no news
    for _ in range(50):
        if len(notes) >= 3:
            break
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.1)
    assert notes == ["bob is at the table (seat 2).", "cy is watching.",
                     f"bob has left the table; the table waits for them; the host can give the seat "
                     f"to a bot (t). They come back with Join {code}."]
    assert service.manager.tables[code].seat_for(ssh_player("bob")) == 1


async def test_a_browser_session_chooses_a_name_marked_as_not_logged_in(service):
    from inkterm.tables.protocol import ChooseName, Say

    ann = await client(service, "ann")
    code = (await ann.request(OpenTable(game=GAME, seats=["me", "open"]))).update.table.code
    tab = await TableClient.connect(str(service.path), service.issue_token(None))
    assert tab.name == ""
    assert [t.code for t in (await tab.request(ListTables())).tables] == [code]  # looking is free
    for nameless in (JoinTable(code=code), WatchTable(code=code), Say(code=code, text="hi")):
        with pytest.raises(TableRefused, match="Choose the name"):
            await tab.request(nameless)
    for bad in ("", "   ", "\x1b[31mzoe", "a" * 21, "[/]", "Zoe\u202e"):  # as every door says
        with pytest.raises(TableRefused, match="name"):
            await tab.choose_name(bad)
    await tab.choose_name("  Zoe  ")
    assert tab.name == "Zoe (web)"
    with pytest.raises(TableRefused, match="already"):
        await tab.request(ChooseName(name="ann"))  # once only: not another's name later
    joined = await tab.request(JoinTable(code=code))
    assert [s.name for s in joined.update.table.seats] == ["ann", "Zoe (web)"]

    # While Zoe's tab is open, another tab cannot be her; an SSH login keeps its name.
    other = await TableClient.connect(str(service.path), service.issue_token(None))
    with pytest.raises(TableRefused, match="Someone else is Zoe"):
        await other.choose_name("zoe")
    with pytest.raises(TableRefused, match="looks the same"):  # a Cyrillic о for the o
        await other.choose_name("Z\u043ee")
    with pytest.raises(TableRefused, match="already"):
        await ann.choose_name("bob")


async def browser(service, cookie: str, address: str = "192.0.2.7") -> TableClient:
    """A browser tab's session: its person is its cookie's."""
    token = service.issue_token(None, person=web_person(cookie), address=address)
    return await TableClient.connect(str(service.path), token)


async def test_a_browser_keeps_its_name_and_seat_and_nobody_else_gets_them(service):
    """A browser is one person for as long as it keeps its cookie: one name for its
    life, given back after a reload (a new session), and its seat is its own: once
    its tab is closed, another browser naming itself the same gets neither."""
    zoe_cookie, eve_cookie = "z" * 40, "e" * 40
    ann = await client(service, "ann")
    code = (await ann.request(OpenTable(game=GAME, seats=["me", "open"]))).update.table.code
    waiting = (await ann.request(OpenTable(game=GAME, seats=["me", "open", "open"]))
               ).update.table.code
    zoe = await browser(service, zoe_cookie)
    await zoe.choose_name("Zoe")
    assert (await zoe.request(JoinTable(code=code))).update.you == 1
    assert (await zoe.request(JoinTable(code=waiting))).update.you == 1
    await zoe.close()  # the tab is closed
    eve = await browser(service, eve_cookie)
    early = await browser(service, eve_cookie)
    await asyncio.sleep(0.2)
    with pytest.raises(TableRefused, match="Someone else is Zoe"):
        await eve.choose_name("Zoe")
    await eve.choose_name("Eve")
    asked = await eve.request(JoinTable(code=code))  # the table is full: no seat for Eve
    assert asked.update.you is None and asked.update.table.asking == ["Eve (web)"]
    table = service.manager.tables[code]
    zoe_seat = table.state.decision().seat == 1
    with pytest.raises(TableRefused, match="watching"):
        await eve.request(Choose(code=code, key=table.state.decision().choices[0].key, at=0))
    assert table.state.record.choices == []

    again = await browser(service, zoe_cookie)  # Zoe reloads the page
    assert again.name == "Zoe (web)"  # no name to choose: hers
    assert early.name == ""  # Eve's other tab, opened before she chose her name,
    await early.choose_name("Eve again")  # is told the name her browser chose
    assert early.name == "Eve (web)"
    assert (await again.request(JoinTable(code=code))).update.you == 1
    if zoe_seat:
        await again.request(Choose(code=code, key=table.state.decision().choices[0].key, at=0))
        assert len(table.state.record.choices) == 1
    # Under the same name from another browser (after a restart forgot who chose it),
    # her seat is still not given away.
    await again.close()
    await asyncio.sleep(0.2)
    service._web_names.clear()
    mallory = await browser(service, "m" * 40)
    await mallory.choose_name("Zoe")
    asked = await mallory.request(JoinTable(code=code))  # a full table: she may only ask
    assert asked.update.you is None and "Zoe (web)" in asked.update.table.asking
    with pytest.raises(TableRefused, match="is taken"):  # her seat at the waiting table
        await mallory.request(JoinTable(code=waiting))
    at = len(table.state.record.choices)
    if table.state.decision().seat == 1:
        with pytest.raises(TableRefused, match="watching"):
            await mallory.request(Choose(code=code, key=table.state.decision().choices[0].key,
                                         at=at))
    assert len(table.state.record.choices) == at


async def test_unknown_codes_from_one_address_are_refused_early_whoever_asks(service):
    """Fresh browser people from one address share its count of unknown codes;
    past it, even an existing private table's code is refused."""
    ann = await client(service, "ann")
    hidden = (await ann.request(OpenTable(game=GAME, seats=["me", "open"], private=True))
              ).update.table.code
    limit = service.manager.limits.unknown_codes_per_address
    answers = []
    for n in range(limit + 10):
        tab = await browser(service, f"{n:040d}", address="198.51.100.20")
        await tab.choose_name(f"guesser {n}")
        try:
            await tab.request(JoinTable(code=f"{n:010d}"))
        except TableRefused as exc:
            answers.append(str(exc))
        await tab.close()
    assert sum("no table" in a for a in answers) == limit
    assert all("Too many" in a for a in answers[limit:])
    last = await browser(service, "x" * 40, address="198.51.100.20")
    await last.choose_name("last guess")
    with pytest.raises(TableRefused, match="Too many"):
        await last.request(JoinTable(code=hidden))
    elsewhere = await browser(service, "y" * 40, address="203.0.113.20")
    await elsewhere.choose_name("friend")
    assert (await elsewhere.request(JoinTable(code=hidden))).update.you == 1
