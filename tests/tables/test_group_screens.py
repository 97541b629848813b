"""A group's table on screen, by keys with Pilot against a real table server on a
Unix socket (the other players are real channel clients): leaving a table for the
title and coming back by Continue, a quit the others hear, the table panel where
the host gives an away seat to a bot, a turn-based table with a time bank, undo by
consent, the chat in the waiting room (carried on into the game) and a paste's
control characters shown as stand-ins, in order, and sent as shown."""
from __future__ import annotations

from textual import events

from inkterm.app import InktermApp
from inkterm.screens.confirm import ChoiceScreen
from inkterm.screens.table_game import LEAVE_QUESTION, TableScreen
from inkterm.screens.table_panel import TablePanel
from inkterm.screens.tables import OpenTableScreen
from inkterm.screens.title import TitleScreen
from inkterm.tables.protocol import JoinTable

from shown import screen_text  # tests/ui is on the path (conftest)

from tests.tables.heard import Heard
from tests.tables.test_table_screens import (a_choice_and_its_key, as_player, log_text,
                                             open_with_a_seat_for_another, service_client,
                                             until)


async def ann_and_bob(pilot, service):
    """Ann (the app) opens a table for two; Bob (a channel client) sits down. Returns
    the table, Bob's client, and what Bob hears."""
    await open_with_a_seat_for_another(pilot)
    (table,) = service.manager.tables.values()
    bob = await service_client(service, "bob")
    heard = Heard(bob, table.code)
    await bob.request(JoinTable(code=table.code))
    await at_the_table(pilot)
    return table, bob, heard


async def at_the_table(pilot):
    """The app shows a table's game, laid out (its log is there)."""
    await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen)
                and pilot.app.screen.query("EventLog"), "the game")


async def test_leaving_goes_to_the_title_whose_continue_sits_you_down_again(service, monkeypatch):
    as_player(monkeypatch, service, "ann")
    async with InktermApp(bot_delay=0).run_test(size=(100, 32)) as pilot:
        table, bob, heard = await ann_and_bob(pilot, service)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(pilot.app.screen, ChoiceScreen), "the question")
        assert pilot.app.screen.question == LEAVE_QUESTION
        text = screen_text(pilot.app)
        assert "Leave the table (your seat waits)" in text and "Quit inkterm" in text
        await pilot.press("l")
        await until(pilot, lambda: isinstance(pilot.app.screen, TitleScreen),
                    f"the title, not {pilot.app.screen_stack}")
        await until(pilot, lambda: heard.said("ann left the table"), "bob hearing it")
        assert table.away_seats() == {0} and table.status == "playing"  # the seat waits
        mine = table.state.decision().seat == 0
        info = pilot.app.screen.query_one("#continue-info")
        await until(pilot, lambda: f"at {table.code}" in str(info.render()), "the seat on the title")
        assert str(info.render()).startswith("1 table: " + ("your turn" if mine else "not your turn"))
        await pilot.press("c")
        await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen), "her seat again")
        assert pilot.app.screen.remote.you == 0 and table.away_seats() == set()
        await until(pilot, lambda: heard.said("ann is at the table (seat 1)"), "bob hearing it")
        await bob.close()


async def test_a_quit_at_a_table_ends_inkterm_and_the_others_hear_it(service, monkeypatch):
    as_player(monkeypatch, service, "ann")
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        table, bob, heard = await ann_and_bob(pilot, service)
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        await pilot.press("q")  # Quit inkterm
        await until(pilot, lambda: heard.said("ann quit inkterm"), "bob hearing it")
    assert app.return_code == 0 or app.return_code is None
    assert table.away_seats() == {0} and table.status == "playing"
    await bob.close()


