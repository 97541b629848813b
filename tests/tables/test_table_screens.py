"""The tables on the title screen, driven by keys with Pilot against a real table
server on a Unix socket: open a table with a bot, play on it, join by code."""
from __future__ import annotations

import asyncio
import dataclasses
import json

import pytest

from inkterm.app import InktermApp
from inkterm.engine import GAMES
from inkterm.screens.table_game import TableScreen
from inkterm.screens.tables import JoinTableScreen, LobbyScreen, OpenTableScreen
from inkterm.session_env import TABLES_TOKEN_ENV
from inkterm.tables.people import ssh_player
from inkterm.tables.protocol import JoinTable, OpenTable
from inkterm.widgets.action_menu import ActionMenu

from shown import screen_lines, screen_text  # tests/ui is on the path (conftest)

from tests.registered import games

GAME = games()[0]  # the game the Open form offers first




def as_player(monkeypatch, service, name):
    monkeypatch.setenv(TABLES_TOKEN_ENV, service.issue_token(name))


async def until(pilot, check, what, timeout=10.0):
    for _ in range(int(timeout / 0.05)):
        if check():
            return
        await pilot.pause(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def a_choice_and_its_key(decision):
    """A choice of the decision and the key that picks it in the menu: the board's
    number where the game prints one (1 may name a closed place), else its row."""
    choice = next((c for c in decision.choices if c.shortcut), decision.choices[0])
    return choice, choice.shortcut or "1"


async def open_a_table_with_a_bot(pilot):
    """The Open form as it comes (the first game in the menu), a bot in the second seat."""
    await pilot.press("t")
    await until(pilot, lambda: isinstance(pilot.app.screen, OpenTableScreen), "the form")
    pilot.app.screen.query_one("#seat1").value = "easy"
    await pilot.press("ctrl+g")
    await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen), "the table")



async def open_with_a_seat_for_another(pilot):
    await pilot.press("t")
    await until(pilot, lambda: isinstance(pilot.app.screen, OpenTableScreen), "the form")
    await pilot.press("ctrl+g")  # me + open
    await until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen), "the waiting room")


async def join_by_code(guest, host, code):
    """The guest joins the table by its code; both pilots end at the table screen."""
    await guest.press("j")
    await until(guest, lambda: isinstance(guest.app.screen, JoinTableScreen), "join")
    await guest.press(*code.lower(), "enter")
    # Built, not only switched to (the switch makes it the app's screen at once).
    await until(guest, lambda: isinstance(guest.app.screen, TableScreen) and guest.app.screen.is_mounted,
                "the guest's table")
    await until(host, lambda: isinstance(host.app.screen, TableScreen) and host.app.screen.is_mounted,
                "the host's table")


def layout_recorder(layouts: list):
    """A stand-in for ``Widget.refresh`` that notes the id of each widget laid out."""
    from textual.widget import Widget

    refresh = Widget.refresh

    def recording(self, *regions, **kw):
        if kw.get("layout"):
            layouts.append(self.id)
        return refresh(self, *regions, **kw)
    return recording

async def test_the_title_offers_tables_only_when_served_with_them(service, monkeypatch):
    monkeypatch.delenv(TABLES_TOKEN_ENV, raising=False)
    async with InktermApp(bot_delay=0).run_test(size=(80, 24)) as pilot:
        assert not pilot.app.screen.query("#open-table")
        await pilot.press("t")
        assert not isinstance(pilot.app.screen, OpenTableScreen)
    as_player(monkeypatch, service, "ann")
    async with InktermApp(bot_delay=0).run_test(size=(80, 24)) as pilot:
        assert pilot.app.screen.query("#open-table")


