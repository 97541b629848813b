"""Tables a group finishes (the manager, no screens): a leaver's seat is away and
goes to a bot at the host's word, or by the players' majority while the host is
away too, or to someone who asked to join; a table ends by agreement and is kept;
undo by consent; turn-based tables with a time bank; the story and the chat kept
with the table; old table files still load."""
from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from inkterm.engine import GAMES, new_game
from inkterm.tables.manager import MAX_CHAT_LINES, TABLE_VERSION, TableError, TableFull, TableManager
from inkterm.tables.people import Player, ssh_player
from inkterm.tables.protocol import OpenTable, Steer

FIXTURES = Path(__file__).parent / "fixtures"
#: A game whose turns are short and with no limit on seats that matters here.
GAME = next(g for g in sorted(GAMES) if GAMES[g].min_players <= 3 <= GAMES[g].max_players)


def who(name: str) -> Player:
    return ssh_player(name, "192.0.2.1")


def seated(manager, names=("ann", "bob", "cy"), **rules):
    """A started table of ``names`` (ann hosts), everyone at it."""
    table, _ = manager.open(who(names[0]), OpenTable(game=GAME, seats=["me"] + ["open"] * (len(names) - 1),
                                                     **rules))
    for name in names[1:]:
        manager.join(who(name), table.code)
    for name in names:
        manager.arrive(table, who(name))
    return table


def play_until_seat(manager, table, seat, names=("ann", "bob", "cy"), limit=200):
    """The players there choose their first choice until ``seat`` is to choose."""
    for _ in range(limit):
        manager.play_bots(table)
        d = table.state.decision()
        if d.seat == seat:
            return
        manager.choose(who(names[d.seat]), table.code, d.choices[0].key, len(table.state.record.choices))
    raise AssertionError(f"seat {seat} never came to choose")


@pytest.fixture
def manager(tmp_path):
    return TableManager(tmp_path / "tables")


def test_a_leaver_is_away_at_once_and_the_host_gives_the_seat_to_a_bot_until_they_return(manager):
    table = seated(manager)
    play_until_seat(manager, table, 1)
    manager.depart(table, who("bob"))
    assert [s.away for s in table.info().seats] == [False, True, False]
    with pytest.raises(TableError, match="host"):  # the host is here: not bob's neighbour's say
        manager.steer(who("cy"), Steer(code=table.code, action="bot", seat=1))
    with pytest.raises(TableError, match="only an away seat"):
        manager.steer(who("ann"), Steer(code=table.code, action="bot", seat=2))
    _, said, _ = manager.steer(who("ann"), Steer(code=table.code, action="bot", seat=1))
    assert "A bot plays bob's seat" in said and table.info().seats[1].bot_plays
    before = sum(s == 1 for s, _ in table.state.history)
    turns = 0
    for _ in range(40):  # the others play; bob's turns are played for him, each of them
        manager.play_bots(table)
        d = table.state.decision()
        if d is None:
            break
        assert d.seat != 1
        turns += 1
        manager.choose(who(["ann", "bob", "cy"][d.seat]), table.code, d.choices[0].key,
                       len(table.state.record.choices))
    assert sum(s == 1 for s, _ in table.state.history) >= before + 2
    again = TableManager(manager.directory)  # kept across a restart
    again.resume()
    assert again.tables[table.code].standins == {1}
    back = manager.arrive(table, who("bob"))
    assert back and "is back" in back[0].text and not table.standins
    assert not table.info().seats[1].away


def test_with_the_host_away_the_players_there_decide_by_majority(manager):
    table = seated(manager, ("ann", "bob", "cy", "dee")) if GAMES[GAME].max_players >= 4 else None
    if table is None:
        pytest.skip("needs a four-seat game")
    manager.depart(table, who("ann"))
    manager.depart(table, who("bob"))
    ask = Steer(code=table.code, action="bot", seat=1)
    _, said, _ = manager.steer(who("cy"), ask)  # cy and dee are there: 2 of 2 needed
    assert "1 of the 2" in said and not table.standins
    manager.steer(who("dee"), ask)
    assert table.standins == {1}


