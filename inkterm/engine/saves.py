"""Save files on disk: atomic writes into the user data directory, newest-first listing.

A file that cannot be read is reported (path + problem) and never overwritten or
deleted: new saves always get a fresh name.
"""
from __future__ import annotations

import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from .api import SaveError, load_game
from .state import GameState


def save_dir() -> Path:
    """``$INKTERM_HOME/saves`` if set (tests, per-user SSH sessions), else the
    platform's user data directory."""
    home = os.environ.get("INKTERM_HOME")
    if home:
        base = Path(home)
    else:
        from platformdirs import user_data_dir

        base = Path(user_data_dir("inkterm", appauthor=False))
    return base / "saves"


def new_save_path(game: str, directory: Path | None = None) -> Path:
    directory = directory or save_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        p = directory / f"{game}-{stamp}{'-' + str(n) if n else ''}.save.json"
        if not p.exists():
            return p
    raise OSError(f"no free save name in {directory}")


def write_atomic(path: Path, text: str) -> None:
    """Write via a temp file in the same directory and ``os.replace``: a crash leaves
    either the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def save_game(state: GameState, path: Path) -> None:
    write_atomic(path, state.to_json())


def read_save(path: Path) -> GameState:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SaveError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a text file") from None
    try:
        return load_game(text)
    except SaveError as exc:
        raise SaveError(f"{path}: {exc}") from None


@dataclass
class SaveInfo:
    path: Path
    mtime: float
    state: GameState | None
    error: str | None

    @property
    def unfinished(self) -> bool:
        return self.state is not None and not self.state.is_over


def list_saves(directory: Path | None = None) -> list[SaveInfo]:
    """Every save file, newest first; unreadable ones carry their error."""
    directory = directory or save_dir()
    if not directory.is_dir():
        return []
    out: list[SaveInfo] = []
    for p in directory.glob("*.save.json"):
        try:
            mtime = p.stat().st_mtime
        except OSError:
            continue
        try:
            out.append(SaveInfo(p, mtime, read_save(p), None))
        except SaveError as exc:
            out.append(SaveInfo(p, mtime, None, str(exc)))
    out.sort(key=lambda s: s.mtime, reverse=True)
    return out


def newest_unfinished(directory: Path | None = None) -> SaveInfo | None:
    for info in list_saves(directory):
        if info.unfinished:
            return info
    return None
