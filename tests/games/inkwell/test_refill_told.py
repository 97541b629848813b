"""The mat's refill is told: every cube the bag (or the gold) puts into a bottle, and
every technique dealt to a slot, is in the events of the choice that caused it, so a
player who waited reads how the mat changed instead of finding other cubes there."""
import random
import re

import pytest

from inkterm.engine import new_game
from inkterm.games.inkwell.content import bottle_name
from inkterm.games.inkwell.model import GLYPH


def _cubes(text: str) -> list[int]:
    """``K×2 R ★`` back into counts, in GLYPH's order."""
    out = [0] * len(GLYPH)
    for part in text.split():
        glyph, _, n = part.partition("×")
        out[GLYPH.index(glyph)] += int(n or 1)
    return out


TAKES = re.compile(r"takes bottle (\w+): ")
CLEARS = re.compile(r"^The Rival clears (\w+) ")


def _replay(mat: dict[str, list[int]], events) -> tuple[dict[str, list[int]], int, int]:
    """The mat as the events tell it changed: a bottle taken or cleared is empty, a
    refill entry adds (``O1+G``) or fills (``O3=K×2 R B``). Returns the mat, how
    many refill entries were told and how many techniques were dealt."""
    mat = {b: list(c) for b, c in mat.items()}
    entries = techs = 0
    for e in events:
        text = e.text.render("en")
        emptied = TAKES.search(text) or CLEARS.search(text)
        if emptied:
            mat[emptied.group(1)] = [0] * len(GLYPH)
        elif e.kind == "refill" and text.startswith("Refill: "):
            for part in text.removeprefix("Refill: ").rstrip(".").split(", "):
                name, sign, cubes = re.match(r"(\w+)([+=])(.+)", part).groups()
                if sign == "+":
                    mat[name] = [a + b for a, b in zip(mat[name], _cubes(cubes))]
                else:
                    mat[name] = _cubes(cubes)
                entries += 1
        elif e.kind == "refill" and text.startswith("A new technique on "):
            techs += 1
    return mat, entries, techs


@pytest.mark.parametrize("seats", [["Ann"], ["Ann", "Bob"], ["Ann", "Bob", "Cy", "Di"]])
def test_the_mat_changes_only_as_the_events_tell(seats):
    for seed in (1, 2):
        state = new_game("inkwell", seats, seed=seed)
        rng = random.Random(seed)
        told = 0
        while not state.is_over:
            names = {bottle_name(b, state.shape[b]): b for b in state.active}
            before = {n: list(state.bottles[b]) for n, b in names.items()}
            slots = dict(state.slots)
            events = state.apply(rng.choice(state.decision().choices).key)
            mat, entries, techs = _replay(before, events)
            now = {n: list(state.bottles[b]) for n, b in names.items()}
            assert mat == now, f"told {mat}, on the mat {now}: {[e.text.render('en') for e in events]}"
            dealt = [s for s in state.active_slots if state.slots[s] is not None and state.slots[s] != slots.get(s)]
            assert techs == len(dealt), ([e.text.render("en") for e in events], dealt)
            told += entries
        assert told > 20