async def test_open_a_table_with_a_bot_and_play_by_keys(service, monkeypatch):
    as_player(monkeypatch, service, "ann")
    async with InktermApp(bot_delay=0).run_test(size=(100, 32)) as pilot:
        await open_a_table_with_a_bot(pilot)
        (table,) = service.manager.tables.values()
        assert [s.name for s in table.seats] == ["ann", "easy"]
        screen = pilot.app.screen
        bells = []
        pilot.app.bell = lambda: bells.append(1)
        for _ in range(8):  # ann takes her first choice whenever it is hers, by its key
            await until(pilot, lambda: screen.remote.my_turn, "ann's turn")
            before, rung = len(table.state.record.choices), len(bells)
            first, key = a_choice_and_its_key(table.state.decision())
            await pilot.press(key)
            await until(pilot, lambda: screen.remote.update.at > before, "the server's update")
            # The bot may have moved on the server already: its update is on the way.
            await until(pilot, lambda: screen.remote.update.at == len(table.state.record.choices),
                        "the screen to catch up with the table")
            assert table.state.record.choices[before] == first.key
            # The bell rings when her turn comes back after the bot's, not within her turn.
            bot_played = any(e.seat == 1 for e in screen.remote.update.events)
            assert len(bells) - rung == (1 if bot_played and screen.remote.my_turn else 0)
        assert table.state.seats == ["ann", "easy"]
        menu = screen.query_one(ActionMenu)
        assert [c.key for c in menu.choices] == (
            table.state.decision().keys if screen.remote.my_turn else [])
        assert bells, "the bot's turns came and went, and ann was never called back"
        said = log_text(screen)
        assert said.count("seed kept by the server") == 1  # the opening line, once
        assert str(table.state.record.seed) not in said
        # Moves are labelled with their round, as at a local table.
        assert f"R{table.state.round_number()} " in said and "R[" not in said


async def test_an_update_that_changes_nothing_on_screen_rewrites_nothing(service, monkeypatch):
    """A seat that does not choose gets an update on every move at the table: what
    it shows the same (status, prompt, hint, empty menu, board, window title) is not
    written again, since each write costs a layout and a repaint."""
    from textual.widgets import Static

    from inkterm.screens import table_game

    as_player(monkeypatch, service, "ann")
    async with InktermApp(bot_delay=0).run_test(size=(100, 32)) as pilot:
        await open_a_table_with_a_bot(pilot)
        screen = pilot.app.screen
        await until(pilot, lambda: screen.remote.my_turn, "ann's turn")
        screen.table.viewer = None  # as on a seat that does not choose: nothing to pick
        screen.table_changed([], False)
        await pilot.pause()
        assert screen.query_one(ActionMenu).choices == []
        written: list = []
        monkeypatch.setattr(Static, "update", lambda self, *a, **kw: written.append(self.id))
        monkeypatch.setattr(screen.query_one(ActionMenu), "set_choices",
                            lambda *a, **kw: written.append("menu"))
        monkeypatch.setattr(table_game, "set_window_title",
                            lambda app, text: written.append(text))
        screen.table_changed([], False)
        await pilot.pause()
        assert written == []


async def test_a_line_that_keeps_its_size_is_rewritten_without_a_layout(service, monkeypatch):
    """The status, the prompt and the hint change on most moves, mostly keeping their
    size: then only they are repainted, without a layout of the whole screen."""
    from textual.widget import Widget

    from inkterm.widgets.part import update_if_changed

    as_player(monkeypatch, service, "ann")
    async with InktermApp(bot_delay=0).run_test(size=(100, 32)) as pilot:
        await open_a_table_with_a_bot(pilot)
        screen = pilot.app.screen
        status, prompt = screen.query_one("#status"), screen.query_one("#prompt")
        update_if_changed(prompt, "One line.")
        await pilot.pause()
        layouts: list = []
        monkeypatch.setattr(Widget, "refresh", layout_recorder(layouts))
        update_if_changed(status, f"{GAMES[GAME].title} · round 9 · somebody else to choose")  # its height is 1
        update_if_changed(prompt, "Another line.")
        await pilot.pause()
        assert layouts == []
        shown = " ".join(screen_text(pilot.app).split())
        assert "round 9 · somebody else to choose" in shown and "Another line." in shown
        update_if_changed(prompt, "A prompt long enough to take two lines of the side.")
        assert layouts == ["prompt"]
        await pilot.pause()
        assert "A prompt long enough" in screen_text(pilot.app)


