"""Inkwell's lesson says what its screens show: the menu's bottles (no braces there),
and, at 80×24, what Mei took while the learner waited, however many cubes she placed."""
import re

from inkterm.app import InktermApp
from inkterm.lessons import load_lesson
from inkterm.widgets.action_menu import ActionMenu

from test_learn import learner_turn, panel_text, pick_by_keys


async def test_the_lesson_speaks_of_what_is_on_screen_and_keeps_what_mei_took():
    lesson = load_lesson("inkwell")
    assert not any("brace" in step.say for step in lesson.steps)
    app = InktermApp(start=("learn", "inkwell", True), bot_delay=0)
    takes_told = 0
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        while not screen.tutor.finished:
            await learner_turn(pilot, screen)
            text = " ".join(panel_text(screen).split())
            meanwhile = re.search(r"Meanwhile: (.*?)\.(?: |$)", text)
            took = [t for k, t in screen.meanwhile if k == "take"]
            if meanwhile and took:
                assert all(t in text for t in took), (took, text)  # never cut away
                takes_told += 1
            step = screen.tutor.current
            if step.asks:
                labels = [c.label for c in screen.query_one(ActionMenu).choices]
                assert not any("{" in label for label in labels)
                await pick_by_keys(pilot, screen, step.accept[0])
            else:
                await pilot.press("enter")
                await pilot.pause()
    assert takes_told >= 2
