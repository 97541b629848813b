"""The guided first game: completed by keys; a wrong choice is explained and not
applied; a lesson left is resumed where it was."""
from __future__ import annotations

import json
import re

import pytest

from inkterm.app import InktermApp
from inkterm.engine.assets import AssetError, parse_asset
from inkterm.lessons import Lesson, ScriptedOpponent, Tutor, load_lesson, progress_path
from inkterm.bots import make_bot
from inkterm.screens.learn import LearnScreen
from inkterm.screens.title import TitleScreen
from inkterm.widgets.action_menu import ActionMenu
from test_demo import screen_text
from test_flows import until

from tests.registered import a_game, games


def panel_text(screen) -> str:
    return str(screen.query_one("#panel-text").render())


async def pick_by_keys(pilot, screen, key: str) -> None:
    """Move the menu's highlight onto ``key`` with the arrows and press Enter."""
    menu = screen.query_one(ActionMenu)
    # Rows, not choices: the places not open now are listed (dimmed) among them.
    target = [getattr(row, "key", None) for row in menu.rows].index(key)
    for _ in range(2 * len(menu.rows)):
        if menu.highlighted == target:
            break
        await pilot.press("down" if (menu.highlighted or 0) < target else "up")
    assert menu.current is not None and menu.current.key == key, (key, menu.highlighted)
    await pilot.press("enter")
    await pilot.pause()


async def learner_turn(pilot, screen, steps=200) -> None:
    for _ in range(steps):
        if screen.tutor.finished or screen.tutor.learner_to_choose():
            return
        await pilot.pause(0.02)


LESSONS = games(lesson=True)


@pytest.mark.parametrize("game", LESSONS)
async def test_a_lesson_completes_by_keys(game):
    app = InktermApp(start=("learn", game, True), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, LearnScreen)
        lesson = screen.tutor.lesson
        seen = 0
        while not screen.tutor.finished:
            await learner_turn(pilot, screen)
            step = screen.tutor.current
            assert step.say.split(".")[0] in " ".join(panel_text(screen).split())
            text = screen_text(app)
            # The whole step stays on screen at 80×24, however much happened before it.
            assert " ".join(step.say.split()[-6:]) in " ".join(text.split()), (step.say, text)
            for part in step.point:
                if part.startswith("zone:"):  # the zone's row carries the highlight mark
                    assert re.search(rf"▶. ?{part[5:]} [A-Z]", text), (part, text)
            if step.asks:
                # The menu starts on what the step asks for, as the board marks it.
                assert screen.query_one(ActionMenu).current.key == step.accept[0]
                await pick_by_keys(pilot, screen, step.accept[0])
            else:
                await pilot.press("enter")
                await pilot.pause()
            seen += 1
            assert seen <= len(lesson.steps)
        assert seen == len(lesson.steps)
        assert lesson.done.split(".")[0] in " ".join(panel_text(screen).split())
        # The lesson's own game was played, step by step.
        asked = [step.accept[0] for step in lesson.steps if step.asks]
        mine = [k for (seat, _), k in zip(screen.state.history, screen.state.record.choices)
                if seat == lesson.learner]
        assert mine == asked
    kept = json.loads(progress_path(game).read_text())
    assert kept["finished"]


