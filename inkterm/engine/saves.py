"""Save files on disk: atomic writes into the user data directory, newest-first listing,
one session per save (``OpenSave``) and clearing what killed writers left behind.

A file that cannot be read is reported (path + problem) and never overwritten or
deleted: new saves always get a fresh name.
"""
from __future__ import annotations

import os
import tempfile
import time
import weakref
from dataclasses import dataclass
from pathlib import Path

from inkterm.i18n import gettext as _

from .api import SaveError, load_game, parse_save
from .savetext import MAX_SAVE_BYTES
from .state import GameState

#: ``<save>.lock`` holds the pid of the session that has the save open.
LOCK_SUFFIX = ".lock"
#: Temp files are ``.tmp-<pid>-<random>.json``: the pid says whether their writer lives.
TMP_PREFIX = ".tmp-"


def save_dir() -> Path:
    """``$INKTERM_HOME/saves`` if set (tests, per-user SSH sessions), else the
    platform's user data directory."""
    from inkterm.home import home_dir

    return home_dir() / "saves"


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
    either the old file or the new one, never half of one (and a temp file that
    ``remove_leftovers`` clears once its writer is gone)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f"{TMP_PREFIX}{os.getpid()}-", suffix=".json")
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


def pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return True


def _tmp_owner(name: str) -> int | None:
    """The writer's pid in a temp file's name; None for names from before pids were
    put there (their writer is long gone)."""
    pid, sep, _ = name[len(TMP_PREFIX):].partition("-")
    return int(pid) if sep and pid.isdigit() else None


def remove_leftovers(directory: Path | None = None) -> list[Path]:
    """Delete temp files whose writer was killed mid-save (its pid is not running)
    and locks whose owner is gone; the saves themselves are never touched."""
    directory = directory or save_dir()
    removed: list[Path] = []
    if not directory.is_dir():
        return removed
    for p in [*directory.glob(f"{TMP_PREFIX}*.json"), *directory.glob(f"*.save.json{LOCK_SUFFIX}")]:
        owner = _tmp_owner(p.name) if p.name.startswith(TMP_PREFIX) else _lock_owner(p)
        if owner is not None and pid_alive(owner):
            continue
        try:
            p.unlink()
            removed.append(p)
        except OSError:
            pass
    return removed


def save_game(state: GameState, path: Path) -> None:
    write_atomic(path, state.to_json())


def read_text(path: Path) -> str:
    """A save file's text; problems as SaveError (without the path). Only a regular
    file is read, bounded in size and time: a named pipe, a socket, a device, a
    folder or a symbolic link so named is refused at once, never waited on (see
    home.read_file). inkterm makes no links among its saves, and a link would give
    one game two names, so two sessions could hold it under each."""
    from inkterm.home import NotReadable, read_file

    try:
        data = read_file(path, MAX_SAVE_BYTES, follow_links=False)
    except NotReadable as exc:
        raise SaveError(str(exc)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(_("not a text file")) from None


def _one_line(path: Path, problem: str) -> str:
    return f"{path}: {' '.join(problem.split())}"


def read_save(path: Path, notes: list[str] | None = None) -> GameState:
    """The game in ``path``, rebuilt from its record; a snapshot that disagrees with
    the record adds a one-line warning to ``notes``. Every problem is a one-line
    ``SaveError`` naming the file."""
    found: list[str] = []
    try:
        state = load_game(read_text(path), notes=found)
    except SaveError as exc:
        raise SaveError(_one_line(path, str(exc))) from None
    if notes is not None:
        notes.extend(_one_line(path, n) for n in found)
    return state


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
    """Game, seats and the 'over' flag, from a bounded parse of the envelope only."""
    try:
        save = parse_save(read_text(path))
    except SaveError as exc:
        raise SaveError(_one_line(path, str(exc))) from None
    return save.game, list(save.record.seats), save.over


def list_saves(directory: Path | None = None) -> list[SaveInfo]:
    """Every save file, newest first; unreadable ones carry their error (also what
    is not a file at all: a folder, a pipe, a socket, a link)."""
    directory = directory or save_dir()
    if not directory.is_dir():
        return []
    out: list[SaveInfo] = []
    for p in directory.glob("*.save.json"):
        try:
            mtime = p.lstat().st_mtime  # the entry itself: a link, a pipe are listed too
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


# --- one session per save ----------------------------------------------------------------
class SaveInUse(SaveError):
    """The save is open in another live session (``pid``)."""

    def __init__(self, path: Path, pid: int):
        super().__init__(f"{path}: this game is open in another session (process {pid})")
        self.path = path
        self.pid = pid


class SaveConflict(SaveError):
    """Writing would take the save backwards or onto another line of play."""


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + LOCK_SUFFIX)


