"""The typed seams between the layers: the engine's modules form no import cycle, and
every bot is one kind of thing with one way to choose."""
import ast
from pathlib import Path

import pytest

import inkterm.engine
from inkterm.bots import BOT_SPECS, Bot, make_bot
from inkterm.bots.base import weighable_keys
from inkterm.engine import BACK_KEY, Choice, Decision, new_game

ENGINE = Path(inkterm.engine.__file__).parent


def engine_imports(path: Path) -> set[str]:
    """The engine modules ``path`` imports anywhere (also inside functions)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            found.add(node.module.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("inkterm.engine."):
            found.add(node.module.split(".")[2])
    return found


def test_engine_modules_import_one_way():
    graph = {p.stem: engine_imports(p) for p in ENGINE.glob("*.py") if p.stem != "__init__"}

    def cycle_from(start, here, seen):
        for nxt in graph.get(here, ()):
            if nxt == start:
                return [*seen, nxt]
            if nxt not in seen:
                found = cycle_from(start, nxt, [*seen, nxt])
                if found:
                    return found
        return None

    cycles = [c for m in graph if (c := cycle_from(m, m, [m]))]
    assert cycles == []


@pytest.mark.parametrize("kind", sorted(BOT_SPECS))
def test_every_bot_is_a_bot_and_refuses_a_finished_game(kind):
    bot = make_bot(kind, seed=1)
    assert isinstance(bot, Bot)
    s = new_game("toy", ["Ann", "Bob"], seed=2)
    while not s.is_over:
        s.apply(bot.choose(s))
    with pytest.raises(ValueError, match="the game is over"):
        bot.choose(s)


def test_bots_weigh_everything_but_the_way_back():
    menu = Decision(0, "Which?", [Choice("a", "A"), Choice(BACK_KEY, "Back"), Choice("b", "B")])
    assert weighable_keys(menu) == ["a", "b"]
    assert weighable_keys(Decision(0, "Only back", [Choice(BACK_KEY, "Back")])) == [BACK_KEY]
