"""The schema of a save file's envelope (the game's snapshot is checked against a
replay of the record instead, see ``api.load_game``)."""
from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

# Bounds only where inkterm itself bounds the value (the file's size bounds the rest):
# a seat name or seed a player could type must never make their save unreadable.
Key = Annotated[str, StringConstraints(max_length=200)]  # choice keys are the games' own


class RecordModel(BaseModel):
    # Strict: a save is written by this program, so a wrong type is damage, not a
    # spelling to be forgiven.
    model_config = ConfigDict(extra="forbid", strict=True)
    game: str
    seats: list[str] = Field(min_length=1, max_length=16)
    seed: int
    options: dict[str, Any] = {}
    choices: list[Key] = Field(default=[], max_length=100_000)
    # Save version 2 on; a save without one is matched to a version when it is loaded.
    content_version: int | None = Field(default=None, ge=1)


class SaveModel(BaseModel):
    model_config = ConfigDict(strict=True)
    format: str
    version: int
    game: str
    record: RecordModel
    over: bool = False
    snapshot: dict[str, Any] | None = None
