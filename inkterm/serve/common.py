"""Pieces shared by the SSH and web front doors: which command to run as the
app, where the server keeps its data, and a child process on a pseudo-terminal.

Nothing here imports asyncssh or textual-serve, so it can be used (and tested)
without the ``serve`` extra installed.
"""

from __future__ import annotations

import asyncio
import errno
import fcntl
import hashlib
import json
import logging
import os
import pty
import re
import shlex
import shutil
import signal
import struct
import sys
import termios
from pathlib import Path
from typing import Callable, Mapping

from inkterm import i18n
from inkterm.engine.text import Msg
from inkterm.home import MAX_SETTINGS_BYTES, SETTINGS_FILE

from inkterm.session_env import (GUEST_ENV, SERVED_ENV, TABLES_SOCKET_ENV, TABLES_TOKEN_ENV,
                                 USER_ENV)

log = logging.getLogger("inkterm.serve")

#: Environment variable naming the command each session runs instead of the app
#: (a shell-style string, e.g. ``python -m inkterm.serve.probe``).
CHILD_ENV = "INKTERM_SERVE_CHILD"

#: Client-provided environment variables passed on to the app (SSH ``SendEnv``).
PASS_ENV = ("COLORTERM", "NO_COLOR", "LANG", "LC_ALL", "LC_CTYPE")

#: The server's own locale, which would pick every session's language: a session's
#: comes from its client (PASS_ENV) or the player's setting.
SERVER_LOCALE_ENV = ("LC_ALL", "LC_MESSAGES", "LANGUAGE")

#: Variables of the server's own environment that a session must not inherit.
DROP_ENV = (
    "SSH_AUTH_SOCK", "SSH_AGENT_PID", "SSH_CLIENT", "SSH_CONNECTION", "SSH_TTY",
    "DISPLAY", "WAYLAND_DISPLAY", "COLUMNS", "LINES", "ROWS", "TEXTUAL_DRIVER",
    "TEXTUAL", "TEXTUAL_LOG", "COLORTERM", "NO_COLOR", "TERM_PROGRAM",
    "TERM_PROGRAM_VERSION", "TMUX", "STY", "INKTERM_HOME", USER_ENV, SERVED_ENV, GUEST_ENV,
    TABLES_SOCKET_ENV, TABLES_TOKEN_ENV,
)

#: The largest terminal a session's app is given: enough for any real window,
#: small enough that a forged size cannot make the app allocate gigabytes.
MAX_COLUMNS = 400
MAX_ROWS = 200

# Login names that are their own folder name. Every other name gets a folder
# starting with "~", which no plain name can.
_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$")
_PLAIN_BYTES = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_MAX_ESCAPED = 120  # longer escaped names are hashed instead (file names stop at 255 bytes)


class PlainLogFormatter(logging.Formatter):
    """Log lines as text: a name or a path that holds a control character (a line
    break, an escape sequence) shows it as a visible stand-in, so no player can add
    a line to the log or colour the host's terminal (see inkterm.names.visible)."""

    def formatMessage(self, record: logging.LogRecord) -> str:
        from inkterm.names import visible

        record.message = visible(record.message)  # a traceback, added after, keeps its lines
        return super().formatMessage(record)


def cap_size(cols: int, rows: int) -> tuple[int, int]:
    """A client's terminal size, kept within 1..MAX_COLUMNS × 1..MAX_ROWS."""
    return max(1, min(int(cols), MAX_COLUMNS)), max(1, min(int(rows), MAX_ROWS))


def signal_group(pid: int, sig: int) -> None:
    """Send ``sig`` to the process group ``pid`` leads (or to the process alone)."""
    try:
        os.killpg(pid, sig)
    except (ProcessLookupError, PermissionError):
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            pass


async def end_process(proc: asyncio.subprocess.Process, grace: float = 2.0) -> int | None:
    """Hang up on a session's app: SIGHUP (as a closed terminal would), then SIGTERM,
    then SIGKILL to its process group, ``grace`` seconds apart. Returns the exit code."""
    for sig in (signal.SIGHUP, signal.SIGTERM, signal.SIGKILL):
        if proc.returncode is not None:
            break
        signal_group(proc.pid, sig)
        try:
            async with asyncio.timeout(grace):  # not wait_for: see PtyChild.terminate
                await proc.wait()
        except TimeoutError:
            continue
    return proc.returncode


def resolve_argv(argv: list[str]) -> list[str]:
    """Make the program absolute (sessions start in their user's directory, so a
    relative ``.venv/bin/python`` would not be found there)."""
    if not argv:
        raise ValueError("empty child command")
    prog = argv[0]
    if os.sep in prog:
        prog = os.path.abspath(prog)
    else:
        prog = shutil.which(prog) or prog
    return [prog, *argv[1:]]


