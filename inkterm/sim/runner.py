"""Play bot-only games, in worker processes when asked.

Game ``i`` of a run uses seed ``seed + i``. When the seat specs differ they are
rotated round the table (game ``i`` shifts them by ``i`` places), so a bot's win
rate is not its table position's; results are reported per spec (the order given
on the command line) and also per table position.
"""
from __future__ import annotations

import multiprocessing as mp
import os
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from inkterm.bots import is_bot, make_bot
from inkterm.bots.hooks import hooks
from inkterm.engine import GAMES, Give, given_game, new_game


@dataclass
class GameResult:
    seed: int
    slots: list[int]  # slots[position] = index of the spec sitting there
    scores: list[int]  # by position
    ranking: list[int]  # positions, best first
    choices: int  # number of choices made in the game
    picks: list[list[str]] = field(default_factory=list)  # by position
    winners: list[int] | None = None  # positions sharing the win (None: ranking[0])
    given: str | None = None  # the item an experiment dealt (see ``experiment``)
    dealt: list[list[str]] = field(default_factory=list)  # by position, at setup
    # By position: the CPU seconds its bot spent choosing and the choices it made, so a
    # level's time a move is read from real games (CPU, not wall: a shared machine).
    cpu: list[float] = field(default_factory=list, compare=False)  # differs run to run
    moves: list[int] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return self.__dict__.copy()


def seating(specs: list[str], i: int, rotate: bool) -> list[int]:
    n = len(specs)
    if not rotate:
        return list(range(n))
    return [(p + i) % n for p in range(n)]


def play_game(game: str, specs: list[str], seed: int, slots: list[int] | None = None,
              options: dict | None = None, max_choices: int = 100_000,
              given: Give | tuple[Give, ...] | None = None) -> GameResult:
    """One whole game between bots; ``slots[position]`` says which spec sits where;
    ``given``: an experiment's intervention at setup (``engine/give.py``)."""
    slots = slots if slots is not None else list(range(len(specs)))
    table = [specs[s] for s in slots]
    for spec in table:
        if not is_bot(spec):
            raise ValueError(f"{spec!r} is not a bot; simulate needs bots in every seat")
    names = [f"{spec}#{p + 1}" for p, spec in enumerate(table)]
    state = (new_game(game, names, seed=seed, options=options) if given is None
             else given_game(game, names, seed, given, options))
    dealt = state.dealt()
    bots = [make_bot(spec, seed=seed * 31 + p) for p, spec in enumerate(table)]
    n = 0
    cpu, moves = [0.0] * len(table), [0] * len(table)
    while not state.is_over:
        d = state.decision()
        assert d is not None  # the game is not over
        start = time.process_time()
        key = bots[d.seat].choose(state)
        cpu[d.seat] += time.process_time() - start
        moves[d.seat] += 1
        state.apply(key)
        n += 1
        if n > max_choices:
            raise RuntimeError(f"{game} seed {seed}: no end after {max_choices} choices")
    return GameResult(
        seed=seed,
        slots=slots,
        scores=list(state.scores()),
        ranking=list(state.ranking()),
        choices=n,
        picks=hooks(game).card_picks(state),
        winners=winners_of(state),
        given=given.item if isinstance(given, Give) else None,
        dealt=dealt,
        cpu=cpu,
        moves=moves,
    )


def winners_of(state) -> list[int]:
    """Who won: the summary's ``winners`` (a shared win) or ``winner`` (None when a
    solo player lost) if the game gives them (see engine/view.py), else the first of
    the ranking."""
    summary = state.summary()
    if isinstance(summary.get("winners"), list):
        return [int(s) for s in summary["winners"]]
    if "winner" in summary:
        return [] if summary["winner"] is None else [int(summary["winner"])]
    return [state.ranking()[0]]


def _job(args: tuple) -> GameResult:
    return play_game(*args)


