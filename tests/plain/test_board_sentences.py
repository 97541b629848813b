"""The board in sentences, for every registered game as it is played: whole sentences
from the view alone (no placeholder left unfilled, no internal key), the scores of
every seat first, and the rules read by section."""
from __future__ import annotations

import random
import re

import pytest

from inkterm.engine import GAMES, new_game
from inkterm.plain.board import board_sentences, game_sentences, simple_facts
from inkterm.plain.rules import PlainRules, sections
from tests.registered import game_params

#: A placeholder that was never filled (``{name}``), or a format's leftovers.
UNFILLED = re.compile(r"\{[a-z_]*\}")


@pytest.mark.parametrize("game", game_params(seats=2))
def test_every_view_is_told_in_sentences(game):
    rng = random.Random(7)
    state = new_game(game, ["Ann", "Bob"], seed=7)
    steps = 0
    while not state.is_over and steps < 400:
        for seat in (0, 1):
            said = board_sentences(game, state.view(seat))
            assert said[0].startswith("Ann: ") and said[1].startswith("Bob: "), said[:2]  # the scores
            for sentence in said:
                assert isinstance(sentence, str) and sentence.strip(), said
                assert not UNFILLED.search(sentence), sentence
        d = state.decision()
        state.apply(rng.choice(d.choices).key)
        steps += 1
    assert board_sentences(game, state.summary())


def test_each_shipped_game_tells_its_own_view():
    """A shipped game has its own sentences (games/<game>/sentences.py), not the facts
    a game without them gets."""
    shipped = [gid for gid, spec in GAMES.items() if spec.module.startswith("inkterm.games.")]
    assert shipped
    for game in shipped:
        assert game_sentences(game) is not simple_facts, game


def test_a_table_of_the_rules_is_read_row_by_row():
    text = "# Game\n\nIntro *here*.\n\n## Parts\n\n| Part | Count |\n|---|---|\n| die | 10 |\n\n- one\n- two\n\n1. first\n"
    parts = sections(text)
    assert [s.title for s in parts] == ["Game", "Parts"]
    assert [t for t, _ in parts[1].paragraphs if t] == ["Parts", "Part: die; Count: 10.", "- one", "- two", "1. first"]
    assert [t for t, _ in parts[0].paragraphs if t] == ["Game", "Intro here."]


@pytest.mark.parametrize("game", game_params(rules=True))
def test_every_decision_topic_opens_a_part_of_the_rules(game):
    """``rules`` with no topic opens the part that explains the current decision."""
    rules = PlainRules(game)
    rng = random.Random(3)
    spec = GAMES[game]
    state = new_game(game, ["Ann", "Bob"][:max(2, spec.min_players)] if spec.max_players >= 2 else ["Ann"], seed=3)
    topics = set()
    for _ in range(200):
        if state.is_over:
            break
        d = state.decision()
        if d.topic:
            topics.add(d.topic)
        state.apply(rng.choice(d.choices).key)
    for topic in topics:
        assert rules.section(topic), f"no part of the rules for {topic!r}"
