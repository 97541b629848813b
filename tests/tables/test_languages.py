"""A shared table where each player reads their own language: the server makes every
event and decision once, as data; each client (its own process in a real session, here
each rendering in the language of the seat it serves) reads the same update in zh, ja
or en. Real sockets, real clients (``service``)."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from inkterm.engine import new_game
from inkterm.engine.text import Msg, render
import pytest

from inkterm.tables.client import TableClient, TableRefused
from inkterm.tables.manager import TableManager
from inkterm.tables.protocol import Choose, JoinTable, Leave, OpenTable, Say

from tests.registered import games
from tests.tables.heard import Heard

#: A game whose rules speak through engine/text.py messages (chosen by that fact).
GAME = next(g for g in games(3, shipped=True) if isinstance(new_game(g, ["a", "b", "c"], 1).decision().prompt, Msg))
LANGS = ("zh", "ja", "en")
HAN_OR_KANA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


async def client(service, name):
    return await TableClient.connect(str(service.path), service.issue_token(name))


async def test_each_seat_reads_the_same_table_in_its_own_language(service):
    names = ("ann", "bob", "cy")
    ann, bob, cy = [await client(service, n) for n in names]
    code = (await ann.request(OpenTable(game=GAME, seats=["me", "open", "open"]))).update.table.code
    heard = [Heard(ann, code), None, None]
    heard[1] = Heard(bob, code, (await bob.request(JoinTable(code=code))).update)
    heard[2] = Heard(cy, code, (await cy.request(JoinTable(code=code))).update)
    table = service.manager.tables[code]
    clients = [ann, bob, cy]
    for _ in range(12):
        st = table.state
        d = st.decision()
        await clients[d.seat].request(Choose(code=code, key=d.choices[0].key, at=len(st.record.choices)))
    at = len(table.state.record.choices)
    for h in heard:
        await h.until(lambda h=h: h.updates and h.updates[-1].at == at, "the last move")
    chooser = table.state.decision().seat
    for seat, (h, lang) in enumerate(zip(heard, LANGS)):
        events = [e for u in h.updates for e in u.events]
        assert events and all(isinstance(e.text, Msg) for e in events)  # data, not the server's words
        said = [render(e.text, lang) for e in events]
        d = h.updates[-1].decision
        menu = [render(d.prompt, lang)] + [render(c.label, lang) for c in d.choices] + \
               [render(c.hint, lang) for c in d.choices]
        if lang == "en":
            assert said == [str(e.text) for e in events]  # this process reads English
            assert not any(HAN_OR_KANA.search(s) for s in menu[:1]), menu
        else:
            assert all(HAN_OR_KANA.search(s) for s in said), said
            assert all(HAN_OR_KANA.search(s) for s in menu if s), menu
        if seat == chooser:
            assert d.choices  # the chooser's own menu, field for field
    # The same event, three languages: zh and ja differ from each other and from English.
    first = [e for u in heard[0].updates for e in u.events][-1].text
    zh, ja, en = (render(first, lang) for lang in LANGS)
    assert len({zh, ja, en}) == 3, (zh, ja, en)
    for c in clients:
        await c.close()


async def test_the_table_s_notes_reach_each_reader_in_their_own_language(service):
    """Who came and who left, as the table says it: one note, sent once as data, read
    in zh, ja and en at once (each session renders it in its reader's language)."""
    ann, bob = await client(service, "ann"), await client(service, "bob")
    code = (await ann.request(OpenTable(game=GAME, seats=["me", "open", "open"]))).update.table.code
    heard = Heard(ann, code)
    await bob.request(JoinTable(code=code))
    await heard.until(lambda: heard.said("bob is at the table"), "bob coming")
    await bob.request(Leave(code=code, quit=True))
    await heard.until(lambda: heard.said("bob quit inkterm"), "bob quitting")
    for note in heard.notes:
        assert isinstance(note, Msg)  # data over the wire, not the server's words
        zh, ja, en = (render(note, lang) for lang in LANGS)
        assert en == str(note) and not HAN_OR_KANA.search(en)
        assert HAN_OR_KANA.search(zh) and HAN_OR_KANA.search(ja) and len({zh, ja, en}) == 3, (zh, ja, en)
        assert "bob" in zh and "bob" in ja  # the name as it is, in every language
    assert render(heard.notes[-1], "en") == (f"bob quit inkterm; the table waits for them; the host can give the seat "
                                             f"to a bot (t). They come back with Join {code}.")
    assert code in render(heard.notes[-1], "zh") and code in render(heard.notes[-1], "ja")
    # a refusal the seat reads is a message too
    with pytest.raises(TableRefused) as refused:
        await bob.request(Say(code=code, text="hello?"))
    why = refused.value.args[0]
    assert isinstance(why, Msg) and str(refused.value) == "Join or watch the table to chat there."
    assert all(HAN_OR_KANA.search(render(why, lang)) for lang in ("zh", "ja"))
    for c in (ann, bob):
        await c.close()


#: Table files written before a table's notes were messages (their chat plain strings).
BEFORE_NOTES = sorted((Path(__file__).parent / "tables_before_notes").glob("*.table.json"))


def test_a_table_file_from_before_notes_were_messages_reads_its_chat(tmp_path):
    assert BEFORE_NOTES
    for path in BEFORE_NOTES:
        shutil.copyfile(path, tmp_path / path.name)
    manager = TableManager(tmp_path)
    assert manager.resume() == []
    for path in BEFORE_NOTES:
        said = [tuple(line) for line in json.loads(path.read_text())["chat"]]
        table = manager.tables[path.name.split(".")[0]]
        assert list(table.chat) == said
        assert [(c.name, c.text) for c in table.update_for(0, [], story=True).chat] == said
        # a message kept in its chat now is written as data and read back as the message
        note = Msg("{who} is watching.", who="cy")
        manager.say(table, "", note)
        again = TableManager(tmp_path)
        again.resume()
        kept = list(again.tables[table.code].chat)
        assert kept[:len(said)] == said and kept[-1] == ("", note) and isinstance(kept[-1][1], Msg)
        assert render(kept[-1][1], "ja") != render(kept[-1][1], "en")


def test_where_the_seed_would_be_the_log_says_the_server_keeps_it_in_the_reader_s_language():
    from inkterm import i18n
    from inkterm.tables.remote import ServerSeed

    try:
        for lang in ("zh", "ja"):
            i18n.use(lang)
            assert HAN_OR_KANA.search(str(ServerSeed(0))), str(ServerSeed(0))
    finally:
        i18n.use("en")
    assert str(ServerSeed(0)) == "kept by the server"
