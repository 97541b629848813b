"""One Kiln table served by two `inkterm serve ssh` hosts on one PostgreSQL store
(a real server; real OpenSSH clients). Ann opens it on host A with a bot in the
last seat; Bob and Dee join it from host B by its code. They play by keys, every
screen on either host showing the same round and chooser. The host holding the
table's bot lease is SIGKILLed: no choice made is lost, the other host takes the
bot over, its players log in to the host left and get their seats back, and play
goes on; the killed host starts again and its players come back to it. A plain run
plays on for a while; the nightly run plays the game to its end."""
from __future__ import annotations

import json

import psycopg
import pytest

from tests.serve.tables_e2e import Clients, Server, Table, open_table, play, player_keys, settled, wait_gone
from tests.serve.test_openssh_client import SSH
from tests.seeds import size

pytestmark = pytest.mark.skipif(SSH is None, reason="no OpenSSH client (ssh) installed")

PLAYERS = ("ann", "bob", "dee")
AFTER_KILL = size(16, 10_000)


class StoredTable(Table):
    """The table as the store's row says (the truth every host writes to)."""

    def __init__(self, url: str, code: str):
        super().__init__(None)
        self.url, self.code = url, code

    def text(self) -> str:
        with psycopg.connect(self.url) as conn:
            return conn.execute("SELECT data::text FROM inkterm_tables WHERE code = %s",
                                (self.code,)).fetchone()[0]


def lease_holder(url: str, code: str) -> str | None:
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT host FROM inkterm_leases WHERE code = %s", (code,)).fetchone()
    return row[0] if row else None


async def test_two_hosts_one_table_through_a_host_killed_and_started_again(table_data, tmp_path, postgres):
    data = {name: table_data / name for name in "ab"}
    for folder in data.values():
        folder.mkdir()
    keys = player_keys(data["a"], tmp_path, PLAYERS)
    for name in PLAYERS:  # each host's own key files: a key is trusted where its door reads it
        (data["b"] / "keys").mkdir(mode=0o700, exist_ok=True)
        (data["b"] / "keys" / f"{name}.pub").write_bytes((data["a"] / "keys" / f"{name}.pub").read_bytes())
    servers = {name: await Server(folder, "--store", postgres, "--lease-seconds", "3").start() for name, folder in data.items()}
    clients = {name: Clients(server, keys) for name, server in servers.items()}
    try:
        ann = await clients["a"].login("ann")
        code = await open_table(ann, ["me", "open", "open", "easy"], game="kiln")
        await ann.wait_for(r"Share the code " + code)
        bob = await clients["b"].join("bob", code)
        dee = await clients["b"].join("dee", code)
        await ann.wait_for(r"table " + code, timeout=20)  # ann's waiting room (on a) became the game
        table = StoredTable(postgres, code)
        assert table.now().seats == ["ann", "bob", "dee", "easy"]
        seats = {0: ann, 1: bob, 2: dee}
        on = {0: "a", 1: "b", 2: "b"}
        await play(table, seats, lambda st: len(st.record.choices) >= 20)

        # The host holding the bot's lease dies outright, whenever that falls.
        holder = lease_holder(postgres, code)
        dying = next(name for name, s in servers.items() if holder and holder.endswith(f":{s.proc.pid}"))
        living = "b" if dying == "a" else "a"
        apps = await servers[dying].kill()
        assert not await wait_gone(apps)
        # Read once the host is dead: until then it may still play the bot's move it
        # holds the lease for, which would then count as the living host's.
        made = list(table.now().record.choices)
        for seat, host in on.items():
            if host == dying:  # its players log in to the other host: their seats are theirs
                seats[seat] = await clients[living].join(PLAYERS[seat], code)
                on[seat] = living
        assert table.now().record.choices[:len(made)] == made  # nothing applied was lost
        def the_bot_played(st):  # its lease lapses and the living host plays it
            return any(seat == 3 for seat, _ in st.history[len(made):])
        # (No checking that other keys change nothing meanwhile: the bot's turn may wait
        # for its lease to lapse, and a quiet table is not a settled one then.)
        await play(table, seats, lambda st: the_bot_played(st) and len(st.record.choices) >= len(made) + 10,
                   stall=45.0, check_every=0)
        assert lease_holder(postgres, code).endswith(f":{servers[living].proc.pid}")

        # The dead host starts again; one player goes back to it.
        await servers[dying].start()
        seat = next(iter(seats))
        await (clients[on[seat]].all.pop(clients[on[seat]].all.index(seats[seat]))).child.terminate()
        seats[seat] = await clients[dying].join(PLAYERS[seat], code)
        at = len(table.now().record.choices)
        await play(table, seats, lambda st: st.is_over or len(st.record.choices) >= at + AFTER_KILL,
                   stall=45.0)
        state = table.now() if table.now().is_over else await settled(table)
        assert state.record.choices[:len(made)] == made
        if state.is_over:
            for term in seats.values():
                await term.wait_for(r"Game over", timeout=30)
        assert json.loads(table.text())["code"] == code
    except BaseException:
        from tests.serve.conftest import visible

        for name, server in servers.items():
            print(f"--- host {name} said:\n" + "".join(list(server.log)[-80:]))
        for name, c in clients.items():
            for term in c.all:
                print(f"--- a screen on host {name}:\n" + visible(bytes(term.raw[-6000:]))[-3000:])
        raise
    finally:
        for c in clients.values():
            await c.close()
        for server in servers.values():
            await server.stop()
