"""The Voynich Puzzle: open a double page, act on the board, share knowledge as puzzle
pieces. Headless rules (no Textual): ``rules.State`` is the game."""
from __future__ import annotations

from inkterm.engine.registry import GameSpec

GAME = GameSpec(
    id="voynich",
    title="The Voynich Puzzle",
    min_players=2,
    max_players=4,
    module=f"{__name__}.rules",
    bot_hooks=f"{__name__}.evaluate",
    blurb="Decipher the manuscript: open a double page, act on the board, share knowledge as puzzle pieces.",
    order=3,
    # Ruling 44: nothing is hidden; every seat sees the whole table.
    hidden_information=False,
)
