"""Kiln's guided first game: its first question refuses Materials and takes the Shop,
a telling step takes no choice, and a lesson left is resumed at the boost question.
What every lesson must do: tests/ui/test_learn.py."""
from __future__ import annotations

from inkterm.app import InktermApp

from test_learn import panel_text


async def test_a_wrong_choice_is_explained_and_not_applied():
    app = InktermApp(start=("learn", "kiln", True), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("enter")  # past the welcome
        await pilot.pause()
        step = screen.tutor.current
        assert step.accept == ["zone:5"]
        before = screen.state.to_json()
        await pilot.press("1")  # Materials, not the Shop
        await pilot.pause()
        assert screen.state.to_json() == before
        assert screen.tutor.current is step
        text = " ".join(panel_text(screen).split())
        assert "Not this time" in text and step.wrong["*"].split(".")[0] in text
        await pilot.press("5")  # the Shop: applied, and what it did is said
        await pilot.pause()
        assert screen.state.record.choices == ["zone:5"]
        assert step.then.split(".")[0] in " ".join(panel_text(screen).split())


async def test_a_telling_step_takes_no_choice():
    app = InktermApp(start=("learn", "kiln", True), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("5")
        await pilot.pause()
        assert screen.state.record.choices == [] and screen.tutor.step == 0
        assert "Enter goes on" in panel_text(screen)


async def test_a_lesson_left_is_resumed_where_it_was():
    app = InktermApp(start=("learn", "kiln", True), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("enter", "5")
        await pilot.pause()
        place = (screen.tutor.step, list(screen.state.record.choices))
        await pilot.press("q")
        await pilot.pause()
    assert place[1] == ["zone:5"]
    app = InktermApp(start=("learn", "kiln", False), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert (screen.tutor.step, screen.state.record.choices) == place
        assert screen.tutor.current.accept == ["boost"]