async def test_the_waiting_prompt_keeps_its_height_from_one_decision_to_the_next(
        service, monkeypatch):
    """While another seat chooses, the prompt takes its full three lines whatever the
    server's words: a one-line decision after a two-line one lays nothing out. On the
    seat's own turn it takes what its words need again (the menu gets the rest)."""
    from textual.widget import Widget

    as_player(monkeypatch, service, "ann")
    async with InktermApp(bot_delay=0).run_test(size=(100, 32)) as pilot:
        await open_a_table_with_a_bot(pilot)
        screen = pilot.app.screen
        remote, prompt = screen.remote, screen.query_one("#prompt")
        await until(pilot, lambda: remote.my_turn, "ann's turn")
        assert prompt.size.height < 3

        def decided(words: str) -> None:  # as the server would send it: the bot chooses
            d = dataclasses.replace(remote.update.decision, seat=1, prompt=words)
            remote._updated(remote.update.model_copy(update={"decision": d, "events": []}))

        long = "bot: a prompt long enough to take three lines of the side, whatever it says"
        decided("bot: short")
        await pilot.pause()
        assert prompt.size.height == 3
        layouts: list = []
        refresh = Widget.refresh
        monkeypatch.setattr(Widget, "refresh", layout_recorder(layouts))
        for words in (long, "bot: short", long):
            decided(words)
            await pilot.pause()
            assert prompt.size.height == 3
            x = screen.query_one("#side").region.x
            side = " ".join(line[x:].strip(" ▏") for line in screen_lines(pilot.app))
            assert " ".join(side.split()).count(words) == 1
        assert layouts == []
        monkeypatch.setattr(Widget, "refresh", refresh)
        mine = dataclasses.replace(remote.update.decision, seat=0, prompt="ann: go")
        remote._updated(remote.update.model_copy(update={"decision": mine}))
        await pilot.pause()
        assert prompt.size.height == 1


async def test_a_choice_sent_redraws_the_table_once_when_the_answer_comes(
        service, monkeypatch):
    """The seat that chooses draws the table once a move, from the server's update:
    not first the wait (the menu emptied), then the update, which redrew the board
    twice a move on the choosing seat while the others drew the move."""
    from inkterm.screens import table_game

    monkeypatch.setattr(table_game, "ANSWER_WAIT", 5.0)  # the answer always comes first
    as_player(monkeypatch, service, "ann")
    async with InktermApp(bot_delay=0).run_test(size=(100, 32)) as pilot:
        await open_a_table_with_a_bot(pilot)
        screen = pilot.app.screen
        menu = screen.query_one(ActionMenu)
        offered: list = []
        set_choices = ActionMenu.set_choices
        monkeypatch.setattr(ActionMenu, "set_choices",
                            lambda self, *a, **kw: offered.append(a[0]) or set_choices(self, *a, **kw))
        updates: list = []  # the bot's move may come in an update of its own, just after
        changed = screen.remote.on_change
        screen.remote.on_change = lambda *a: updates.append(1) or changed(*a)
        for _ in range(3):
            await until(pilot, lambda: screen.remote.my_turn, "ann's turn")
            at, offered[:], updates[:] = screen.remote.update.at, [], []
            await pilot.press(a_choice_and_its_key(screen.remote.decision())[1])
            await until(pilot, lambda: screen.remote.update.at > at, "the server's update")
            await pilot.pause()
            # Each update's choices once (none if they stayed empty), never the wait too.
            assert len(offered) <= len(updates)
            assert [c.key for c in menu.choices] == (
                [c.key for c in screen.remote.update.decision.choices]
                if screen.remote.my_turn else [])