def default_child() -> list[str]:
    """The command each session runs: $INKTERM_SERVE_CHILD, else the inkterm app."""
    text = os.environ.get(CHILD_ENV, "").strip()
    if text:
        return shlex.split(text)
    return [sys.executable, "-m", "inkterm.serve.session"]  # the app, lighter (see there)


def parse_child(text: str | None) -> list[str]:
    """``--child`` option value (shell-style string) or the default."""
    if text:
        return shlex.split(text)
    return default_child()


def data_dir(override: str | os.PathLike | None = None) -> Path:
    """The server's data directory (host key, players' keys, per-user homes):
    ``--data-dir``, else where every inkterm command keeps its files
    ($INKTERM_HOME, else the user data directory); created owner-only if missing."""
    if override is not None:
        path = Path(override).expanduser()
    else:
        from inkterm.home import home_dir

        path = home_dir()
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    return path


def safe_user_dir_name(username: str) -> str:
    """A folder (and key file) name for a login name, different for every name and
    never leaving its parent folder: a plain name (letters, digits, ``._-``, at most
    32 characters, starting with a letter or digit) is its own folder; any other is
    ``~`` plus its UTF-8 bytes with everything but letters, digits, ``_`` and ``-``
    written as ``%XX``, or, if that is long, ``~~`` plus its SHA-256."""
    if _SAFE_NAME.match(username):
        return username
    raw = username.encode("utf-8", "surrogatepass")
    escaped = "".join(chr(b) if b in _PLAIN_BYTES else f"%{b:02X}" for b in raw)
    if len(escaped) <= _MAX_ESCAPED:
        return "~" + escaped
    return "~~" + hashlib.sha256(raw).hexdigest()


def cap_terminal_size(cols: int, rows: int) -> tuple[int, int, bool]:
    """``cap_size(cols, rows)`` and whether the size was cut (the player is told)."""
    capped_cols, capped_rows = cap_size(cols, rows)
    return capped_cols, capped_rows, (capped_cols, capped_rows) != (int(cols), int(rows))


def size_cap_notice(cols: int, rows: int) -> Msg:
    """The one line a player whose window is too large is shown."""
    return Msg("inkterm: your window is {cols}x{rows}; the table uses at most {most_cols}x{most_rows} of it.",
               cols=cols, rows=rows, most_cols=MAX_COLUMNS, most_rows=MAX_ROWS)


def session_language(home: Path, client_env: Mapping[str, str]) -> str:
    """The language a session's app will read (as ``i18n.choose`` picks it there):
    the player's saved setting in their home, else the client's locale, else
    English. The server says its own lines to the session in it."""
    try:
        saved = json.loads((home / SETTINGS_FILE).read_bytes()[:MAX_SETTINGS_BYTES]).get("language")
    except (OSError, ValueError, AttributeError):
        saved = None
    if isinstance(saved, str) and saved in i18n.LANGUAGES:
        return saved
    return i18n.from_environment(client_env) or i18n.DEFAULT


def said(message: Msg, lang: str) -> bytes:
    """A line the server writes to a session, in its language, ending the line."""
    return message.render(lang).encode() + b"\r\n"


def beside_the_app(text: str, rows: int) -> bytes:
    """``text`` written into the part of a too-large window the app never draws
    (below it, or else to its right), leaving the app's cursor and colours as
    they were (DECSC/DECRC), so the app's repaints do not wipe it out."""
    row, col = (MAX_ROWS + 1, 1) if rows > MAX_ROWS else (1, MAX_COLUMNS + 1)
    return f"\x1b7\x1b[{row};{col}H\x1b[0m{text}\x1b8".encode()


def user_home(base: Path, kind: str, username: str) -> Path:
    """``base/users/<kind>/<name>``, created owner-only; this becomes the
    session's $INKTERM_HOME, so each user's saves are kept apart."""
    path = base / "users" / kind / safe_user_dir_name(username)
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    return path


def package_root() -> str:
    """The directory holding the ``inkterm`` package, so a child started with
    ``-m inkterm`` finds the same code as the server even when run from a checkout."""
    return str(Path(__file__).resolve().parents[2])