async def test_the_host_gives_an_away_seat_to_a_bot_in_the_table_panel(service, monkeypatch):
    as_player(monkeypatch, service, "ann")
    async with InktermApp(bot_delay=0).run_test(size=(100, 32)) as pilot:
        table, bob, _ = await ann_and_bob(pilot, service)
        screen = pilot.app.screen
        await bob.close()  # his connection drops
        await until(pilot, lambda: "bob has left the table" in log_text(screen), "the note")
        await pilot.press("t")
        await until(pilot, lambda: isinstance(pilot.app.screen, TablePanel), "the panel")
        panel = pilot.app.screen
        seats = str(panel.query_one("#panel-seats").render())
        assert "Seat 2: bob · away" in seats and "Seat 1: ann (host) · here" in seats
        assert "You are the host" in str(panel.query_one("#panel-who").render())
        steers = panel.query_one("#panel-steers")
        assert str(steers.get_option_at_index(0).prompt) == "A bot plays bob's seat now (until they come back)"
        await pilot.press("enter")
        await until(pilot, lambda: table.standins == {1}, "the bot in bob's seat")
        await until(pilot, lambda: "away: a bot plays for them" in str(
            panel.query_one("#panel-seats").render()), "the panel showing it")
        await pilot.press("t")  # back to the table
        await until(pilot, lambda: pilot.app.screen is screen, "the table")
        given = len(table.state.record.choices)
        for _ in range(60):  # ann plays her turns until the bot has played one of bob's
            if any(s == 1 for s, _ in table.state.history[given:]):
                break
            await until(pilot, lambda: screen.remote.my_turn, "ann's turn")
            at = len(table.state.record.choices)
            await pilot.press(a_choice_and_its_key(table.state.decision())[1])
            await until(pilot, lambda at=at: len(table.state.record.choices) > at, "her choice")
        else:
            raise AssertionError("the bot never played bob's seat")


async def test_a_turn_based_table_with_a_time_bank_from_the_open_form(service, monkeypatch):
    as_player(monkeypatch, service, "ann")
    async with InktermApp(bot_delay=0).run_test(size=(100, 32)) as pilot:
        await pilot.press("t")
        await until(pilot, lambda: isinstance(pilot.app.screen, OpenTableScreen), "the form")
        pilot.app.screen.query_one("#pace").value = "turn:3"
        pilot.app.screen.query_one("#seat1").value = "easy"
        await pilot.press("ctrl+g")
        await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen), "the table")
        (table,) = service.manager.tables.values()
        assert table.turn_based and table.time_bank_days == 3.0
        await pilot.press("t")
        await until(pilot, lambda: isinstance(pilot.app.screen, TablePanel), "the panel")
        rules = str(pilot.app.screen.query_one("#panel-rules").render())
        assert rules.startswith("turn-based · time bank 3 days a player")
        assert "moved" in str(pilot.app.screen.query_one("#panel-seats").render())


async def test_undo_by_consent_takes_back_your_choice_and_the_others_read_it(service, monkeypatch):
    as_player(monkeypatch, service, "ann")
    async with InktermApp(bot_delay=0).run_test(size=(100, 32)) as pilot:
        table, bob, heard = await ann_and_bob(pilot, service)
        screen = pilot.app.screen
        from inkterm.tables.protocol import Choose

        for _ in range(200):  # until ann has a choice she may take back
            st = table.state
            d = st.decision()
            choice, key = a_choice_and_its_key(d)
            trial = st.clone()
            trial.apply(choice.key)
            if d.seat == 0 and trial.can_undo():
                break
            if d.seat == 1:
                await bob.request(Choose(code=table.code, key=choice.key, at=len(st.record.choices)))
            else:
                await until(pilot, lambda: screen.remote.my_turn, "ann's turn")
                n = len(st.record.choices)
                await pilot.press(key)
                await until(pilot, lambda n=n: len(table.state.record.choices) > n, "her choice")
        else:
            raise AssertionError("ann never had a choice to take back")
        at = len(table.state.record.choices)
        await until(pilot, lambda: screen.remote.my_turn and screen.remote.update.at == at, "her turn")
        await pilot.press(key)
        await until(pilot, lambda: screen.remote.can_undo(), "undo offered")
        await pilot.press("u")
        await until(pilot, lambda: len(table.state.record.choices) == at, "the choice taken back")
        await until(pilot, lambda: any(e.text.startswith("ann took back")
                                       for u in heard.updates for e in u.events), "bob reading it")
        await until(pilot, lambda: "took back" in log_text(screen), "ann's log")
        assert screen.remote.my_turn  # her decision again
        await bob.close()


