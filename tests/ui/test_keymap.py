"""Rebinding keys in ``keys.toml``: the file is read, mistakes are said in one line
each, and a rebound key acts where the old one did."""
from __future__ import annotations

from inkterm.app import InktermApp
from inkterm.cli import main
from inkterm.engine import new_game
from inkterm.keymap import bound_keys, keymap_path, read_keymap
from inkterm.screens.log import LogScreen
from inkterm.screens.setup import SetupScreen

from test_flows import settle, until

from tests.registered import a_game

GAME = a_game(seats=2)  # any game will do: the first in the menu


def write_keys(text: str):
    path = keymap_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_every_screen_key_has_a_distinct_id():
    ids = [k.id for k in bound_keys()]
    assert len(ids) == len(set(ids))
    assert {"game.undo", "game.log", "title.new", "rules.back"} <= set(ids)


def test_no_file_is_no_keymap_and_no_problem():
    assert read_keymap() == ({}, [])


def test_a_good_entry_applies_and_each_mistake_is_one_line():
    write_keys('"game.undo" = "z"\n"game.lgo" = "x"\n"game.log" = 3\n"title.new" = " n , f2 "\n')
    keymap, problems = read_keymap()
    assert keymap == {"game.undo": "z", "title.new": "n,f2"}
    assert len(problems) == 2
    assert "no key is called 'game.lgo'" in problems[0]
    assert "game.log should be a key" in problems[1]


def test_bad_toml_rebinds_nothing_and_says_so():
    write_keys('"game.undo" = \n')
    keymap, problems = read_keymap()
    assert keymap == {} and len(problems) == 1 and "not valid TOML" in problems[0]


def test_inkterm_keys_lists_the_ids_and_the_file(capsys):
    assert main(["keys"]) == 0
    out = capsys.readouterr().out
    assert str(keymap_path()) in out and "game.undo" in out and "Undo" in out


async def test_rebound_keys_act_and_the_old_key_no_longer_does():
    write_keys('"title.new" = "x"\n"game.log" = "f3"\n"game.lgo" = "y"\n')
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await until(pilot, lambda: app._keymap)
        notes = [n.message for n in app.notices]
        assert any("game.lgo" in m for m in notes)
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, SetupScreen)
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))

    st = new_game(GAME, ["Ann", "bot"], seed=3)
    write_keys('"game.log" = "f3"\n')
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app._keymap)
        await pilot.press("l")
        await pilot.pause()
        assert not isinstance(app.screen, LogScreen)
        await pilot.press("f3")
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
