"""Kiln (景德镇民窑): ten dice into six kiln zones over ten rounds."""
from __future__ import annotations

from inkterm.engine.registry import GameSpec

GAME = GameSpec(
    id="kiln",
    title="Kiln",
    min_players=2,
    max_players=4,
    module=f"{__name__}.rules",
    bot_hooks=f"{__name__}.evaluate",
    blurb="Ten dice into six kiln zones; turn tokens into porcelain blanks over ten rounds.",
    order=1,
    # Hands and the deck are hidden; the card taken from a Studio draw, and the one put
    # back, are chosen in secret.
    hidden_information=True,
    secret_topics=frozenset({"studio-4"}),
)