@pytest.mark.parametrize("game", LESSONS)
async def test_a_wrong_choice_is_explained_and_not_applied_in_every_lesson(game):
    """At the lesson's first question, every other choice is refused with its
    explanation and changes nothing."""
    app = InktermApp(start=("learn", game, True), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        while not screen.tutor.current.asks:
            await pilot.press("enter")
            await learner_turn(pilot, screen)
        step = screen.tutor.current
        before = screen.state.to_json()
        choices = screen.decision.choices
        wrong = [i for i, c in enumerate(choices) if c.key not in step.accept][:9]
        assert wrong
        for i in wrong:
            await pilot.press(str(i + 1))
            await pilot.pause()
            assert screen.state.to_json() == before and screen.tutor.current is step
            said = step.explain_wrong(choices[i].key).split(".")[0]
            assert said in " ".join(panel_text(screen).split())


async def test_learn_to_play_on_the_title_screen():
    assert games()[0] in LESSONS
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("l")  # Learn to play
        await pilot.pause()
        await pilot.press("1")  # the first game, which has its lesson
        await pilot.pause()
        assert isinstance(app.screen, LearnScreen)


async def test_a_game_without_a_lesson_offers_its_demo(monkeypatch):
    from inkterm import lessons
    from inkterm.screens.demo import DemoScreen

    # Every shipped game has its lesson; the last of them is taken as if it had none.
    last = games(shipped=True)[-1]
    monkeypatch.setattr(lessons, "has_lesson", lambda game: game != last)
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        await pilot.press(str(games().index(last) + 1))
        await pilot.pause()
        assert isinstance(app.screen, DemoScreen) and app.screen.state.record.game == last


def test_every_shipped_game_has_its_lesson():
    assert games(shipped=True) == games(shipped=True, lesson=True)


@pytest.mark.parametrize("game", LESSONS)
def test_the_lesson_script_is_legal_all_the_way(game):
    """Along the lesson's own path every step's first accepted key is offered and the
    scripted opponent's keys are legal (it never falls back during the lesson)."""
    tutor = Tutor.start(game, restart=True)
    fell_back = []

    class Watch:
        def choose(self, state):
            fell_back.append(state.decision().prompt)
            return make_bot("greedy").choose(state)

    def offered(d, key):
        assert d.get(key) is not None, (tutor.step, key, d)
        assert tutor.refusal(key) is None

    play_the_script(tutor, Watch(), offered)
    assert not fell_back


def test_a_bad_lesson_names_the_field():
    raw = load_lesson(a_game(lesson=True)).model_dump()
    raw["steps"][1]["wrong"] = {}
    with pytest.raises(AssetError, match=r"lessons.json: field steps.1"):
        parse_asset(json.dumps(raw), Lesson, "lessons.json")


def play_the_script(tutor: Tutor, fallback, check=lambda d, key: None) -> None:
    """Play ``tutor``'s lesson to its end along its script: the learner's first accepted
    key at each question (``check(decision, key)`` first), the scripted opponents'."""
    lesson = tutor.lesson
    opponents = {int(s): ScriptedOpponent(int(s), keys, fallback) for s, keys in lesson.opponents.items()}
    while not tutor.finished:
        d = tutor.state.decision()
        if d.seat != lesson.learner:
            tutor.state.apply(opponents[d.seat].choose(tutor.state))
        elif not tutor.current.asks:
            tutor.go_on()
        else:
            key = tutor.current.accept[0]
            check(d, key)
            tutor.state.apply(key)
            tutor.chose(key)


def _finish_the_lesson(game: str) -> Tutor:
    """The lesson played to its end along its own script, its place kept."""
    tutor = Tutor.start(game, restart=True)
    play_the_script(tutor, make_bot("greedy"))
    tutor.save()
    return tutor


@pytest.mark.parametrize("game", LESSONS)
async def test_a_finished_lesson_offers_to_play_on_or_start_over(game):
    from inkterm.screens.confirm import ChoiceScreen

    done = _finish_the_lesson(game)
    app = InktermApp(start=("learn", game, False), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("p")  # play on: the game against the coach, where it stopped
        await until(pilot, lambda: isinstance(app.screen, LearnScreen))
        screen = app.screen
        assert isinstance(screen, LearnScreen) and screen.tutor.finished
        assert screen.state.record.choices[:len(done.state.record.choices)] == done.state.record.choices
        await learner_turn(pilot, screen)
        before = len(screen.state.record.choices)
        await pilot.press("enter")  # the learner plays on, as in any game
        await until(pilot, lambda: len(screen.state.record.choices) > before)
        played = list(screen.state.record.choices)
    kept = json.loads(progress_path(game).read_text())
    assert kept["choices"][:len(played)] == played and kept["finished"]  # kept as it goes
    app = InktermApp(start=("learn", game, False), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("s")  # start over at step 1
        await until(pilot, lambda: isinstance(app.screen, LearnScreen) and app.screen.tutor.step == 0)
        screen = app.screen
        assert isinstance(screen, LearnScreen) and screen.tutor.step == 0
        assert not screen.tutor.finished


def meanwhile(screen) -> str:
    """The panel's "Meanwhile" paragraph, words joined by single spaces ("" if none)."""
    text = " ".join(panel_text(screen).split())
    return text[text.index("Meanwhile:"):].split(". ", 1)[0] if "Meanwhile:" in text else ""


@pytest.mark.parametrize("game", LESSONS)
async def test_meanwhile_is_told_whole_again_after_a_resume(game):
    """Left at the learner's turn right after the coach's moves, a resumed lesson says
    the same "Meanwhile" as before: each of the coach's moves since the learner's last
    choice and what they came to, all told (the log's history is told from the state
    as it is now, which is not where the learner left it)."""
    app = InktermApp(start=("learn", game, True), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        for _ in range(40):
            await learner_turn(pilot, screen)
            if "all told for" in meanwhile(screen) or screen.tutor.finished:
                break
            step = screen.tutor.current
            if step.asks:
                await pick_by_keys(pilot, screen, step.accept[0])
            else:
                await pilot.press("enter")
                await pilot.pause()
        told = meanwhile(screen)
        assert "all told for" in told, panel_text(screen)
        place = list(screen.state.record.choices)
        await pilot.press("q")
        await pilot.pause()
    app = InktermApp(start=("learn", game, False), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await learner_turn(pilot, screen)
        assert screen.state.record.choices == place
        assert meanwhile(screen) == told
