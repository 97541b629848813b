"""The record of a game: enough to rebuild it exactly (game, seats, seed, options,
choices, and the version of the game's content it is played under)."""
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
    #: The content version the game began with (``content_versions.py``); None in a
    #: save from before versions were recorded, until the version it replays under is
    #: found, and in a game whose content has no versions.
    content_version: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "seats": list(self.seats),
            "seed": self.seed,
            "options": dict(self.options),
            "choices": list(self.choices),
        }
        if self.content_version is not None:
            out["content_version"] = self.content_version
        return out

    def prefix(self, n: int) -> "Record":
        """The same game with only its first ``n`` choices."""
        return self.with_choices(self.choices[:n])

    def with_choices(self, choices: list[str]) -> "Record":
        """The same game (seats, seed, options, content version) with these choices."""
        return Record(self.game, list(self.seats), self.seed, dict(self.options), list(choices),
                      self.content_version)
