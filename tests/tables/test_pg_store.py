"""The table store in a real PostgreSQL (a throwaway server, see tests/postgres.py):
two managers on one database are two hosts serving the same tables. A table opened
on one is known on the other, its players play it from either, a change made on an
old copy is made again on the table as it is, a bot's move is written only by the
host holding the table's lease (taken over once its host stops beating), and a
table file from before the store plays on from a row."""
from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import psycopg
import pytest

from inkterm.tables.manager import TableError, TableFile, TableManager
from inkterm.tables.people import ssh_player
from inkterm.tables.pg_store import SCHEMA_VERSION, PostgresStore, migrate
from inkterm.tables.protocol import OpenTable
from inkterm.tables.store import CodeTaken, LeaseLost, Stale, StoreDown

from tests.registered import a_game

GAME = a_game(seats=3)
BEFORE_STORE = sorted((Path(__file__).parent / "tables_before_store").glob("*.table.json"))


def host(url: str, name: str, **options) -> TableManager:
    return TableManager(PostgresStore(url, host=name, **options))


def take_turn(manager: TableManager, code: str) -> None:
    """Whoever is to choose at the table takes their first choice, on this host."""
    table = manager.refresh(code)
    st = table.state
    d = st.decision()
    manager.choose(ssh_player(st.seats[d.seat]), code, d.choices[0].key, len(st.record.choices))


def test_a_store_from_before_browser_names_is_migrated(postgres):
    """A store made by the first schema (no browser names) is brought up to date by
    the first host of this inkterm to connect, and then keeps names."""
    from inkterm.tables.pg_store import MIGRATIONS

    with psycopg.connect(postgres, autocommit=True) as conn:
        conn.execute("CREATE TABLE inkterm_schema (version integer NOT NULL)")
        for statement in MIGRATIONS[0]:
            conn.execute(statement)
        conn.execute("INSERT INTO inkterm_schema VALUES (1)")
    store = PostgresStore(postgres, host="new")
    assert store.web_name("web:x") is None
    assert store.claim_web_name("web:x", "Zoe (web)", lambda names: None) == "Zoe (web)"
    assert store.web_name("web:x") == "Zoe (web)"
    store.close()
    with psycopg.connect(postgres, autocommit=True) as conn:
        assert conn.execute("SELECT version FROM inkterm_schema").fetchall() == [(SCHEMA_VERSION,)]


def test_the_schema_is_made_once_and_its_version_kept(postgres):
    with psycopg.connect(postgres, autocommit=True) as conn:
        assert migrate(conn) == 0
        assert migrate(conn) == SCHEMA_VERSION  # a second host: nothing to do
        assert conn.execute("SELECT version FROM inkterm_schema").fetchall() == [(SCHEMA_VERSION,)]
        conn.execute("UPDATE inkterm_schema SET version = version + 1")
        with pytest.raises(StoreDown, match="newer than this inkterm"):
            migrate(conn)


def test_an_unreachable_store_says_so():
    with pytest.raises(StoreDown):
        PostgresStore("postgresql://nobody@127.0.0.1:1/none")


def test_two_hosts_play_one_table_from_either(postgres):
    a, b = host(postgres, "a"), host(postgres, "b")
    table, _ = a.open(ssh_player("Ann"), OpenTable(game=GAME, seats=["me", "open", "open"]))
    code = table.code
    assert [t.code for t in b.listed(ssh_player("Bob"))] == [code]  # the Join list is the store's
    b.join(ssh_player("Bob"), code)
    a.join(ssh_player("Cy"), table.code)  # a's copy was one change behind: read again, then joined
    assert [s.name for s in a.refresh(code).seats] == ["Ann", "Bob", "Cy"]
    hosts = [a, b]
    for n in range(8):
        take_turn(hosts[n % 2], code)
    mine, theirs = a.refresh(code), b.refresh(code)
    assert mine.state.record.choices == theirs.state.record.choices and len(mine.state.record.choices) >= 8
    assert mine.state == theirs.state
    row = b.store.read(code)
    stored = TableFile.model_validate_json(row.text)  # the very JSON a table file holds
    assert stored.save["record"]["choices"] == mine.state.record.choices
    assert json.loads(row.text) == json.loads(mine.to_file())


