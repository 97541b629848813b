"""``inkterm serve web``: the same app in a browser tab, through textual-serve.

Each browser tab that connects gets its own inkterm process (Textual's web
driver); the page is an xterm.js terminal. Wiring into the CLI (argparse)::

    from inkterm.serve import web
    p = serve_sub.add_parser("web", help="play in a browser")
    web.add_arguments(p)
    p.set_defaults(func=web.run_from_args)

There is no login: anyone who can reach the address can play, so the default
address is 127.0.0.1. All browser players share one save directory
(``<data dir>/users/web/browser``). Only the page this server serves may open a
session (other web pages' sockets are refused), a tab's app is given at most
MAX_COLUMNS × MAX_ROWS, and it is ended when its tab closes. One address may have
at most a few tabs playing at once, and no folder is listed.

The page gives each browser a secret cookie (HttpOnly, SameSite=Strict): the
browser is one person at the shared tables for as long as it keeps it, through
reloads and server restarts (see ``inkterm.tables.people``).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

# Only light imports here: the CLI imports this module to build its parser.
from inkterm.i18n import N_

def table_full():
    from inkterm.engine.text import Msg

    return Msg("inkterm: this table is full right now; please try again later.")


def address_full(n: int):
    from inkterm.engine.text import nmsg

    return nmsg("inkterm: {n} game is being played from your address already; close it and try again.",
                "inkterm: {n} games are being played from your address already; close one and try again.", n)


#: The page's own words (the rest is the app's), in the browser's language.
SESSION_ENDED = N_("Session ended.")
RESTART = N_("Restart")
#: The cookie that makes a browser one person at the tables, and how long it lasts
#: (renewed at every page load).
PERSON_COOKIE = "inkterm_person"
PERSON_DAYS = 30


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; 0.0.0.0 for all)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--public-url", default=None, metavar="URL",
                        help="the address browsers use, if not http://HOST:PORT "
                             "(e.g. behind a proxy or when listening on 0.0.0.0)")
    parser.add_argument("--max-sessions", type=int, default=8, metavar="N",
                        help="games running at once (default 8)")
    parser.add_argument("--sessions-per-address", type=int, default=3, metavar="N",
                        help="games running at once from one address (an IPv6 /64); "
                             "behind a proxy every tab comes from the proxy (default 3)")
    parser.add_argument("--data-dir", type=Path, default=None, metavar="DIR",
                        help="where browser players' saves go "
                             "(default: $INKTERM_HOME, else inkterm's user data directory)")
    parser.add_argument("--child", default=None, metavar="COMMAND",
                        help="command each tab runs (default: this inkterm; "
                             "also $INKTERM_SERVE_CHILD)")


#: The page each tab loads (in place of textual-serve's, which fetches its font
#: from Google): everything it needs is served from here.
TEMPLATES = Path(__file__).resolve().parent.parent / "assets" / "web"

#: How long a tab's app has to quit (and save) once its socket closes before it
#: is hung up on.
QUIT_GRACE = 2.0

#: Input queued for an app that is not reading it: beyond this, keys are dropped
#: rather than blocking the tab (which would then never notice its socket close).
MAX_PENDING_INPUT = 1 << 20


def _origin(url: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of a URL or Origin header; None if it has no host."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    return parts.scheme, parts.hostname, port or (443 if parts.scheme == "https" else 80)


def _address(host: str) -> str | None:
    """An IP address or localhost (a name no DNS answer can point elsewhere), with
    every loopback spelling made one; None for any other name."""
    import ipaddress

    if host == "localhost":
        return "loopback"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return None
    return "loopback" if address.is_loopback else address.compressed


def origin_allowed(origin: str | None, host_header: str | None, public_url: str) -> bool:
    """May a WebSocket opened by a page from ``origin`` drive the table?

    Yes from the page this server serves: the ``--public-url`` origin, or the
    address the request came to (``Host``) when that is an IP address or
    localhost. A host *name* must be named with ``--public-url``, since a foreign
    page can point its own name at this server (DNS rebinding); localhost and
    127.0.0.1 count as one. No Origin at all is not a browser (browsers always
    send one), so it cannot be a foreign page.
    """
    if origin is None:
        return True
    seen = _origin(origin)
    if seen is None:
        return False
    if seen == _origin(public_url):
        return True
    served = _origin(f"http://{host_header}")
    if seen[0] != "http" or served is None or seen[2] != served[2]:
        return False
    address = _address(seen[1])
    return address is not None and address == _address(served[1])


def person_cookie(value: str | None) -> str | None:
    """The person cookie's value if it is one this door could have made."""
    import re

    return value if value and re.fullmatch(r"[A-Za-z0-9_-]{32,64}", value) else None


