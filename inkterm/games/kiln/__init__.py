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
)
