""""Show me" scenes are short: opened from the rule they show (its text just read),
each plays by itself in 20 to 60 seconds at speed 1, timed as the demo times a step
(its words at a reader's pace) plus the last look."""
import pytest

from inkterm.scenes import load_scenes
from inkterm.screens.scene import seconds

from tests.registered import game_params


@pytest.mark.parametrize("game", game_params(scenes=True))
def test_every_scene_plays_in_twenty_to_sixty_seconds(game):
    timed = {scene.topic: round(seconds(game, scene)) for scene in load_scenes(game)}
    outside = {topic: s for topic, s in timed.items() if not 20 <= s <= 60}
    assert not outside, f"scenes outside 20-60 s at speed 1: {outside}"


async def _first_step(pilot, screen):
    for _ in range(400):
        if screen.shown is not None:
            return screen.shown
        await pilot.pause(0.05)
    raise AssertionError("the scene told no step")


@pytest.mark.parametrize("game", game_params(scenes=True))
async def test_a_scene_opened_from_its_rule_names_the_rule_without_telling_it_again(game):
    """From the rules view (``s``) the reader has just read the section: the scene's
    steps name it (``?`` shows it). Started on its own (``demo GAME --rule``), its first
    step tells the rule in full."""
    from inkterm.app import InktermApp
    from inkterm.screens.scene import SceneScreen

    scene = load_scenes(game)[0]
    app = InktermApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_rules(game, scene.topic)
        await pilot.pause(0.3)
        await pilot.press("s")
        await pilot.pause(0.3)
        assert isinstance(app.screen, SceneScreen)
        assert not (await _first_step(pilot, app.screen)).full_rule
    app = InktermApp(start=("scene", game, scene.topic, 1.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.3)
        assert isinstance(app.screen, SceneScreen)
        assert (await _first_step(pilot, app.screen)).full_rule