async def test_a_late_answer_shows_the_choice_taken_and_takes_no_second_key(
        service, monkeypatch):
    import asyncio as aio

    as_player(monkeypatch, service, "ann")
    async with InktermApp(bot_delay=0).run_test(size=(100, 32)) as pilot:
        await open_a_table_with_a_bot(pilot)
        screen = pilot.app.screen
        menu = screen.query_one(ActionMenu)
        await until(pilot, lambda: screen.remote.my_turn, "ann's turn")
        sent: list = []
        client = screen.remote.client
        monkeypatch.setattr(client, "send", lambda message: sent.append(message)
                            or aio.get_running_loop().create_future())  # never answered
        key = a_choice_and_its_key(screen.remote.decision())[1]
        await pilot.press(key)
        await pilot.press(key)  # a second key while the first is on its way
        assert len(sent) == 1 and screen.remote.pending
        await until(pilot, lambda: menu.choices == [], "the menu emptied")
        assert "not yours" not in screen_text(pilot.app)


async def test_an_update_without_a_move_does_not_look_for_since_your_last_turn(service, monkeypatch):
    """An update that brings no move leaves "since your last turn" as it was: it does
    not look the panels up to hide them again."""
    from inkterm.screens.since import SinceLastTurn

    as_player(monkeypatch, service, "ann")
    async with InktermApp(bot_delay=0).run_test(size=(100, 32)) as pilot:
        await open_a_table_with_a_bot(pilot)
        screen = pilot.app.screen
        looked: list = []
        panel = SinceLastTurn.since_panel.fget
        monkeypatch.setattr(SinceLastTurn, "since_panel",
                            property(lambda self: looked.append(1) or panel(self)))
        screen.table_changed([], False)
        screen.table.viewer = None
        screen.table_changed([], False)
        await pilot.pause()
        assert looked == []
        assert not any(p.display for p in screen.query(".since")) and screen.query_one("#log").display


async def test_a_lost_channel_is_said_in_one_line(service, monkeypatch):
    as_player(monkeypatch, service, "ann")
    async with InktermApp(bot_delay=0).run_test(size=(100, 32)) as pilot:
        await open_a_table_with_a_bot(pilot)
        said = []
        pilot.app.screen.notify = lambda text, **kw: said.append(text)
        await service.close()
        await until(pilot, lambda: said, "the notice")
        assert "connection to the table server is gone" in said[0] and "\n" not in said[0]


async def test_join_by_code_waits_then_both_screens_follow_the_game(service, monkeypatch):
    as_player(monkeypatch, service, "ann")
    ann_app = InktermApp(bot_delay=0)
    async with ann_app.run_test(size=(100, 32)) as ann:
        await ann.press("t")
        await until(ann, lambda: isinstance(ann_app.screen, OpenTableScreen), "the form")
        await ann.press("ctrl+g")  # me + open
        await until(ann, lambda: isinstance(ann_app.screen, LobbyScreen), "the waiting room")
        (table,) = service.manager.tables.values()
        lobby = ann_app.screen.query_one("#lobby-title").render()
        assert table.code in str(lobby)

        as_player(monkeypatch, service, "bob")
        bob_app = InktermApp(bot_delay=0)
        async with bob_app.run_test(size=(100, 32)) as bob:
            await join_by_code(bob, ann, table.code)
            # Said as her waiting room became the game, and not lost in the change.
            await until(ann, lambda: "bob is at the table (seat 2)." in log_text(ann_app.screen),
                        "the note that bob sat down")
            screens = {0: ann_app.screen, 1: bob_app.screen}
            seat = table.state.decision().seat
            mover, waiter = (ann, bob) if seat == 0 else (bob, ann)
            await waiter.press("1")  # a key out of turn does nothing
            await asyncio.sleep(0.3)
            assert table.state.record.choices == []
            assert screens[1 - seat].query_one(ActionMenu).choices == []
            await mover.press(a_choice_and_its_key(table.state.decision())[1])
            for s in screens.values():
                await until(mover, lambda: s.remote.update.at == 1, "the move on every screen")
            assert len(table.state.record.choices) == 1
            for i, s in screens.items():  # each screen holds its own seat's view only
                assert s.remote.update.view == json.loads(json.dumps(table.state.view(i)))