def test_a_full_table_hears_a_request_and_the_host_gives_the_away_seat_or_declines(manager):
    table = seated(manager)
    with pytest.raises(TableFull):
        manager.join(who("zoe"), table.code)
    manager.ask_to_join(who("zoe"), table.code)
    manager.ask_to_join(who("eve"), table.code)
    assert table.info().asking == ["zoe", "eve"]
    manager.depart(table, who("bob"))
    _, said, person = manager.steer(who("ann"), Steer(code=table.code, action="give", seat=1, name="zoe"))
    assert person.person == who("zoe").person and "zoe takes bob's seat" in said
    assert table.seats[1].name == "zoe" and table.state.seats[1] == "zoe"
    assert table.seat_for(who("zoe")) == 1 and table.seat_for(who("bob")) is None
    manager.steer(who("ann"), Steer(code=table.code, action="decline", name="eve"))
    assert table.info().asking == []
    again = TableManager(manager.directory)
    again.resume()
    assert again.tables[table.code].state.seats[1] == "zoe"


def test_an_ended_table_is_kept_as_ended_by_agreement(manager):
    table = seated(manager)
    play_until_seat(manager, table, 2)
    manager.steer(who("ann"), Steer(code=table.code, action="end"))
    assert table.status == "over" and table.info().ended == "ended by agreement of the host"  # the file's English
    saved = json.loads(table.path.read_text())
    assert saved["ended"] and saved["save"]["record"]["choices"] == table.state.record.choices
    with pytest.raises(TableError):
        manager.choose(who("cy"), table.code, table.state.decision().choices[0].key,
                       len(table.state.record.choices))
    again = TableManager(manager.directory)
    assert again.resume() == [] and table.code not in again.tables  # over: not resumed


def test_a_player_takes_back_their_own_choice_and_the_others_read_it(manager):
    table = seated(manager)
    st = table.state
    # Until a choice that reveals nothing and leaves the same seat choosing.
    for _ in range(200):
        d = st.decision()
        trial = st.clone()
        trial.apply(d.choices[0].key)
        if trial.can_undo():
            break
        manager.choose(who(["ann", "bob", "cy"][d.seat]), table.code, d.choices[0].key,
                       len(st.record.choices))
        st = table.state
    d = st.decision()
    name = ["ann", "bob", "cy"][d.seat]
    at = len(st.record.choices)
    manager.choose(who(name), table.code, d.choices[0].key, at)
    assert table.update_for(d.seat, []).can_undo
    assert not table.update_for((d.seat + 1) % 3, []).can_undo
    with pytest.raises(TableError):  # not theirs to take back
        manager.take_back(who(["ann", "bob", "cy"][(d.seat + 1) % 3]), table.code, at + 1)
    _, events = manager.take_back(who(name), table.code, at + 1)
    assert events[0].text == f"{name} took back: {d.choices[0].label}."
    assert len(table.state.record.choices) == at
    manager.steer(who("ann"), Steer(code=table.code, action="undo", on=False))
    manager.choose(who(name), table.code, d.choices[0].key, at)
    assert not table.update_for(d.seat, []).can_undo
    with pytest.raises(TableError, match="Undo is off"):
        manager.take_back(who(name), table.code, at + 1)


def test_a_turn_based_table_waits_days_until_a_time_bank_is_spent(tmp_path):
    now = [1_000_000.0]
    manager = TableManager(tmp_path / "tables", clock=lambda: now[0])
    table = seated(manager, turn_based=True, time_bank_days=3)
    seat = table.state.decision().seat
    manager.depart(table, who(["ann", "bob", "cy"][seat]))
    now[0] += 2 * 86400  # two days: still theirs to take
    assert manager.play_for_idle() == []
    now[0] += 1.1 * 86400
    ((_, events),) = manager.play_for_idle()
    assert "time bank" in events[0].text and table.standins == {seat}
    assert table.info().seats[seat].bot_plays and table.info().turn_based


def test_a_seat_that_moved_says_when(tmp_path):
    now = [5000.0]
    manager = TableManager(tmp_path / "tables", clock=lambda: now[0])
    table = seated(manager)
    d = table.state.decision()
    manager.choose(who(["ann", "bob", "cy"][d.seat]), table.code, d.choices[0].key, 0)
    assert table.info().seats[d.seat].moved == 5000.0


def test_chat_is_kept_with_the_table_bounded_and_read_after_a_restart(manager):
    table = seated(manager)
    for i in range(MAX_CHAT_LINES + 5):
        manager.say(table, "ann", f"line {i}")
    again = TableManager(manager.directory)
    again.resume()
    update = again.tables[table.code].update_for(0, [], story=True)
    assert len(update.chat) == MAX_CHAT_LINES and update.chat[-1].text == f"line {MAX_CHAT_LINES + 4}"


