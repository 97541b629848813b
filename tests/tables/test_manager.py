"""The server's tables: seats belong to the names that took them, private tables
stay unlisted, each seat sees only its own view, and a restart resumes play."""
from __future__ import annotations

import json

import pytest

from inkterm.engine import GAMES
from inkterm.tables.manager import JOIN_TRIES, TableError, TableManager
from inkterm.tables.protocol import OpenTable

from tests.registered import a_game, game_params

GAME = a_game(seats=4)  # where any game will do: the first in the menu


@pytest.fixture
def manager(tmp_path):
    return TableManager(tmp_path / "tables")


def a_table_for_two(manager, private=False):
    table, seat, _ = manager.open("ann", OpenTable(game=GAME, seats=["me", "open"],
                                                   private=private))
    assert (seat, table.status) == (0, "waiting")
    manager.join("bob", table.code)
    assert table.status == "playing"
    return table


def chooser(table) -> str:
    return table.state.seats[table.state.decision().seat]


def test_only_the_seat_to_choose_may_choose(manager):
    table = a_table_for_two(manager)
    d = table.state.decision()
    other = "bob" if chooser(table) == "ann" else "ann"
    with pytest.raises(TableError, match="turn, not yours"):
        manager.choose(other, table.code, d.choices[0].key, 0)
    assert table.state.record.choices == []
    manager.choose(chooser(table), table.code, d.choices[0].key, 0)
    assert table.state.record.choices == [d.choices[0].key]


def test_a_watcher_cannot_choose_and_a_stale_key_is_refused(manager):
    table = a_table_for_two(manager)
    key = table.state.decision().choices[0].key
    with pytest.raises(TableError, match="watching"):
        manager.choose("cy", table.code, key, 0)
    with pytest.raises(TableError, match="moved on"):
        manager.choose(chooser(table), table.code, key, 5)
    with pytest.raises(TableError, match="not a legal choice"):
        manager.choose(chooser(table), table.code, "no-such-key", 0)
    assert table.state.record.choices == []


def test_private_tables_are_not_listed_but_found_by_code(manager):
    public = a_table_for_two(manager)
    hidden, _, _ = manager.open("ann", OpenTable(game=GAME, seats=["me", "open"], private=True))
    assert [t.code for t in manager.listed("bob")] == [public.code]
    assert {t.code for t in manager.listed("ann")} == {public.code, hidden.code}
    assert manager.join("bob", hidden.code.lower())[0] is hidden


def test_a_full_table_is_refused_and_a_seat_is_given_back(manager):
    table = a_table_for_two(manager)
    with pytest.raises(TableError, match="no open seat"):
        manager.join("cy", table.code)
    assert manager.join("bob", table.code)[1] == 1  # bob again: his seat


def test_unknown_codes_are_rate_limited(manager):
    for _ in range(JOIN_TRIES):
        with pytest.raises(TableError, match="no table"):
            manager.join("eve", "ZZZZ")
    with pytest.raises(TableError, match="Too many"):
        manager.join("eve", "ZZZY")


def test_bad_seats_and_options_are_one_line_errors(manager):
    spec = GAMES[GAME]
    with pytest.raises(TableError, match=f"takes {spec.min_players}–{spec.max_players} seats"):
        manager.open("ann", OpenTable(game=GAME, seats=["me"]))
    with pytest.raises(TableError, match="one seat"):
        manager.open("ann", OpenTable(game=GAME, seats=["me", "me"]))
    with pytest.raises(TableError, match="open, me or a bot"):
        manager.open("ann", OpenTable(game=GAME, seats=["me", "bob"]))
    with pytest.raises(TableError, match="no option"):
        manager.open("ann", OpenTable(game=GAME, seats=["me", "bot"], options={"x": 1}))


def play_with_bots(manager, table, steps):
    """The people at the table each take their first choice, ``steps`` times."""
    for _ in range(steps):
        if table.state.is_over:
            return
        manager.choose(chooser(table), table.code, table.state.decision().choices[0].key,
                       len(table.state.record.choices))


