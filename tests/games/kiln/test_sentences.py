"""Kiln's board in sentences (plain mode): the dice on every zone, each seat's
workshop, and a hand only in its own seat's view."""
from __future__ import annotations

from inkterm.engine import new_game
from inkterm.games.kiln.sentences import board
from inkterm.plain.board import board_sentences


def test_the_zones_and_a_hand_in_sentences():
    state = new_game("kiln", ["Ann", "Bob"], seed=7)
    mine, theirs = board(state.view(0)), board(state.view(1))
    dice = state.summary()["dice"]
    zones = next(s for s in mine if s.startswith("Dice on the zones: "))
    assert f"1 Materials: {dice[0]} {'die' if dice[0] == 1 else 'dice'}" in zones or dice[0] == 0
    assert "6 Imperial Kiln: " in zones
    hand = [s for s in mine if s.startswith("In your hand: ")]
    assert len(hand) == 5
    card = state.view(0)["players"][0]["hand_cards"][0]
    assert hand[0] == f"In your hand: {card['name']} ({card['type']} card" + (
        f", zone {card['pip']}" if card["pip"] else "") + f", cost {card['cost']}): {card['text']}"
    assert not any(card["name"] in s for s in theirs)  # Bob never hears Ann's hand
    assert not any(s.startswith("In your hand: ") for s in board(state.summary()))
    assert "Ann: 1 money, 0 clay, 0 glaze, 40 tokens in supply; favour at 0 (Start); 0 of 20 blanks, " \
           "0 rows complete; no dice taken this round; 5 cards in hand." in mine


def test_scores_come_first_with_how_they_are_made():
    state = new_game("kiln", ["Ann", "Bob"], seed=7)
    said = board_sentences("kiln", state.view(0))
    assert said[:2] == ["Ann: 0 points.", "Bob: 0 points."]
