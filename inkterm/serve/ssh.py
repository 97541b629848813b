"""``inkterm serve ssh``: play inkterm over SSH.

Wiring into the CLI (argparse)::

    from inkterm.serve import ssh
    p = serve_sub.add_parser("ssh", help="play over SSH")
    ssh.add_arguments(p)
    p.set_defaults(func=ssh.run_from_args)

This module imports asyncssh only when the server is started, so the CLI works
(and says what to install) without the ``serve`` extra.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

# Only argparse and pathlib at import time: the CLI imports this module to build
# its parser, and start-up speed matters. Everything else is imported on use.

GUEST_WARNING = (
    "WARNING: --guest is on: anyone who can reach {host}:{port} can play without a key,\n"
    "         under any login name (and so continue that name's saved games)."
)
SHARED_KEYS_WARNING = (
    "WARNING: --authorized-keys is on: any key in {path} can log in\n"
    "         under any login name (and so continue that name's saved games)."
)
NO_KEYS = (
    "inkterm serve ssh: no player keys in {keys_dir}.\n"
    "Put each player's public key(s) in a file named after their login name,\n"
    "e.g. {keys_dir}/ann.pub (authorized_keys format, one key a line),\n"
    "or pass --guest to let anyone in without a key."
)
OLD_KEYS_FILE = (
    "inkterm serve ssh: {old} is no longer read: any key in it could log in as anyone.\n"
    "Move each player's key into a file named after their login name, e.g. for ann:\n"
    "    {keys_dir}/ann.pub\n"
    "then delete {old}. To keep using it as it was, pass --authorized-keys {old}\n"
    "(any of its keys may then play under any name)."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; 0.0.0.0 for all)")
    parser.add_argument("--port", type=int, default=2222, help="port (default 2222)")
    parser.add_argument("--authorized-keys", metavar="FILE", type=Path, default=None,
                        help="also let any key in this authorized_keys file log in under "
                             "any name (the old way; prints a warning). Players' own keys "
                             "go in DATA_DIR/keys/NAME.pub")
    parser.add_argument("--guest", action="store_true",
                        help="let anyone in without a key (asks for trouble on a public host)")
    parser.add_argument("--max-sessions", type=int, default=8, metavar="N",
                        help="games running at once (default 8)")
    parser.add_argument("--idle-timeout", type=float, default=30.0, metavar="MINUTES",
                        help="close a session after this many minutes without a key (default 30)")
    parser.add_argument("--data-dir", type=Path, default=None, metavar="DIR",
                        help="host key, players' keys (keys/NAME.pub) and per-user saves "
                             "(default: $INKTERM_HOME, else inkterm's user data directory)")
    parser.add_argument("--host-key", type=Path, default=None, metavar="FILE",
                        help="host key file (default: ssh_host_ed25519_key in the data dir; "
                             "created on first start)")
    parser.add_argument("--child", default=None, metavar="COMMAND",
                        help="command each session runs (default: this inkterm; "
                             "also $INKTERM_SERVE_CHILD)")
    parser.add_argument("--web-port", type=int, default=None, metavar="PORT",
                        help="also serve the browser door on PORT (as `inkterm serve web` "
                             "does), at the same shared tables; browser players choose a "
                             "name, shown as not logged in")
    parser.add_argument("--store", default=None, metavar="postgresql://…",
                        help="keep the shared tables in this PostgreSQL database, which other "
                             "inkterm hosts may share: any host then serves any seat (default: "
                             "files in the data dir, one host)")
    parser.add_argument("--lease-seconds", type=float, default=15.0, metavar="SECONDS",
                        help="with --store: a host that stops answering keeps its tables' bots "
                             "and timers this long before another host takes them over "
                             "(default 15)")
    limits = parser.add_argument_group("limits")
    limits.add_argument("--login-grace-time", type=float, default=15.0, metavar="SECONDS",
                        help="a connection must log in within this (default 15)")
    limits.add_argument("--max-startups", default="10:30:60", metavar="START:RATE:FULL",
                        help="connections not yet logged in: from START on, one is shed with "
                             "RATE%% chance, rising to always at FULL; the likeliest idle one "
                             "goes, not the newcomer (default 10:30:60)")
    limits.add_argument("--max-startups-per-address", type=int, default=4, metavar="N",
                        help="connections not yet logged in from one address (an IPv6 /64); "
                             "a new one replaces one of them (default 4)")
    limits.add_argument("--web-sessions-per-address", type=int, default=3, metavar="N",
                        help="browser tabs playing from one address at once, with --web-port "
                             "(default 3)")
    limits.add_argument("--waiting-table-minutes", type=float, default=30.0, metavar="MINUTES",
                        help="a shared table still waiting for players, with nobody at it, "
                             "closes after this (default 30; started games never close)")
    limits.add_argument("--bot-seconds", type=float, default=5.0, metavar="SECONDS",
                        help="the longest a bot at a shared table thinks about one choice "
                             "(default 5)")
    limits.add_argument("--bot-iterations", type=int, default=None, metavar="N",
                        help="search iterations a hard bot at a shared table spends on one "
                             "choice, and the most any bot there may (default: each game's "
                             "own, about a second a move)")


def config_from_args(args: argparse.Namespace):
    from inkterm.tables.limits import TableLimits
    from inkterm.tables.store import is_url
    from inkterm.tables.table_bots import BotLimits

    from .common import data_dir, parse_child
    from .ssh_server import SSHConfig
    from .startups import MaxStartups

    def refuse(text: str) -> SystemExit:
        return SystemExit(f"inkterm serve ssh: {text}")

    if args.max_sessions < 1:
        raise refuse("--max-sessions must be at least 1")
    for option, value in (("--idle-timeout", args.idle_timeout),
                          ("--login-grace-time", args.login_grace_time),
                          ("--waiting-table-minutes", args.waiting_table_minutes),
                          ("--bot-seconds", args.bot_seconds),
                          ("--lease-seconds", args.lease_seconds),
                          ("--max-startups-per-address", args.max_startups_per_address),
                          ("--web-sessions-per-address", args.web_sessions_per_address)):
        if value <= 0:
            raise refuse(f"{option} must be positive")
    if args.bot_iterations is not None and args.bot_iterations < 1:
        raise refuse("--bot-iterations must be at least 1")
    try:
        max_startups = MaxStartups.parse(args.max_startups)
    except ValueError as exc:
        raise refuse(f"--max-startups {exc}") from None
    if args.store is not None and not is_url(args.store):
        raise refuse("--store takes a postgresql://… URL (the default keeps tables in the data dir)")
    base = data_dir(args.data_dir)
    return SSHConfig(
        host=args.host,
        port=args.port,
        data_dir=base,
        authorized_keys=args.authorized_keys.expanduser() if args.authorized_keys else None,
        guest=args.guest,
        max_sessions=args.max_sessions,
        idle_timeout=args.idle_timeout * 60.0,
        child=parse_child(args.child),
        host_key=args.host_key.expanduser() if args.host_key else None,
        web_port=args.web_port,
        login_timeout=args.login_grace_time,
        max_startups=max_startups,
        max_startups_per_address=args.max_startups_per_address,
        web_sessions_per_address=args.web_sessions_per_address,
        table_limits=TableLimits(waiting_minutes=args.waiting_table_minutes),
        bot_limits=BotLimits(seconds=args.bot_seconds, iterations=args.bot_iterations),
        store=args.store,
        lease_seconds=args.lease_seconds,
    )


def _setup_logging() -> None:
    import logging

    from .common import PlainLogFormatter

    for name in ("inkterm.serve", "inkterm.tables"):
        root = logging.getLogger(name)
        if not root.handlers:
            handler = logging.StreamHandler(sys.stderr)
            handler.setFormatter(PlainLogFormatter("%(asctime)s %(levelname)s %(message)s"))
            root.addHandler(handler)
            root.setLevel(logging.INFO)


def run_from_args(args: argparse.Namespace) -> int:
    """Run the SSH server until Ctrl+C / SIGTERM. Returns an exit status."""
    try:
        import asyncssh  # noqa: F401
    except ImportError:
        print("inkterm serve ssh needs asyncssh: pip install 'inkterm[serve]'", file=sys.stderr)
        return 2
    _setup_logging()
    config = config_from_args(args)
    if config.web_port is not None:
        try:
            import textual_serve  # noqa: F401
        except ImportError:
            print("inkterm serve ssh --web-port needs textual-serve: pip install 'inkterm[serve]'",
                  file=sys.stderr)
            return 2
        if config.host not in ("127.0.0.1", "localhost", "::1"):
            print(f"WARNING: the browser door on {config.host}:{config.web_port} has no login: "
                  "anyone who can reach it can play under a name they choose.", file=sys.stderr)
    if config.guest:
        print(GUEST_WARNING.format(host=config.host, port=config.port), file=sys.stderr)
    elif not _keys_are_set_up(config):
        return 2
    import asyncio

    try:
        asyncio.run(_serve(config))
    except KeyboardInterrupt:
        pass
    return 0


async def _serve(config) -> None:
    import asyncio
    import signal

    from .ssh_server import InktermSSHServer

    server = InktermSSHServer(config)
    await server.start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):
            pass
    fp = _fingerprint(config.host_key_file())
    how = "guests welcome" if config.guest else f"players' keys in {config.keys_directory()}"
    print(f"inkterm: serving over SSH on {config.host}:{server.port} ({how})", file=sys.stderr)
    print(f"inkterm: host key {fp}", file=sys.stderr)
    print(f"inkterm: players connect with: ssh -p {server.port} NAME@HOST", file=sys.stderr, flush=True)
    await stop.wait()
    print("inkterm: shutting down; ending all sessions", file=sys.stderr)
    await server.close()


def _keys_are_set_up(config) -> bool:
    """Say what is wrong with the players' keys, if anything; False if the server
    has no key to let anyone in with."""
    from .ssh_keys import AUTHORIZED_KEYS_NAME, untrusted_because

    keys_dir = config.keys_directory()
    keys_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    reason = untrusted_because(keys_dir)
    if reason is not None:  # said now, not only at the first refused login
        print(f"WARNING: every key in {keys_dir} will be refused: {reason}", file=sys.stderr)
    has_own_keys = any(keys_dir.glob("*.pub"))
    old = config.data_dir / AUTHORIZED_KEYS_NAME
    if config.authorized_keys is not None:
        if not config.authorized_keys.is_file():
            print(f"inkterm serve ssh: --authorized-keys {config.authorized_keys}: "
                  "no such file", file=sys.stderr)
            return False
        print(SHARED_KEYS_WARNING.format(path=config.authorized_keys), file=sys.stderr)
    elif old.exists():
        print(OLD_KEYS_FILE.format(old=old, keys_dir=keys_dir), file=sys.stderr)
        return has_own_keys
    if not has_own_keys and config.authorized_keys is None:
        print(NO_KEYS.format(keys_dir=keys_dir), file=sys.stderr)
        return False
    return True


def _fingerprint(path: Path) -> str:
    import asyncssh

    try:
        return asyncssh.read_private_key(path).get_fingerprint()
    except (OSError, ValueError, asyncssh.KeyImportError):
        return "?"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="inkterm serve ssh", description="Play inkterm over SSH.")
    add_arguments(parser)
    return run_from_args(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
