"""``inkterm simulate GAME --games N --seats SPEC,SPEC,... [--seed S] [--json]``, and
with ``--give ITEM`` an experiment: N pairs of games, the same seat holding ITEM or a
random other item of its kind, which gives the item's causal effect on a win. With
``--dealt`` the rules' own random deal is the experiment: N games measure every dealt
item at once (and ``--give-each`` also starts every seat with its own random item of
those the rules do not deal, such as Inkwell's techniques).

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
from contextlib import contextmanager


def add_arguments(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
    p.add_argument("game", help="which game, e.g. kiln")
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--seats", default="greedy,random",
                   help="comma-separated bot specs: easy, normal, hard, random, greedy, search, search:N, "
                        "or one of the game's probes (see --probes) (default greedy,random)")
    p.add_argument("--probes", action="store_true",
                   help="list the game's probes (simple scripted strategies, played as seats) and stop")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game; game i uses seed+i (default 0)")
    p.add_argument("--jobs", type=int, default=None, help="worker processes (default: every core)")
    p.add_argument("--no-rotate", action="store_true",
                   help="keep each spec in its seat (by default different specs rotate round the table)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    p.add_argument("--give", metavar="ITEM", default=None,
                   help="an experiment: GAMES pairs of games in which a random seat is dealt ITEM "
                        "(a card, technique, workspace or book card id) or a random other item of its kind")
    p.add_argument("--dealt", action="store_true",
                   help="an experiment on every dealt item at once: the win rate of the seats the "
                        "random deal gave each item, against fair")
    p.add_argument("--give-each", action="store_true",
                   help="with --dealt: every seat also starts with its own random item of those the "
                        "rules do not deal (Inkwell: a technique on its workspace)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    return p


class SimError(ValueError):
    pass


def _check(args) -> tuple[list[str], dict]:
    from inkterm.bots import BOT_FORMS, check_probe, is_bot
    from inkterm.engine import GAMES

    if args.game not in GAMES:
        raise SimError(f"unknown game {args.game!r}; known: {', '.join(sorted(GAMES))}")
    spec = GAMES[args.game]
    seats = [s.strip() for s in args.seats.split(",")]
    bad = [s for s in seats if not is_bot(s)]
    if bad:
        raise SimError(f"not a bot spec: {', '.join(bad)}; the bots are {BOT_FORMS}")
    for s in seats:
        try:
            check_probe(s, args.game)
        except ValueError as exc:
            raise SimError(f"{spec.title}: {exc}") from None
    if not spec.min_players <= len(seats) <= spec.max_players:
        raise SimError(f"{spec.title} takes {spec.min_players}–{spec.max_players} seats, not {len(seats)}")
    if args.games < 1:
        raise SimError("--games must be at least 1")
    if args.jobs is not None and args.jobs < 1:
        raise SimError("--jobs must be at least 1")
    if getattr(args, "give", None) is not None:
        pools = spec.state_class().give_pools()
        if not any(args.give in pool for pool in pools):
            known = ", ".join(x for pool in pools for x in pool) or "none"
            raise SimError(f"{spec.title} cannot give {args.give!r}; the items are: {known}")
    if getattr(args, "dealt", False):
        if args.give is not None:
            raise SimError("--dealt measures every dealt item; it does not take --give")
        if len(seats) < 2:
            raise SimError("--dealt compares seats with one another: it needs two seats or more")
        if not spec.state_class().give_pools():
            raise SimError(f"{spec.title} deals nothing an experiment can measure")
        if args.give_each and not spec.state_class().undealt_pool():
            raise SimError(f"{spec.title} has no undealt items for --give-each")
    elif getattr(args, "give_each", False):
        raise SimError("--give-each goes with --dealt")
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
    with progress_bar(f"{game}: {','.join(seats)}", games, show_progress, console) as advance:
        results = simulate(game, seats, games, seed, jobs, rotate, options, progress=advance)
    out = summarize(game, seats, results)
    out["seed"] = seed
    out["seconds"] = round(time.perf_counter() - start, 2)
    out["jobs"] = jobs or os.cpu_count() or 1
    return out


def run_experiment(game: str, seats: list[str], item: str, games: int, seed: int = 0,
                   jobs: int | None = None, options: dict | None = None,
                   show_progress: bool = True, console=None) -> dict:
    """``games`` pairs of games (see ``runner.experiment``) and the item's effect."""
    from .runner import experiment
    from .stats import paired_effect

    start = time.perf_counter()
    with progress_bar(f"{game} --give {item}: {len(seats)} seats", 2 * games, show_progress,
                      console) as advance:
        chosen, treated, control = experiment(game, seats, item, games, seed, jobs, options, advance)
    out = paired_effect(item, chosen, treated, control)
    out.update(game=game, seats=list(seats), seed=seed, fair=1 / len(seats),
               seconds=round(time.perf_counter() - start, 2), jobs=jobs or os.cpu_count() or 1)
    return out


def run_dealt(game: str, seats: list[str], games: int, seed: int = 0, jobs: int | None = None,
              options: dict | None = None, give_each: bool = False, show_progress: bool = True,
              console=None) -> dict:
    """``games`` games with the rules' random deal (``runner.deal_trial``) and what
    every dealt item does (``stats.dealt_effects``)."""
    from .runner import deal_trial
    from .stats import dealt_effects

    start = time.perf_counter()
    title = f"{game} --dealt{' --give-each' if give_each else ''}: {len(seats)} seats"
    with progress_bar(title, games, show_progress, console) as advance:
        results = deal_trial(game, seats, games, seed, jobs, options, give_each, advance)
    out = dealt_effects(results)
    out.update(game=game, specs=list(seats), seed=seed, give_each=give_each,
               seconds=round(time.perf_counter() - start, 2), jobs=jobs or os.cpu_count() or 1)
    return out


