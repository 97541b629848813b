"""Inkwell's deal for the simulator: dealt() is the workspaces (and any given technique),
and each seat may be given its own technique with the rest of the deal kept."""
from __future__ import annotations

import argparse

from inkterm.engine import given_game, new_game
from inkterm.sim.cli import add_arguments
from inkterm.sim.runner import each_gets


def _args(*argv):
    return add_arguments(argparse.ArgumentParser()).parse_args(list(argv))


def test_dealt_is_the_workspaces():
    state = new_game("inkwell", ["a", "b", "c", "d"], seed=11)
    assert state.dealt() == [[p.ws] for p in state.players]


def test_each_seat_gets_its_own_technique_and_the_rest_of_the_deal_stays():
    gifts = each_gets("inkwell", 3, 42)
    assert gifts == each_gets("inkwell", 3, 42)  # from the seed alone
    assert [g.seat for g in gifts] == [0, 1, 2] and len({g.item for g in gifts}) == 3
    state = given_game("inkwell", ["a", "b", "c"], 42, gifts)
    natural = new_game("inkwell", ["a", "b", "c"], seed=42)
    for p, g in zip(state.players, gifts):
        assert [f"T{t}" for t, _ in p.techs] == [g.item]
        assert int(g.item[1:]) not in state.deck
    assert [p.ws for p in state.players] == [p.ws for p in natural.players]
    assert state.dealt() == [[p.ws, g.item] for p, g in zip(natural.players, gifts)]
