"""The SSH server proper (needs asyncssh): every shell session runs its own
inkterm process on a pty sized like the client's terminal.

Only an interactive shell is offered. Exec and subsystem requests (so SFTP and
scp), agent, X11 and TCP/Unix forwarding are all refused.
"""

from __future__ import annotations

import asyncio
import logging
import os
import stat
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from .common import PtyChild, child_environment, default_child, resolve_argv, user_home

log = logging.getLogger("inkterm.serve.ssh")

HOST_KEY_NAME = "ssh_host_ed25519_key"

# Put the client's terminal back the way an app that exits normally would: leave
# the alternate screen, stop mouse/focus/paste reporting, pop the kitty keyboard
# mode, show the cursor, reset colours. Sent when the server ends an app itself.
TERMINAL_RESET = (
    b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?1004l"
    b"\x1b[?2004l\x1b[<u\x1b[?1049l\x1b[?25h\x1b[0m\r\n"
)
AUTHORIZED_KEYS_NAME = "authorized_keys"


@dataclass
class SSHConfig:
    host: str = "127.0.0.1"
    port: int = 2222
    data_dir: Path = field(default_factory=Path)  # server data: host key, users/
    authorized_keys: Path | None = None  # None: <data_dir>/authorized_keys
    guest: bool = False
    max_sessions: int = 8
    idle_timeout: float = 30 * 60.0  # seconds without a key from the client
    login_timeout: float = 60.0
    child: list[str] | None = None  # None: $INKTERM_SERVE_CHILD or python -m inkterm
    host_key: Path | None = None  # None: <data_dir>/ssh_host_ed25519_key
    check_interval: float = 5.0  # how often the idle watchdog looks

    def keys_file(self) -> Path:
        return self.authorized_keys or (self.data_dir / AUTHORIZED_KEYS_NAME)

    def host_key_file(self) -> Path:
        return self.host_key or (self.data_dir / HOST_KEY_NAME)


def ensure_host_key(path: Path) -> asyncssh.SSHKey:
    """Load the server's host key, creating it (ed25519, mode 0600) on first start,
    so clients see the same key every time."""
    path = Path(path)
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        key = asyncssh.generate_private_key("ssh-ed25519", comment="inkterm host key")
        data = key.export_private_key()
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # another server won the race: use its key
            return asyncssh.read_private_key(path)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        log.info("created SSH host key %s", path)
        return key
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        os.chmod(path, 0o600)
        log.warning("host key %s was readable by others; now owner-only", path)
    return asyncssh.read_private_key(path)


