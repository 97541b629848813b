"""The SSH server proper (needs asyncssh): every shell session runs its own
inkterm process on a pty sized like the client's terminal.

Only an interactive shell is offered. Exec and subsystem requests (so SFTP and
scp), agent, X11 and TCP/Unix forwarding are all refused.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import asyncssh

from inkterm import i18n
from inkterm.engine.text import Msg, nmsg
from inkterm.i18n import N_
from inkterm.names import BadName

from inkterm.session_env import (GUEST_ENV, SERVED_ENV, TABLES_SOCKET_ENV, TABLES_TOKEN_ENV,
                                 USER_ENV)

from .common import (
    PtyChild,
    beside_the_app,
    cap_terminal_size,
    child_environment,
    default_child,
    resolve_argv,
    safe_user_dir_name,
    said,
    session_language,
    size_cap_notice,
    user_home,
)
from inkterm.tables.limits import TableLimits
from inkterm.tables.people import address_key
from inkterm.tables.table_bots import BotLimits

if TYPE_CHECKING:
    from inkterm.tables.channel import TableService

from .ssh_keys import HOST_KEY_NAME, KEYS_DIR_NAME, ensure_host_key, key_names, read_key_file
from .startups import MaxStartups, least_likely_a_player

log = logging.getLogger("inkterm.serve.ssh")

#: The one command a client may ask for (``ssh HOST plain``): plain mode, the game as
#: lines of text for a screen reader or a pipe (``inkterm --plain``).
PLAIN_COMMAND = "plain"
#: What the server itself says to a session, in the session's language (``lang``).
NEEDS_A_TERMINAL = Msg("inkterm needs a terminal: connect with `ssh -t`, or ask for plain mode (lines of "
                       "text): `ssh HOST plain`.")
NOT_STARTED = Msg("inkterm: the app could not be started.")
SHUTTING_DOWN = Msg("inkterm: the server is shutting down (your game is saved).")
#: A login name that is not one (inkterm.names), and why.
REFUSED_NAME = N_("inkterm: {why}.")
#: A login name that is one only when written plainly (``Ｚｏｅ`` for Zoe).
PLAINLY = N_("log in as {name!r}, the name written plainly")


def server_full(sessions: int) -> Msg:
    return nmsg("inkterm: this table is full right now ({n} session); please try again later.",
                "inkterm: this table is full right now ({n} sessions); please try again later.", sessions)


def idle_closed(minutes: int) -> Msg:
    return nmsg("inkterm: no key for {n} minute, closing (your game is saved).",
                "inkterm: no key for {n} minutes, closing (your game is saved).", minutes)
#: The most plain-mode input kept before its app has started (as PtyChild keeps at most).
EARLY_INPUT_LIMIT = 1 << 20

# Put the client's terminal back the way an app that exits normally would: leave
# the alternate screen, stop mouse/focus/paste reporting, pop the kitty keyboard
# mode, show the cursor, reset colours. Sent when the server ends an app itself.
TERMINAL_RESET = (
    b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?1004l"
    b"\x1b[?2004l\x1b[<u\x1b[?1049l\x1b[?25h\x1b[0m\r\n"
)


@dataclass
class SSHConfig:
    host: str = "127.0.0.1"
    port: int = 2222
    data_dir: Path = field(default_factory=Path)  # server data: host key, keys/, users/
    keys_dir: Path | None = None  # None: <data_dir>/keys
    authorized_keys: Path | None = None  # a file whose keys may log in as any name
    guest: bool = False
    max_sessions: int = 8
    idle_timeout: float = 30 * 60.0  # seconds without a key from the client
    login_timeout: float = 15.0  # from connecting to logged in (sshd's LoginGraceTime)
    #: Connections not yet logged in, from everywhere (sshd's MaxStartups) ...
    max_startups: MaxStartups = field(default_factory=MaxStartups)
    max_startups_per_address: int = 4  # ... and from one address (PerSourceMaxStartups)
    sessionless_timeout: float = 15.0  # a logged-in connection running no game
    child: list[str] | None = None  # None: $INKTERM_SERVE_CHILD or python -m inkterm
    host_key: Path | None = None  # None: <data_dir>/ssh_host_ed25519_key
    check_interval: float = 5.0  # how often the idle watchdog looks
    tables: bool = True  # run the shared tables (a socket in the data dir)
    web_port: int | None = None  # also the browser door, at the same tables
    web_sessions_per_address: int = 3  # browser tabs from one address at once
    table_limits: TableLimits = field(default_factory=TableLimits)
    bot_limits: BotLimits = field(default_factory=BotLimits)
    store: str | None = None  # a postgresql:// URL several hosts share (None: files in data_dir)
    lease_seconds: float = 15.0  # a silent host keeps its tables' bots this long (a shared store)

    def keys_directory(self) -> Path:
        return self.keys_dir or (self.data_dir / KEYS_DIR_NAME)

    def key_file(self, username: str) -> Path:
        """The file holding the keys that may log in as ``username``."""
        return self.keys_directory() / (safe_user_dir_name(username) + ".pub")

    def host_key_file(self) -> Path:
        return self.host_key or (self.data_dir / HOST_KEY_NAME)

    def max_logged_in(self) -> int:
        """Logged-in connections at once (each runs a game or soon is closed)."""
        return self.max_sessions * 2 + 4


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
        self._told_size_cap = False
        self._size_notice: Msg | None = None  # to say before the app starts
        self.tables_token: str | None = None  # this session's pass to the shared tables
        #: The client asked for plain mode (``ssh HOST plain``): the game as lines of text.
        self.plain = False
        #: Plain mode's input that came before its app started (a pipe sends at once),
        #: and whether the input ended then too.
        self._early_input = bytearray()
        self._early_eof = False

    # -- channel requests -------------------------------------------------------
    def connection_made(self, chan) -> None:
        self._chan = chan

    def pty_requested(self, term_type, term_size, term_modes) -> bool:
        self._term = term_type
        if term_size and term_size[0] and term_size[1]:
            self._size = self._capped(*term_size)
        return True

    def _capped(self, cols, rows, xpix, ypix) -> tuple[int, int, int, int]:
        """The size the app is given: at most MAX_COLUMNS x MAX_ROWS (the player is
        told once; the pixel size is dropped, as it no longer matches)."""
        capped_cols, capped_rows, cut = cap_terminal_size(cols, rows)
        if not cut:
            return (cols, rows, xpix, ypix)
        if not self._told_size_cap:
            self._told_size_cap = True
            log.info("terminal of %s is %dx%d; the app gets %dx%d",
                     self._username, cols, rows, capped_cols, capped_rows)
            notice = size_cap_notice(cols, rows)
            if self.child is None:  # said before the app starts
                self._size_notice = notice  # said once the client's LANG is known too
            elif self._chan is not None and not self._closing:
                # Before the app hears of the resize, so its full repaint comes after.
                self._chan.write(beside_the_app(notice.render(self.lang()), rows))
        return (capped_cols, capped_rows, 0, 0)

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command) -> bool:
        # One command only, and not a command line: the choice of plain mode.
        if isinstance(command, str) and command.strip().lower() == PLAIN_COMMAND:
            self.plain = True
            return True
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
                self._chan.write(said(NOT_STARTED, self.lang()))
                self._chan.exit(1)

    async def _start(self) -> None:
        chan = self._chan
        assert chan is not None
        if self._term is None and not self.plain:
            chan.write(said(NEEDS_A_TERMINAL, self.lang()))
            chan.exit(1)
            return
        if not self._server._admit(self):
            chan.write(said(server_full(self._server.config.max_sessions), self.lang()))
            chan.exit(1)
            return
        if self._size_notice is not None:
            chan.write(said(self._size_notice, self.lang()))
        cols, rows = self._size[0], self._size[1]
        home = user_home(self._server.config.data_dir, "ssh", self._username)
        extra = {USER_ENV: self._username, SERVED_ENV: "ssh"}
        if self._server.config.guest:
            extra[GUEST_ENV] = "1"
        tables = self._server.tables
        if tables is not None:
            self.tables_token = tables.issue_token(
                self._username, person=self._handler.person, address=self._handler.address)
            extra[TABLES_SOCKET_ENV] = str(tables.path)
            extra[TABLES_TOKEN_ENV] = self.tables_token
        env = child_environment(
            term=self._term or "dumb",  # None only in plain mode through a pipe
            inkterm_home=home,
            client_env=dict(chan.get_environment() or {}),
            extra=extra,
        )
        self.child = PtyChild(
            self._server.child_argv + (["--plain"] if self.plain else []),
            env=env,
            cols=cols,
            rows=rows,
            on_output=self._on_output,
            on_exit=self._on_exit,
            cwd=str(home),
            # Without a client terminal, plain mode's input is lines from a pipe.
            echo=self._term is not None,
        )
        # What came before the child existed goes first, then its end: what comes
        # while it starts waits in the child after them (written after the start, the
        # pipe's first lines came after later ones, and its end before them).
        if self._early_input:
            self.child.write(bytes(self._early_input))
            self._early_input.clear()
        if self._early_eof:
            self.child.end_input()
        try:
            await self.child.start()
        except OSError as exc:
            log.error("could not start the app (%s): %s", self._server.child_argv, exc)
            self._server._release(self)
            chan.write(said(NOT_STARTED, self.lang()))
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
        elif self.plain and len(self._early_input) < EARLY_INPUT_LIMIT:
            self._early_input += data

    def terminal_size_changed(self, width, height, pixwidth, pixheight) -> None:
        self._size = self._capped(width, height, pixwidth, pixheight)
        if self.child is not None:
            self.child.resize(*self._size)

    def pause_writing(self) -> None:
        if self.child is not None:
            self.child.pause_output()

    def resume_writing(self) -> None:
        if self.child is not None:
            self.child.resume_output()

    # -- ending -----------------------------------------------------------------
    def eof_received(self) -> bool:
        if self.plain and not self._closing:
            # A pipe's end: plain mode reads it, saves and says so, then exits.
            if self.child is None:
                self._early_eof = True
            elif self.child.returncode is None:  # running, or still starting
                self.child.end_input()
            return True
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

    def lang(self) -> str:
        """The language this session reads (its app's: the saved setting, else the
        client's locale), for what the server itself says to it."""
        home = user_home(self._server.config.data_dir, "ssh", self._username)
        client = self._chan.get_environment() if self._chan is not None else None
        return session_language(home, dict(client or {}))

    def say_goodbye(self, message: Msg) -> None:
        """The server ends this app while the player is still connected: stop the
        app, put their terminal back in order, tell them why, close the channel."""
        if self._closing or self._farewell is not None:
            return
        self._farewell = said(message, self.lang())
        if self.child is not None and self.child.running:
            self._server._track(asyncio.get_running_loop().create_task(self.child.terminate()))
        elif self._chan is not None:  # no app (yet): just say it
            self._closing = True
            self._chan.write(TERMINAL_RESET + self._farewell)
            self._chan.exit(0)

    def idle_close(self) -> None:
        minutes = self._server.config.idle_timeout / 60
        log.info("closing idle session of %s", self._username)
        self.say_goodbye(idle_closed(round(minutes)))


class _Refusal(asyncssh.SSHServerSession):
    """The one session of a login whose name is refused: it says why, in the language
    of the client's ``LANG`` (sent with the session's requests, after the login), and
    ends. No app is started, nothing is written to the data folder."""

    def __init__(self, why: BadName) -> None:
        self._why = why
        self._chan: asyncssh.SSHServerChannel | None = None

    def connection_made(self, chan) -> None:
        self._chan = chan

    def pty_requested(self, term_type, term_size, term_modes) -> bool:
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command) -> bool:
        return True

    def subsystem_requested(self, subsystem) -> bool:
        return False

    def session_started(self) -> None:
        from inkterm.tables.manager import bad_name_msg

        chan = self._chan
        assert chan is not None
        lang = i18n.from_environment(dict(chan.get_environment() or {})) or i18n.DEFAULT
        chan.write(said(Msg(REFUSED_NAME, why=bad_name_msg(self._why)), lang))
        chan.exit(1)

    def data_received(self, data, datatype) -> None:
        pass


