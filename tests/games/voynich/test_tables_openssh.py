"""A Voynich game at a shared table (a whole one in the nightly run), through four stock
OpenSSH clients: Ann opens it (Voynich, two bots), Bob joins by its code, Cy and Dee watch. Every
stretch of moves, each screen shows the same round and chooser, and the watchers'
and the waiting seat's keys change nothing. Nothing in this game is hidden from
any seat (its rules say so), so what must never reach a client is what would tell
the future: the seed stays on the server until the game is over."""
from __future__ import annotations

import pytest

from tests.serve.conftest import visible
from tests.serve.tables_e2e import Clients, Server, Table, open_table, play, player_keys
from tests.serve.test_openssh_client import SSH
from tests.seeds import size

pytestmark = pytest.mark.skipif(SSH is None, reason="no OpenSSH client (ssh) installed")

# A whole game is some 450 choices by keys, a minute or more on 2 cores: the nightly run
# (INKTERM_SLOW=1) plays it to the end, a plain run its first choices.
CHOICES = size(30, 10_000)


async def test_two_players_two_bots_and_two_watchers_play_a_whole_voynich_game(table_data,
                                                                             tmp_path):
    data = table_data
    keys = player_keys(data, tmp_path, ["ann", "bob", "cy", "dee"])
    server = await Server(data).start()
    clients = Clients(server, keys)
    try:
        ann = await clients.login("ann")
        code = await open_table(ann, ["me", "open", "easy", "easy"], game="voynich")
        await ann.wait_for(r"The Voynich Puzzle")
        bob = await clients.join("bob", code)
        watchers = [await clients.join(name, code, watch=True) for name in ("cy", "dee")]
        table = Table(data / "tables" / f"{code}.table.json")
        state = table.now()
        assert state.record.game == "voynich" and state.seats[:2] == ["ann", "bob"]
        seed = str(state.record.seed)

        def seed_kept(st):
            if len(seed) < 6:  # a short number could be on screen for other reasons
                return
            for term in [ann, bob, *watchers]:
                assert seed not in visible(bytes(term.raw)), "the seed reached a client"

        await play(table, {0: ann, 1: bob}, lambda st: st.is_over or len(st.record.choices) >= CHOICES,
                   watchers=watchers, check_every=15, on_check=seed_kept)
        if table.now().is_over:
            for term in [ann, bob, *watchers]:
                await term.wait_for(r"Game over", timeout=30)
        else:
            seed_kept(table.now())
    finally:
        await clients.close()
        await server.stop()
