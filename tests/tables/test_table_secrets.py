"""No seat at a table ever receives another seat's secrets: every registered game
played through the channel (a real socket) by a session for each seat and a
watcher, each reading the raw lines the server sends it (updates, the story on
sitting down, chat and the table's notes). Players take back what they may as they
go (undo by consent), since "X took back: …" names the choice taken back.

Checked after every choice, on what each session was sent since the last one:
every event it was sent (in an update or in the story) is one its seat may read
(``Event.seen_by``, the rule ``view(seat)`` follows), no byte names what only
another seat's view shows, and no other seat reads the label of a choice taken
back in secret (a game's ``secret_topics``)."""
from __future__ import annotations

import asyncio
import json
import random
import re
import time

import pytest

from inkterm.engine import GAMES
from inkterm.tables.protocol import (Choose, Hello, JoinTable, OpenTable, TakeBack, Update,
                                     WatchTable, encode, parse_push)

from tests.tables.test_group_tables import strings

NAMES = ["ann", "bob", "cy", "dee"]
CHOICES = 120
#: The number of choices an update says the table has made (its table's fields hold no "at").
AT = re.compile(rb',"at":(\d+),')




class Session:
    """A session's end of the channel, keeping every line it is sent as bytes."""

    def __init__(self, reader, writer, seat):
        self.reader, self.writer, self.seat = reader, writer, seat
        self.lines: list[bytes] = []
        self.checked = 0  # the lines looked at so far
        self.at = -1  # the number of choices made, as the last update it was sent says
        self.answers: dict[int, dict] = {}
        self._ids = 0
        self._task = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def start(cls, service, name, seat):
        reader, writer = await asyncio.open_unix_connection(str(service.path), limit=1 << 24)
        writer.write(encode(Hello(token=service.issue_token(name))))
        assert json.loads(await reader.readline())["type"] == "welcome"
        return cls(reader, writer, seat)

    async def _read(self):
        while line := await self.reader.readline():
            self.lines.append(line)
            if line.startswith(b'{"type":"update"'):
                self.at = int(AT.search(line).group(1))
            elif line.startswith(b'{"re":'):  # an answer (ok or error)
                said = json.loads(line)
                self.answers[said["re"]] = said
                if said.get("update"):
                    self.at = said["update"]["at"]

    async def ask(self, message) -> dict:
        self._ids += 1
        message.id = self._ids
        self.writer.write(encode(message))
        deadline = time.monotonic() + 20
        while (said := self.answers.pop(message.id, None)) is None:
            assert time.monotonic() < deadline, f"no answer to {message!r}"
            await asyncio.sleep(0.005)
        assert said["type"] == "ok", said
        return said

    def new_lines(self) -> list[bytes]:
        lines, self.checked = self.lines[self.checked:], len(self.lines)
        return lines

    async def close(self):
        self.writer.close()
        self._task.cancel()


async def heard(sessions, table, secret_labels, seats: int) -> None:
    """Once every session has the table as it is now, what each was sent since the
    last look: see the module's docstring."""
    made = len(table.state.record.choices)
    deadline = time.monotonic() + 20
    while not all(s.at == made for s in sessions):
        assert time.monotonic() < deadline, f"not every session heard of choice {made}"
        await asyncio.sleep(0.005)
    st = table.state
    for s in sessions:
        hidden = hidden_from(st, s.seat, seats)
        for line in s.new_lines():
            text = line.decode()
            leaked = [x for x in hidden if x in text]
            assert not leaked, f"seat {s.seat} is sent {leaked}: {[text[max(0, text.index(x) - 400):text.index(x) + 100] for x in leaked]}"
            pushed = parse_push(line)
            if not isinstance(pushed, Update):
                continue
            told = [e for t in pushed.history or [] for e in t.events]
            for e in [*pushed.events, *told]:
                assert e.seen_by(s.seat), f"seat {s.seat} is sent {e!r}"
                for seat, label in secret_labels:
                    assert e.seat != seat or seat == s.seat or f": {label}." not in e.text, (
                        f"seat {s.seat} reads what seat {seat} took back in secret: {e.text!r}")


def hidden_from(st, reader: int | None, seats: int) -> set[str]:
    """What only other seats' views name (a watcher: any seat's own)."""
    seen = strings(st.view(reader) if reader is not None else st.summary())
    return set().union(*(strings(st.view(s)) - seen for s in range(seats) if s != reader))


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_no_session_at_a_table_is_sent_another_seats_secret(game, service):
    spec = GAMES[game]
    n = max(spec.min_players, min(3, spec.max_players))
    host = await Session.start(service, NAMES[0], 0)
    code = (await host.ask(OpenTable(game=game, seats=["me"] + ["open"] * (n - 1))))["update"]["table"]["code"]
    players = [host]
    for seat in range(1, n):
        players.append(await Session.start(service, NAMES[seat], seat))
        await players[-1].ask(JoinTable(code=code))
    watcher = await Session.start(service, "wat", None)
    await watcher.ask(WatchTable(code=code))
    sessions = [*players, watcher]
    table = service.manager.tables[code]
    rng = random.Random(f"{game}-secrets")
    secret_labels: list[tuple[int, str]] = []  # (seat, label) of choices taken back in secret
    took_back = undoable = 0
    try:
        for _ in range(CHOICES):
            st = table.state
            d = st.decision()
            if d is None:
                break
            choice = rng.choice(d.choices)
            await players[d.seat].ask(Choose(code=code, key=choice.key, at=len(st.record.choices)))
            await heard(sessions, table, secret_labels, n)
            st = table.state
            undoable += st.can_undo()
            if st.can_undo() and rng.random() < 0.5:
                await players[d.seat].ask(TakeBack(code=code, at=len(st.record.choices)))
                took_back += 1
                if d.topic in spec.secret_topics:
                    secret_labels.append((d.seat, choice.label))
                await heard(sessions, table, secret_labels, n)
        assert took_back or undoable < 4, "nobody took anything back: undo went unchecked"
    finally:
        for s in sessions:
            await s.close()