class _Handler(asyncssh.SSHServer):
    """Per-connection authentication and channel policy."""

    def __init__(self, server: "InktermSSHServer") -> None:
        self._server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.group = "?"  # the address its limits count under
        self.username = ""
        self.person = ""  # who it is at the tables (see inkterm.tables.people)
        #: Why the login name is not one (inkterm.names), said in a session of its own.
        self.refused_name: BadName | None = None
        self.refusals = 0
        self.logged_in = False
        self.live = 0  # sessions running an app on this connection
        self.sessionless_timer: asyncio.TimerHandle | None = None
        self._key_sources: list[tuple[asyncssh.SSHAuthorizedKeys, Path]] = []
        self._key_sources_for: str | None = None  # the name they were read for
        self._login_key = ""  # "<fingerprint> from <file>", once a key was accepted

    def connection_made(self, conn) -> None:
        self.conn = conn
        self.address = (conn.get_extra_info("peername") or ("?",))[0]
        self.group = address_key(self.address)
        self._server._connection_opened(self)

    def spoke(self) -> bool:
        """Whether the client has said its SSH version yet (idle sockets never do)."""
        return self.conn is not None and self.conn.get_extra_info("client_version") is not None

    def connection_lost(self, exc) -> None:
        self._server._connection_closed(self)

    def begin_auth(self, username: str) -> bool:
        self.username = username
        self.person = f"ssh:{username}"  # a guest's name is all there is to know
        problem = self._server.name_problem(username)
        if problem is not None:  # refused before any key is tried; the client is told why
            log.info("refused login name %r from %s: %s", username, self.address, problem.render("en"))
            self.refused_name = problem
            # No key is asked for: the connection goes only as far as a session's
            # request, whose LANG says the client's language, to say why in it (an
            # auth banner comes before the client says its language).
            return False
        return not self._server.config.guest  # guests need no authentication

    def public_key_auth_supported(self) -> bool:
        return not self._server.config.guest and self.refused_name is None

    def validate_public_key(self, username, key) -> bool:
        """A key logs in as a name only if that name's key file holds it (or the
        shared file given with --authorized-keys does)."""
        if self._key_sources_for != username:  # read at every login
            self._key_sources = self._server.key_sources(username)
            self._key_sources_for = username
        for keys, path in self._key_sources:
            if keys.validate(key, self.address, self.address) is not None:
                self._login_key = f"{key.get_fingerprint()} from {path}"
                # The name's own file vouches for the name; the shared file only
                # for the key, which may use any name: then the key is the person.
                shared = path == self._server.config.authorized_keys
                self.person = f"key:{key.get_fingerprint()}" if shared else f"ssh:{username}"
                return True
        log.info("refused key %s for %s from %s", key.get_fingerprint(), username, self.address)
        return False

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def auth_completed(self) -> None:
        if self.refused_name is not None:  # not logged in: it still counts as logging in
            self._server._refusing(self)
            return
        how = "as a guest (no key)" if self._server.config.guest else f"with key {self._login_key}"
        log.info("%s logged in from %s %s", self.username, self.address, how)
        self._server._logged_in(self)

    def session_requested(self):
        if self.refused_name is not None:
            if self.refusals:  # one is enough to say why
                return False
            self.refusals += 1
            return _Refusal(self.refused_name)
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
        # Every open connection's handler, oldest first (a dict keeps the order).
        self._connections: dict[_Handler, None] = {}
        self._holding: set[_Handler] = set()  # logged in, holding a slot for their game
        self._listener: asyncssh.SSHAcceptor | None = None
        self._watchdog: asyncio.Task | None = None
        self._tasks: set[asyncio.Task] = set()
        self.tables: TableService | None = None  # once started
        self.web = None  # the browser door's runner, when it shares the tables

    @property
    def port(self) -> int:
        assert self._listener is not None
        return self._listener.get_port()

    # -- keys -------------------------------------------------------------------
    def key_sources(self, username: str) -> list[tuple[asyncssh.SSHAuthorizedKeys, Path]]:
        """The key files that may log ``username`` in, each read now: the name's own
        file, and the shared file if one was given."""
        paths = [self.config.key_file(username)]
        if self.config.authorized_keys is not None:
            paths.append(self.config.authorized_keys)
        sources = [(keys, path) for path in paths if (keys := read_key_file(path))]
        if not sources:
            log.info("no keys for %s (no %s)", username, paths[0])
        return sources

    def name_problem(self, username: str) -> BadName | None:
        """Why ``username`` may not log in, or None: it must be a name as every door
        checks them (inkterm.names), written as such, and not look like another name
        a key is filed under (e.g. a Cyrillic о in place of an o)."""
        from inkterm.names import check_name

        others = [n for n in key_names(self.config.keys_directory()) if n != username]
        try:
            name = check_name(username, taken=others)
        except BadName as exc:
            return exc
        return None if name == username else BadName(PLAINLY, name=name)

    # -- bookkeeping ------------------------------------------------------------
    # A game slot is taken by a running app, or held for a logged-in connection
    # that has not started its game yet (so connections that log in and never
    # play count too, and are closed after config.sessionless_timeout).
    def _slots_taken(self) -> int:
        return len(self.sessions) + len(self._holding)

    def _admit(self, session: _Session) -> bool:
        handler = session._handler
        if handler not in self._holding and self._slots_taken() >= self.config.max_sessions:
            log.warning("session limit (%d) reached", self.config.max_sessions)
            return False
        self._holding.discard(handler)
        self.sessions.add(session)
        handler.live += 1
        self._cancel_sessionless_timer(handler)
        return True

    def _release(self, session: _Session) -> None:
        if session.tables_token is not None and self.tables is not None:
            self.tables.revoke_token(session.tables_token)
            session.tables_token = None
        if session in self.sessions:
            self.sessions.discard(session)
            session._handler.live -= 1
            if session._handler.live == 0:
                self._start_sessionless_timer(session._handler)

    def _connection_opened(self, handler: "_Handler") -> None:
        """Connections still logging in are counted apart from players, and kept
        within config.max_startups_per_address from one address and
        config.max_startups from everywhere (see ``startups``): what is shed is
        the likeliest idle socket, so idle sockets cannot keep players out."""
        cfg = self.config
        waiting = [h for h in self._connections if not h.logged_in]  # oldest first
        same_address = [h for h in waiting if h.group == handler.group]
        if len(same_address) >= cfg.max_startups_per_address:
            shed = least_likely_a_player(same_address)
            log.warning("%s has %d connections not logged in; dropping one",
                        handler.address, len(same_address))
            self._drop(shed)
        elif cfg.max_startups.sheds(len(waiting)):
            shed = least_likely_a_player([*waiting, handler])
            log.warning("%d connections are logging in (max startups %s); dropping one from %s",
                        len(waiting), cfg.max_startups, shed.address)
            if shed is handler:
                if handler.conn is not None:
                    handler.conn.close()
                return
            self._drop(shed)
        self._connections[handler] = None

    def _refusing(self, handler: "_Handler") -> None:
        """A login name that is not one: the connection may open one session, which
        says why and ends; it counts among those logging in (the startup limits) and
        is closed after login_timeout whatever it does."""
        if handler in self._connections and handler.conn is not None:
            handler.sessionless_timer = asyncio.get_running_loop().call_later(
                self.config.login_timeout, self._drop, handler)

    def _logged_in(self, handler: "_Handler") -> None:
        handler.logged_in = True
        if handler not in self._connections:  # dropped while it was logging in
            return
        logged_in = sum(1 for h in self._connections if h.logged_in)
        if logged_in > self.config.max_logged_in():
            log.warning("%d connections logged in, more than %d; closing %s's",
                        logged_in, self.config.max_logged_in(), handler.username)
            self._drop(handler)
            return
        if self._slots_taken() < self.config.max_sessions:
            self._holding.add(handler)
        self._start_sessionless_timer(handler)

    def _start_sessionless_timer(self, handler: "_Handler") -> None:
        self._cancel_sessionless_timer(handler)
        if handler not in self._connections:  # its game ended with its connection
            return
        handler.sessionless_timer = asyncio.get_running_loop().call_later(
            self.config.sessionless_timeout, self._close_if_sessionless, handler)

    def _cancel_sessionless_timer(self, handler: "_Handler") -> None:
        if handler.sessionless_timer is not None:
            handler.sessionless_timer.cancel()
            handler.sessionless_timer = None

    def _close_if_sessionless(self, handler: "_Handler") -> None:
        handler.sessionless_timer = None
        if handler.live == 0 and handler in self._connections:
            log.info("closing %s's connection: no game running for %.0f s",
                     handler.username, self.config.sessionless_timeout)
            self._drop(handler)

    def _drop(self, handler: "_Handler") -> None:
        self._connection_closed(handler)
        if handler.conn is not None:
            handler.conn.close()

    def _connection_closed(self, handler: "_Handler") -> None:
        self._connections.pop(handler, None)
        self._holding.discard(handler)
        self._cancel_sessionless_timer(handler)

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
        if cfg.tables:
            await self._start_tables()
        if cfg.web_port is not None:
            from .web import serve_beside

            self.web = await serve_beside(self.tables, host=cfg.host, port=cfg.web_port,
                                          data_dir=cfg.data_dir, argv=self.child_argv,
                                          max_sessions=cfg.max_sessions,
                                          per_address=cfg.web_sessions_per_address)
        return self

    async def _start_tables(self) -> None:
        """The shared tables, resumed from their store; without them (a socket that
        cannot be made) each login still plays on its own. A store asked for by URL
        that cannot be reached stops the server: its players expect the shared tables."""
        from inkterm.tables.channel import SOCKET_NAME, TableService
        from inkterm.tables.manager import TableManager
        from inkterm.tables.store import StoreDown, open_store

        cfg = self.config
        try:
            store = (open_store(cfg.store, lease_seconds=cfg.lease_seconds) if cfg.store
                     else open_store(cfg.data_dir / "tables"))
        except StoreDown as exc:
            raise SystemExit(f"inkterm serve ssh: the table store cannot be reached: {exc}") from None
        except ImportError:
            raise SystemExit("inkterm serve ssh --store needs psycopg: pip install 'inkterm[serve]'") from None
        log.info("shared tables kept in %s", store.where)
        manager = TableManager(store, limits=cfg.table_limits, bots=cfg.bot_limits)
        service = TableService(manager, cfg.data_dir / SOCKET_NAME)
        try:
            self.tables = await service.start()
        except OSError as exc:
            log.error("shared tables are off: %s", exc)

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(self.config.check_interval)
            now = time.monotonic()
            for session in list(self.sessions):
                if now - session.last_input > self.config.idle_timeout:
                    session.idle_close()

    async def close(self) -> None:
        """Stop listening, hang up every session and wait for the apps to end."""
        if self._watchdog is not None:
            self._watchdog.cancel()
        if self.web is not None:  # its tabs' apps are asked to quit
            await self.web.cleanup()
        if self._listener is not None:
            self._listener.close()
            await self._listener.wait_closed()
        for session in list(self.sessions):
            session.say_goodbye(SHUTTING_DOWN)
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=10)
        for handler in list(self._connections):
            self._drop(handler)
        for session in list(self.sessions):  # anything still running
            session.hang_up()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=10)
        if self.tables is not None:
            await self.tables.close()

    async def serve_forever(self) -> None:
        assert self._listener is not None
        await self._listener.wait_closed()


async def start_server(config: SSHConfig) -> InktermSSHServer:
    return await InktermSSHServer(config).start()