async def test_chat_in_the_waiting_room_goes_on_at_the_table(service, monkeypatch):
    as_player(monkeypatch, service, "ann")
    async with InktermApp(bot_delay=0).run_test(size=(100, 32)) as pilot:
        await open_with_a_seat_for_another(pilot)
        lobby = pilot.app.screen
        (table,) = service.manager.tables.values()
        await pilot.press("c", *"hello all", "enter")
        await until(pilot, lambda: "ann: hello all" in str(lobby.query_one("#lobby-chat").render()),
                    "her line in the waiting room")
        bob = await service_client(service, "bob")
        heard = Heard(bob, table.code)
        back = await bob.request(JoinTable(code=table.code))
        assert [(c.name, c.text) for c in back.update.chat] == [("ann", "hello all")]
        await at_the_table(pilot)
        screen = pilot.app.screen
        await until(pilot, lambda: "ann: hello all" in log_text(screen), "the chat at the table")
        assert log_text(screen).count("ann: hello all") == 1
        assert not heard.chat  # said before he came: it came with his seat, not again
        await bob.close()


async def test_a_pasted_escape_shows_as_a_stand_in_in_order_and_is_sent_so(service, monkeypatch):
    """In the waiting room's chat and at the table's: ESC, BEL and TAB in a paste
    show as ␛ ␇ ␉ where they were, and the line goes to the table as shown."""
    pasted = "a\x1b[31mb\x07c\td"
    shown = "a␛[31mb␇c␉d"
    as_player(monkeypatch, service, "ann")
    async with InktermApp(bot_delay=0).run_test(size=(100, 32)) as pilot:
        await open_with_a_seat_for_another(pilot)
        (table,) = service.manager.tables.values()
        for box_id in ("lobby-say", "chat"):
            if box_id == "chat":
                bob = await service_client(service, "bob")
                await bob.request(JoinTable(code=table.code))
                await at_the_table(pilot)
            await pilot.press("c")
            box = pilot.app.screen.query_one(f"#{box_id}")
            await until(pilot, lambda box=box: box.has_focus, "the chat line")
            await pilot.press("x")
            box.post_message(events.Paste(pasted))
            await pilot.press("y")
            await until(pilot, lambda box=box: box.value == "x" + shown + "y",
                        f"the paste in {box_id}, not {box.value!r}")
            assert box.cursor_position == len(box.value)  # one cell a character: in step
            await pilot.press("enter")
            await until(pilot, lambda: table.chat and table.chat[-1] == ("ann", "x" + shown + "y"),
                        "the line at the table")
        await bob.close()


async def test_two_notes_from_the_table_close_together_both_show(service, monkeypatch):
    """Two people come and go in a moment: both notes stay readable, the newest first
    (they used to replace each other: a stack of toasts hid the menu)."""
    as_player(monkeypatch, service, "ann")
    async with InktermApp(bot_delay=0).run_test(size=(80, 24)) as pilot:
        table, bob, heard = await ann_and_bob(pilot, service)
        pilot.app.screen.chat_said("", "cy is watching")
        await until(pilot, lambda: pilot.app.notices, "the first note")
        pilot.app.screen.chat_said("", "di is watching")
        notes = [f"Table {table.code}: {who} is watching" for who in ("di", "cy")]
        await until(pilot, lambda: [row.strip() for row in screen_text(pilot.app).splitlines()[-2:]] == notes,
                    "both notes, the newest first")
        await bob.close()


async def test_a_player_who_drops_is_told_on_screen_even_as_the_log_runs_on(service, monkeypatch):
    """Bob's connection drops and, in the same moment, the table's log runs on (the
    watcher chats; at a real table a bot's moves): the note that Bob has left stays on
    Ann's screen for her to read, not only in a line that scrolled away unseen."""
    from inkterm.tables.protocol import Say, WatchTable

    as_player(monkeypatch, service, "ann")
    async with InktermApp(bot_delay=0).run_test(size=(100, 32), notifications=True) as pilot:
        table, bob, heard = await ann_and_bob(pilot, service)
        watchers = [await service_client(service, name) for name in ("cy", "di")]
        for w in watchers:
            await w.request(WatchTable(code=table.code))
        await bob.close()
        for n in range(10):  # the log's height and more (five lines each, the chat's limit)
            await watchers[n % 2].request(Say(code=table.code, text=f"line {n} of the chat"))
        await until(pilot, lambda: "line 9 of the chat" in log_text(pilot.app.screen),
                    "the chat in the log")
        await pilot.pause(0.2)
        assert "bob has left the table" in screen_text(pilot.app)
