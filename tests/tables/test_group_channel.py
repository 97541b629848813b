"""Tables a group finishes, over the channel (real sockets, real clients): a quit is
announced and the seat is away on every screen; a player coming back reads the
whole story and the chat; a move's events carry the round they happened in; a full
table hears who asks to join, and the host gives them the away seat."""
from __future__ import annotations



from inkterm.tables.client import TableClient
from inkterm.tables.protocol import Choose, JoinTable, Leave, OpenTable, Say, Steer

from tests.registered import a_game
from tests.tables.heard import Heard

GAME = a_game(shipped=True, seats=3)  # the protocol's own tests need one game; every game's story: test_group_tables




async def client(service, name):
    return await TableClient.connect(str(service.path), service.issue_token(name))




async def play(table, clients, n):
    """The seat to choose takes its first choice, ``n`` times."""
    for _ in range(n):
        st = table.state
        d = st.decision()
        await clients[d.seat].request(Choose(code=table.code, key=d.choices[0].key,
                                             at=len(st.record.choices)))


async def test_a_quit_is_announced_and_the_seat_is_away_on_every_screen(service):
    ann, bob, cy = [await client(service, n) for n in ("ann", "bob", "cy")]
    code = (await ann.request(OpenTable(game=GAME, seats=["me", "open", "open"]))).update.table.code
    heard = Heard(ann, code)
    await bob.request(JoinTable(code=code))
    await cy.request(JoinTable(code=code))
    await bob.request(Leave(code=code, quit=True))
    await heard.until(lambda: any("bob quit inkterm" in t for t in heard.notes), "bob's quit")
    await heard.until(lambda: heard.updates and heard.updates[-1].table.seats[1].away, "away")
    assert heard.updates[-1].table.seats[1].status() == "away"
    for c in (ann, bob, cy):
        await c.close()


async def test_back_at_the_table_the_story_and_chat_are_there_and_rounds_are_right(service):
    ann, bob = await client(service, "ann"), await client(service, "bob")
    code = (await ann.request(OpenTable(game=GAME, seats=["me", "open"]))).update.table.code
    await bob.request(JoinTable(code=code))
    heard = Heard(ann, code)
    table = service.manager.tables[code]
    await bob.request(Say(code=code, text="good luck"))
    for _ in range(60):  # until a round ends with a move
        st = table.state
        d = st.decision()
        before = st.round_number()
        who = [ann, bob][d.seat]
        await who.request(Choose(code=code, key=d.choices[0].key, at=len(st.record.choices)))
        if table.state.round_number() != before and d.seat == 0:
            break
    await heard.until(lambda: heard.updates and heard.updates[-1].at == len(table.state.record.choices),
                      "the last move")
    last = heard.updates[-1]
    assert last.round == before != table.state.round_number()  # the round it was played in
    await bob.close()
    bob = await client(service, "bob")
    back = (await bob.request(JoinTable(code=code))).update
    assert back.you == 1 and len(back.history) == len(table.state.record.choices)
    assert [(c.name, c.text) for c in back.chat] == [("bob", "good luck")]
    await ann.close()
    await bob.close()


async def test_a_full_table_hears_a_request_and_the_host_gives_the_away_seat(service):
    ann, bob, zoe = [await client(service, n) for n in ("ann", "bob", "zoe")]
    code = (await ann.request(OpenTable(game=GAME, seats=["me", "open"]))).update.table.code
    await bob.request(JoinTable(code=code))
    heard = Heard(ann, code)
    asked = await zoe.request(JoinTable(code=code))
    assert asked.update.you is None  # she watches meanwhile
    zoe_heard = Heard(zoe, code)
    await heard.until(lambda: any("zoe asks to join" in t for t in heard.notes), "zoe's request")
    await bob.close()  # bob leaves for good
    await heard.until(lambda: any("bob has left" in t for t in heard.notes), "bob leaving")
    await ann.request(Steer(code=code, action="give", seat=1, name="zoe"))
    await zoe_heard.until(lambda: zoe_heard.updates and zoe_heard.updates[-1].you == 1, "her seat")
    table = service.manager.tables[code]
    assert table.state.seats == ["ann", "zoe"]
    await play(table, {0: ann, 1: zoe}, 6)
    await ann.close()
    await zoe.close()