@pytest.mark.parametrize("game", game_params(seats=3))
def test_each_seat_gets_only_its_own_view(manager, game):
    table, _, _ = manager.open("ann", OpenTable(game=game, seats=["me", "open", "bot"]))
    manager.join("bob", table.code)
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
                assert d.prompt not in update.decision.prompt
        play_with_bots(manager, table, 1)


def test_a_restarted_server_resumes_its_tables(manager, tmp_path):
    table, _, _ = manager.open("ann", OpenTable(game=GAME, seats=["me", "bot", "bot"]))
    play_with_bots(manager, table, 6)
    again = TableManager(tmp_path / "tables")
    assert again.resume() == []
    resumed = again.tables[table.code]
    assert resumed.state == table.state
    assert [s.name for s in resumed.seats] == ["ann", "bot", "bot 2"]
    play_with_bots(again, resumed, 1)  # and play goes on
    assert len(resumed.state.record.choices) > len(table.state.record.choices)


def test_a_damaged_table_file_is_named_and_left_alone(manager, tmp_path):
    table, _, _ = manager.open("ann", OpenTable(game=GAME, seats=["me", "bot"]))
    table.path.write_text("{not json")
    again = TableManager(tmp_path / "tables")
    problems = again.resume()
    assert len(problems) == 1 and table.path.name in problems[0] and "\n" not in problems[0]
    assert table.path.read_text() == "{not json"


@pytest.mark.parametrize("game", game_params(seats=2))
def test_a_whole_game_with_bots_ends_with_the_record(manager, game):
    table, _, _ = manager.open("ann", OpenTable(game=game, seats=["me", "bot"]))
    play_with_bots(manager, table, 2000)
    assert table.status == "over"
    update = table.update_for(0, [])
    assert update.decision is None and update.record["choices"] == table.state.record.choices


def test_a_table_killed_before_its_bots_replied_lets_them_play_on_resume(manager, tmp_path):
    table, _, _ = manager.open("ann", OpenTable(game=GAME, seats=["me", "bot"]))
    table.bots = {}  # as if the server died after saving ann's choice, before the bot's
    while table.state.decision().seat == 0:
        manager.choose("ann", table.code, table.state.decision().choices[0].key,
                       len(table.state.record.choices))
    again = TableManager(tmp_path / "tables")
    again.resume()
    resumed = again.tables[table.code]
    assert len(resumed.state.record.choices) > len(table.state.record.choices)
    assert resumed.state.decision().seat == 0  # the bot played: ann's turn again


def test_only_the_host_fills_open_seats_with_bots(manager):
    table, _, _ = manager.open("ann", OpenTable(game=GAME, seats=["me", "open", "bot", "open"]))
    manager.join("bob", table.code)
    with pytest.raises(TableError, match="Only the host"):
        manager.fill_with_bots("bob", table.code)
    manager.fill_with_bots("ann", table.code)
    assert [s.name for s in table.seats] == ["ann", "bob", "bot", "bot 2"]
    assert table.status == "playing"
    with pytest.raises(TableError, match="started already"):
        manager.fill_with_bots("ann", table.code)


def test_a_bot_plays_an_idle_players_turn_only_where_the_host_allowed_it(tmp_path):
    now = [0.0]
    manager = TableManager(tmp_path / "tables", clock=lambda: now[0])
    waits, _, _ = manager.open("ann", OpenTable(game=GAME, seats=["me", "open"]))
    allows, _, _ = manager.open("ann", OpenTable(game=GAME, seats=["me", "open"],
                                                 idle_minutes=2))
    for table in (waits, allows):
        manager.join("bob", table.code)
    now[0] += 119
    assert manager.play_for_idle() == []
    now[0] += 2
    ((table, events),) = manager.play_for_idle()
    assert table is allows and waits.state.record.choices == []
    idle = allows.state.history[0][0]
    assert "is away" in events[0].text and allows.state.decision().seat != idle
    assert allows.seats[idle].kind == "player"  # the seat stays theirs
    assert manager.play_for_idle() == []  # the clock starts again for the next player