def strings(view) -> set[str]:
    """Every name in a view (cards, sides…)."""
    if isinstance(view, dict):
        return set().union(*(strings(v) for v in view.values())) if view else set()
    if isinstance(view, (list, tuple)):
        return set().union(*(strings(v) for v in view)) if view else set()
    # Names, not the words of a field (a card's "play" type): a name has a capital.
    return {view} if isinstance(view, str) and len(view) >= 4 and view[:1].isupper() else set()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_seats_rebuilt_story_holds_another_seats_secret(game, manager):
    """The story a seat is sent on sitting down is rebuilt from the record; it is the
    whole narration, less what only another seat may read (an Event's own rule,
    the same as view(seat)'s). No line a seat reads names what only another seat's
    view still shows after the choice (a card in their hand: one played is public)."""
    spec = GAMES[game]
    n = max(2, spec.min_players)
    names = ["ann", "bob", "cy", "dee"][:n]
    table, _ = manager.open(who("ann"), OpenTable(game=game, seats=["me"] + ["open"] * (n - 1)))
    for name in names[1:]:
        manager.join(who(name), table.code)
    rng = random.Random(3)

    def hidden_from(st, reader):
        seen = strings(st.view(reader))
        return set().union(*(strings(st.view(s)) - seen for s in range(n) if s != reader))

    for _ in range(150):
        st = table.state
        d = st.decision()
        if d is None:
            break
        at = len(st.record.choices)
        manager.choose(who(names[d.seat]), table.code, rng.choice(d.choices).key, at)
        st = table.state
        told = table.story_for(0)[at]  # the same events every seat's story is cut from
        for reader in range(n):
            secret = hidden_from(st, reader)
            for e in told.events:
                if e.seen_by(reader):
                    leaked = [x for x in secret if x in e.text]
                    assert not leaked, f"{names[reader]} reads {e.text!r}, naming {leaked}"
    for seat in [*range(n), None]:
        story = table.update_for(seat, [], story=True).history
        assert len(story) == len(table.state.record.choices)
        for told in story:
            for e in told.events:
                assert e.seen_by(seat), f"seat {seat} reads {e!r}"


def test_an_event_of_secret_kind_is_read_by_its_own_seat_only():
    from inkterm.engine.types import SECRET_EVENT, Event

    e = Event("ann keeps the Dragon Vase.", 0, SECRET_EVENT)
    assert e.seen_by(0) and not e.seen_by(1) and not e.seen_by(None)
    assert Event("ann ends the turn.", 0, "turn").seen_by(1)


@pytest.mark.parametrize("fixture", ["v1-MDUR.table.json", "v2-QWPX.table.json"])
def test_version_1_and_2_table_files_load_and_are_written_as_version_3(fixture, tmp_path):
    """Files from before this format (kept byte for byte) resume with the new rules'
    defaults (undo on, live, nobody's bot) and play on."""
    directory = tmp_path / "tables"
    directory.mkdir()
    shutil.copy(FIXTURES / fixture, directory / fixture.split("-", 1)[1])
    manager = TableManager(directory)
    assert manager.resume() == []
    (table,) = manager.tables.values()
    assert table.undo and not table.turn_based and not table.standins and not table.chat
    assert len(table.moved) == len(table.seats)
    st = table.state
    d = st.decision()
    person = Player(st.seats[d.seat], f"ssh:{st.seats[d.seat]}", "local")
    manager.arrive(table, person)
    if table.seats[d.seat].kind == "player":
        manager.join(person, table.code)
        manager.choose(person, table.code, d.choices[0].key, len(st.record.choices))
    else:
        manager.play_bots(table)
    assert json.loads(table.path.read_text())["version"] == TABLE_VERSION == 3
    again = TableManager(directory)
    again.resume()
    assert again.tables[table.code].state == table.state


def test_a_new_game_is_what_the_story_tells(manager):
    """The story is the engine's own narration, choice by choice, in its rounds."""
    from inkterm.engine import replay_events

    table = seated(manager)
    play_until_seat(manager, table, 2)
    story = table.story_for(0)
    want = list(replay_events(table.state.record))
    assert [(t.seat, t.round, [e.text for e in t.events]) for t in story] == \
        [(s, r, [e.text for e in ev]) for s, r, ev in want]
    assert new_game(GAME, ["a", "b", "c"], seed=1) is not None
