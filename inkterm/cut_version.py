"""Release a game's current content files as its next content version (a maintainer's
step after changing designed numbers; see README, "Changing designed numbers")::

    python -m inkterm.cut_version GAME "what changed"
    python -m inkterm.cut_version            # each game: its versions, released or not

It copies ``inkterm/assets/<game>/<files>`` into ``versions/<n>/`` and adds version n to
the manifest (date, commit, what changed, hash): data only, nothing else to edit."""
from __future__ import annotations

import argparse

from inkterm.engine import GAMES
from inkterm.engine.content_versions import cut, manifest, unreleased


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m inkterm.cut_version", description=__doc__.split("\n\n")[0])
    ap.add_argument("game", nargs="?", choices=sorted(GAMES), help="the game whose files to release")
    ap.add_argument("changes", nargs="?", help="what changed since its newest version, in words")
    args = ap.parse_args(argv)
    if args.game is None:
        for game in GAMES:
            m = manifest(game)
            if m is None:
                print(f"{game}: no content versions")
            else:
                state = "edited since: cut a version" if unreleased(game) else "released"
                print(f"{game}: versions 1 to {m.newest}; current files {state}")
        return 0
    if not args.changes:
        ap.error("say what changed (it goes into the manifest)")
    try:
        number = cut(args.game, args.changes)
    except ValueError as exc:
        print(exc)
        return 1
    print(f"{args.game}: its current content files are version {number} now "
          f"(inkterm/assets/{args.game}/versions/{number}/); commit them with the manifest")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
