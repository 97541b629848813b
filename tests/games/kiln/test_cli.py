"""Kiln's rules as the command prints them: the card list is made from the card data."""
from __future__ import annotations


def test_rules_kiln_prints_the_card_list_made_from_data(capsys):
    from inkterm.cli import main

    assert main(["rules", "kiln"]) == 0
    out = capsys.readouterr().out
    assert "Kiln Superintendent" in out and "{{cards}}" not in out
