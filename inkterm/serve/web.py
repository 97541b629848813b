"""``inkterm serve web``: the same app in a browser tab, through textual-serve.

Each browser tab that connects gets its own inkterm process (Textual's web
driver); the page is an xterm.js terminal. Wiring into the CLI (argparse)::

    from inkterm.serve import web
    p = serve_sub.add_parser("web", help="play in a browser")
    web.add_arguments(p)
    p.set_defaults(func=web.run_from_args)

There is no login: anyone who can reach the address can play, so the default
address is 127.0.0.1. All browser players share one save directory
(``<data dir>/users/web/browser``).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

# Only light imports here: the CLI imports this module to build its parser.

FULL_MESSAGE = b"\r\ninkterm: this table is full right now; please try again later.\r\n"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; 0.0.0.0 for all)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--public-url", default=None, metavar="URL",
                        help="the address browsers use, if not http://HOST:PORT "
                             "(e.g. behind a proxy or when listening on 0.0.0.0)")
    parser.add_argument("--max-sessions", type=int, default=8, metavar="N",
                        help="games running at once (default 8)")
    parser.add_argument("--data-dir", type=Path, default=None, metavar="DIR",
                        help="where browser players' saves go "
                             "(default: inkterm's user data directory)")
    parser.add_argument("--child", default=None, metavar="COMMAND",
                        help="command each tab runs (default: this inkterm; "
                             "also $INKTERM_SERVE_CHILD)")


def make_server(
    argv: list[str],
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    public_url: str | None = None,
    max_sessions: int = 8,
):
    """A textual-serve ``Server`` that runs ``argv`` per tab, at most
    ``max_sessions`` at once."""
    import logging
    import shlex

    from aiohttp import web as aioweb
    from textual_serve.server import Server

    from .common import resolve_argv

    log = logging.getLogger("inkterm.serve.web")

    class InktermWebServer(Server):
        def __init__(self) -> None:
            super().__init__(
                shlex.join(resolve_argv(argv)), host=host, port=port, title="inkterm", public_url=public_url
            )
            self.max_sessions = max_sessions
            self.active = 0

        async def handle_websocket(self, request):
            if self.active >= self.max_sessions:
                log.warning("session limit (%d) reached", self.max_sessions)
                ws = aioweb.WebSocketResponse()
                await ws.prepare(request)
                await ws.send_bytes(FULL_MESSAGE)
                await ws.close()
                return ws
            self.active += 1
            try:
                return await super().handle_websocket(request)
            finally:
                self.active -= 1

        async def on_startup(self, app) -> None:
            print(f"inkterm: serving in the browser at {self.public_url}", file=sys.stderr,
                  flush=True)

    return InktermWebServer()


def run_from_args(args: argparse.Namespace) -> int:
    """Serve until Ctrl+C / SIGTERM. Returns an exit status."""
    try:
        import textual_serve  # noqa: F401
    except ImportError:
        print("inkterm serve web needs textual-serve: pip install 'inkterm[serve]'",
              file=sys.stderr)
        return 2
    from .common import data_dir, package_root, parse_child, user_home

    if args.max_sessions < 1:
        raise SystemExit("inkterm serve web: --max-sessions must be at least 1")
    base = data_dir(args.data_dir)
    # textual-serve starts each tab's app with a copy of this process's environment.
    os.environ["INKTERM_HOME"] = str(user_home(base, "web", "browser"))
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = package_root() + (os.pathsep + old if old else "")
    for key in ("COLUMNS", "LINES", "TEXTUAL"):
        os.environ.pop(key, None)
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print(f"WARNING: serving on {args.host}: anyone who can reach it can play "
              "(there is no login in the browser).", file=sys.stderr)
    server = make_server(
        parse_child(args.child),
        host=args.host,
        port=args.port,
        public_url=args.public_url,
        max_sessions=args.max_sessions,
    )
    server.serve()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="inkterm serve web",
                                     description="Play inkterm in a browser.")
    add_arguments(parser)
    return run_from_args(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