def test_a_change_made_on_an_old_copy_is_made_again_on_the_table_as_it_is(postgres):
    a, b = host(postgres, "a"), host(postgres, "b")
    table, _ = a.open(ssh_player("Ann"), OpenTable(game=GAME, seats=["me", "open", "open"]))
    b.join(ssh_player("Bob"), table.code)
    a_copy = a.tables[table.code]  # a has not heard of Bob
    a.say(a_copy, "Ann", "hello")  # written over Bob's seat? no: refused, read again, said on top
    fresh = b.refresh(table.code)
    assert [s.name for s in fresh.seats][:2] == ["Ann", "Bob"] and list(fresh.chat) == [("Ann", "hello")]
    heard = a.take_heard()
    assert [said for _, said in heard] == [{"version": 2}]  # Bob's sitting down, told to a's sessions


def test_the_row_lock_lets_one_of_many_writers_change_a_version(postgres):
    stores = [PostgresStore(postgres, host=f"h{i}") for i in range(6)]
    text = BEFORE_STORE[0].read_text()
    assert stores[0].create("ABCD", text, "playing") == 1
    with pytest.raises(CodeTaken):
        stores[1].create("ABCD", text, "playing")
    won, lost = [], []
    go = threading.Barrier(len(stores))

    def write(store):
        go.wait()
        try:
            won.append(store.write("ABCD", text, 1, "playing", said={"chat": [store.host, "mine"]}))
        except Stale:
            lost.append(store.host)
    threads = [threading.Thread(target=write, args=(s,)) for s in stores]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert won == [2] and len(lost) == len(stores) - 1
    row = stores[0].read("ABCD")
    assert row.version == 2 and len([s for s in row.said if "chat" in s]) == 1


def test_a_row_keeps_what_its_last_changes_said_and_a_read_gets_only_the_newer(postgres):
    """A move is written in one statement (row lock, version check, what it said, the
    notification); the row keeps what its last KEEP_SAID changes said, and a host
    that read version v is sent only what came after it, or nothing but the version
    when it is still v. A bot's move (under its lease) keeps them the same way."""
    from inkterm.tables.pg_store import KEEP_SAID

    a, b = PostgresStore(postgres, host="a"), PostgresStore(postgres, host="b")
    text = BEFORE_STORE[0].read_text()
    a.create("WXYZ", text, "playing")
    version = 1
    for n in range(KEEP_SAID + 5):
        version = a.write("WXYZ", text, version, "playing", said={"round": n}, leased=n % 3 == 0)
    with pytest.raises(Stale):
        a.write("WXYZ", text, version - 1, "playing", said={"round": -1})
    whole = b.read("WXYZ")
    assert whole.text == text and whole.version == version == KEEP_SAID + 6
    assert [s["version"] for s in whole.said] == list(range(version - KEEP_SAID + 1, version + 1))
    assert [s["round"] for s in whole.said][-1] == KEEP_SAID + 4
    newer = b.read("WXYZ", since=version - 2)
    assert newer.text == text and [s["version"] for s in newer.said] == [version - 1, version]
    same = b.read("WXYZ", since=version)
    assert same.text == "" and same.said == [] and same.version == version


def test_a_bot_is_played_by_the_host_holding_the_lease_and_taken_over_when_it_is_gone(postgres):
    a, b = host(postgres, "a", lease_seconds=3.0), host(postgres, "b", lease_seconds=3.0)
    table, _ = a.open(ssh_player("Ann"), OpenTable(game=GAME, seats=["me", "bot", "open"]))
    code = table.code
    b.join(ssh_player("Bob"), code)
    while b.refresh(code).state.decision().seat != 1:  # the people choose until the bot's turn
        take_turn(b, code)
    assert a.plays(a.refresh(code)) and not b.plays(b.tables[code])
    with pytest.raises(TableError, match="another host plays"):
        b.play_bots(b.tables[code])
    with pytest.raises(LeaseLost):
        b.store.write(code, b.tables[code].to_file(), b.tables[code].version, "playing", leased=True)
    deadline = time.monotonic() + 10  # a stops beating: its lease lapses
    while not b.plays(b.tables[code]):
        assert time.monotonic() < deadline, "the lease was never taken over"
        b.store.beat()
        time.sleep(0.2)
    with pytest.raises(TableError, match="another host plays"):  # a, back, is no longer the holder
        a.play_bots(a.refresh(code))
    before = len(b.tables[code].state.record.choices)
    b.play_bots(b.tables[code])
    assert len(b.refresh(code).state.record.choices) > before
    assert b.refresh(code).state.decision().seat != 1


