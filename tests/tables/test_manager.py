"""The server's tables: seats belong to the people who took them, private tables
stay unlisted, each seat sees only its own view, and a restart resumes play."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from inkterm.bots import search_budget
from inkterm.engine import GAMES
from inkterm.tables.limits import TableLimits
from inkterm.tables.manager import TABLE_VERSION, TableError, TableManager
from inkterm.tables.people import Player, ssh_player
from inkterm.tables.protocol import OpenTable
from inkterm.tables.table_bots import BotLimits

from tests.registered import a_game, game_params

GAME = a_game(seats=4)  # where any game will do: the first in the menu


@pytest.fixture
def manager(tmp_path):
    return TableManager(tmp_path / "tables")


def who(name: str, address: str = "192.0.2.1") -> Player:
    """An SSH login (its key file vouches for the name)."""
    return ssh_player(name, address)


def a_table_for_two(manager, private=False):
    table, seat = manager.open(who("ann"), OpenTable(game=GAME, seats=["me", "open"],
                                                   private=private))
    assert (seat, table.status) == (0, "waiting")
    manager.join(who("bob"), table.code)
    assert table.status == "playing"
    return table


def chooser(table) -> str:
    return table.state.seats[table.state.decision().seat]


def test_only_the_seat_to_choose_may_choose(manager):
    table = a_table_for_two(manager)
    d = table.state.decision()
    other = "bob" if chooser(table) == "ann" else "ann"
    with pytest.raises(TableError, match="turn, not yours"):
        manager.choose(who(other), table.code, d.choices[0].key, 0)
    assert table.state.record.choices == []
    manager.choose(who(chooser(table)), table.code, d.choices[0].key, 0)
    assert table.state.record.choices == [d.choices[0].key]


def test_a_watcher_cannot_choose_and_a_stale_key_is_refused(manager):
    table = a_table_for_two(manager)
    key = table.state.decision().choices[0].key
    with pytest.raises(TableError, match="watching"):
        manager.choose(who("cy"), table.code, key, 0)
    with pytest.raises(TableError, match="moved on"):
        manager.choose(who(chooser(table)), table.code, key, 5)
    with pytest.raises(TableError, match="not a legal choice"):
        manager.choose(who(chooser(table)), table.code, "no-such-key", 0)
    assert table.state.record.choices == []


def test_private_tables_are_not_listed_but_found_by_code(manager):
    public = a_table_for_two(manager)
    hidden, _ = manager.open(who("ann"), OpenTable(game=GAME, seats=["me", "open"], private=True))
    assert [t.code for t in manager.listed(who("bob"))] == [public.code]
    assert {t.code for t in manager.listed(who("ann"))} == {public.code, hidden.code}
    assert manager.join(who("bob"), hidden.code.lower())[0] is hidden


def test_a_full_table_is_refused_and_a_seat_is_given_back(manager):
    table = a_table_for_two(manager)
    with pytest.raises(TableError, match="is taken"):
        manager.join(who("cy"), table.code)
    assert manager.join(who("bob"), table.code)[1] == 1  # bob again: his seat


def test_unknown_codes_are_rate_limited(manager):
    for _ in range(TableLimits().unknown_codes_per_person):
        with pytest.raises(TableError, match="no table"):
            manager.join(who("eve"), "ZZZZ")
    with pytest.raises(TableError, match="Too many"):
        manager.join(who("eve"), "ZZZY")


def test_bad_seats_and_options_are_one_line_errors(manager):
    spec = GAMES[GAME]
    with pytest.raises(TableError, match=f"takes {spec.min_players}–{spec.max_players} seats"):
        manager.open(who("ann"), OpenTable(game=GAME, seats=["me"]))
    with pytest.raises(TableError, match="one seat"):
        manager.open(who("ann"), OpenTable(game=GAME, seats=["me", "me"]))
    with pytest.raises(TableError, match="open, me or a bot"):
        manager.open(who("ann"), OpenTable(game=GAME, seats=["me", "bob"]))
    with pytest.raises(TableError, match="needs a seat for a player"):
        manager.open(who("ann"), OpenTable(game=GAME, seats=["hard", "easy"]))
    with pytest.raises(TableError, match="no option"):
        manager.open(who("ann"), OpenTable(game=GAME, seats=["me", "bot"], options={"x": 1}))


def play_with_bots(manager, table, steps):
    """The people at the table each take their first choice, ``steps`` times; the
    bots answer each."""
    manager.play_bots(table)
    for _ in range(steps):
        if table.state.is_over:
            return
        manager.choose(who(chooser(table)), table.code, table.state.decision().choices[0].key,
                       len(table.state.record.choices))
        manager.play_bots(table)


@pytest.mark.parametrize("game", game_params(seats=3))
def test_each_seat_gets_only_its_own_view(manager, game):
    table, _ = manager.open(who("ann"), OpenTable(game=game, seats=["me", "open", "bot"]))
    manager.join(who("bob"), table.code)
    for _ in range(15):
        st = table.state
        if st.is_over:  # a short game (the record is then given to all)
            break
        d = st.decision()
        for seat in (0, 1, 2, None):
            update = table.update_for(seat, [])
            expected = st.view(seat) if seat is not None else st.summary()
            assert update.view == json.loads(json.dumps(expected))
            assert update.record is None  # the seed and keys stay on the server
            if seat != d.seat:
                assert update.decision.choices == []
                assert str(d.prompt) not in str(update.decision.prompt)
        play_with_bots(manager, table, 1)


def test_a_restarted_server_resumes_its_tables(manager, tmp_path):
    table, _ = manager.open(who("ann"), OpenTable(game=GAME, seats=["me", "bot", "bot"]))
    play_with_bots(manager, table, 6)
    again = TableManager(tmp_path / "tables")
    assert again.resume() == []
    resumed = again.tables[table.code]
    assert resumed.state == table.state
    assert [s.name for s in resumed.seats] == ["ann", "bot", "bot 2"]
    play_with_bots(again, resumed, 1)  # and play goes on
    assert len(resumed.state.record.choices) > len(table.state.record.choices)


def test_a_damaged_table_file_is_named_and_left_alone(manager, tmp_path):
    table, _ = manager.open(who("ann"), OpenTable(game=GAME, seats=["me", "bot"]))
    table.path.write_text("{not json")
    again = TableManager(tmp_path / "tables")
    problems = again.resume()
    assert len(problems) == 1 and table.path.name in problems[0] and "\n" not in problems[0]
    assert table.path.read_text() == "{not json"


@pytest.mark.parametrize("game", game_params(seats=2))
def test_a_whole_game_with_bots_ends_with_the_record(manager, game):
    table, _ = manager.open(who("ann"), OpenTable(game=game, seats=["me", "bot"]))
    play_with_bots(manager, table, 2000)
    assert table.status == "over"
    update = table.update_for(0, [])
    assert update.decision is None and update.record["choices"] == table.state.record.choices


def test_a_table_killed_before_its_bots_replied_lets_them_play_on_resume(manager, tmp_path):
    table, _ = manager.open(who("ann"), OpenTable(game=GAME, seats=["me", "bot"]))
    manager.play_bots(table)
    while table.state.decision().seat == 0:  # the server dies after saving ann's choices
        manager.choose(who("ann"), table.code, table.state.decision().choices[0].key,
                       len(table.state.record.choices))
    again = TableManager(tmp_path / "tables")
    again.resume()
    resumed = again.tables[table.code]
    again.play_bots(resumed)
    assert len(resumed.state.record.choices) > len(table.state.record.choices)
    assert resumed.state.decision().seat == 0  # the bot played: ann's turn again


def test_only_the_host_fills_open_seats_with_bots(manager):
    table, _ = manager.open(who("ann"), OpenTable(game=GAME, seats=["me", "open", "bot", "open"]))
    manager.join(who("bob"), table.code)
    with pytest.raises(TableError, match="Only the host"):
        manager.fill_with_bots(who("bob"), table.code)
    manager.fill_with_bots(who("ann"), table.code)
    assert [s.name for s in table.seats] == ["ann", "bob", "bot", "normal"]
    assert table.status == "playing"
    with pytest.raises(TableError, match="started already"):
        manager.fill_with_bots(who("ann"), table.code)


def test_a_bot_plays_an_idle_players_turn_only_where_the_host_allowed_it(tmp_path):
    now = [0.0]
    manager = TableManager(tmp_path / "tables", clock=lambda: now[0])
    waits, _ = manager.open(who("ann"), OpenTable(game=GAME, seats=["me", "open"]))
    allows, _ = manager.open(who("ann"), OpenTable(game=GAME, seats=["me", "open"],
                                                 idle_minutes=2))
    for table in (waits, allows):
        manager.join(who("bob"), table.code)
    now[0] += 119
    assert manager.play_for_idle() == []
    now[0] += 2
    ((table, events),) = manager.play_for_idle()
    manager.play_bots(table)  # the stand-in thinks (on the server: a thread of its own)
    assert table is allows and waits.state.record.choices == []
    idle = allows.state.history[0][0]
    assert "is away" in events[0].text and allows.state.decision().seat != idle
    assert allows.seats[idle].kind == "player"  # the seat stays theirs
    assert manager.play_for_idle() == []  # the clock starts again for the next player


# --- limits per person and per address ------------------------------------------------

def browser(n: int, address: str = "198.51.100.9") -> Player:
    """The n-th browser person from one address (each a cookie of its own)."""
    return Player(f"tab{n} (web)", f"web:{n:032x}", address)


def test_hosting_is_limited_per_person_and_per_address(manager):
    limits = manager.limits
    one = browser(0)
    for _ in range(limits.waiting_per_person):
        manager.open(one, OpenTable(game=GAME, seats=["me", "open"]))
    with pytest.raises(TableError, match="waiting for players"):
        manager.open(one, OpenTable(game=GAME, seats=["me", "open"]))
    # New cookies from the same address do not make room beyond the address's share.
    opened = limits.waiting_per_person
    refused = 0
    for n in range(1, 200):
        try:
            manager.open(browser(n), OpenTable(game=GAME, seats=["me", "open"]))
            opened += 1
        except TableError as exc:
            assert "address" in str(exc)
            refused += 1
    assert opened == limits.waiting_per_address and refused == 199 - (opened - 2)
    # Started tables count against the hosts too, up to the hosted limits.
    ann = who("ann")
    for _ in range(limits.hosted_per_person):
        manager.open(ann, OpenTable(game=GAME, seats=["me", "easy"]))
    with pytest.raises(TableError, match="You host 4 unfinished tables"):
        manager.open(ann, OpenTable(game=GAME, seats=["me", "easy"]))
    assert manager.open(who("bob", "203.0.113.5"), OpenTable(game=GAME, seats=["me", "easy"]))


def test_unknown_codes_are_limited_per_address_and_a_right_guess_then_fails_too(manager):
    hidden, _ = manager.open(who("ann"), OpenTable(game=GAME, seats=["me", "open"],
                                                   private=True))
    assert len(hidden.code) == 10  # 24**10 codes to guess from
    open_one, _ = manager.open(who("ann"), OpenTable(game=GAME, seats=["me", "open"]))
    assert len(open_one.code) == 4  # listed anyway
    answers = []
    for n in range(10_000):  # a new cookie for every try, from one address
        try:
            manager.join(browser(n), f"{n:010d}")
        except TableError as exc:
            answers.append(str(exc))
    told = sum("no table" in a for a in answers)
    assert told == manager.limits.unknown_codes_per_address  # then refused, every time
    assert all("Too many" in a for a in answers[told:])
    with pytest.raises(TableError, match="Too many"):  # even the right code
        manager.join(browser(10_001), hidden.code)
    assert hidden.seats[1].kind == "open"
    assert manager.join(who("bob", "203.0.113.5"), hidden.code.lower())[1] == 1  # elsewhere: fine


def test_a_seat_goes_back_only_to_the_person_who_took_it(manager):
    table, _ = manager.open(who("ann"), OpenTable(game=GAME, seats=["me", "open", "open"]))
    zoe = Player("Zoe (web)", "web:" + "1" * 32, "198.51.100.1")
    impostor = Player("Zoe (web)", "web:" + "2" * 32, "198.51.100.2")
    assert manager.join(zoe, table.code)[1] == 1
    with pytest.raises(TableError, match="taken"):
        manager.join(impostor, table.code)
    assert manager.join(zoe, table.code)[1] == 1  # her own seat, again
    manager.join(who("bob"), table.code)
    d = table.state.decision()
    if d.seat == 1:
        with pytest.raises(TableError, match="watching"):
            manager.choose(impostor, table.code, d.choices[0].key, 0)
    assert manager.listed(impostor) == [] or all(t.seat_for(impostor) is None
                                                 for t in manager.listed(impostor))


def test_a_waiting_table_nobody_is_at_expires_and_a_started_one_never(tmp_path):
    now = [1_000_000.0]
    manager = TableManager(tmp_path / "tables", clock=lambda: now[0])
    minutes = manager.limits.waiting_minutes
    waiting, _ = manager.open(who("ann"), OpenTable(game=GAME, seats=["me", "open"]))
    visited, _ = manager.open(who("ann"), OpenTable(game=GAME, seats=["me", "open"]))
    started, _ = manager.open(who("cy"), OpenTable(game=GAME, seats=["me", "easy"]))
    manager.present(visited.code, True)  # someone sits in its waiting room
    now[0] += minutes * 60 - 1
    assert manager.expire_waiting() == []
    now[0] += 2
    assert [t.code for t in manager.expire_waiting()] == [waiting.code]
    assert not waiting.path.exists() and visited.code in manager.tables
    manager.present(visited.code, False)  # they leave: the clock starts
    now[0] += minutes * 60
    assert [t.code for t in manager.expire_waiting()] == [visited.code]
    now[0] += 100 * minutes * 60
    assert manager.expire_waiting() == [] and started.code in manager.tables


def test_waiting_tables_expire_across_a_restart(tmp_path):
    """A server filled with waiting tables is not full again after a restart: their
    time runs from their last change."""
    import os
    import time

    manager = TableManager(tmp_path / "tables")
    old, _ = manager.open(who("ann"), OpenTable(game=GAME, seats=["me", "open"]))
    new, _ = manager.open(who("bob"), OpenTable(game=GAME, seats=["me", "open"]))
    started, _ = manager.open(who("cy"), OpenTable(game=GAME, seats=["me", "easy"]))
    long_ago = time.time() - manager.limits.waiting_minutes * 60 - 5
    for table in (old, started):
        os.utime(table.path, (long_ago, long_ago))
    again = TableManager(tmp_path / "tables")
    assert again.resume() == []
    assert set(again.tables) == {new.code, started.code}
    assert not old.path.exists()


#: A table file written by the server before seats had holders (version 1, made at
#: the commit before this change): Ann hosts, a browser player "Zoe (web)" sits at
#: seat 2, a bot that a client asked for as "search:50000000" at seat 3; Ann has
#: made her first turn's 4 choices, and it is Zoe's turn.
V1_TABLE = Path(__file__).parent / "fixtures" / "v1-MDUR.table.json"


def test_a_version_1_table_file_still_loads_and_its_seats_are_claimed_once(tmp_path):
    directory = tmp_path / "tables"
    directory.mkdir()
    shutil.copy(V1_TABLE, directory / "MDUR.table.json")
    manager = TableManager(directory, bots=BotLimits())  # the server's default cap, checked below
    assert manager.resume() == []
    table = manager.tables["MDUR"]
    assert [s.name for s in table.seats] == ["ann", "Zoe (web)", "search:50000000"]
    assert len(table.state.record.choices) == 4 and table.state.decision().seat == 1
    assert table.owners == [None, None, None]
    assert table.bots[2].iterations == search_budget(table.game, "hard")  # the file's budget, capped
    zoe = Player("Zoe (web)", "web:" + "3" * 32, "198.51.100.3")
    assert manager.join(zoe, "MDUR")[1] == 1  # the first Zoe back takes it, and keeps it
    assert json.loads(table.path.read_text())["version"] == TABLE_VERSION
    other = Player("Zoe (web)", "web:" + "4" * 32, "198.51.100.4")
    with pytest.raises(TableError, match="is taken"):
        manager.join(other, "MDUR")
    with pytest.raises(TableError, match="watching"):
        manager.choose(other, "MDUR", table.state.decision().choices[0].key, 4)
    manager.choose(zoe, "MDUR", table.state.decision().choices[0].key, 4)
    again = TableManager(directory)
    again.resume()
    assert again.tables["MDUR"].owners[1] == zoe.person
    assert again.tables["MDUR"].hosted_by(who("ann"))
    assert again.tables["MDUR"].state == table.state


def test_a_stand_in_plays_one_turn_of_an_idle_player_not_the_next(tmp_path):
    """A player at the table who is idle: a bot plays that turn only."""
    now = [0.0]
    manager = TableManager(tmp_path / "tables", clock=lambda: now[0])
    table, _ = manager.open(who("ann"), OpenTable(game=GAME, seats=["me", "easy"],
                                                 idle_minutes=2))
    manager.arrive(table, who("ann"))
    manager.play_bots(table)
    assert table.state.decision().seat == 0
    now[0] += 121
    ((_, events),) = manager.play_for_idle()
    manager.play_bots(table)  # the stand-in's turn for ann, then the bot's own
    assert "is away" in events[0].text
    assert any(seat == 0 for seat, _ in table.state.history)
    assert table.state.decision().seat == 0  # ann's next turn waits for her again
    assert manager.bot_turn(table) is None and table.away is None


def test_a_seat_is_refused_to_a_lookalike_of_a_name_already_seated(manager):
    """Checked as every door checks names (inkterm.names): the same name in other
    case, or with a lookalike letter, cannot sit beside it; an accent is a name of
    its own. A host may not sit among bots named like them either."""
    from inkterm.engine import GAMES

    game = next(g for g in sorted(GAMES) if GAMES[g].min_players <= 3 <= GAMES[g].max_players)
    table, _ = manager.open(who("Zoe"), OpenTable(game=game, seats=["me", "open", "open"]))
    for lookalike in ("zoe", "Z\u043ee", "Z0E"):
        with pytest.raises(TableError, match="Zoe"):
            manager.join(who(lookalike), table.code)
    assert manager.join(who("Zoë"), table.code)[1] == 1
    with pytest.raises(TableError, match="looks like a bot"):
        manager.open(who("b\u043et"), OpenTable(game=game, seats=["me", "bot"]))
