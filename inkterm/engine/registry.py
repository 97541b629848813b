"""Which games exist. Specs are plain data; a game's code is imported only when used,
so the engine never imports a game module at import time (games depend on the engine,
not the other way round)."""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class OptionSpec:
    name: str
    label: str
    default: Any
    choices: tuple[Any, ...] = ()
    help: str = ""


@dataclass(frozen=True)
class GameSpec:
    id: str
    title: str
    min_players: int
    max_players: int
    module: str  # the module whose ``State`` class implements the game
    options: tuple[OptionSpec, ...] = field(default_factory=tuple)
    blurb: str = ""

    def state_class(self):
        return importlib.import_module(self.module).State

    def rules_text(self) -> str:
        """The rules as Markdown; section headings' slugs are the Decision topics."""
        return self.state_class().rules_text()

    def default_options(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}


GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    GAMES[spec.id] = spec
    return spec


register(
    GameSpec(
        id="kiln",
        title="Kiln",
        min_players=2,
        max_players=4,
        module="inkterm.games.kiln.rules",
        blurb="Ten dice into six kiln zones; turn tokens into porcelain blanks over ten rounds.",
    )
)


register(
    GameSpec(
        id="inkwell",
        title="Inkwell",
        min_players=1,
        max_players=5,
        module="inkterm.games.inkwell.rules",
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
    )
)

register(
    GameSpec(
        id="voynich",
        title="The Voynich Puzzle",
        min_players=2,
        max_players=4,
        module="inkterm.games.voynich.rules",
        blurb="Decipher the manuscript: open a double page, act on the board, share knowledge as puzzle pieces.",
    )
)
