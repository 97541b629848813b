"""Balance tables for a game's designed content, as Markdown, from simulated games:
``python -m inkterm.sim.balance kiln --games 200 --seats-counts 2,3,4 [--bot greedy]``,
or with ``--give A8,A2`` the experiments' table (one row per item and count), or with
``--dealt`` (and ``--give-each``) the randomized-deal table: every dealt item's effect
in every count, from the same games (``--from-json`` rebuilds it from saved runs).

For each player count it plays bot-vs-same-bot games and reports the win rate of each
table position (with a 95% interval), mean scores, and every card whose win-rate lift
(win rate of seat-games that played it minus those that did not) is over the
threshold, with the lift's own standard error.
"""
from __future__ import annotations

import argparse
import json
import math
import sys

from .cli import _names, dealt_command, run, run_dealt
from .stats import merge_dealt


def lift_se(card: dict, games: int, seats: int) -> float:
    n1 = card["picks"]
    n2 = games * seats - n1
    p1 = card["win_rate"]
    p2 = p1 - card["lift"]
    if n1 < 2 or n2 < 2:
        return float("inf")
    return math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)


def markdown(results: list[dict], threshold: float = 0.10) -> str:
    out = []
    names = _names(results[0]["game"]) if results else {}
    out.append("| seats | games | win rate by position (95% interval) | mean score by position | length (choices) |")
    out.append("|---|---|---|---|---|")
    for r in results:
        wr = ", ".join(f"{100 * w:.1f}% ({100 * lo:.0f}–{100 * hi:.0f})"
                       for w, (lo, hi) in zip(r["position_win_rate"], r["win_ci95"]))
        ms = ", ".join(f"{m:.1f}" for m in r["mean_score"])
        out.append(f"| {len(r['seats'])} | {r['games']} | {wr} | {ms} | {r['length']['mean']:.0f} |")
    out.append("")
    for r in results:
        n = len(r["seats"])
        rows = [(cid, c) for cid, c in r["per_card"].items() if abs(c["lift"]) > threshold]
        rows.sort(key=lambda kv: -kv[1]["lift"])
        out.append(f"**{n} seats** — cards with |lift| > {100 * threshold:.0f} points "
                   f"({len(rows)} of {len(r['per_card'])}):")
        out.append("")
        out.append("| card | name | played in | win rate when played | lift (± 1 s.e.) |")
        out.append("|---|---|---|---|---|")
        for cid, c in rows:
            se = lift_se(c, r["games"], n)
            out.append(f"| {cid} | {names.get(cid, '')} | {100 * c['pick_rate']:.0f}% | "
                       f"{100 * c['win_rate']:.1f}% | {100 * c['lift']:+.1f} (± {100 * se:.1f}) |")
        out.append("")
    out.extend(_side_by_side(results, threshold, names))
    return "\n".join(out)


def _side_by_side(results: list[dict], threshold: float, names: dict[str, str]) -> list[str]:
    """Every card over the threshold in at least one count, one row across the counts:
    a card strong in one count only is noise or a count effect, in all of them a card."""
    over = {cid for r in results for cid, c in r["per_card"].items() if abs(c["lift"]) > threshold}
    if len(results) < 2 or not over:
        return []
    def peak(cid):
        return max((r["per_card"][cid]["lift"] for r in results if cid in r["per_card"]), key=abs)
    counts = [len(r["seats"]) for r in results]
    out = [f"**Every card over {100 * threshold:.0f} points in at least one count**, side by side:", "",
           "| card | name | " + " | ".join(f"{n} seats: pick rate, lift (± s.e.)" for n in counts) + " |",
           "|---|---|" + "---|" * len(counts)]
    for cid in sorted(over, key=lambda c: -peak(c)):
        cells = []
        for r in results:
            c = r["per_card"].get(cid)
            cells.append("—" if c is None else f"{100 * c['pick_rate']:.0f}%, {100 * c['lift']:+.1f} "
                         f"(± {100 * lift_se(c, r['games'], len(r['seats'])):.1f})")
        out.append(f"| {cid} | {names.get(cid, '')} | " + " | ".join(cells) + " |")
    out.append("")
    return out


