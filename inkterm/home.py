"""Where a player's inkterm keeps its files: ``$INKTERM_HOME`` if set (tests, per-user
SSH sessions), else the platform's user data directory; and how a file there is read
(``read_file``: a regular file only, bounded in size and time); and the player's
settings kept there (``settings.json``: the language). A leaf module (no inkterm
imports), so the app can read its settings before the engine is loaded."""
from __future__ import annotations

import errno
import os
import stat
import threading
from pathlib import Path

from inkterm.i18n import N_, gettext as _


def home_dir() -> Path:
    home = os.environ.get("INKTERM_HOME")
    if home:
        return Path(home)
    from platformdirs import user_data_dir

    return Path(user_data_dir("inkterm", appauthor=False))


#: How long one read of a file in the data folder may take before it is given up.
READ_SECONDS = 2.0

_KINDS = ((stat.S_ISDIR, N_("a folder")), (stat.S_ISFIFO, N_("a named pipe (FIFO)")),
          (stat.S_ISSOCK, N_("a socket")), (stat.S_ISCHR, N_("a device")), (stat.S_ISBLK, N_("a device")),
          (stat.S_ISLNK, N_("a symbolic link")))


class NotReadable(OSError):
    """A file of the data folder that is not read; ``str()`` says why, in words."""

    def __str__(self) -> str:
        return self.strerror or _("not read")


def _kind(mode: int) -> str:
    kind = next((name for test, name in _KINDS if test(mode)), N_("not a regular file"))
    return _(kind)


def _not_a_file(mode: int) -> str:
    return _("{kind}, not a file; not read").format(kind=_kind(mode))


def read_file(path: Path, limit: int, *, follow_links: bool = True,
              timeout: float = READ_SECONDS) -> bytes:
    """The bytes of ``path``: a regular file of at most ``limit`` bytes, read within
    ``timeout`` seconds. Anything else is refused with NotReadable, without waiting:
    a folder, a named pipe, a socket or a device (opened non-blocking, and checked
    before and after opening, so a FIFO never blocks), a file too large, a read that
    hangs (an unanswering network disk: the read is left behind on a daemon thread,
    which keeps nobody waiting, not even the process's exit). Without
    ``follow_links`` (the saves folder, where inkterm makes none), a symbolic link
    is refused too."""
    try:
        info = os.lstat(path)
        if stat.S_ISLNK(info.st_mode):
            target = path.resolve()
            if not follow_links:
                raise NotReadable(errno.ELOOP, _("a symbolic link (to {target}), not a file; not read").format(
                    target=target))
            path, info = target, os.lstat(target)
        if not stat.S_ISREG(info.st_mode):
            raise NotReadable(errno.EINVAL, _not_a_file(info.st_mode))
        if info.st_size > limit:
            raise NotReadable(errno.EFBIG, _("too large ({n} bytes); not read").format(n=f"{info.st_size:,}"))
    except NotReadable:
        raise
    except OSError as exc:
        raise NotReadable(exc.errno, exc.strerror or str(exc)) from None
    result: list = []
    reader = threading.Thread(target=_read_into, args=(path, limit, result), daemon=True,
                              name="inkterm-read")
    reader.start()
    reader.join(timeout)
    if not result:
        raise NotReadable(errno.ETIMEDOUT, _("took longer than {n} s to read; not read").format(n=f"{timeout:g}"))
    if isinstance(result[0], BaseException):
        raise result[0]
    return result[0]


def _read_into(path: Path, limit: int, result: list) -> None:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError as exc:
        result.append(NotReadable(exc.errno, _("a symbolic link; not read") if exc.errno == errno.ELOOP
                                  else exc.strerror or str(exc)))
        return
    try:
        info = os.fstat(fd)  # what was opened, which may not be what was looked at
        if not stat.S_ISREG(info.st_mode):
            result.append(NotReadable(errno.EINVAL, _not_a_file(info.st_mode)))
            return
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            result.append(NotReadable(errno.EFBIG, _("larger than {n} bytes; not read").format(n=f"{limit:,}")))
        else:
            result.append(b"".join(chunks))
    except OSError as exc:
        result.append(NotReadable(exc.errno, exc.strerror or str(exc)))
    finally:
        os.close(fd)


#: The player's settings (the title screen's Language …), a small JSON object.
SETTINGS_FILE = "settings.json"
MAX_SETTINGS_BYTES = 16 * 1024


def settings_path() -> Path:
    return home_dir() / SETTINGS_FILE


def read_settings() -> dict:
    """The saved settings; an empty dict when there are none or the file is not a JSON
    object (a broken file is left as it is, and the defaults apply)."""
    import json

    path = settings_path()
    if not path.exists():
        return {}
    try:
        data = json.loads(read_file(path, MAX_SETTINGS_BYTES))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save_setting(name: str, value: object) -> None:
    """Keep one setting (``None`` forgets it), written atomically beside the others."""
    import json

    settings = read_settings()
    if value is None:
        settings.pop(name, None)
    else:
        settings[name] = value
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{SETTINGS_FILE}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(settings, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)
