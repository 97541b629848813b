"""Save files on disk: atomic writes into the user data directory, newest-first listing.

A file that cannot be read is reported (path + problem) and never overwritten or
deleted: new saves always get a fresh name.
"""
from __future__ import annotations

import json
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
    """What a listing knows of a save from its envelope alone (cheap: no game code is
    imported and nothing replayed); ``state`` loads it fully on first use."""

    path: Path
    mtime: float
    game: str | None
    seats: list[str]
    over: bool
    error: str | None
    _state: GameState | None = None

    @property
    def unfinished(self) -> bool:
        return self.error is None and not self.over

    @property
    def state(self) -> GameState | None:
        if self._state is None and self.error is None:
            try:
                self._state = read_save(self.path)
            except SaveError as exc:
                self.error = str(exc)
        return self._state


def _envelope(path: Path) -> tuple[str, list[str], bool]:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SaveError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SaveError(f"{path}: not JSON: {exc}") from None
    if not isinstance(raw, dict) or raw.get("format") != "inkterm-save":
        raise SaveError(f"{path}: not an inkterm save (no 'format': 'inkterm-save')")
    rec = raw.get("record")
    if not isinstance(rec, dict) or not isinstance(rec.get("seats"), list):
        raise SaveError(f"{path}: no record of the game")
    return str(raw.get("game")), [str(s) for s in rec["seats"]], bool(raw.get("over"))


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
            game, seats, over = _envelope(p)
            out.append(SaveInfo(p, mtime, game, seats, over, None))
        except SaveError as exc:
            out.append(SaveInfo(p, mtime, None, [], False, str(exc)))
    out.sort(key=lambda s: s.mtime, reverse=True)
    return out


def newest_unfinished(directory: Path | None = None) -> SaveInfo | None:
    """The newest save that loads and is not over (one that fails to load is skipped;
    its error stays on its SaveInfo)."""
    for info in list_saves(directory):
        if info.unfinished and info.state is not None:
            return info
    return None
