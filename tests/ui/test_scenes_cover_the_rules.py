"""What the teaching covers, as each game's rules topics declare it
(``inkterm/assets/<game>/rules_topics.json``): every rules section that describes
something a player does has a "show me" scene, and the game's lesson has the learner
make every one of its core actions. The declarations are checked against the game
itself: each names a real section, and each core action is a choice the game offers."""
from __future__ import annotations

import random

import pytest

from inkterm.bots import make_bot
from inkterm.engine import GAMES, new_game
from inkterm.lessons import Tutor
from inkterm.rules_topics import rules_topics
from inkterm.scenes import load_scenes
from inkterm.screens.narration import rule_for, sections
from inkterm.screens.rules import slug

from test_learn import play_the_script

from tests.registered import game_params

SHIPPED = game_params(shipped=True)


@pytest.mark.parametrize("game", SHIPPED)
def test_every_section_a_player_acts_by_has_a_scene(game):
    topics = rules_topics(game)
    assert topics is not None, "the game declares no rules topics"
    headings = {slug(s.heading) for s in sections(game)}
    assert not set(topics.acts) - headings, "declared sections the rules do not have"
    shown = {slug(rule_for(game, s.topic).heading) for s in load_scenes(game)}
    missing = [t for t in topics.acts if t not in shown]
    assert not missing, f"sections that describe an action but have no scene: {missing}"
    assert shown <= set(topics.acts), f"scenes of sections not declared as actions: {shown - set(topics.acts)}"


def random_games(game: str, games: int = 4):
    """Every decision of a few seeded random games (the fewest seats, at least two)."""
    spec = GAMES[game]
    for seed in range(games):
        state = new_game(game, [f"S{i}" for i in range(max(2, spec.min_players))], seed=seed)
        rng = random.Random(seed)
        while not state.is_over and len(state.record.choices) < 3000:
            d = state.decision()
            yield d
            state.apply(rng.choice(d.keys))


@pytest.mark.parametrize("game", SHIPPED)
def test_every_decision_names_a_section_declared_as_an_action(game):
    """The declaration is the game's own: a decision's topic is something a player
    does, so its section is declared an action (or a list of content, like cards)."""
    topics = rules_topics(game)
    declared = set(topics.acts) | set(topics.lists)
    met = {slug(rule_for(game, d.topic).heading) for d in random_games(game) if d.topic}
    assert not met - declared, f"decisions name sections not declared: {met - declared}"


@pytest.mark.parametrize("game", SHIPPED)
def test_every_core_action_is_one_the_game_offers(game):
    """Each declared core action is made by some choice of seeded random games, and
    each names a section of the rules."""
    core = rules_topics(game).core
    assert all(rule_for(game, c.section) is not None for c in core)
    seen = {key for d in random_games(game) for key in d.keys}
    unmade = [c.name for c in core if not any(c.made_by(k) for k in seen)]
    assert not unmade, f"core actions no choice makes: {unmade}"


def learner_choices(game: str) -> list[str]:
    """The keys the learner makes along the lesson's script."""
    made: list[str] = []
    play_the_script(Tutor.start(game, restart=True), make_bot("greedy"), lambda d, key: made.append(key))
    return made


@pytest.mark.parametrize("game", game_params(shipped=True, lesson=True))
def test_the_lesson_has_the_learner_make_every_core_action(game):
    made = learner_choices(game)
    missing = [c.name for c in rules_topics(game).core if not any(c.made_by(k) for k in made)]
    assert not missing, f"the lesson never has the learner {', '.join(missing)}"