def dealt_command(res: dict) -> str:
    return (f"inkterm simulate {res['game']} --dealt{' --give-each' if res['give_each'] else ''} "
            f"--games {res['games']} --seats {','.join(res['specs'])} --seed {res['seed']}")


def print_dealt(res: dict, console=None) -> None:
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    names = _names(res["game"])
    t = Table(title=f"{dealt_command(res)} ({res['seconds']} s): each item's effect on its "
                    f"holder's win rate, against fair {100 * res['fair']:.0f}%")
    for col in ("item", "name", "holders", "win rate", "effect", "95% interval", "played",
                "unplayed win rate"):
        t.add_column(col, justify="left" if col in ("item", "name") else "right")
    for item, row in sorted(res["items"].items(), key=lambda kv: -kv[1]["effect"]):
        lo, hi = row["effect_ci95"]
        idle = row.get("win_rate_unplayed")
        t.add_row(item, names.get(item, ""), str(row["holders"]), f"{100 * row['win_rate']:.1f}%",
                  f"{100 * row['effect']:+.1f}", f"{100 * lo:+.1f} to {100 * hi:+.1f}",
                  f"{100 * row['played']:.0f}%", "—" if idle is None else f"{100 * idle:.1f}%")
    console.print(t)
    seats = ", ".join(f"{p + 1}: {100 * w:.1f}%" for p, w in enumerate(res["position_win_rate"]))
    console.print(f"Win rate by table position: {seats}", highlight=False)


@contextmanager
def progress_bar(title: str, total: int, show: bool, console=None):
    """A Rich progress bar with games/s and time left (yields its ``advance(k)``), or
    nothing at all when ``show`` is false."""
    if not show:
        yield None
        return
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn,
                               TimeRemainingColumn)
    from rich.text import Text

    class GamesPerSecond(ProgressColumn):
        def render(self, task) -> Text:
            return Text(f"{task.speed:.1f} games/s" if task.speed else "… games/s")

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  GamesPerSecond(), TimeRemainingColumn(), console=console, transient=True) as bar:
        task = bar.add_task(title, total=total)
        yield lambda k: bar.advance(task, k)


def _names(game: str) -> dict[str, str]:
    from inkterm.bots.hooks import hooks

    fn = getattr(hooks(game), "card_names", None)
    return fn() if fn else {}


def print_tables(res: dict, console=None) -> None:
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    t = Table(title=f"{res['game']}: {res['games']} games, seed {res['seed']} ({res['seconds']} s)")
    for col in ("seat", "spec", "win rate", "95% interval", "by position", "mean score", "sd", "CPU a move"):
        t.add_column(col, justify="right" if col not in ("spec",) else "left")
    for i, spec in enumerate(res["seats"]):
        lo, hi = res["win_ci95"][i]
        t.add_row(str(i + 1), spec, f"{100 * res['win_rate'][i]:.1f}%", f"{100 * lo:.1f}–{100 * hi:.1f}%",
                  f"{100 * res['position_win_rate'][i]:.1f}%", f"{res['mean_score'][i]:.1f}",
                  f"{res['score_sd'][i]:.1f}", f"{res['cpu_per_move'][i]:.3f} s")
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


def print_effect(res: dict, console=None) -> None:
    from rich.console import Console

    console = console or Console()
    lo, hi = res["effect_ci95"]
    name = _names(res["game"]).get(res["item"], "")
    lift = res["observed_lift"]
    console.print(
        f"{res['game']} {res['item']} {name}: {res['pairs']} pairs of games, {len(res['seats'])} seats, "
        f"seed {res['seed']} ({res['seconds']} s)\n"
        f"  win rate of the seat dealt it {100 * res['win_rate_with']:.1f}%, "
        f"dealt another instead {100 * res['win_rate_without']:.1f}% (fair {100 * res['fair']:.1f}%); "
        f"played by the seat dealt it in {100 * res['played_when_dealt']:.0f}% of games\n"
        f"  effect {100 * res['effect']:+.1f} points (95% interval {100 * lo:+.1f} to {100 * hi:+.1f}); "
        f"observational lift in the control games "
        + ("—" if lift is None else f"{100 * lift:+.1f} points"), highlight=False)


def print_probes(game: str) -> int:
    from inkterm.bots import probes
    from inkterm.bots.probe import probe_text
    from inkterm.engine import GAMES

    if game not in GAMES:
        print(f"inkterm simulate: unknown game {game!r}; known: {', '.join(sorted(GAMES))}", file=sys.stderr)
        return 2
    own = probes(game)
    print(f"{GAMES[game].title}: {len(own)} probes (seat specs; greedy plays what the strategy leaves open)")
    for name, fn in own.items():
        print(f"  {name:<12} {probe_text(fn)}")
    return 0


def run_from_args(args: argparse.Namespace) -> int:
    if getattr(args, "probes", False):
        return print_probes(args.game)
    try:
        seats, options = _check(args)
    except SimError as exc:
        print(f"inkterm simulate: {exc}", file=sys.stderr)
        return 2
    if args.dealt:
        res = run_dealt(args.game, seats, args.games, args.seed, args.jobs, options or None,
                        args.give_each, show_progress=not args.json and sys.stderr.isatty())
        if args.json:
            print(json.dumps(res, ensure_ascii=False))
        else:
            print_dealt(res)
        return 0
    if args.give is not None:
        res = run_experiment(args.game, seats, args.give, args.games, args.seed, args.jobs,
                             options or None, show_progress=not args.json and sys.stderr.isatty())
        if args.json:
            print(json.dumps(res, ensure_ascii=False))
        else:
            print_effect(res)
        return 0
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
