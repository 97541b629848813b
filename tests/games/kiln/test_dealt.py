"""Kiln's deal for the simulator: dealt() is the hands, and the dealt-item table rebuilds
from saved runs, naming the cards."""
from __future__ import annotations

import argparse

from inkterm.engine import new_game
from inkterm.sim.cli import add_arguments, run_from_args


def _args(*argv):
    return add_arguments(argparse.ArgumentParser()).parse_args(list(argv))


def test_dealt_is_the_hands():
    state = new_game("kiln", ["a", "b", "c"], seed=11)
    assert state.dealt() == [list(p.hand) for p in state.m.players]


def test_balance_dealt_table_rebuilds_from_saved_runs(tmp_path, capsys):
    from inkterm.sim.balance import main

    paths = []
    for n in (2, 3):
        assert run_from_args(_args("kiln", "--dealt", "--games", "2", "--seats", ",".join(["random"] * n),
                                   "--jobs", "1", "--seed", "4", "--json")) == 0
        p = tmp_path / f"k{n}.json"
        p.write_text(capsys.readouterr().out)
        paths.append(str(p))
    assert main(["kiln", "--dealt", "--from-json", ",".join(paths)]) == 0
    out = capsys.readouterr().out
    assert "| item | name | 2 seats (2 games) | 3 seats (2 games) |" in out
    assert "`inkterm simulate kiln --dealt --games 2 --seats random,random,random --seed 4`" in out
    assert "Pattern Drafts 样稿" in out  # C8, dealt on seed 4 (names, not only ids)
