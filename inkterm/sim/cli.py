"""``inkterm simulate GAME --games N --seats SPEC,SPEC,... [--seed S] [--json]``.

Wire it into the main parser with ``add_arguments(subparser)`` and dispatch to
``run_from_args(args)``. Importing this module is cheap (the engine and bots load
only when a simulation runs), and nothing here imports Textual.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time


def add_arguments(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
    p.add_argument("game", help="which game, e.g. kiln")
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--seats", default="greedy,random",
                   help="comma-separated bot specs: random, greedy, search or search:N (default greedy,random)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game; game i uses seed+i (default 0)")
    p.add_argument("--jobs", type=int, default=None, help="worker processes (default: every core)")
    p.add_argument("--no-rotate", action="store_true",
                   help="keep each spec in its seat (by default different specs rotate round the table)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    return p


class SimError(ValueError):
    pass


def _check(args) -> tuple[list[str], dict]:
    from inkterm.bots import BOT_FORMS, is_bot
    from inkterm.engine import GAMES

    if args.game not in GAMES:
        raise SimError(f"unknown game {args.game!r}; known: {', '.join(sorted(GAMES))}")
    spec = GAMES[args.game]
    seats = [s.strip() for s in args.seats.split(",")]
    bad = [s for s in seats if not is_bot(s)]
    if bad:
        raise SimError(f"not a bot spec: {', '.join(bad)}; the bots are {BOT_FORMS}")
    if not spec.min_players <= len(seats) <= spec.max_players:
        raise SimError(f"{spec.title} takes {spec.min_players}–{spec.max_players} seats, not {len(seats)}")
    if args.games < 1:
        raise SimError("--games must be at least 1")
    options = {}
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep:
            raise SimError(f"--option wants NAME=VALUE, not {item!r}")
        options[name.strip()] = value.strip()
    return seats, options


def run(game: str, seats: list[str], games: int, seed: int = 0, jobs: int | None = None,
        rotate: bool | None = None, options: dict | None = None, show_progress: bool = True,
        console=None) -> dict:
    from .runner import simulate
    from .stats import summarize

    start = time.perf_counter()
    if show_progress:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=console, transient=True) as bar:
            task = bar.add_task(f"{game}: {','.join(seats)}", total=games)
            results = simulate(game, seats, games, seed, jobs, rotate, options,
                               progress=lambda k: bar.advance(task, k))
    else:
        results = simulate(game, seats, games, seed, jobs, rotate, options)
    out = summarize(game, seats, results)
    out["seed"] = seed
    out["seconds"] = round(time.perf_counter() - start, 2)
    out["jobs"] = jobs or os.cpu_count() or 1
    return out


def _names(game: str) -> dict[str, str]:
    from inkterm.bots.hooks import hooks

    fn = getattr(hooks(game), "card_names", None)
    return fn() if fn else {}


def print_tables(res: dict, console=None) -> None:
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    t = Table(title=f"{res['game']}: {res['games']} games, seed {res['seed']} ({res['seconds']} s)")
    for col in ("seat", "spec", "win rate", "95% interval", "by position", "mean score", "sd"):
        t.add_column(col, justify="right" if col not in ("spec",) else "left")
    for i, spec in enumerate(res["seats"]):
        lo, hi = res["win_ci95"][i]
        t.add_row(str(i + 1), spec, f"{100 * res['win_rate'][i]:.1f}%", f"{100 * lo:.1f}–{100 * hi:.1f}%",
                  f"{100 * res['position_win_rate'][i]:.1f}%", f"{res['mean_score'][i]:.1f}",
                  f"{res['score_sd'][i]:.1f}")
    console.print(t)
    ln = res["length"]
    console.print(f"Game length: {ln['mean']:.0f} ± {ln['sd']:.0f} choices. "
                  "'by position' is the win rate of the table position, whoever sat there.")
    if res["per_card"]:
        names = _names(res["game"])
        c = Table(title="Cards picked (per seat-game) and win-rate lift (win rate when picked − when not)")
        for col in ("card", "name", "picks", "pick rate", "win rate", "lift"):
            c.add_column(col, justify="left" if col in ("card", "name") else "right")
        for cid, row in sorted(res["per_card"].items(), key=lambda kv: -kv[1]["lift"]):
            c.add_row(cid, names.get(cid, ""), str(row["picks"]), f"{100 * row['pick_rate']:.0f}%",
                      f"{100 * row['win_rate']:.1f}%", f"{100 * row['lift']:+.1f}")
        console.print(c)


def run_from_args(args: argparse.Namespace) -> int:
    try:
        seats, options = _check(args)
    except SimError as exc:
        print(f"inkterm simulate: {exc}", file=sys.stderr)
        return 2
    rotate = False if args.no_rotate else None
    res = run(args.game, seats, args.games, args.seed, args.jobs, rotate, options or None,
              show_progress=not args.json and sys.stderr.isatty())
    if args.json:
        print(json.dumps(res, ensure_ascii=False))
    else:
        print_tables(res)
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="inkterm simulate", description="Headless games between bots.")
    add_arguments(p)
    return run_from_args(p.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
