"""The demo's narration, over 200 bot decisions per game: it cites the rule of that
decision (its section, rendered: no raw Markdown), shows no internal codes, and says
why the bot chose as it did."""
from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from inkterm.bots import make_bot
from inkterm.engine import new_game
from inkterm.screens.narration import narrate, rule_for, sections
from inkterm.screens.rules import slug
from tests.games.voynich.codes import codes_in

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


def told_decisions(game: str):
    """(decision, narration, its text) for DECISIONS greedy-bot decisions, new games
    started as games end."""
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


@pytest.mark.parametrize("game", ["kiln", "inkwell", "voynich"])
def test_narration_cites_the_rule_rendered_and_says_why(game):
    topics = set()
    for d, narration, text in told_decisions(game):
        topics.add(d.topic)
        rule = narration.rule
        assert rule is not None, f"no rules section for the topic {d.topic!r}"
        assert d.topic in slug(rule.heading)
        assert f"The rule — {rule.heading}" in text
        assert not RAW_MARKDOWN.search(text), RAW_MARKDOWN.search(text).group(0)
        if game == "voynich":
            assert not codes_in(text), codes_in(text)
        why = re.search(r"^Why: (.+)", text, re.M)
        assert why and len(why.group(1)) > 20
        prompt = d.prompt.removeprefix(f"{narration.decided.split(':')[0]}: ")
        assert prompt in " ".join(text.split())  # what is decided, in the game's words
    assert len(topics) >= 4  # the demo met several kinds of decision


# Codes the data keeps and a player must never read, per game (Voynich's are in codes.py).
KILN_CARD_IDS = re.compile(r"\b[PTCA]\d{1,2}\b")  # P1, T3, C9, A6
INKWELL_DESK_IDS = re.compile(r"\bW-[A-Z]\b")  # W-G: a workspace's id


def told_without_rule(text: str) -> str:
    """The narration before its rule (rules texts may name board labels)."""
    return text.split("The rule — ")[0]


@pytest.mark.parametrize("game", ["kiln", "inkwell", "voynich"])
def test_narration_never_shows_a_choice_key(game):
    for d, _, text in told_decisions(game):
        told = " ".join(told_without_rule(text).split())
        keys = [c.key for c in d.choices if (":" in c.key or "." in c.key) and c.key in told]
        assert not keys, (keys, told)
        if game == "kiln":
            assert not KILN_CARD_IDS.search(told), told


def test_inkwell_narration_never_shows_a_desk_id():
    for _, _, text in told_decisions("inkwell"):
        assert not INKWELL_DESK_IDS.search(told_without_rule(text)), text


def test_a_section_is_told_whole_lists_included():
    rule = rule_for("inkwell", "placing-cubes")
    assert rule.body.startswith("A page has three kinds of space:")
    assert "gold-only" in rule.body and "Auto-place" in rule.body


def test_a_heading_over_sub_sections_takes_them():
    bodies = {s.heading: s.body for s in sections("kiln")}
    assert "Materials (1)" in bodies["The six zones"]
    assert "Imperial Kiln (6)" in bodies["The six zones"]
