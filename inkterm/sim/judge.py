"""Fit a game's learned judge (``inkterm/bots/learned.py``) on self-play games::

    python -m inkterm.sim.judge GAME [--games N] [--seed S] [--seats greedy,greedy]
                                     [--check M] [--jobs J] [--out FILE]

plays N games (seeds S, S+1 …; the seats rotate as in ``inkterm simulate``), records
at every decision each seat's named parts as the deciding seat sees them (the
game's ``seat_parts`` hook) with its turns left, and fits, for each phase and for the
judging seat and the others apart, weights that predict the seat's final score (least
squares, drawn towards the hand evaluation's weight of one so that a part seldom seen
keeps its sense). It writes ``inkterm/assets/GAME/judge.json`` (or ``--out``). With
``--check M`` it also plays M games on the seeds after the fitted ones and prints how
well each judge predicts their final scores and who wins.
"""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import shlex
from dataclasses import asdict, dataclass
from pathlib import Path

from inkterm.bots import make_bot
from inkterm.bots.hooks import hooks
from inkterm.bots.learned import FILE, Judge, Weights
from inkterm.engine import GAMES, new_game

from .runner import seating

MIN_ROWS = 300  # positions a phase needs for weights of its own; later phases share the last
RIDGE = 0.05  # pull towards the hand weights, per position fitted on


@dataclass(frozen=True)
class Row:
    """One seat's parts at one decision, as the deciding seat saw them."""

    game: int  # the game's seed
    at: int  # the decision's number in its game (the rows of one decision share it)
    phase: int  # the seat's turns left
    own: bool  # the seat is the one deciding (its hand is known)
    parts: tuple[tuple[str, float], ...]
    final: float  # the seat's final score
    margin: float  # its final score minus the best other seat's (its score when solo)
    lead: float  # the same seat's hand-judged lead at the time (``evaluate``), for checks


def play_rows(game: str, specs: list[str], seed: int, slots: list[int]) -> list[Row]:
    """One game between bots (seated as ``inkterm simulate`` seats them), and its rows."""
    h = hooks(game)
    if h.seat_parts is None:
        raise ValueError(f"{game} gives no seat_parts in its bot hooks")
    table = [specs[s] for s in slots]
    state = new_game(game, [f"{spec}#{p + 1}" for p, spec in enumerate(table)], seed=seed)
    bots = [make_bot(spec, seed=seed * 31 + p) for p, spec in enumerate(table)]
    seen: list[tuple[int, int, int, bool, tuple, float]] = []
    at = 0
    while not state.is_over:
        d = state.decision()
        assert d is not None
        for s, (tl, parts) in enumerate(h.seat_parts(state, d.seat)):
            lead = h.evaluate(state, d.seat) if s == d.seat else 0.0
            seen.append((at, s, tl, s == d.seat, tuple(parts), lead))
        state.apply(bots[d.seat].choose(state))
        at += 1
    scores = [float(x) for x in state.scores()]

    def margin(s: int) -> float:
        others = [x for o, x in enumerate(scores) if o != s]
        return scores[s] - max(others) if others else scores[s]

    return [Row(seed, at, tl, own, parts, scores[s], margin(s), lead) for at, s, tl, own, parts, lead in seen]


def _job(args: tuple) -> list[Row]:
    return play_rows(*args)


def collect(game: str, specs: list[str], games: int, seed: int, jobs: int = 1) -> list[Row]:
    rotate = len(set(specs)) > 1
    work = [(game, specs, seed + i, seating(specs, i, rotate)) for i in range(games)]
    if jobs <= 1:
        return [r for w in work for r in _job(w)]
    with mp.get_context("fork").Pool(min(jobs, games)) as pool:
        return [r for rows in pool.map(_job, work, chunksize=1) for r in rows]


def fit_side(rows: list[Row], names: list[str], keep: frozenset[str] = frozenset()) -> dict[int, Weights]:
    """Weights by phase for one side (own or other): phases with fewer than
    ``MIN_ROWS`` positions, and every phase after the first such, share the last
    phase that had enough. The parts in ``keep`` keep weight one (points already
    scored: a fit would weigh them by how often greedy's lead holds, not by what a
    point is worth, and search would then value scoring less than it is)."""
    import numpy as np  # the lab's dependency only (pyproject's "lab" extra)

    counts: dict[int, int] = {}
    for r in rows:
        counts[r.phase] = counts.get(r.phase, 0) + 1
    last = 0
    while counts.get(last + 1, 0) >= MIN_ROWS:
        last += 1
    out: dict[int, Weights] = {}
    for phase in range(last + 1):
        mine = [r for r in rows if min(r.phase, last) == phase]
        free = [n for n in names if n not in keep]
        x = np.array([[dict(r.parts).get(n, 0.0) for n in free] + [1.0] for r in mine], dtype=float)
        y = np.array([r.final - sum(v for n, v in r.parts if n in keep) for r in mine], dtype=float)
        # Ridge towards weight one and no bias: extra rows sqrt(l)·w_i = sqrt(l)·1.
        pull = math.sqrt(RIDGE * max(1, len(mine)))
        k = len(free)
        x = np.vstack([x, np.hstack([pull * np.eye(k), np.zeros((k, 1))])])
        y = np.concatenate([y, np.full(k, pull)])
        w, *_ = np.linalg.lstsq(x, y, rcond=None)
        fitted = dict(zip(free, w[:-1]))
        out[phase] = Weights(bias=round(float(w[-1]), 4),
                             parts={n: round(float(fitted.get(n, 1.0)), 4) for n in names}, rows=len(mine))
    return out


