"""The record of a game: enough to rebuild it exactly (game, seats, seed, options, choices)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Record:
    game: str
    seats: list[str]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    choices: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seats": list(self.seats),
            "seed": self.seed,
            "options": dict(self.options),
            "choices": list(self.choices),
        }

    def prefix(self, n: int) -> "Record":
        """The same game with only its first ``n`` choices."""
        return Record(self.game, list(self.seats), self.seed, dict(self.options), self.choices[:n])