@pytest.mark.parametrize("path", BEFORE_STORE[:1], ids=lambda p: p.name)
def test_a_table_file_from_before_the_store_plays_on_from_a_row(path, postgres):
    code = path.name.split(".")[0]
    PostgresStore(postgres, host="import").create(code, path.read_text(), "playing")
    a = host(postgres, "a")
    assert a.resume() == [] and list(a.tables) == [code]
    table = a.tables[code]
    a.play_bots(table)
    while not table.state.is_over:
        take_turn(a, code)
        a.play_bots(table)
    assert TableFile.model_validate_json(a.store.read(code).text).save["over"]
    assert host(postgres, "b").resume() == []  # over: nothing to resume, on any host


def test_a_host_hears_another_host_write_at_once(postgres):
    a, b = host(postgres, "a"), host(postgres, "b")
    heard: list[dict] = []
    got = threading.Event()
    b.store.listen(lambda said: (heard.append(said), got.set()))
    try:
        table, _ = a.open(ssh_player("Ann"), OpenTable(game=GAME, seats=["me", "open"]))
        assert got.wait(5)
        assert heard[0]["kind"] == "changed" and heard[0]["code"] == table.code
    finally:
        b.store.close()


def test_tables_move_between_files_and_the_store_as_they_are(postgres, tmp_path, capsys):
    from inkterm.cli import main

    assert main(["tables", "import", str(BEFORE_STORE[0].parent), postgres]) == 0
    assert f"{len(BEFORE_STORE)} tables copied" in capsys.readouterr().out
    assert main(["tables", "import", str(BEFORE_STORE[0].parent), postgres]) == 0  # again: nothing new
    assert "0 tables copied" in capsys.readouterr().out
    a = host(postgres, "a")
    assert a.resume() == [] and sorted(a.tables) == sorted(p.name.split(".")[0] for p in BEFORE_STORE)
    code = sorted(a.tables)[0]
    take_turn(a, code)  # played on in the store, then exported back to files
    assert main(["tables", "export", postgres, str(tmp_path / "out")]) == 0
    out = sorted((tmp_path / "out").glob("*.table.json"))
    assert [p.name for p in out] == [p.name for p in BEFORE_STORE]
    for path, before in zip(out, BEFORE_STORE):
        if path.name.startswith(code):
            assert json.loads(path.read_text()) == json.loads(a.tables[code].to_file())
        else:
            assert path.read_text() == before.read_text()  # byte for byte
    one_host = TableManager(tmp_path / "out")
    assert one_host.resume() == [] and one_host.tables[code].state == a.tables[code].state


def test_a_table_pauses_while_the_store_is_down_and_goes_on_with_nothing_lost(tmp_path):
    from tests.postgres import Cluster, bin_dir

    if bin_dir() is None:
        pytest.skip("PostgreSQL is not installed")
    cluster = Cluster(bin_dir()).start()  # a server of its own, to stop
    try:
        url = cluster.database()
        a = host(url, "a")
        table, _ = a.open(ssh_player("Ann"), OpenTable(game=GAME, seats=["me", "open"]))
        a.join(ssh_player("Bob"), table.code)
        take_turn(a, table.code)
        made = list(table.state.record.choices)
        cluster.down()
        st = table.state
        with pytest.raises(TableError, match="cannot save table .* play pauses"):
            a.choose(ssh_player(st.seats[st.decision().seat]), table.code,
                     st.decision().choices[0].key, len(made))
        assert table.paused and table.state.record.choices == made  # nothing applied unsaved
        with pytest.raises(TableError, match="is paused"):
            take_turn(a, table.code)
        cluster.up()
        deadline = time.monotonic() + 20
        while a.retry_saves() == []:
            assert time.monotonic() < deadline, "the table never went on"
            time.sleep(0.2)
        assert table.paused is None
        take_turn(a, table.code)
        stored = TableFile.model_validate_json(host(url, "b").store.read(table.code).text)
        assert stored.save["record"]["choices"] == made + table.state.record.choices[len(made):]
        assert len(table.state.record.choices) == len(made) + 1
    finally:
        cluster.stop()