def make_server(
    argv: list[str],
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    public_url: str | None = None,
    max_sessions: int = 8,
    per_address: int = 3,
    tables=None,
    env: dict[str, str] | None = None,
):
    """A textual-serve ``Server`` that runs ``argv`` per tab, at most
    ``max_sessions`` at once and ``per_address`` from one address, only for pages
    it served itself. With ``tables`` (the SSH server's TableService) each browser
    may sit at the shared tables under a name it chooses once; ``env`` is added to
    each tab's environment."""
    import asyncio
    import json
    import logging
    import secrets
    import shlex

    import aiohttp_jinja2
    import jinja2
    from aiohttp import web as aioweb
    from textual_serve.app_service import AppService
    from textual_serve.server import Server, to_int

    from inkterm.tables.people import address_key, web_person

    from inkterm import i18n
    from inkterm.session_env import (GUEST_ENV, LANG_ENV, SERVED_ENV, TABLES_SOCKET_ENV,
                                     TABLES_TOKEN_ENV, USER_ENV)

    from .common import SERVER_LOCALE_ENV, cap_size, die_with_parent, end_process, resolve_argv

    SESSION_ENV = (USER_ENV, GUEST_ENV, SERVED_ENV, TABLES_SOCKET_ENV, TABLES_TOKEN_ENV, LANG_ENV,
                   "SSH_AUTH_SOCK", "SSH_AGENT_PID", *SERVER_LOCALE_ENV)

    log = logging.getLogger("inkterm.serve.web")

    def browser_language(request) -> str:
        return i18n.from_accept_language(request.headers.get("Accept-Language")) or i18n.DEFAULT

    async def page_words(request) -> dict:
        """The page's own words (``page`` in the template), in the browser's language."""
        lang = browser_language(request)
        tr = i18n.catalog(lang)
        return {"page": {"lang": lang, "ended": tr.gettext(SESSION_ENDED), "restart": tr.gettext(RESTART)}}
    command = resolve_argv(argv)

    class TabApp(AppService):
        """One tab's app: in its own process group, never told a size beyond the
        cap, and ended for certain when the tab goes."""

        tables_token: str | None = None
        person: str | None = None  # who the browser is at the tables (its cookie's)
        address = "?"
        lang = i18n.DEFAULT  # the language the browser asks pages in

        def _tab_environment(self, width: int, height: int) -> dict[str, str]:
            tab = self._build_environment(*cap_size(width, height))
            for key in SESSION_ENV:  # the server's own session, if it had one
                tab.pop(key, None)
            tab.update(env or {})
            # The tab reads the browser's language, not the host's locale, nor the
            # Language setting one browser player saved in the folder all share.
            tab.update({"LANG": "C.UTF-8", LANG_ENV: self.lang})
            if tables is not None:  # a pass to the tables; the tab names itself there
                self.tables_token = tables.issue_token(None, person=self.person,
                                                       address=self.address)
                tab.update({SERVED_ENV: "web", TABLES_SOCKET_ENV: str(tables.path),
                            TABLES_TOKEN_ENV: self.tables_token})
            return tab

        async def _open_app_process(self, width: int = 80, height: int = 24):
            self._process = await asyncio.create_subprocess_exec(
                *command,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env=self._tab_environment(width, height),
                start_new_session=True,
                preexec_fn=die_with_parent,  # a tab's app must not outlive a killed server
            )
            self._stdin = self._process.stdin
            return self._process

        def _send(self, packet: bytes) -> bool:
            """Queue a packet for the app without waiting for it to be read
            (textual-serve waits, so a stuck app stalled the whole tab)."""
            stdin = self._stdin
            if stdin is None or stdin.is_closing():
                return False
            if stdin.transport.get_write_buffer_size() > MAX_PENDING_INPUT:
                return False
            stdin.write(packet)
            return True

        async def send_bytes(self, data: bytes) -> bool:
            return self._send(self.encode_packet(b"D", data))

        async def send_meta(self, data: dict) -> bool:
            return self._send(self.encode_packet(b"M", json.dumps(data).encode("utf-8")))

        async def set_terminal_size(self, width, height) -> None:
            try:
                size = cap_size(width, height)
            except (TypeError, ValueError):
                return
            await super().set_terminal_size(*size)

        async def stop(self) -> None:
            """Ask the app to quit; hang up on it if it has not within QUIT_GRACE."""
            if self.tables_token is not None:
                tables.revoke_token(self.tables_token)
                self.tables_token = None
            task, self._task = self._task, None
            if task is None:
                return
            await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
            await self.send_meta({"type": "quit"})
            process = self._process
            assert process is not None  # a task runs only while its process does
            # asyncio.timeout, not wait_for (which in Python 3.11 can swallow this
            # task's cancellation: see PtyChild.terminate).
            try:
                async with asyncio.timeout(QUIT_GRACE):
                    await asyncio.shield(process.wait())
            except TimeoutError:
                log.warning("app %d did not quit when its tab closed; ending it", process.pid)
                await end_process(process, grace=1.0)
            try:
                async with asyncio.timeout(QUIT_GRACE):
                    await task  # its output, to the end
            except TimeoutError:
                pass

    class InktermWebServer(Server):
        def __init__(self) -> None:
            super().__init__(
                shlex.join(command), host=host, port=port, title="inkterm",
                public_url=public_url, templates_path=TEMPLATES,
            )
            self.max_sessions = max_sessions
            self.per_address = per_address
            self.active = 0
            self.by_address: dict[str, int] = {}

        async def _make_app(self) -> aioweb.Application:
            """textual-serve's routes, but its static folder is not listed."""
            app = aioweb.Application()
            aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path),
                                 context_processors=[page_words])
            app.add_routes([
                aioweb.get("/", self.handle_index, name="index"),
                aioweb.get("/ws", self.handle_websocket, name="websocket"),
                aioweb.get("/download/{key}", self.handle_download, name="download"),
                aioweb.static("/static", self.statics_path, show_index=False, name="static"),
            ])
            app.on_startup.append(self.on_startup)
            app.on_shutdown.append(self.on_shutdown)
            return app

        async def handle_index(self, request):
            """The page, in the browser's language, and the browser's person cookie (a
            new one if it has none), renewed for another PERSON_DAYS."""
            response = await super().handle_index(request)
            value = person_cookie(request.cookies.get(PERSON_COOKIE)) or secrets.token_urlsafe(32)
            response.set_cookie(PERSON_COOKIE, value, max_age=PERSON_DAYS * 86400, path="/",
                                httponly=True, samesite="Strict",
                                secure=self.public_url.startswith("https:"))
            return response

        async def _refuse(self, request, message):
            """Say ``message`` in the tab's terminal, in the browser's language, and close."""
            ws = aioweb.WebSocketResponse()
            await ws.prepare(request)
            said = message.render(browser_language(request))
            await ws.send_bytes(f"\r\n{said}\r\n".encode())
            await ws.close()
            return ws

        async def handle_websocket(self, request):
            origin = request.headers.get("Origin")
            if not origin_allowed(origin, request.host, self.public_url):
                log.warning("refused a connection from a page at %r", origin)
                raise aioweb.HTTPForbidden(text="inkterm: only this table's own page may connect\n")
            group = address_key(request.remote or "?")
            if self.by_address.get(group, 0) >= self.per_address:
                log.warning("%s has %d tabs playing already", group, self.per_address)
                return await self._refuse(request, address_full(self.per_address))
            if self.active >= self.max_sessions:
                log.warning("session limit (%d) reached", self.max_sessions)
                return await self._refuse(request, table_full())
            self.active += 1
            self.by_address[group] = self.by_address.get(group, 0) + 1
            try:
                return await self._run_tab(request, group)
            finally:
                self.active -= 1
                self.by_address[group] -= 1
                if not self.by_address[group]:
                    del self.by_address[group]

        async def _run_tab(self, request, group: str):
            """The tab's app, from its socket's opening to its close."""
            websocket = aioweb.WebSocketResponse(heartbeat=15)
            width = to_int(request.query.get("width", "80"), 80)
            height = to_int(request.query.get("height", "24"), 24)
            await websocket.prepare(request)
            app = TabApp(
                shlex.join(command),
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                # textual-serve types close() as returning None; aiohttp's says
                # whether it closed, which nobody reads.
                close=websocket.close,  # type: ignore[arg-type]
                download_manager=self.download_manager,
                debug=self.debug,
            )
            app.person = web_person(person_cookie(request.cookies.get(PERSON_COOKIE)))
            app.lang = browser_language(request)
            app.address = group
            try:
                await app.start(*cap_size(width, height))
                await self._process_messages(websocket, app)
            except Exception as error:  # a bad message or a failed start ends the tab
                log.warning("tab ended: %s", error)
            finally:
                await app.stop()
                await websocket.close()
            return websocket

        async def on_startup(self, app) -> None:
            print(f"inkterm: serving in the browser at {self.public_url}", file=sys.stderr,
                  flush=True)

    return InktermWebServer()


