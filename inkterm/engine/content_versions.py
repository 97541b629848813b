"""Content versions (DESIGN.md §4): a game finishes under the numbers it began with.

A game's designed content (cards, techniques, boards: the JSON files in
``inkterm/assets/<game>/``) changes as balance is measured. Every released version of
it ships as data beside the current files::

    assets/<game>/versions/manifest.json    which files a version holds; each version's
                                            number, date, source and what changed, and
                                            a hash of its files
    assets/<game>/versions/<n>/<file>       version n's copy of each of those files

A new game records the current version in its ``Record``; a loaded game reads the
content of the version its record names, and the state holds that content (the rules
read their numbers through it). The current files are what a maintainer edits and
what new games play: while they equal the newest version's, new games record that
version; once edited, they play as the next, unreleased version until
``python -m inkterm.cut_version GAME "what changed"`` copies them into the next version
(a test fails until then).

A game without a manifest has no versions (its content is unversioned; the record's
version stays None).
"""
from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from inkterm.i18n import gettext as _

if TYPE_CHECKING:
    from .versionformat import ManifestFile

#: Where the games' content lives: ``ASSETS / <game>``.
ASSETS = Path(__file__).resolve().parent.parent / "assets"
MANIFEST = "manifest.json"


class UnknownVersion(ValueError):
    """A record names a content version this inkterm does not ship."""


def game_dir(game: str) -> Path:
    return ASSETS / game


def versions_dir(game: str) -> Path:
    return game_dir(game) / "versions"


def parse_manifest(text: str, source: str) -> ManifestFile:
    """The manifest, validated (pydantic): a bad one fails naming the file and field."""
    from .assets import parse_asset
    from .versionformat import ManifestFile

    return parse_asset(text, ManifestFile, source)


@lru_cache(maxsize=None)
def manifest(game: str) -> ManifestFile | None:
    """The game's manifest, or None for a game whose content has no versions."""
    path = versions_dir(game) / MANIFEST
    if not path.is_file():
        return None
    return parse_manifest(path.read_text(encoding="utf-8"), f"inkterm/assets/{game}/versions/{MANIFEST}")


def data_hash(directory: Path, files: tuple[str, ...] | list[str]) -> str:
    """The hash of a version's files (names and text; line endings as written on any
    system), the one the manifest holds."""
    h = hashlib.sha256()
    for name in files:
        text = (directory / name).read_bytes().replace(b"\r\n", b"\n")
        h.update(name.encode() + b"\0" + text + b"\0")
    return h.hexdigest()


@lru_cache(maxsize=None)
def current_version(game: str) -> int | None:
    """The version a new game of ``game`` records: the newest released one while the
    current files equal it, else the next number (the files as edited since, not yet
    released); None for a game without versions."""
    m = manifest(game)
    if m is None:
        return None
    newest = m.versions[-1]
    return newest.version if data_hash(game_dir(game), m.files) == newest.sha256 else newest.version + 1


def known(game: str) -> str:
    """The versions this inkterm has, in words: ``1 to 6``."""
    m = manifest(game)
    top = current_version(game)
    return _("none") if m is None or top is None else (_("1 to {n}").format(n=top) if top > 1 else "1")


def content_dir(game: str, version: int | None) -> Path:
    """The folder holding ``version``'s files: the current files for the version new
    games play (they are its data), else the released copy."""
    m = manifest(game)
    if m is None or version is None or version == current_version(game):
        return game_dir(game)
    if not 1 <= version <= m.newest:
        raise UnknownVersion(_("made with version {n} of this game's content; this inkterm has "
                               "versions {known}: open it with a newer inkterm").format(n=version, known=known(game)))
    return versions_dir(game) / str(version)


_READ: dict[tuple[type, Path], Any] = {}  # by folder: one object for the same files
_FOR: dict[tuple[type, int | None], Any] = {}  # by version: every new game asks, so one lookup


