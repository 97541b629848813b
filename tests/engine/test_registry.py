"""A game is one package: games, boards and bot hooks are learnt from what each game
and board package declares, never from a central list."""
import sys
import textwrap
import tokenize
from pathlib import Path

import pytest

import inkterm
from inkterm.bots.hooks import generic_evaluate, hooks
from inkterm.engine import GAMES, new_game
from inkterm.engine import registry as game_registry
from inkterm.widgets import registry as board_registry

from ..registered import games

PACKAGE = Path(inkterm.__file__).parent
SHIPPED = games(shipped=True)


def game_packages() -> list[str]:
    """The packages under inkterm/games whose __init__ declares a game."""
    return sorted(init.parent.name for init in (PACKAGE / "games").glob("*/__init__.py")
                  if "GAME = GameSpec(" in init.read_text(encoding="utf-8"))


def test_each_shipped_game_is_declared_by_its_own_package():
    assert sorted(SHIPPED) == game_packages() and SHIPPED
    assert [GAMES[gid].order for gid in SHIPPED] == sorted(GAMES[gid].order for gid in SHIPPED)  # menu order
    for gid in SHIPPED:
        spec = GAMES[gid]
        assert game_registry.declared_game(f"inkterm.games.{gid}") is spec
        assert spec.module.startswith(f"inkterm.games.{gid}.")
        if spec.bot_hooks:  # its own hooks for the bots, else the generic ones
            assert spec.bot_hooks.startswith(f"inkterm.games.{gid}.")
            assert hooks(gid).evaluate.__module__ == spec.bot_hooks
        board = board_registry.boards().get(gid)
        if board is not None:  # its own board, else the generic board draws it
            assert board.widget.startswith(f"inkterm.widgets.{gid}.") and board.css_path.is_file()


def test_the_toy_game_joins_through_the_same_declaration():
    spec = GAMES["toy"]
    assert game_registry.declared_game("toy_game") is spec
    assert list(GAMES)[-1] == "toy"  # listed after the shipped games (its order is the last)
    assert hooks("toy").evaluate is generic_evaluate  # it declares no hooks
    assert "toy" not in board_registry.boards()  # and no board: the generic one draws it
    assert new_game("toy", ["Ann", "Bob"]).decision().keys == ["add:1", "add:2", "add:3"]


def test_register_package_refuses_a_package_without_a_game():
    with pytest.raises(TypeError, match="declares no GAME"):
        game_registry.register_package("inkterm.engine")


@pytest.fixture
def fourth_game(tmp_path, monkeypatch):
    """A new game added as two packages (rules, board) and nothing else."""
    games, widgets = tmp_path / "games" / "quartet", tmp_path / "widgets" / "quartet"
    games.mkdir(parents=True), widgets.mkdir(parents=True)
    (games / "__init__.py").write_text(textwrap.dedent('''
        from inkterm.engine.registry import GameSpec
        GAME = GameSpec(id="quartet", title="Quartet", min_players=2, max_players=4,
                        module=__name__ + ".rules", order=1000)
    '''))
    (widgets / "__init__.py").write_text(textwrap.dedent('''
        from inkterm.widgets.registry import BoardSpec
        BOARD = BoardSpec(game="quartet", widget=__name__ + ".board:QuartetBoard", css="app.tcss")
    '''))
    import inkterm.games
    import inkterm.widgets

    monkeypatch.setattr(inkterm.games, "__path__", [*inkterm.games.__path__, str(games.parent)])
    monkeypatch.setattr(inkterm.widgets, "__path__", [*inkterm.widgets.__path__, str(widgets.parent)])
    fresh = game_registry.GameRegistry()
    monkeypatch.setattr(game_registry, "GAMES", fresh)
    board_registry.boards.cache_clear()
    yield fresh
    board_registry.boards.cache_clear()
    for name in ("inkterm.games.quartet", "inkterm.widgets.quartet"):
        sys.modules.pop(name, None)


def test_a_new_game_package_is_found_without_editing_any_central_file(fourth_game):
    assert list(fourth_game) == [*SHIPPED, "quartet"]  # its order puts it last
    assert fourth_game["quartet"].title == "Quartet"
    assert list(board_registry.boards())[-1] == "quartet"


def game_names_in(path: Path) -> list[str]:
    """The string literals in a module's code that are exactly a shipped game's id."""
    with path.open("rb") as f:
        strings = [t.string for t in tokenize.tokenize(f.readline) if t.type == tokenize.STRING]
    return [s for s in strings if s.strip("\"'") in SHIPPED and len(s) == len(s.strip("\"'")) + 2]


def test_no_central_module_names_a_game():
    own = {f"{kind}/{gid}" for kind in ("games", "widgets") for gid in SHIPPED}
    found = []
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE).as_posix()
        if not any(rel.startswith(d + "/") for d in own):
            found += [f"{rel}: {name}" for name in game_names_in(path)]
    assert found == []


def test_a_second_thread_reading_the_registry_during_discovery_waits_for_it(monkeypatch):
    """The served app's save scan (a thread) and a screen's import both read GAMES first
    thing: the later reader used to see an empty registry (CI: ``max() arg is an empty
    sequence`` in screens/tables.py)."""
    import threading
    import time

    found = game_registry.discover()

    def slow_discover():
        time.sleep(0.2)  # the first reader is still importing game packages
        return found

    monkeypatch.setattr(game_registry, "discover", slow_discover)
    fresh = game_registry.GameRegistry()
    seen: list[int] = []
    readers = [threading.Thread(target=lambda: seen.append(len(fresh))) for _ in range(2)]
    for reader in readers:
        reader.start()
        time.sleep(0.05)
    for reader in readers:
        reader.join()
    assert seen == [len(found), len(found)] and found


def test_the_table_forms_load_while_the_registry_has_no_game_yet(monkeypatch):
    """The forms count their seat rows at import, which a served title runs while its
    save scan (a thread) may still be discovering the games: the count took the max of
    no game ('max() arg is an empty sequence', a crash seen under load)."""
    import importlib

    import inkterm.screens as screens
    import inkterm.screens.tables  # noqa: F401  (loaded as usual first: it is put back after)

    empty = game_registry.GameRegistry()
    empty._discovered = True  # as a reader saw it mid-discovery
    monkeypatch.setattr("inkterm.engine.GAMES", empty)
    for name in ("inkterm.screens.tables", "inkterm.screens.setup"):  # imported afresh, then put back
        monkeypatch.setattr(screens, name.rsplit(".", 1)[1], sys.modules[name])
        monkeypatch.delitem(sys.modules, name)
    tables = importlib.import_module("inkterm.screens.tables")
    assert tables.MAX_SEATS >= 2