def child_environment(
    *,
    term: str,
    inkterm_home: Path | None,
    client_env: dict[str, str] | None = None,
    extra: dict[str, str] | None = None,
) -> dict[str, str]:
    """Environment for a session's app: the server's environment minus anything
    about the server's own terminal or agent, plus TERM (and COLORTERM etc. if the
    client sent them), INKTERM_HOME and a PYTHONPATH that finds this inkterm."""
    env = {k: v for k, v in os.environ.items() if k not in DROP_ENV + SERVER_LOCALE_ENV}
    env["TERM"] = term or "xterm-256color"
    # The language a session reads is the player's (the client's LANG, else the saved
    # setting: inkterm/i18n.py), never the host's; UTF-8 all the same.
    env["LANG"] = "C.UTF-8"
    # glibc gives each thread that allocates an arena of its own (up to 8 a core); a
    # session's few threads need no more than two. Some 0.7 MiB less per session
    # (benchmarks.table_latency, 16 sessions); a host may set its own.
    env.setdefault("MALLOC_ARENA_MAX", "2")
    for key, value in (client_env or {}).items():
        if key in PASS_ENV or key.startswith("LC_"):
            if isinstance(value, str) and "\0" not in value and len(value) < 256:
                env[key] = value
    if inkterm_home is not None:
        env["INKTERM_HOME"] = str(inkterm_home)
    root = package_root()
    old = env.get("PYTHONPATH")
    env["PYTHONPATH"] = root + (os.pathsep + old if old else "")
    env.update(extra or {})
    return env


def _winsize(cols: int, rows: int, xpix: int = 0, ypix: int = 0) -> bytes:
    clamp = lambda v: max(0, min(int(v), 0xFFFF))  # noqa: E731
    return struct.pack("HHHH", clamp(rows), clamp(cols), clamp(xpix), clamp(ypix))


def _linux_prctl() -> Callable[..., int] | None:
    """libc's prctl, looked up before any fork (None where there is none)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


_PRCTL = _linux_prctl()
_PR_SET_PDEATHSIG = 1


def _take_terminal() -> None:
    """In the child, after setsid: make the pty its controlling terminal, so that
    when the server's end closes (even a server killed with SIGKILL) the kernel
    hangs up on the app (SIGHUP) instead of leaving it running with no one to draw
    for. And on Linux, have the kernel kill it when the server dies: a hang-up
    needs every copy of the pty's other end closed and the app not ignoring it,
    and apps of a SIGKILLed server were seen running on regardless. Only an ioctl
    and a prctl: nothing that could wait on a lock another thread held."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    die_with_parent()


def die_with_parent() -> None:
    """In a child before exec (Linux): the kernel kills it when the server dies."""
    if _PRCTL is not None:
        _PRCTL(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)