def log_text(screen) -> str:
    from inkterm.widgets.event_log import EventLog

    return " ".join(" ".join(line.text for line in screen.query_one(EventLog).lines).split())


async def test_the_host_fills_the_open_seats_with_bots_from_the_waiting_room(service, monkeypatch):
    as_player(monkeypatch, service, "ann")
    async with InktermApp(bot_delay=0).run_test(size=(100, 32)) as pilot:
        await open_with_a_seat_for_another(pilot)
        await pilot.press("b")
        await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen), "the game")
        (table,) = service.manager.tables.values()
        assert [s.name for s in table.seats] == ["ann", "normal"]


async def test_chat_by_keys_shows_markup_as_typed(service, monkeypatch):
    as_player(monkeypatch, service, "ann")
    async with InktermApp(bot_delay=0).run_test(size=(100, 32)) as pilot:
        await open_a_table_with_a_bot(pilot)
        await pilot.press("c", *"[b]hi[/b]", "enter")
        await until(pilot, lambda: "ann: [b]hi[/b]" in log_text(pilot.app.screen), "the chat line")
        assert not pilot.app.screen.query_one("#chat").display  # closed again


async def test_the_chat_box_opens_above_the_keys_and_keeps_its_wide_characters(service, monkeypatch):
    """Docked over the footer, the chat box lost a Chinese character wherever a key's
    edge beneath fell inside it (Textual #6357); above the keys, nothing lies beneath."""
    said = "ann说：" + "离开了牌桌" * 6
    as_player(monkeypatch, service, "ann")
    async with InktermApp(bot_delay=0).run_test(size=(80, 24)) as pilot:
        await open_a_table_with_a_bot(pilot)
        await until(pilot, lambda: pilot.app.screen.query("EventLog"), "the game laid out")
        await pilot.press("c")
        pilot.app.screen.query_one("#chat").value = said
        await until(pilot, lambda: said in "".join(screen_lines(pilot.app)), "the chat box whole")
        assert "Save" in screen_lines(pilot.app)[-1]  # the keys still show, below it


async def test_the_host_may_let_a_bot_play_for_idle_players(service, monkeypatch):
    as_player(monkeypatch, service, "ann")
    async with InktermApp(bot_delay=0).run_test(size=(100, 32)) as pilot:
        await pilot.press("t")
        await until(pilot, lambda: isinstance(pilot.app.screen, OpenTableScreen), "the form")
        pilot.app.screen.query_one("#idle").value = 5
        await pilot.press("ctrl+g")
        await until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen), "the waiting room")
        (table,) = service.manager.tables.values()
        assert table.idle_minutes == 5


async def test_back_after_a_drop_the_join_form_has_your_seat_ready(service, monkeypatch):
    ann = await service_client(service, "ann")
    code = (await ann.request(OpenTable(game=GAME, seats=["me", "open"]))).update.table.code
    await ann.request(OpenTable(game=GAME, seats=["me", "open"]))  # a second table, listed too
    as_player(monkeypatch, service, "bob")
    async with InktermApp(bot_delay=0).run_test(size=(100, 32)) as pilot:  # bob sits down
        await pilot.press("j")
        await until(pilot, lambda: isinstance(pilot.app.screen, JoinTableScreen), "join")
        await pilot.press(*code, "enter")
        await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen), "the table")
    table = service.manager.tables[code]
    for _ in range(3):  # the game goes on meanwhile
        st = table.state
        service.manager.choose(ssh_player(st.seats[st.decision().seat]), code,
                               st.decision().choices[0].key,
                               len(st.record.choices))
    as_player(monkeypatch, service, "bob")
    async with InktermApp(bot_delay=0).run_test(size=(100, 32)) as pilot:  # and comes back
        await pilot.press("j")
        await until(pilot, lambda: pilot.app.screen.query("#code")
                    and code in pilot.app.screen.query_one("#code").placeholder,
                    "his seat offered")
        assert pilot.app.screen.query_one("#code").value == ""  # his to type in, untouched
        listed = str(pilot.app.screen.query_one("#table-list").get_option_at_index(0).prompt)
        assert listed.startswith(code) and listed.endswith("your seat")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen), "his seat again")
        assert pilot.app.screen.remote.you == 1
        said = log_text(pilot.app.screen)
        assert "cannot be shown" not in said and "legal:" not in said