def effect_markdown(results: list[dict]) -> str:
    """One row per experiment (``cli.run_experiment``): the causal effect with its 95%
    interval beside the observational lift, and the command that reproduces the row."""
    names = {g: _names(g) for g in {r["game"] for r in results}}
    out = ["| item | name | seats | pairs | win rate: dealt it / another (fair) | effect, 95% interval "
           "| played when dealt | observational lift | time | command |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        lo, hi = r["effect_ci95"]
        lift = "—" if r["observed_lift"] is None else f"{100 * r['observed_lift']:+.1f}"
        n = len(r["seats"])
        played = "—" if r.get("played_when_dealt") is None else f"{100 * r['played_when_dealt']:.0f}%"
        cmd = (f"`inkterm simulate {r['game']} --give {r['item']} --games {r['pairs']} "
               f"--seats {','.join(r['seats'])} --seed {r['seed']}`")
        out.append(f"| {r['item']} | {names[r['game']].get(r['item'], '')} | {n} | {r['pairs']} | "
                   f"{100 * r['win_rate_with']:.1f}% / {100 * r['win_rate_without']:.1f}% ({100 / n:.0f}%) | "
                   f"**{100 * r['effect']:+.1f}** ({100 * lo:+.1f} to {100 * hi:+.1f}) | {played} | {lift} | "
                   f"{r['seconds'] / 60:.1f} min | {cmd} |")
    return "\n".join(out)


def _played(row: dict) -> str:
    """How often the holders played the item, and how the rest fared, where some never did."""
    played = row.get("played")
    if played is None or played >= 1:
        return ""
    idle = row.get("win_rate_unplayed")
    return f"; played {100 * played:.0f}%" + ("" if idle is None else f", unplayed wins {100 * idle:.0f}%")


def dealt_markdown(results: list[dict], limit: float = 0.10) -> str:
    """The randomized-deal runs (``cli.run_dealt``) of one game, one per player count:
    a row per item with its effect (and 95% interval; holders; how often they played
    it and how the others fared) in every count, the items out of ``limit`` in bold, then the seats' win rates by position and each run's
    command and time."""
    results = sorted(results, key=lambda r: r["seats"])
    names = _names(results[0]["game"]) if results else {}
    items = sorted({i for r in results for i in r["items"]},
                   key=lambda i: -max(abs(r["items"][i]["effect"]) for r in results if i in r["items"]))
    head = " | ".join(f"{r['seats']} seats ({r['games']} games)" for r in results)
    out = [f"| item | name | {head} |", "|---|---|" + "---|" * len(results)]
    for item in items:
        cells = []
        for r in results:
            row = r["items"].get(item)
            if row is None:
                cells.append("—")
                continue
            lo, hi = row["effect_ci95"]
            e = f"{100 * row['effect']:+.1f}"
            cells.append(f"{'**' + e + '**' if abs(row['effect']) > limit else e} "
                         f"({100 * lo:+.0f} to {100 * hi:+.0f}; {row['holders']}){_played(row)}")
        out.append(f"| {item} | {names.get(item, '')} | {' | '.join(cells)} |")
    out += ["", "| seats | win rate by position (95% interval) | time | command |", "|---|---|---|---|"]
    for r in results:
        wr = ", ".join(f"{100 * w:.1f}% ({100 * lo:.0f}–{100 * hi:.0f})"
                       for w, (lo, hi) in zip(r["position_win_rate"], r["position_ci95"]))
        out.append(f"| {r['seats']} | {wr} | {r['seconds'] / 60:.1f} min | `{dealt_command(r)}` |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("game")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seats-counts", default="2,3,4")
    p.add_argument("--bot", default="greedy")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=None)
    p.add_argument("--json-out", help="also save the raw results here")
    p.add_argument("--give", help="comma-separated items: run the paired experiment on each instead")
    p.add_argument("--dealt", action="store_true", help="the randomized-deal experiment on every dealt item")
    p.add_argument("--give-each", action="store_true",
                   help="with --dealt: every seat also starts with its own undealt item (Inkwell: a technique)")
    p.add_argument("--from-json", metavar="FILE,...",
                   help="with --dealt: build the table from saved `inkterm simulate --dealt --json` "
                        "output, one file per count (A.json+B.json: one run saved in parts, "
                        "on consecutive seeds)")
    args = p.parse_args(argv)
    results = []
    if args.dealt:
        if args.from_json:
            for group in args.from_json.split(","):
                results.append(_load_runs(group.split("+")))
        else:
            for n in (int(x) for x in args.seats_counts.split(",")):
                results.append(run_dealt(args.game, [args.bot] * n, args.games, args.seed, args.jobs,
                                         give_each=args.give_each, show_progress=sys.stderr.isatty()))
            _save(results, args.json_out)
        print(dealt_markdown(results))
        return 0
    if args.give:
        from .cli import run_experiment

        for n in (int(x) for x in args.seats_counts.split(",")):
            for item in args.give.split(","):
                results.append(run_experiment(args.game, [args.bot] * n, item.strip(), args.games,
                                              args.seed, args.jobs, show_progress=sys.stderr.isatty()))
        _save(results, args.json_out)
        print(effect_markdown(results))
        return 0
    for n in (int(x) for x in args.seats_counts.split(",")):
        results.append(run(args.game, [args.bot] * n, args.games, args.seed, args.jobs,
                           show_progress=sys.stderr.isatty()))
    _save(results, args.json_out)
    print(markdown(results))
    return 0


def _load_runs(paths: list[str]) -> dict:
    """One saved ``--dealt --json`` run, or several on consecutive seeds merged."""
    runs = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            runs.append(json.load(f))
    return runs[0] if len(runs) == 1 else merge_dealt(runs)


def _save(results: list[dict], path: str | None) -> None:
    if path:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(results, f, ensure_ascii=False)


if __name__ == "__main__":
    sys.exit(main())
