"""Loading content files: JSON validated by a pydantic model, and one error type that
names the file and the field, for every game's cards, pages and boards."""
from __future__ import annotations

import json
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)


class AssetError(ValueError):
    """A content file that cannot be read or does not validate."""


def first_error(exc: ValidationError) -> str:
    """'field a.b.0: message' for the first problem pydantic found."""
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"]) or "(top level)"
    return f"field {where}: {err['msg']}"


def parse_asset(text: str, model: type[M], source: str) -> M:
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise AssetError(f"{source}: not JSON: {exc}") from None
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise AssetError(f"{source}: {first_error(exc)}") from None


def load_asset(path: Path, model: type[M]) -> M:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise AssetError(f"{path}: cannot read: {exc.strerror or exc}") from None
    return parse_asset(text, model, path.name)
