"""Shared tables end to end: a real `inkterm serve ssh` process and four stock
OpenSSH clients at one Kiln table. Ann opens it with a bot in the last seat, Bob
and Dee join by its code, Cy watches; they play by keys. After
each stretch of moves every screen shows the same round and chooser, and keys
from the watcher and the seats not choosing change nothing. Bob's client is
killed and he comes back to his seat; the server is killed with SIGKILL (its apps
end with it) and restarted, and the table goes on from its last choice. No
client ever receives a card only another seat holds; chat with markup and escape
sequences arrives as plain text. A plain run plays on for a while after the restart; the
nightly run plays the game to its end on every screen."""
from __future__ import annotations

import asyncio
import json

import pytest

from tests.serve.tables_e2e import (Clients, Server, Table, all_show, chat_arrives_as_text, describe,
                                    open_table, play, player_keys, settled, wait_gone)
from tests.serve.test_openssh_client import SSH
from tests.seeds import size

from inkterm.engine import new_game
from inkterm.games.kiln.content import cards

CARDS = cards()

pytestmark = pytest.mark.skipif(SSH is None, reason="no OpenSSH client (ssh) installed")

PLAYERS = ("ann", "bob", "dee")
WATCHER = "cy"
# After the restart a plain run plays on for this many choices, the nightly run
# (INKTERM_SLOW=1) to the end of the game (some 400 choices by keys in all).
AFTER_RESTART = size(16, 10_000)


class Witness:
    """Which cards each viewer's own view has ever held, the game replayed choice
    by choice (a card seen in your hand or your Studio draw may later go to
    another seat: you saw it fairly)."""

    def __init__(self):
        self.state, self.seen = None, {}

    def advance(self, state):
        rec = state.record
        if self.state is None:
            self.state = new_game(rec.game, rec.seats, rec.seed, rec.options)
        for key in rec.choices[len(self.state.record.choices):]:
            self._look()
            self.state.apply(key)
        self._look()

    def _look(self):
        st = self.state
        for viewer in [*range(len(st.seats)), None]:
            shown = json.dumps(st.summary() if viewer is None else st.view(viewer),
                               ensure_ascii=False)
            self.seen.setdefault(viewer, set()).update(
                card.label for card in CARDS.values() if card.label in shown)

    def secret_names(self, state, viewer: int | None) -> set[str]:
        """Cards other seats hold now that the viewer's view never showed."""
        self.advance(state)
        return {CARDS[c].label for s, p in enumerate(state.m.players) if s != viewer
                for c in p.hand} - self.seen[viewer]


def assert_no_secrets(witness: Witness, state, seats: dict, watcher, own_hands=False):
    """No client has received a card another seat alone holds; with ``own_hands``,
    each player has seen their own (so the check can see cards at all)."""
    from tests.serve.conftest import visible

    for seat, term in [*seats.items(), (None, watcher)]:
        shown = visible(bytes(term.raw))
        leaked = {name for name in witness.secret_names(state, seat) if name in shown}
        who = "the watcher" if seat is None else state.seats[seat]
        assert not leaked, f"{who} saw {leaked}"
        if seat is not None and own_hands:
            own = {CARDS[c].label for c in state.m.players[seat].hand}
            assert any(name in shown for name in own), f"{who}'s hand not seen"


async def test_three_players_a_bot_and_a_watcher_through_a_drop_and_a_restart(table_data, tmp_path):
    data = table_data
    keys = player_keys(data, tmp_path, [*PLAYERS, WATCHER])
    server = await Server(data).start()
    clients = Clients(server, keys)
    try:
        ann = await clients.login("ann")
        code = await open_table(ann, ["me", "open", "open", "easy"], game="kiln")
        await ann.wait_for(r"Seat 4: easy \(bot\)")
        await ann.wait_for(r"Share the code " + code)
        bob = await clients.join("bob", code)
        dee = await clients.join("dee", code)
        await ann.wait_for(r"table " + code, timeout=20)  # ann's waiting room became the game
        cy = await clients.join(WATCHER, code, watch=True)
        table = Table(data / "tables" / f"{code}.table.json")
        assert table.now().seats == ["ann", "bob", "dee", "easy"]
        witness = Witness()

        def no_secrets(st, own_hands=False):
            assert_no_secrets(witness, st, seats, cy, own_hands)
        seats = {0: ann, 1: bob, 2: dee}
        await ann.wait_for(r"cy is watching")

        # The watcher says something with markup and escapes in it: text for everyone.
        await chat_arrives_as_text(cy, WATCHER, [ann, bob, dee])

        # Play until it is Bob's turn (and the table is quiet): only Bob can move it on.
        await play(table, seats, lambda st: len(st.record.choices) >= 16
                   and st.decision().seat == 1, watchers=[cy],
                   on_check=no_secrets)
        state = await settled(table, 1.0)
        assert state.decision().seat == 1
        for _ in range(4):  # each player goes once round the board's views (v), hand and all
            for term in seats.values():
                term.child.write(b"v")
            await asyncio.sleep(0.5)
        no_secrets(state, own_hands=True)
        assert (await settled(table)).record.choices == state.record.choices
        at = len(state.record.choices)

        # Bob's client dies; the table waits and says so; he logs in again to his seat.
        await bob.child.terminate()
        await ann.wait_for(r"bob has left the table", timeout=20)
        bob = await clients.join("bob", code)
        seats[1] = bob
        assert len(table.now().record.choices) == at  # the table waited for him
        await all_show(table.now(), [*seats.values(), cy])
        await play(table, seats, lambda st: len(st.record.choices) >= at + 16, watchers=[cy],
                   on_check=no_secrets)

        # The server is killed outright; its apps end with it. Started again, it
        # resumes the table at its last choice (if the kill came before the bot
        # answered, the bot answers now).
        made = list(table.now().record.choices)
        apps = await server.kill()
        left = await wait_gone(apps)
        assert not left, "a killed server's apps kept running:\n" + describe(left)
        await clients.close()
        await server.start()
        resumed = table.now()
        assert resumed.record.choices[:len(made)] == made
        assert {seat for seat, _ in resumed.history[len(made):]} <= {3}
        seats = {i: await clients.join(name, code) for i, name in enumerate(PLAYERS)}
        cy = await clients.join(WATCHER, code, watch=True)
        resumed_at = len(table.now().record.choices)
        await play(table, seats, lambda st: st.is_over or len(st.record.choices) >= resumed_at + AFTER_RESTART,
                   watchers=[cy], on_check=no_secrets)
        if table.now().is_over:
            for term in [*seats.values(), cy]:
                await term.wait_for(r"Game over", timeout=30)
        else:
            no_secrets(await settled(table))
    finally:
        await clients.close()
        await server.stop()