def simulate(game: str, specs: list[str], games: int, seed: int = 0, jobs: int | None = None,
             rotate: bool | None = None, options: dict | None = None,
             progress: Callable[[int], None] | None = None) -> list[GameResult]:
    """Play ``games`` games; ``jobs`` worker processes (default: every core; 1 = here)."""
    if rotate is None:
        rotate = len(set(specs)) > 1
    work = [(game, specs, seed + i, seating(specs, i, rotate), options) for i in range(games)]
    return run_all(work, jobs, progress)


def gives(game: str, seats: int, item: str, seed: int) -> tuple[Give, Give]:
    """The two arms of game ``seed`` of an experiment on ``item``: a seat drawn at
    random is dealt the item, or (the control) a random other item of the same kind
    in the same place, and then nobody holds the item where the deal leaves some
    undealt (Kiln's deck; a Voynich deck with 2 or 3 seats), else at least not that
    seat. Drawn from the seed
    alone, so a run is repeatable and its pairs independent of one another."""
    pool = next(p for p in GAMES[game].state_class().give_pools() if item in p)
    r = random.Random(f"give:{game}:{item}:{seed}")
    seat, slot = r.randrange(seats), r.randrange(1 << 16)
    other = r.choice([x for x in pool if x != item])
    return Give(seat, item, slot, seats=seats), Give(seat, other, slot, withheld=item, seats=seats)


def experiment(game: str, specs: list[str], item: str, games: int, seed: int = 0,
               jobs: int | None = None, options: dict | None = None,
               progress: Callable[[int], None] | None = None
               ) -> tuple[list[int], list[GameResult], list[GameResult]]:
    """``games`` pairs of games on the seeds ``seed``.. with the seats as given (no
    rotation): in each pair the same seat holds ``item`` or a random other item.
    Returns the seat of each pair, the treated games and the control games."""
    arms = [gives(game, len(specs), item, seed + i) for i in range(games)]
    work = [(game, specs, seed + i, None, options, 100_000, arm)
            for i, pair in enumerate(arms) for arm in pair]
    done = run_all(work, jobs, progress, key=lambda r: (r.seed, r.given != item))
    return [t.seat for t, _ in arms], done[0::2], done[1::2]


def each_gets(game: str, seats: int, seed: int) -> tuple[Give, ...]:
    """Game ``seed`` of a randomized-deal run with ``--give-each``: every seat is given
    its own random item of those the rules do not deal (drawn from the seed alone)."""
    pool = GAMES[game].state_class().undealt_pool()
    if len(pool) < seats:
        raise ValueError(f"{game} has no undealt items for every seat to start with")
    items = random.Random(f"each:{game}:{seed}").sample(pool, seats)
    return tuple(Give(s, item) for s, item in enumerate(items))


def deal_trial(game: str, specs: list[str], games: int, seed: int = 0, jobs: int | None = None,
               options: dict | None = None, give_each: bool = False,
               progress: Callable[[int], None] | None = None) -> list[GameResult]:
    """``games`` games whose deal (and with ``give_each`` each seat's extra starting
    item) is the experiment: the rules deal at random, so who holds an item is
    independent of everything else, and every item is measured by the same games."""
    work = [(game, specs, seed + i, None, options, 100_000,
             each_gets(game, len(specs), seed + i) if give_each else None) for i in range(games)]
    return run_all(work, jobs, progress)


def run_all(work: list[tuple], jobs: int | None, progress: Callable[[int], None] | None,
            key: Callable[[GameResult], Any] = lambda r: r.seed) -> list[GameResult]:
    """Play every game of ``work`` (``play_game``'s arguments), in ``jobs`` worker
    processes (default: every core; 1 = here), in ``key`` order."""
    games = len(work)
    jobs = jobs or os.cpu_count() or 1
    out: list[GameResult] = []
    if jobs <= 1 or games <= 1:
        for w in work:
            out.append(_job(w))
            if progress:
                progress(1)
    else:
        with mp.get_context("spawn" if os.name == "nt" else "fork").Pool(min(jobs, games)) as pool:
            for r in _ordered(pool.imap_unordered(_job, work, chunksize=1)):
                out.append(r)
                if progress:
                    progress(1)
    out.sort(key=key)
    return out


def _ordered(it: Iterator[GameResult]) -> Iterator[GameResult]:
    yield from it