class _Session(asyncssh.SSHServerSession):
    """One SSH channel: a pty request, a shell request, then the app."""

    def __init__(self, server: "InktermSSHServer", handler: "_Handler") -> None:
        self._server = server
        self._handler = handler
        self._username = handler.username
        self._chan: asyncssh.SSHServerChannel | None = None
        self._term: str | None = None
        self._size = (80, 24, 0, 0)
        self.child: PtyChild | None = None
        self.last_input = time.monotonic()
        self._closing = False
        self._farewell: bytes | None = None  # set when the server ends the app

    # -- channel requests -------------------------------------------------------
    def connection_made(self, chan) -> None:
        self._chan = chan

    def pty_requested(self, term_type, term_size, term_modes) -> bool:
        self._term = term_type
        if term_size and term_size[0] and term_size[1]:
            self._size = tuple(term_size)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command) -> bool:
        log.info("refused exec request from %s", self._username)
        return False

    def subsystem_requested(self, subsystem) -> bool:
        log.info("refused subsystem %r from %s", subsystem, self._username)
        return False

    def break_received(self, msec) -> bool:
        return False

    def signal_received(self, signal) -> None:
        pass

    def session_started(self) -> None:
        self._server._track(asyncio.get_running_loop().create_task(self._start_safely()))

    async def _start_safely(self) -> None:
        try:
            await self._start()
        except Exception:
            log.exception("session for %s failed to start", self._username)
            self._server._release(self)
            if self.child is not None and self.child.running:
                await self.child.terminate()
            if self._chan is not None and not self._closing:
                self._closing = True
                self._chan.write(b"inkterm: the app could not be started.\r\n")
                self._chan.exit(1)

    async def _start(self) -> None:
        chan = self._chan
        assert chan is not None
        if self._term is None:
            chan.write(b"inkterm needs a terminal: connect with `ssh -t`.\r\n")
            chan.exit(1)
            return
        if not self._server._admit(self):
            chan.write(
                b"inkterm: this table is full right now "
                b"(%d sessions); please try again later.\r\n" % self._server.config.max_sessions
            )
            chan.exit(1)
            return
        cols, rows = self._size[0], self._size[1]
        home = user_home(self._server.config.data_dir, "ssh", self._username)
        env = child_environment(
            term=self._term,
            inkterm_home=home,
            client_env=dict(chan.get_environment() or {}),
            extra={"INKTERM_USER": self._username},
        )
        self.child = PtyChild(
            self._server.child_argv,
            env=env,
            cols=cols,
            rows=rows,
            on_output=self._on_output,
            on_exit=self._on_exit,
            cwd=str(home),
        )
        try:
            await self.child.start()
        except OSError as exc:
            log.error("could not start the app (%s): %s", self._server.child_argv, exc)
            self._server._release(self)
            chan.write(b"inkterm: the app could not be started.\r\n")
            chan.exit(1)
            return
        self.last_input = time.monotonic()  # the idle clock starts with the app
        log.info("session for %s: pid %s at %dx%d TERM=%s",
                 self._username, self.child.pid, cols, rows, self._term)
        if self._closing:  # the client went away while we were starting
            await self.child.terminate()

    # -- data both ways ---------------------------------------------------------
    def _on_output(self, data: bytes) -> None:
        if self._chan is not None and not self._closing:
            self._chan.write(data)

    def _on_exit(self, rc: int) -> None:
        self._server._release(self)
        log.info("session for %s ended (exit %s)", self._username, rc)
        if self._chan is not None and not self._closing:
            self._closing = True
            if self._farewell is not None:
                self._chan.write(TERMINAL_RESET + self._farewell)
                self._chan.exit(0)
                return
            if rc != 0:  # the app did not get to restore the terminal itself
                self._chan.write(TERMINAL_RESET)
            self._chan.exit(rc if rc >= 0 else 1)

    def data_received(self, data, datatype) -> None:
        self.last_input = time.monotonic()
        if self.child is not None:
            self.child.write(data)

    def terminal_size_changed(self, width, height, pixwidth, pixheight) -> None:
        self._size = (width, height, pixwidth, pixheight)
        if self.child is not None:
            self.child.resize(width, height, pixwidth, pixheight)

    def pause_writing(self) -> None:
        if self.child is not None:
            self.child.pause_output()

    def resume_writing(self) -> None:
        if self.child is not None:
            self.child.resume_output()

    # -- ending -----------------------------------------------------------------
    def eof_received(self) -> bool:
        self.hang_up()
        return False

    def connection_lost(self, exc) -> None:
        self.hang_up()

    def hang_up(self) -> None:
        """The client is gone: end the app (it has autosaved after every choice)."""
        if self._closing and (self.child is None or not self.child.running):
            return
        self._closing = True
        if self.child is not None and self.child.running:
            self._server._track(asyncio.get_running_loop().create_task(self.child.terminate()))

    def say_goodbye(self, message: bytes) -> None:
        """The server ends this app while the player is still connected: stop the
        app, put their terminal back in order, tell them why, close the channel."""
        if self._closing or self._farewell is not None:
            return
        self._farewell = message
        if self.child is not None and self.child.running:
            self._server._track(asyncio.get_running_loop().create_task(self.child.terminate()))
        elif self._chan is not None:  # no app (yet): just say it
            self._closing = True
            self._chan.write(TERMINAL_RESET + message)
            self._chan.exit(0)

    def idle_close(self) -> None:
        minutes = self._server.config.idle_timeout / 60
        log.info("closing idle session of %s", self._username)
        self.say_goodbye(
            b"inkterm: no key for %.0f minutes, closing (your game is saved).\r\n" % minutes)