def content_for(cls: Any, version: int | None) -> Any:
    """The game's content for ``version`` (``cls.read_content`` of its folder), read
    once per process and shared by every state of that version: clones, replays,
    bots and tables all hold the same object."""
    found = _FOR.get((cls, version))
    if found is None:
        directory = content_dir(cls.game_id, version)
        found = _READ.get((cls, directory))
        if found is None:
            found = _READ[(cls, directory)] = cls.read_content(directory)
        _FOR[(cls, version)] = found
    return found


def versions_newest_first(game: str) -> list[int]:
    """Every version a record without one may have been made under, newest first."""
    top = current_version(game)
    return [] if top is None else list(range(top, 0, -1))


def unreleased(game: str) -> str | None:
    """Why ``game``'s current files are not its newest released version, with the
    command that releases them; None when they are (or it has no versions)."""
    m = manifest(game)
    if m is None or data_hash(game_dir(game), m.files) == m.versions[-1].sha256:
        return None
    return (f"{game}'s content files ({', '.join(m.files)}) differ from its newest released version, "
            f"{m.newest}: games saved under version {m.newest} would go on with other numbers. If the change "
            f"is meant, release it as version {m.newest + 1} (new games record it; saves of older versions "
            f"keep theirs): python -m inkterm.cut_version {game} \"what changed\"")


def cut(game: str, changes: str, *, files: tuple[str, ...] = (), source: Path | None = None,
        made_from: str | None = None, date: str | None = None, migrated: str = "") -> int:
    """Release ``game``'s current content files (or those in ``source``) as its next
    version: copy them into ``versions/<n>/`` and add the manifest entry. ``files``
    names the content files for a game's first version (later versions hold the
    manifest's). Returns the new version's number."""
    import datetime
    import shutil

    if not changes.strip():
        raise ValueError("say what changed: the manifest keeps it for maintainers")
    m = manifest(game)
    if m is None and not files:
        raise ValueError(f"{game} has no versions yet: name its content files for version 1")
    names = tuple(m.files) if m is not None else tuple(files)
    source = source or game_dir(game)
    digest = data_hash(source, names)
    if m is not None and digest == m.versions[-1].sha256:
        raise ValueError(f"{game}'s content files are its newest version, {m.newest}, already")
    number = 1 if m is None else m.newest + 1
    folder = versions_dir(game) / str(number)
    folder.mkdir(parents=True, exist_ok=False)
    for name in names:
        shutil.copyfile(source / name, folder / name)
    path = versions_dir(game) / MANIFEST
    raw: dict[str, Any] = (json.loads(path.read_text(encoding="utf-8")) if m is not None
                           else {"files": list(names), "versions": []})
    entry: dict[str, Any] = {
        "version": number,
        "date": date or datetime.datetime.now(datetime.timezone.utc).date().isoformat(),
        "made_from": made_from or _source_commit(source, names),
        "changes": " ".join(changes.split()),
    }
    if migrated:
        entry["migrated"] = " ".join(migrated.split())
    entry["sha256"] = digest
    raw["versions"].append(entry)
    text = json.dumps(raw, ensure_ascii=False, indent=1) + "\n"
    parse_manifest(text, str(path))  # never write a manifest inkterm would refuse
    path.write_text(text, encoding="utf-8")
    manifest.cache_clear()
    current_version.cache_clear()
    return number


def _source_commit(directory: Path, names: tuple[str, ...]) -> str:
    """The commit the files were cut at ("abc1234", "+ uncommitted edits" when the
    working tree differs from it), or "working tree" outside a git checkout."""
    import subprocess

    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(directory), *args], capture_output=True, text=True,
                              check=True).stdout.strip()

    try:
        head = git("rev-parse", "--short", "HEAD")
        dirty = git("status", "--porcelain", "--", *names)
    except (OSError, subprocess.CalledProcessError):
        return "working tree"
    return f"{head} + uncommitted edits" if dirty else head
