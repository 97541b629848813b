"""Inkwell: take ink from the mat, illuminate three pages before the Abbot loses patience.

Headless rules (no Textual): ``rules.State`` is the game; ``content`` loads the assets.
"""
from __future__ import annotations

from inkterm.engine.registry import GameSpec, OptionSpec

GAME = GameSpec(
    id="inkwell",
    title="Inkwell",
    min_players=1,
    max_players=5,
    module=f"{__name__}.rules",
    bot_hooks=f"{__name__}.evaluate",
    options=(
        OptionSpec(
            name="difficulty",
            label="Solo Rival",
            default="standard",
            choices=("novice", "standard", "master"),
            help="How hard the solo Rival plays (solo games only).",
        ),
        OptionSpec(
            name="first_player",
            label="First player",
            default="random",
            choices=("random", "1", "2", "3", "4", "5"),
            help="Who starts; 'random' draws the first player by lot.",
        ),
    ),
    blurb="Take ink from the mat to illuminate three manuscript pages before the Abbot runs out of patience.",
    order=2,
    # The technique deck's order is hidden, and each seat's workspace side is chosen in
    # secret until every seat has chosen [R15].
    hidden_information=True,
    secret_topics=frozenset({"workspace-sides"}),
)


def best_placement(state) -> list[tuple[str, str | None]]:
    """The auto-place shortcut for a UI: a good complete assignment for the cubes
    being placed now, as [(cube colour, space id or None)]; the same assignment the
    ``auto`` choice key applies. Empty when no placement is pending."""
    return state.best_placement()


__all__ = ["GAME", "best_placement"]
