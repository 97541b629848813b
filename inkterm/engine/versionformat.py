"""The schema of a game's content-version manifest, ``assets/<game>/versions/manifest.json``
(see ``content_versions.py``). Its own module so the engine imports pydantic only when
a manifest is read."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class VersionEntry(_Strict):
    version: int = Field(ge=1)
    date: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
    #: The commit whose files this version's data was copied (or reconstructed) from.
    made_from: str = Field(min_length=1)
    #: What changed since the version before, in words a maintainer reads.
    changes: str = Field(min_length=1)
    #: How data older than today's schema was brought into it (empty: copied as it was).
    migrated: str = ""
    #: Which saves of this version still cannot continue, and why: a rules-code change
    #: that data cannot undo (empty: none known).
    refused: str = ""
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")


class ManifestFile(_Strict):
    #: The content files every version holds (the files the rules read numbers from).
    files: list[str] = Field(min_length=1)
    versions: list[VersionEntry] = Field(min_length=1)

    @property
    def newest(self) -> int:
        return self.versions[-1].version

    @model_validator(mode="after")
    def _numbered(self) -> "ManifestFile":
        numbers = [v.version for v in self.versions]
        if numbers != list(range(1, len(numbers) + 1)):
            raise ValueError(f"versions must be numbered 1, 2, 3 … in order, not {numbers}")
        if len(set(self.files)) != len(self.files) or any("/" in f or f.startswith(".") for f in self.files):
            raise ValueError("files must be distinct plain file names")
        return self