async def test_a_refresh_of_the_join_list_never_writes_under_the_players_typing(service,
                                                                                monkeypatch):
    """Back after a drop, Bob clears the code box to type a code; the list refreshes
    meanwhile (a table changed). His code is what Enter sends, and the table he
    highlighted in the list stays highlighted, its line's words changed in place."""
    ann = await service_client(service, "ann")
    mine = (await ann.request(OpenTable(game=GAME, seats=["me", "open"]))).update.table.code
    other = (await ann.request(OpenTable(game=GAME, seats=["me", "open"]))).update.table.code
    as_player(monkeypatch, service, "bob")
    async with InktermApp(bot_delay=0).run_test(size=(100, 32)) as pilot:
        await pilot.press("j")
        await until(pilot, lambda: isinstance(pilot.app.screen, JoinTableScreen), "join")
        await pilot.press(*mine, "enter")
        await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen), "his seat")
    as_player(monkeypatch, service, "bob")
    async with InktermApp(bot_delay=0).run_test(size=(100, 32)) as pilot:  # he comes back
        await pilot.press("j")
        screen = pilot.app.screen
        listing = screen.query_one("#table-list")
        await until(pilot, lambda: listing.option_count == 2, "the list")
        await pilot.press("down", "down")  # to the list, on the second table
        picked = listing.highlighted_option
        await pilot.press("shift+tab", "ctrl+u")  # back in the code box, cleared
        # A table changes: the other one is joined (its line says so) ...
        cy = await service_client(service, "cy")
        await cy.request(JoinTable(code=other))
        await screen.action_reload()  # ... and the list refreshes, as its timer does
        assert listing.highlighted_option is picked  # the same line, not a new list
        assert "cy" in str(picked.prompt)
        await pilot.press(*other.lower(), "enter")  # he types the other table's code
        await until(pilot, lambda: not isinstance(pilot.app.screen, JoinTableScreen),
                    "the table he typed")
        assert pilot.app.screen.remote.code == other


async def test_down_from_the_code_goes_to_the_list_and_enter_picks(service, monkeypatch):
    ann = await service_client(service, "ann")
    code = (await ann.request(OpenTable(game=GAME, seats=["me", "open"]))).update.table.code
    as_player(monkeypatch, service, "bob")
    async with InktermApp(bot_delay=0).run_test(size=(100, 32)) as pilot:
        await pilot.press("w")
        await until(pilot, lambda: pilot.app.screen.query("#table-list")
                    and pilot.app.screen.query_one("#table-list").option_count, "the list")
        help_text = str(pilot.app.screen.query_one(".tables-help").render())
        assert help_text.startswith("Enter watches the table")  # not "joins": nobody sits down
        await pilot.press("down", "enter")
        await until(pilot, lambda: not isinstance(pilot.app.screen, JoinTableScreen), "the table")
        assert pilot.app.screen.remote.code == code and pilot.app.screen.remote.you is None


async def service_client(service, name):
    from inkterm.tables.client import TableClient

    return await TableClient.connect(str(service.path), service.issue_token(name))


