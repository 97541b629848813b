"""The demo's narration, over 200 bot decisions of every game: it cites the rule of that
decision (its section, rendered: no raw Markdown), shows no choice key, and says why the
bot chose as it did. The codes each game's data keeps (which must not show either) and
how many kinds of decision its demo meets are its own tests (tests/games/<game>/)."""
from __future__ import annotations

import io
import re
from functools import cache

import pytest
from rich.console import Console

from inkterm.bots import make_bot
from inkterm.engine import new_game
from inkterm.screens.narration import narrate
from inkterm.screens.rules import slug

from tests.registered import game_params

DECISIONS = 200
RAW_MARKDOWN = re.compile(
    r"\*\*|__|`"                      # emphasis and code marks
    r"|^\s*#{1,6}\s"                  # headings
    r"|^\s*[-*]\s|^\s*\d+\.\s\S"     # list items as typed (rendered ones get • or a margin)
    r"|\[[^\]]+\]\([^)]*\)"           # links
    r"|^\s*\|.*\|\s*$",               # table rows
    re.M,
)


def rendered(narration) -> str:
    console = Console(width=78, file=io.StringIO(), record=True, color_system=None)
    console.print(narration.renderable())
    return console.export_text()


@cache
def told_decisions(game: str) -> list[tuple]:
    """(decision, narration, its text) for DECISIONS greedy-bot decisions, new games
    started as games end (made once per game and test process)."""
    return list(_told_decisions(game))


def _told_decisions(game: str):
    seed = 3
    state = new_game(game, ["Ann", "Bob"], seed=seed)
    bots = [make_bot("greedy", seed=i) for i in range(2)]
    for _ in range(DECISIONS):
        if state.is_over:
            seed += 1
            state = new_game(game, ["Ann", "Bob"], seed=seed)
        d = state.decision()
        key, reason = bots[d.seat].choose_explained(state)
        narration = narrate(state, d, key, reason)
        yield d, narration, rendered(narration)
        state.apply(key)


@pytest.mark.parametrize("game", game_params(seats=2))
def test_narration_cites_the_rule_rendered_and_says_why(game):
    for d, narration, text in told_decisions(game):
        rule = narration.rule
        assert rule is not None, f"no rules section for the topic {d.topic!r}"
        assert d.topic in slug(rule.heading)
        assert f"The rule — {rule.heading}" in text
        assert not RAW_MARKDOWN.search(text), RAW_MARKDOWN.search(text).group(0)
        why = re.search(r"^Why: (.+)", text, re.M)
        assert why and len(why.group(1)) > 20
        prompt = d.prompt.removeprefix(f"{narration.decided.split(':')[0]}: ")
        assert prompt in " ".join(text.split())  # what is decided, in the game's words


def topics_met(game: str) -> set[str]:
    """The kinds of decision (topics) a game's 200 demo decisions meet."""
    return {d.topic for d, _, _ in told_decisions(game)}


def told_without_rule(text: str) -> str:
    """The narration before its rule (rules texts may name board labels)."""
    return text.split("The rule — ")[0]


@pytest.mark.parametrize("game", game_params(seats=2))
def test_narration_never_shows_a_choice_key(game):
    for d, _, text in told_decisions(game):
        told = " ".join(told_without_rule(text).split())
        keys = [c.key for c in d.choices if (":" in c.key or "." in c.key) and c.key in told]
        assert not keys, (keys, told)


def told_texts(game: str) -> list[str]:
    """The narration of the demo's decisions before their rules (for a game's own checks
    of the codes its data keeps)."""
    return [" ".join(told_without_rule(text).split()) for _, _, text in told_decisions(game)]


BARE_NUMBER = re.compile(r"^[\s\d.,:;+\-−±%()]*$")


@pytest.mark.parametrize("game", game_params(seats=2))
def test_every_reason_is_in_words_never_a_bare_score(game):
    """Why a bot chose says what the choice gains and sets up in the game's terms:
    never "projected lead", never a number standing alone."""
    for d, narration, _ in told_decisions(game):
        why = narration.why
        assert "projected" not in why and "lead by" not in why, why
        assert not BARE_NUMBER.match(why), why
        for part in re.split(r"[;,] ", why):  # each clause says what the number counts
            assert not re.search(r"\d", part) or not BARE_NUMBER.match(part), (part, why)
