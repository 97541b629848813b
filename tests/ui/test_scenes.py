""""Show me" scenes, of every game that has them: each replays as its data tells, is
played to its end by keys from the rules view (each narrated step over the position
it is decided in, with its key highlighted), and returns to the rules text.

Every scene's data is replayed in every run; by keys a plain run plays a few scenes
of each game, others each run (from the run's seed), and INKTERM_SLOW=1 plays them all."""
import pytest

from inkterm import cli
from inkterm.app import InktermApp
from inkterm.scenes import check, load_scenes, scene_for
from inkterm.screens.narration import rule_for
from inkterm.screens.rules import RulesScreen, slug
from inkterm.screens.scene import SceneScreen
from inkterm.widgets.action_menu import ActionMenu

from tests.registered import game_params
from tests.seeds import sample, size

SCENES = game_params(scenes=True)
BY_KEYS = size(3, 1_000)  # scenes of each game played by keys in a run (all at the nightly size)


async def _until(pilot, cond, seconds=20.0) -> bool:
    for _ in range(int(seconds / 0.05)):
        if cond():
            return True
        await pilot.pause(0.05)
    return cond()


@pytest.mark.parametrize("game", SCENES)
def test_every_scene_replays_as_its_data_tells(game):
    scenes = load_scenes(game)
    problems = [p for scene in scenes for p in check(game, scene)]
    assert not problems, "\n".join(problems)
    sections = [rule_for(game, s.topic).heading for s in scenes]
    assert len(set(sections)) == len(sections), "two scenes show one section"
    assert all(scene_for(game, s.topic) is s for s in scenes)


@pytest.mark.parametrize("game", SCENES)
async def test_every_scene_plays_by_keys_from_the_rules_view_and_returns(game):
    app = InktermApp()
    async with app.run_test(size=(80, 24)) as pilot:
        for scene in sample(load_scenes(game), BY_KEYS, f"scenes by keys {game}"):
            app.show_rules(game, scene.topic)
            assert await _until(pilot, lambda: isinstance(app.screen, RulesScreen))
            rules = app.screen
            # laid out and scrolled to the scene's section (after a refresh), so "s" finds it
            await pilot.pause(0.2)
            assert await _until(pilot, lambda: rules.section is not None
                                and rules.section_at_top() == rules.section), scene.topic
            await pilot.press("s")  # the section read now has its scene
            assert await _until(pilot, lambda: isinstance(app.screen, SceneScreen)), scene.topic
            screen = app.screen
            assert screen.scene is scene
            await pilot.press("space")  # by keys only: nothing moves by itself
            start = len(scene.setup)
            for i, step in enumerate(scene.steps):
                assert await _until(pilot, lambda i=i, step=step: screen.shown is not None
                                    and screen.shown.at == start + i and screen.narration.why == step.say
                                    and getattr(screen.query_one(ActionMenu).current, "key", None) == step.key),\
                    (scene.topic, i)
                assert screen.state.record.choices == [*scene.setup, *(s.key for s in scene.steps[:i])]
                assert screen.narration.why == step.say
                assert screen.query_one(ActionMenu).current.key == step.key
                await pilot.press("right")
            assert await _until(pilot, lambda: screen.ended)
            assert screen.state.record.choices == [*scene.setup, *(s.key for s in scene.steps)]
            await pilot.press("right")
            assert await _until(pilot, lambda r=rules: app.screen is r), scene.topic
            await pilot.press("escape")


@pytest.mark.parametrize("game", SCENES)
def test_demo_lists_the_scenes_and_plays_one(game, capsys, monkeypatch):
    started = []
    monkeypatch.setattr(cli, "_run_app", lambda **kw: started.append(kw) or 0)
    assert cli.main(["demo", game, "--list"]) == 0
    out = capsys.readouterr().out
    scenes = load_scenes(game)
    assert all(slug(s.topic) in out and s.title in out for s in scenes)
    assert cli.main(["demo", game, "--rule", scenes[0].topic]) == 0
    assert started == [{"start": ("scene", game, scenes[0].topic, 1.0)}]
    assert cli.main(["demo", game, "--rule", "no-such-rule"]) == 2