def _lock_owner(lock: Path) -> int | None:
    from inkterm.home import read_file

    try:
        text = read_file(lock, 64, follow_links=False).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None


def lock_owner(path: Path) -> int | None:
    """The live process that has ``path`` open, or None."""
    pid = _lock_owner(lock_path(path))
    return pid if pid is not None and pid_alive(pid) else None


def _choices_on_disk(path: Path) -> tuple[dict, list[str]] | None:
    """The record header (game, seats, seed, options) and choices of the save on disk,
    None when there is no file yet."""
    if not path.exists():
        return None
    try:
        rec = parse_save(read_text(path)).record
    except SaveError as exc:
        raise SaveConflict(_one_line(path, f"{exc}; not overwritten")) from None
    return rec.model_dump(exclude={"choices"}), list(rec.choices)


#: The saves open in this process, by path: a second session here (two apps in one
#: process, as tests run them) is another session too, not the same pid's own.
_OPEN: weakref.WeakValueDictionary[Path, OpenSave] = weakref.WeakValueDictionary()


class OpenSave:
    """A save this session has open: it holds the save's lock (the owner's pid) and
    writes only forward. A write is refused unless the record on disk is a prefix of
    the new one, or is exactly what this session last read or wrote (so its own undo
    may step back, but a stale session can never roll another's play back).

    The lock this session wrote is known by its file's identity (device, inode and
    time): a session that takes the save over writes a new lock file, so ``held``
    notices at once and cheaply (a stat), also in the same process."""

    def __init__(self, path: Path, *, take_over: bool = False):
        self.path = path
        on_disk = _choices_on_disk(path)  # first: a save that cannot be read is not locked
        self._lock_id: tuple[int, int, int] | None = None
        self._take_lock(take_over)
        self._known: list[str] | None = None if on_disk is None else on_disk[1]

    def _take_lock(self, take_over: bool) -> None:
        owner = lock_owner(self.path)
        here = _OPEN.get(self.path.resolve())
        if owner is not None and not take_over and (
                owner != os.getpid() or (here is not None and here.held)):
            raise SaveInUse(self.path, owner)
        write_atomic(lock_path(self.path), str(os.getpid()))
        self._lock_id = _file_id(lock_path(self.path))
        _OPEN[self.path.resolve()] = self

    @property
    def held(self) -> bool:
        """Whether the lock is still the one this session wrote (nobody took over)."""
        return self._lock_id is not None and _file_id(lock_path(self.path)) == self._lock_id

    def taken_by(self) -> int | None:
        """The live process that took the save over, if one did (None: unknown, or
        still ours)."""
        return None if self.held else lock_owner(self.path)

    def write(self, state: GameState) -> None:
        if not self.held:
            owner = lock_owner(self.path)
            who = f"another session (process {owner})" if owner else "another session"
            raise SaveConflict(f"{self.path}: {who} took this game over; not saved here")
        on_disk = _choices_on_disk(self.path)
        if on_disk is not None:
            header, choices = on_disk
            new = state.record
            # A save from before content versions names none: the game found its version.
            version = header.pop("content_version", None)
            same_game = header == {k: v for k, v in new.to_dict().items() if k not in ("choices", "content_version")}
            same_game = same_game and version in (None, new.content_version)
            extends = new.choices[: len(choices)] == choices
            if not same_game or not (extends or choices == self._known):
                raise SaveConflict(
                    f"{self.path}: the save on disk ({len(choices)} choices) is not one this "
                    f"game continues; it was not overwritten")
        write_atomic(self.path, state.to_json())
        self._known = list(state.record.choices)

    def close(self) -> None:
        """Give the save up (only if this session still holds it)."""
        if self.held:
            try:
                lock_path(self.path).unlink()
            except OSError:
                pass
        self._lock_id = None


def _file_id(path: Path) -> tuple[int, int, int] | None:
    try:
        st = os.stat(path, follow_symlinks=False)
    except OSError:
        return None
    return st.st_dev, st.st_ino, st.st_mtime_ns