class _Handler(asyncssh.SSHServer):
    """Per-connection authentication and channel policy."""

    def __init__(self, server: "InktermSSHServer") -> None:
        self._server = server
        self._conn: asyncssh.SSHServerConnection | None = None
        self.username = ""
        self.live = 0  # sessions running an app on this connection
        self.idle_since = time.monotonic()  # when it last had none

    def connection_made(self, conn) -> None:
        self._conn = conn
        if not self._server._connection_opened(conn, self):
            log.warning("too many connections; dropping %s", conn.get_extra_info("peername"))
            conn.close()

    def connection_lost(self, exc) -> None:
        self._server._connection_closed(self._conn)

    def begin_auth(self, username: str) -> bool:
        self.username = username
        if self._server.config.guest:
            return False  # no authentication needed
        path = self._server.config.keys_file()
        try:
            keys = asyncssh.read_authorized_keys(str(path))
        except (OSError, ValueError) as exc:
            log.error("cannot read authorized keys %s: %s; refusing %s", path, exc, username)
            return True  # no keys loaded: every key is refused
        assert self._conn is not None
        self._conn.set_authorized_keys(keys)  # re-read at every login
        return True

    def public_key_auth_supported(self) -> bool:
        return not self._server.config.guest

    def validate_public_key(self, username, key) -> bool:
        return False  # only keys from the authorized-keys file

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def auth_completed(self) -> None:
        log.info("%s logged in from %s%s", self.username,
                 (self._conn.get_extra_info("peername") or ("?",))[0] if self._conn else "?",
                 " (guest)" if self._server.config.guest else "")

    def session_requested(self):
        return _Session(self._server, self)

    def connection_requested(self, dest_host, dest_port, orig_host, orig_port):
        return False

    def unix_connection_requested(self, dest_path):
        return False

    def server_requested(self, listen_host, listen_port):
        return False

    def unix_server_requested(self, listen_path):
        return False


class InktermSSHServer:
    """Owns the listener, the live sessions and the idle watchdog."""

    def __init__(self, config: SSHConfig) -> None:
        self.config = config
        self.child_argv = resolve_argv(list(config.child or default_child()))
        self.sessions: set[_Session] = set()
        self._connections: dict = {}  # connection -> its _Handler
        self._listener: asyncssh.SSHAcceptor | None = None
        self._watchdog: asyncio.Task | None = None
        self._tasks: set[asyncio.Task] = set()

    @property
    def port(self) -> int:
        assert self._listener is not None
        return self._listener.get_port()

    # -- bookkeeping ------------------------------------------------------------
    def _admit(self, session: _Session) -> bool:
        if len(self.sessions) >= self.config.max_sessions:
            log.warning("session limit (%d) reached", self.config.max_sessions)
            return False
        self.sessions.add(session)
        session._handler.live += 1
        return True

    def _release(self, session: _Session) -> None:
        if session in self.sessions:
            self.sessions.discard(session)
            session._handler.live -= 1
            session._handler.idle_since = time.monotonic()

    def _connection_opened(self, conn, handler: "_Handler") -> bool:
        # Connections cost little before a session starts, but are still capped.
        if len(self._connections) >= self.config.max_sessions * 2 + 4:
            return False
        self._connections[conn] = handler
        return True

    def _connection_closed(self, conn) -> None:
        self._connections.pop(conn, None)

    def _track(self, task: asyncio.Task) -> None:
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- lifetime ---------------------------------------------------------------
    async def start(self) -> "InktermSSHServer":
        cfg = self.config
        host_key = ensure_host_key(cfg.host_key_file())
        self._listener = await asyncssh.create_server(
            lambda: _Handler(self),
            cfg.host,
            cfg.port,
            server_host_keys=[host_key],
            authorized_client_keys=None,
            line_editor=False,
            encoding=None,
            allow_pty=True,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            sftp_factory=None,
            login_timeout=cfg.login_timeout,
            keepalive_interval=60,
            keepalive_count_max=3,
            server_version="inkterm",
        )
        self._watchdog = asyncio.get_running_loop().create_task(self._watch())
        return self

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(self.config.check_interval)
            now = time.monotonic()
            for session in list(self.sessions):
                if now - session.last_input > self.config.idle_timeout:
                    session.idle_close()
            # A connection that holds no game (never opened one, or its game
            # ended) is closed after the same time.
            for conn, handler in list(self._connections.items()):
                if handler.live == 0 and now - handler.idle_since > self.config.idle_timeout:
                    log.info("closing idle connection of %s", handler.username or "?")
                    self._connections.pop(conn, None)
                    conn.close()

    async def close(self) -> None:
        """Stop listening, hang up every session and wait for the apps to end."""
        if self._watchdog is not None:
            self._watchdog.cancel()
        if self._listener is not None:
            self._listener.close()
            await self._listener.wait_closed()
        for session in list(self.sessions):
            session.say_goodbye(b"inkterm: the server is shutting down (your game is saved).\r\n")
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=10)
        for conn in list(self._connections):
            conn.close()
        for session in list(self.sessions):  # anything still running
            session.hang_up()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=10)

    async def serve_forever(self) -> None:
        assert self._listener is not None
        await self._listener.wait_closed()


async def start_server(config: SSHConfig) -> InktermSSHServer:
    return await InktermSSHServer(config).start()
