"""The schema of a save file's envelope (the game's own snapshot has its own)."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class RecordModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str
    seats: list[str] = Field(min_length=1)
    seed: int
    options: dict[str, Any] = {}
    choices: list[str] = []


class SaveModel(BaseModel):
    format: str
    version: int
    game: str
    record: RecordModel
    over: bool = False
    snapshot: dict[str, Any] | None = None