@pytest.mark.parametrize("name", ["[/]", "[bold]X"])
async def test_a_name_that_looks_like_markup_is_text_and_breaks_no_seat(service, monkeypatch, name):
    """A guest so named joins: the host's lobby, table and log show the name as
    written, and the host's channel to the tables survives every update."""
    from inkterm.screens.tables import _clients
    from inkterm.tables.protocol import Choose, JoinTable

    as_player(monkeypatch, service, "ann")
    async with InktermApp(bot_delay=0).run_test(size=(120, 36)) as pilot:
        await open_with_a_seat_for_another(pilot)
        (table,) = service.manager.tables.values()
        guest = await service_client(service, name)
        await guest.request(JoinTable(code=table.code))
        await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen), "the game")
        screen = pilot.app.screen
        for _ in range(6):  # each choice is an update at ann's seat
            st = table.state
            d = st.decision()
            if d is None:
                break
            at = len(st.record.choices)
            if st.seats[d.seat] == name:
                await guest.request(Choose(code=table.code, key=d.choices[0].key, at=at))
            else:
                await until(pilot, lambda: screen.remote.my_turn, "ann's turn")
                await pilot.press(a_choice_and_its_key(d)[1])  # "1" is no key in a menu of letters
            await until(pilot, lambda: screen.remote.update.at > at, "the update")
        assert not _clients[id(pilot.app)].closed, "the host's channel died at an update"
        assert name in screen_text(pilot.app) + log_text(screen)
        await guest.close()



async def ann_and_bob_at_a_table(service, monkeypatch):
    """Ann opens a table for two and Bob joins it by its code; yields the table and
    each seat's (pilot, game screen)."""
    as_player(monkeypatch, service, "ann")
    ann_app = InktermApp(bot_delay=0)
    async with ann_app.run_test(size=(100, 32)) as ann:
        await open_with_a_seat_for_another(ann)
        (table,) = service.manager.tables.values()
        as_player(monkeypatch, service, "bob")
        bob_app = InktermApp(bot_delay=0)
        async with bob_app.run_test(size=(100, 32)) as bob:
            await join_by_code(bob, ann, table.code)
            yield table, {0: (ann, ann_app.screen), 1: (bob, bob_app.screen)}


async def test_the_menu_has_the_keys_from_the_first_frame(service, monkeypatch):
    """The menu takes the focus as the table screen is built, not only by the move to
    it that on_mount queues on the app (which a served app, its queue held up, once ran
    late or never: its seat's Enter went to the board). Here that queued move never
    runs: Enter must still choose."""
    monkeypatch.setattr(ActionMenu, "focus", lambda self, scroll_visible=True: self)
    async for table, seats in ann_and_bob_at_a_table(service, monkeypatch):
        pilot, screen = seats[table.state.decision().seat]
        # Built (the app's screen is the table's as soon as the switch begins; under
        # load its mount came after the seat's turn did, and nothing had the focus yet).
        await until(pilot, lambda: screen.is_mounted and screen.remote.my_turn,
                    "the first seat's turn on its built screen")
        assert isinstance(screen.focused, ActionMenu)
        first = table.state.decision().choices[0].key
        await pilot.press("enter")
        await until(pilot, lambda: len(table.state.record.choices) == 1, "the choice")
        assert table.state.record.choices == [first]



async def test_a_refused_open_says_why_on_screen_at_80x24(service, monkeypatch):
    """Two seats marked "me": the server refuses, and its reason is in sight, not
    below the fold of the long form (where ^g seemed to do nothing)."""
    as_player(monkeypatch, service, "ann")
    async with InktermApp(bot_delay=0).run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await until(pilot, lambda: isinstance(pilot.app.screen, OpenTableScreen), "the form")
        screen = pilot.app.screen
        screen.query_one("#seat1").value = "me"
        await pilot.press("ctrl+g")
        await until(pilot, lambda: "one seat" in screen_text(pilot.app), "the reason on screen")
        assert not service.manager.tables
