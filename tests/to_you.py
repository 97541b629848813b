"""Games played through the table driver until another seat's choice hits the person
at the table (Ann, seat 0, against bots): what her "since your last turn" then says
first. The per-game tests (tests/games/<game>/test_to_you.py) pick what must hit."""
from __future__ import annotations

import random
from collections.abc import Callable

from inkterm.bots import make_bot
from inkterm.engine import new_game
from inkterm.screens.since import story_lines
from inkterm.table_driver import Story, TableDriver


def first_hit(game: str, seats: list[str], seeds, hits: Callable[[str], bool],
              bot: str = "random", steps: int = 600) -> tuple[Story, list[str]]:
    """The first story told to Ann whose "to you" part has a line ``hits`` accepts,
    and the story's lines as the panel shows them."""
    for seed in seeds:
        st = new_game(game, seats, seed=seed)
        bots = {i: make_bot(bot, seed=seed * 10 + i) for i in range(1, len(seats))}
        table = TableDriver(st, bots)
        rng = random.Random(seed)
        for _ in range(steps):
            list(table.bots_play())
            d = table.decision
            if d is None:
                break
            story = table.since(0)
            if any(hits(e.text) for _r, e in story.to_you):
                return story, [line.plain for line in story_lines(story, st.seats)]
            table.apply(rng.choice(d.keys))
    raise AssertionError(f"no seed of {list(seeds)} had another seat's choice hit Ann that way")


def told_first(lines: list[str], hits: Callable[[str], bool]) -> bool:
    """The line is in the story's first part, "To you:", before any seat's turn."""
    assert lines[1] == "To you:", lines[:3]
    first = []
    for line in lines[2:]:
        if not line.startswith("  "):
            break
        first.append(line)
    return any(hits(line) for line in first)