def fit(game: str, rows: list[Row], command: str, games: int, keep: frozenset[str] = frozenset()) -> Judge:
    names = list(dict.fromkeys(n for r in rows for n, _ in r.parts))
    return Judge(game=game, command=command, games=games,
                 own=fit_side([r for r in rows if r.own], names, keep),
                 other=fit_side([r for r in rows if not r.own], names, keep))


def rows_cached(path: Path | None, game: str, specs: list[str], games: int, seed: int, jobs: int) -> list[Row]:
    """The rows of ``games`` games, kept in ``path`` (JSON lines) to refit without replaying."""
    if path is not None and path.exists():
        return [Row(d["game"], d["at"], d["phase"], d["own"], tuple((n, v) for n, v in d["parts"]), d["final"],
                    d["margin"], d["lead"]) for d in map(json.loads, path.read_text().splitlines())]
    rows = collect(game, specs, games, seed, jobs)
    if path is not None:
        path.write_text("".join(json.dumps(asdict(r)) + "\n" for r in rows))
    return rows


def hand_value(r: Row) -> float:
    return sum(x for _, x in r.parts)


def check(judge: Judge, rows: list[Row]) -> dict[str, dict[str, float]]:
    """How well each judge reads held-out games: the root mean square error of its
    predicted final score (every seat, from the deciding seat's view), and how often
    the deciding seat's predicted lead has the sign of its final margin."""
    out: dict[str, dict[str, float]] = {}
    for name, value in (("hand", hand_value), ("learned", lambda r: judge.predict(r.phase, list(r.parts), r.own))):
        err = [(value(r) - r.final) ** 2 for r in rows]
        out[name] = {"rmse": math.sqrt(sum(err) / len(err))}
    # The lead's sign, at each decision: the deciding seat's row against the others'.
    right = {"hand": 0, "learned": 0}
    n = 0
    decisions: dict[tuple[int, int], list[Row]] = {}
    for r in rows:
        decisions.setdefault((r.game, r.at), []).append(r)
    for group in decisions.values():
        own = [r for r in group if r.own]
        if len(own) != 1 or len(group) < 2 or own[0].margin == 0:
            continue
        me = own[0]
        n += 1
        others = [r for r in group if r is not me]
        learned = judge.predict(me.phase, list(me.parts), True) - max(
            judge.predict(r.phase, list(r.parts), False) for r in others)
        right["hand"] += (me.lead > 0) == (me.margin > 0)
        right["learned"] += (learned > 0) == (me.margin > 0)
    for name in right:
        out[name]["winner right"] = right[name] / n if n else float("nan")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m inkterm.sim.judge", description=__doc__.split("\n\n")[0])
    ap.add_argument("game", choices=sorted(GAMES))
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=100_000, help="seed of the first game (keep clear of the measured seeds)")
    ap.add_argument("--seats", default="greedy,greedy", help="the self-play seats (bot specs)")
    ap.add_argument("--check", type=int, default=0, metavar="M", help="held-out games to check the fit on")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--keep", action="append", default=[], metavar="PART",
                    help="a part that keeps weight one (points already scored), repeatable")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--rows", type=Path, default=None, help="keep the played positions here (JSON lines) and "
                    "reuse them when the file exists (a refit without replaying)")
    args = ap.parse_args(argv)
    specs = [s.strip() for s in args.seats.split(",")]
    rows = rows_cached(args.rows, args.game, specs, args.games, args.seed, args.jobs)
    command = (f"python -m inkterm.sim.judge {args.game} --games {args.games} --seed {args.seed} "
               f"--seats {shlex.quote(args.seats)}" + "".join(f" --keep {shlex.quote(k)}" for k in args.keep))
    judge = fit(args.game, rows, command, args.games, frozenset(args.keep))
    out = args.out or Path(__file__).resolve().parent.parent / "assets" / args.game / FILE
    out.write_text(judge.model_dump_json(indent=1) + "\n", encoding="utf-8")
    print(f"{args.game}: {len(rows)} positions of {args.games} games; weights in {out}")
    if args.check:
        kept = None if args.rows is None else args.rows.with_suffix(".check" + args.rows.suffix)
        held = rows_cached(kept, args.game, specs, args.check, args.seed + args.games, args.jobs)
        for name, figures in check(judge, held).items():
            print(f"  {name:8} " + "  ".join(f"{k} {v:.3f}" for k, v in figures.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