async def serve_beside(tables, *, host: str, port: int, data_dir: Path, argv: list[str],
                       max_sessions: int, per_address: int = 3):
    """The browser door inside the SSH server's process and event loop, at the
    same tables (``inkterm serve ssh --web-port``). Returns the aiohttp runner,
    for ``await runner.cleanup()`` at the end."""
    from aiohttp import web as aioweb

    from .common import package_root, user_home

    env = {"INKTERM_HOME": str(user_home(data_dir, "web", "browser")),
           "PYTHONPATH": package_root() + (os.pathsep + os.environ["PYTHONPATH"]
                                           if os.environ.get("PYTHONPATH") else "")}
    server = make_server(argv, host=host, port=port, max_sessions=max_sessions,
                         per_address=per_address, tables=tables, env=env)
    runner = aioweb.AppRunner(await server._make_app(), handle_signals=False)
    await runner.setup()
    await aioweb.TCPSite(runner, host, port).start()
    return runner


def run_from_args(args: argparse.Namespace) -> int:
    """Serve until Ctrl+C / SIGTERM. Returns an exit status."""
    try:
        import textual_serve  # noqa: F401
    except ImportError:
        print("inkterm serve web needs textual-serve: pip install 'inkterm[serve]'",
              file=sys.stderr)
        return 2
    from .common import data_dir, package_root, parse_child, user_home

    if args.max_sessions < 1 or args.sessions_per_address < 1:
        raise SystemExit("inkterm serve web: --max-sessions and --sessions-per-address "
                         "must be at least 1")
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
        per_address=args.sessions_per_address,
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