class PtyChild:
    """One app process on its own pseudo-terminal, driven from an asyncio loop.

    Output from the pty is handed to ``on_output(bytes)``; when the process has
    exited and its output is drained, ``on_exit(returncode)`` is called once.
    The child is a session leader (its own process group), so terminate()
    reaches anything it started.
    """

    def __init__(
        self,
        argv: list[str],
        *,
        env: dict[str, str],
        cols: int = 80,
        rows: int = 24,
        on_output: Callable[[bytes], None],
        on_exit: Callable[[int], None],
        cwd: str | None = None,
        echo: bool = True,
    ) -> None:
        """``echo=False``: a pipe's lines, not a terminal's keys (plain mode without a
        client pty): what is sent is not shown back, and lines end as the app ends them."""
        self.argv = list(argv)
        self.echo = echo
        self.env = env
        self.cols = max(1, int(cols or 80))
        self.rows = max(1, int(rows or 24))
        self.cwd = cwd
        self._on_output = on_output
        self._on_exit = on_exit
        self._master: int | None = None
        self._proc: asyncio.subprocess.Process | None = None
        self._reading = False
        self._paused = False
        self._pending = bytearray()  # input not yet accepted by the pty
        self._writer_armed = False
        self._waiter: asyncio.Task | None = None
        self.returncode: int | None = None
        self.exited = asyncio.Event()

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc else None

    @property
    def running(self) -> bool:
        return self._proc is not None and self.returncode is None

    async def start(self) -> None:
        master, slave = pty.openpty()
        try:
            fcntl.ioctl(slave, termios.TIOCSWINSZ, _winsize(self.cols, self.rows))
            if not self.echo:
                attrs = termios.tcgetattr(slave)
                attrs[1] &= ~termios.ONLCR  # oflag
                attrs[3] &= ~(termios.ECHO | termios.ECHONL)  # lflag
                termios.tcsetattr(slave, termios.TCSANOW, attrs)
            os.set_blocking(master, False)
            self._proc = await asyncio.create_subprocess_exec(
                *self.argv,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=self.env,
                cwd=self.cwd,
                start_new_session=True,
                close_fds=True,
                preexec_fn=_take_terminal,
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self._master = master
        self._start_reading()
        self._waiter = asyncio.get_running_loop().create_task(self._wait())
        if self._pending:  # sent while the app was starting
            self._flush_input()

    # -- output ---------------------------------------------------------------
    def _start_reading(self) -> None:
        if self._master is not None and not self._reading and not self._paused:
            asyncio.get_running_loop().add_reader(self._master, self._read_ready)
            self._reading = True

    def _stop_reading(self) -> None:
        if self._master is not None and self._reading:
            asyncio.get_running_loop().remove_reader(self._master)
        self._reading = False

    def _read_once(self) -> bool:
        """Read one chunk; False once the pty has no more to give right now."""
        if self._master is None:
            return False
        try:
            data = os.read(self._master, 65536)
        except BlockingIOError:
            return False
        except OSError as exc:  # EIO: every slave end is closed
            if exc.errno != errno.EIO:
                log.debug("pty read failed: %s", exc)
            self._stop_reading()
            return False
        if not data:
            self._stop_reading()
            return False
        self._on_output(data)
        return True

    def _read_ready(self) -> None:
        self._read_once()

    def pause_output(self) -> None:
        """Stop reading the pty (the client is not keeping up); the child then
        blocks on a full pty instead of the server buffering without bound."""
        self._paused = True
        self._stop_reading()

    def resume_output(self) -> None:
        self._paused = False
        self._start_reading()

    # -- input ----------------------------------------------------------------
    def write(self, data: bytes) -> None:
        """Send ``data`` to the app. What comes while the app is still starting waits
        for it (a pipe's whole script, and its end, can arrive in that moment); once the
        app has exited, nobody reads."""
        if not data or (self._master is None and self._proc is not None):
            return
        if len(self._pending) > 1 << 20:  # 1 MiB of unread input: drop, don't grow
            return
        self._pending += data
        if self._master is not None:
            self._flush_input()

    def _flush_input(self) -> None:
        if self._master is None:
            self._pending.clear()
            return
        while self._pending:
            try:
                n = os.write(self._master, self._pending)
            except BlockingIOError:
                break
            except OSError:
                self._pending.clear()
                break
            del self._pending[:n]
        loop = asyncio.get_running_loop()
        if self._pending and not self._writer_armed:
            loop.add_writer(self._master, self._flush_input)
            self._writer_armed = True
        elif not self._pending and self._writer_armed:
            loop.remove_writer(self._master)
            self._writer_armed = False

    def end_input(self) -> None:
        """The sender has no more to say: the app reads the end of its input (the
        pty's end-of-file character, twice: the first ends a line not yet ended)."""
        self.write(b"\x04\x04")

    # -- size -----------------------------------------------------------------
    def resize(self, cols: int, rows: int, xpix: int = 0, ypix: int = 0) -> None:
        """Set the pty's window size and tell the app (SIGWINCH)."""
        if not cols or not rows:
            return
        self.cols, self.rows = int(cols), int(rows)
        if self._master is None or not self.running:
            return
        try:
            fcntl.ioctl(self._master, termios.TIOCSWINSZ, _winsize(cols, rows, xpix, ypix))
        except OSError as exc:
            log.debug("TIOCSWINSZ failed: %s", exc)
            return
        self._signal(signal.SIGWINCH)

    # -- lifetime -------------------------------------------------------------
    def _signal(self, sig: int) -> None:
        if self._proc is None or self.returncode is not None:
            return
        signal_group(self._proc.pid, sig)

    async def _wait(self) -> None:
        assert self._proc is not None
        rc = await self._proc.wait()
        # Whatever the app wrote before exiting is still in the pty: pass it on, also
        # while paused (the pty holds little; closed unread, a piped game lost its end).
        for _ in range(64):
            if not self._read_once():
                break
        self._close_master()
        self.returncode = rc
        self.exited.set()
        try:
            self._on_exit(rc)
        except Exception:  # pragma: no cover - a callback bug must not hang us
            log.exception("on_exit callback failed")

    def _close_master(self) -> None:
        if self._master is None:
            return
        loop = asyncio.get_running_loop()
        self._stop_reading()
        if self._writer_armed:
            loop.remove_writer(self._master)
            self._writer_armed = False
        try:
            os.close(self._master)
        except OSError:
            pass
        self._master = None
        self._pending.clear()

    async def terminate(self, grace: float = 2.0) -> int | None:
        """Hang up on the app: SIGHUP (as a closed terminal would), then SIGTERM,
        then SIGKILL, waiting ``grace`` seconds between each. Returns the exit code."""
        if self._proc is None:
            return None
        for sig in (signal.SIGHUP, signal.SIGTERM, signal.SIGKILL):
            if self.returncode is not None:
                break
            self._signal(sig)
            # asyncio.timeout, not wait_for: Python 3.11's wait_for returns the result
            # when the app ends just as this task is cancelled (a server closing), and
            # the cancellation is lost: the task went on to the next signal and waits.
            try:
                async with asyncio.timeout(grace):
                    await self.exited.wait()
            except TimeoutError:
                continue
        if self._waiter is not None and not self._waiter.done():
            try:
                async with asyncio.timeout(grace):
                    await asyncio.shield(self._waiter)
            except TimeoutError:
                pass
        return self.returncode
