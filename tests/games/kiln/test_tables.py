"""Kiln at a shared table: no seat's update carries another seat's hand (every game's
seat gets exactly its own view: tests/tables/test_manager.py)."""
from __future__ import annotations

from inkterm.tables.manager import TableManager
from inkterm.tables.protocol import OpenTable

from tests.tables.test_manager import play_with_bots, who


def test_an_update_never_carries_another_seats_hand(tmp_path):
    manager = TableManager(tmp_path / "tables")
    table, _ = manager.open(who("ann"), OpenTable(game="kiln", seats=["me", "open", "easy"]))
    manager.join(who("bob"), table.code)
    for _ in range(15):
        for seat in (0, 1):
            players = table.update_for(seat, []).view["players"]
            assert "hand_cards" in players[seat]
            assert all("hand_cards" not in p for other, p in enumerate(players) if other != seat)
        play_with_bots(manager, table, 1)
