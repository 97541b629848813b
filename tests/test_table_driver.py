"""The table driver without a screen: who sees the table, when it is covered between
people, the bots' runs, what each person missed, and the save — for every game."""
from __future__ import annotations

import random

import pytest

from inkterm.engine import GAMES, load_game, new_game
from inkterm.table_driver import Next, SaveFile, TableDriver

#: Two people and a bot at one keyboard.
SEATS = ["Ann", "Bob", "random"]


def games_for(n: int) -> list[str]:
    return sorted(g for g, spec in GAMES.items() if spec.min_players <= n <= spec.max_players)


def drive(table: TableDriver, seed: int, steps: int, played: list | None = None):
    """Play as a screen would: after each change ask the driver what comes next and
    do it, the people choosing at random. Yields (what comes next, the decision, who
    had the table before) before doing it; ``played`` gathers each Played."""
    rng = random.Random(seed)
    played = [] if played is None else played
    for _ in range(steps):
        before = table.at_keyboard
        step, d = table.advance(), table.decision
        yield step, d, before
        if step is Next.FINISH:
            return
        if step is Next.BOT:
            played += table.bots_play()
        elif step is Next.HAND_OFF:
            table.cover()
            table.uncover(d.seat)  # the next person pressed Enter
        elif step is Next.WAIT:
            played.append(table.apply(rng.choice(d.keys)))
            table.turn_passed()


@pytest.mark.parametrize("game", games_for(len(SEATS)))
@pytest.mark.parametrize("handoff", ["auto", "always", "never"])
def test_the_table_changes_hands_only_as_the_policy_says(game, handoff):
    st = new_game(game, SEATS, seed=5)
    table = TableDriver.local(st, SaveFile())
    table.handoff = handoff
    assert list(table.bots) == [2] and table.humans == [0, 1] and table.viewer is None
    for step, d, before in drive(table, 5, 150):
        if step is Next.BOT:
            assert d.seat == 2
        elif step is Next.HAND_OFF:
            assert handoff == "always" or (handoff == "auto" and d.secret)
        elif step is Next.TAKE:
            # Given straight to the next person: back to who had it, nothing of theirs
            # to hide from the one before, or a policy of never covering.
            assert d.seat == before or handoff == "never" or (handoff == "auto" and not d.secret)
            assert table.viewer == d.seat
        elif step is Next.WAIT:
            assert table.choosing() and table.view() == st.view(d.seat)


@pytest.mark.parametrize("game", games_for(len(SEATS)))
def test_only_the_chooser_s_view_is_ever_on_the_table(game):
    st = new_game(game, SEATS, seed=8)
    table = TableDriver.local(st, SaveFile())
    for _ in drive(table, 8, 120):
        d = table.decision
        if table.viewer is None:
            assert table.view() == st.summary()
        else:  # a person's choosing ended: their view left with it
            assert d is not None and d.seat == table.viewer


@pytest.mark.parametrize("game", games_for(len(SEATS)))
def test_each_person_is_told_what_the_others_did_since_their_own_last_choice(game):
    st = new_game(game, SEATS, seed=3)
    table = TableDriver.local(st, SaveFile())
    table.handoff = "never"
    since: dict[int, list[str]] = {0: [], 1: []}  # kept here the plain way
    told, played = 0, []
    for step, d, _ in drive(table, 3, 150, played):
        for p in played:
            for person in since:
                if person == p.seat:
                    since[person] = []
                else:
                    since[person] += [e.text for e in p.events if e.kind != "turn"]
        played.clear()
        for person, lines in since.items():
            assert [e.text for p in table.missed[person] for e in p.events] == lines
        if step is Next.WAIT:  # d.seat is about to choose, having been told what it missed
            told += bool(since[d.seat])
    assert told, "nobody was ever told anything"


def test_a_failing_save_is_told_once_and_cleared_by_the_next_that_works(tmp_path):
    game = sorted(GAMES)[0]
    st = new_game(game, ["Ann"] + ["random"] * (max(2, GAMES[game].min_players) - 1), seed=1)
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    table = TableDriver.local(st, SaveFile(blocked / "game.save.json"))
    assert table.save_soon() and not table.save_soon()  # one write covers both
    first = table.save()
    assert first is not None and first.startswith("Autosave failed:") and table.save_error
    assert not table.save_due
    assert table.save() is None and table.save_error  # told once while it keeps failing
    good = tmp_path / "game.save.json"
    table.saver = SaveFile(good)
    list(table.bots_play())
    table.apply(st.decision().keys[0])
    assert table.save() is None and table.save_error is None
    assert load_game(good.read_text(encoding="utf-8")) == st
    table.close()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_bots_run_stops_at_the_next_person(game):
    n = max(2, GAMES[game].min_players)
    st = new_game(game, ["Ann"] + ["random"] * (n - 1), seed=2)
    table = TableDriver.local(st, SaveFile())
    for _ in range(5):
        if st.is_over:
            break
        played = list(table.bots_play())
        assert all(p.seat != 0 for p in played)
        d = st.decision()
        assert d is None or d.seat == 0
        if d is not None:
            table.apply(d.keys[-1])


