"""What each served session runs (``python -m inkterm.serve.session``): the inkterm
app, as ``python -m inkterm`` would start it, minus what no session uses.

A session talks to its door over a pty and to the tables over a Unix socket: it
never speaks TLS and hashes only with SHA-256, which Python has built in. Yet
asyncio imports ``ssl`` and hashlib ``_hashlib`` whenever they are there, which
maps OpenSSL (libcrypto and libssl) into every session: some 4.5 MiB of its
resident memory, once per player (benchmarks.table_latency). Marked absent
before anything imports them, asyncio runs without TLS and hashlib uses its
built-in SHA-256, as they do on a Python built without OpenSSL.
"""
from __future__ import annotations

import sys

#: Modules a session never needs, whose import maps OpenSSL into the process.
NOT_IN_A_SESSION = ("ssl", "_ssl", "_hashlib")


def without_openssl() -> None:
    for name in NOT_IN_A_SESSION:
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]  # None: "not there"


if __name__ == "__main__":
    without_openssl()
    from inkterm.cli import main

    raise SystemExit(main())
