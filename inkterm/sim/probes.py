"""The probe table: every game's probes (simple strategies a new player might try,
``inkterm/bots/probe.py``) against the bots, at every player count, and alone
against each of the game's difficulties where a game has a solo mode:

    python -m inkterm.sim.probes [GAME ...] --games 100 --search-games 10 --search normal \
        --search-counts 2 --seed 9000

One probe seat plays against greedy (and against search) in every other seat; the
seats rotate round the table from game to game. Each row is one
``inkterm simulate`` run, printed with the command that reproduces it. No probe may
win more than ``LIMIT`` of its games against greedy at any count; alone, a probe is
held to ``SOLO_LIMIT`` against the game's default difficulty, where greedy wins
about half.
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass

from inkterm.bots.levels import LEVELS

from .cli import run

LIMIT = 0.55  # a probe's most against greedy, at any count
SOLO_LIMIT = 0.30  # alone, against the default difficulty (greedy: about 0.5)


@dataclass(frozen=True)
class Cell:
    game: str
    probe: str
    seats: tuple[str, ...]
    games: int
    seed: int
    options: tuple[tuple[str, str], ...] = ()

    def command(self) -> str:
        opts = "".join(f" --option {k}={v}" for k, v in self.options)
        return f"inkterm simulate {self.game} --games {self.games} --seats {','.join(self.seats)} --seed {self.seed}{opts}"


def cells(game: str, games: int, search_games: int, seed: int, search: str = "search",
          search_counts: tuple[int, ...] | None = None, counts: tuple[int, ...] | None = None) -> list[Cell]:
    """Every row of ``game``'s table: each probe against greedy (``games`` games) at
    each count from two seats up and against ``search`` (``search_games``) at the
    counts in ``search_counts`` (default: every count), and alone against each
    difficulty when the game takes one seat (greedy and search too, the yardsticks);
    only the player counts in ``counts`` where given (1: alone). A row of no games is
    left out, so the rows against search may run apart from the others (``--games 0``)."""
    from inkterm.bots import probes
    from inkterm.engine import GAMES

    spec = GAMES[game]
    names = list(probes(game))
    out = []
    for n in range(max(2, spec.min_players), spec.max_players + 1):
        if counts is not None and n not in counts:
            continue
        for probe in names:
            out.append(Cell(game, probe, (probe, *["greedy"] * (n - 1)), games, seed))
            if search_games and (search_counts is None or n in search_counts):
                out.append(Cell(game, probe, (probe, *[search] * (n - 1)), search_games, seed))
    if spec.min_players == 1 and (counts is None or 1 in counts):
        solo = next((o for o in spec.options if o.choices and o.name == "difficulty"), None)
        for level in (solo.choices if solo else (None,)):
            opts = (("difficulty", str(level)),) if level is not None else ()
            for who in [*names, "greedy"] + ([search] if search_games else []):
                n = search_games if who == search else games
                out.append(Cell(game, who, (who,), n, seed, opts))
    return [c for c in out if c.games > 0]  # (--games 0: the rows against search alone)


def play(cell: Cell, jobs: int | None) -> dict:
    res = run(cell.game, list(cell.seats), cell.games, cell.seed, jobs, options=dict(cell.options) or None,
              show_progress=sys.stderr.isatty())
    lo, hi = res["win_ci95"][0]
    return {"game": cell.game, "probe": cell.probe, "seats": list(cell.seats), "games": cell.games,
            "seed": cell.seed, "options": dict(cell.options), "win_rate": res["win_rate"][0],
            "ci95": [lo, hi], "mean_score": res["mean_score"], "seconds": res["seconds"],
            "command": cell.command()}


def verdict(row: dict) -> str:
    """Whether the row keeps to its goal ("ok", "over") or has none ("")."""
    against = row["seats"][1] if len(row["seats"]) > 1 else None
    if row["probe"] in ("greedy", "search", *LEVELS) or (against is not None and against != "greedy"):
        return ""
    if against is None:
        default = row["options"].get("difficulty")
        if default is None or default != _default_difficulty(row["game"]):
            return ""
        return "over" if row["win_rate"] > SOLO_LIMIT else "ok"
    return "over" if row["win_rate"] > LIMIT else "ok"


def _default_difficulty(game: str) -> str | None:
    from inkterm.engine import GAMES

    opt = next((o for o in GAMES[game].options if o.name == "difficulty"), None)
    return None if opt is None else str(opt.default)


def markdown(rows: list[dict]) -> str:
    from inkterm.bots import probes
    from inkterm.bots.probe import probe_text

    out = ["| game | probe | seats | against | games | probe's win rate (95% interval) | fair | goal | time | command |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        n = len(r["seats"])
        against = r["seats"][1] if n > 1 else f"the {r['options'].get('difficulty', 'solo')} Rival"
        fair = f"{100 / n:.0f}%" if n > 1 else "—"
        v = verdict(r)
        goal = {"ok": "✓", "over": "**over**", "": ""}[v]
        win = f"{100 * r['win_rate']:.1f}% ({100 * r['ci95'][0]:.0f}–{100 * r['ci95'][1]:.0f})"
        out.append(f"| {r['game']} | {r['probe']} | {n} | {against} | {r['games']} | {win} | {fair} | {goal} | "
                   f"{r['seconds'] / 60:.1f} min | `{r['command']}` |")
    games = sorted({r["game"] for r in rows})
    out += ["", "The probes:", ""]
    for g in games:
        for name, fn in probes(g).items():
            out.append(f"- {g} `{name}`: {probe_text(fn)}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    from inkterm.engine import GAMES

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("games_", nargs="*", metavar="GAME", help="the games (default: every game)")
    p.add_argument("--games", type=int, default=200, help="games a row against greedy (and alone; 0: none)")
    p.add_argument("--search-games", type=int, default=10, help="games a row against search (0: none)")
    p.add_argument("--search", default="search", help="the search spec (default search: the hard level)")
    p.add_argument("--search-counts", default=None, metavar="N,N",
                   help="the player counts with rows against search (default: every count)")
    p.add_argument("--counts", default=None, metavar="N,N",
                   help="only these player counts (1: alone; default: every count)")
    p.add_argument("--seed", type=int, default=9000)
    p.add_argument("--jobs", type=int, default=None)
    p.add_argument("--json-out", help="also save the rows here, one JSON object a line, as they come")
    args = p.parse_args(argv)
    rows = []
    for game in args.games_ or list(GAMES):
        counts = tuple(int(x) for x in args.search_counts.split(",")) if args.search_counts else None
        only = tuple(int(x) for x in args.counts.split(",")) if args.counts else None
        for cell in cells(game, args.games, args.search_games, args.seed, args.search, counts, only):
            rows.append(play(cell, args.jobs))
            if args.json_out:
                with open(args.json_out, "a", encoding="utf-8") as f:
                    f.write(json.dumps(rows[-1], ensure_ascii=False) + "\n")
    print(markdown(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