def test_the_story_puts_what_happened_to_you_first_and_keeps_each_turn_apart():
    """Grouped by seat and turn (a snake order's two turns of one seat in a row stay
    two), with first what the others' turns did to the person it is told to."""
    from inkterm.engine import Event
    from inkterm.table_driver import Played, Story

    seats = ["Ann", "Bob", "Cy"]
    played = [
        Played(1, 1, [Event("Bob acts in Bank.", 1)]),
        Played(1, 1, [], ends=True),  # its "ends the turn" (kept out of the words)
        Played(2, 1, [Event("Cy plays Slander.", 2), Event("Ann loses 1 favour to Slander.", 0),
                      Event("Bob loses 1 favour to Slander.", 1)], ends=True),
        Played(2, 1, [Event("Cy acts in Shop, beside Ann's tokens.", 2)]),
    ]
    story = Story.of(played, 0, seats)
    assert [e.text for _r, e in story.to_you] == ["Ann loses 1 favour to Slander.",
                                                   "Cy acts in Shop, beside Ann's tokens."]
    assert [(t.seat, len(t.events)) for t in story.turns] == [(1, 1), (2, 3), (2, 1)]
    assert [e.text for _r, e in Story.of(played, 1, seats).to_you] == ["Bob loses 1 favour to Slander."]


def test_what_hit_you_is_told_again_after_continue():
    """The "to you" part of the summary (what the others' choices changed of yours) is
    found again from the record when a game is continued: the table compares it before
    and after each choice since your last one."""
    import random

    from inkterm.bots import make_bot
    from inkterm.engine import load_game, new_game
    from inkterm.engine.concerns import TO_YOU
    from inkterm.table_driver import TableDriver
    from tests.registered import games

    for game in games(shipped=True):
        st = new_game(game, ["Ann", "bot", "bot 2"], seed=3)
        table = TableDriver(st, {1: make_bot("random", seed=1), 2: make_bot("random", seed=2)})
        rng = random.Random(3)
        told: list[str] = []
        for _ in range(400):
            list(table.bots_play())
            if table.decision is None:
                break
            told = [e.text for _r, e in table.since(0).to_you if e.kind == TO_YOU]
            if told:
                again = TableDriver(load_game(table.state.to_json()), {1: object(), 2: object()})
                list(again.history())
                assert [e.text for _r, e in again.since(0).to_you if e.kind == TO_YOU] == told
                break
            table.apply(rng.choice(table.decision.keys))
        assert told, f"{game}: nothing hit Ann"


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
@pytest.mark.parametrize("game", games_for(2))
def test_a_seat_named_you_is_named_once_in_the_prompt(game, lang):
    """A seat named You reads its prompt named once, in the reader's language ("You：你：…"
    in Chinese, plain mode's line, named the seat twice)."""
    from inkterm import i18n

    i18n.use(lang)
    try:
        st = new_game(game, ["You", "bot"], seed=5)
        table = TableDriver.local(st, SaveFile())
        rng = random.Random(5)
        for _ in range(60):
            d = st.decision()
            if d is None:
                break
            if d.seat == 0 and not isinstance(d.prompt, str):  # (a game's prompts still English)
                table.viewer = 0
                said = table.prompt()[0]
                assert not (said.startswith("You") and lang != "en"), said
                head, _colon, rest = said.replace("：", ": ").partition(": ")
                assert not rest.startswith(head + ":"), said  # named twice
            st.apply(rng.choice(d.choices).key)
    finally:
        i18n.use("en")


@pytest.mark.parametrize("game", games_for(2))
def test_the_status_line_names_a_seat_named_you_as_the_reader(game):
    """"You to choose" in English; in Japanese "あなたが選択中", never "あなたさん…" (the
    honorific for another player), in Chinese "轮到你选择"."""
    from inkterm import i18n

    st = new_game(game, ["You", "Bob"], seed=5)
    while st.decision().seat != 0:
        st.apply(st.decision().choices[0].key)
    table = TableDriver.local(st, SaveFile())
    said = {}
    try:
        for lang in ("en", "zh", "ja"):
            i18n.use(lang)
            said[lang] = table.status(st.summary())
    finally:
        i18n.use("en")
    assert "You to choose" in said["en"], said
    assert "あなたが選択中" in said["ja"] and "さん" not in said["ja"], said
    assert "轮到你选择" in said["zh"], said


@pytest.mark.parametrize("game", games_for(2))
def test_a_bot_whose_name_says_bot_is_called_a_bot_once(game):
    """The setup's default bot is a seat named "bot": its turn reads "bot to choose" and
    its prompt "bot: …", never "bot (bot) to choose" or "(bot) bot: …" (nor "轮到bot（电脑）
    选择", "bot（ボット）が選択中"); a bot named otherwise ("easy") still says it is one."""
    from inkterm import i18n

    said: dict[tuple[str, str], tuple[str, str]] = {}
    for bot in ("bot", "easy"):
        st = new_game(game, ["Ann", bot], seed=5)
        table = TableDriver.local(st, SaveFile())
        while st.decision().seat != 1:
            st.apply(st.decision().choices[0].key)
        try:
            for lang in ("en", "zh", "ja"):
                i18n.use(lang)
                said[bot, lang] = table.status(st.summary()), table.prompt()[0]
        finally:
            i18n.use("en")
    status, prompt = said["bot", "en"]
    assert "bot to choose" in status and "(bot)" not in status + prompt, said
    assert prompt.startswith("bot"), prompt
    status, prompt = said["bot", "zh"]
    assert "轮到bot选择" in status and "电脑" not in status + prompt, said
    status, prompt = said["bot", "ja"]
    assert "botが選択中" in status and "ボット" not in status + prompt, said
    assert "easy (bot) to choose" in said["easy", "en"][0] and said["easy", "en"][1].startswith("(bot) easy"), said
    assert "轮到easy（电脑）选择" in said["easy", "zh"][0] and said["easy", "zh"][1].startswith("（电脑）"), said
    assert "easy（ボット）が選択中" in said["easy", "ja"][0] and said["easy", "ja"][1].startswith("（ボット）"), said
