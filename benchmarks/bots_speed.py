"""Bot speed: search iterations per second and greedy decisions per second, per game,
on one core, measured on positions from a few random steps into 2-seat games.

Search's default budget (plain ``search``: the game's ``SEARCH_ITERATIONS``, else
``DEFAULT_ITERATIONS``) should make a move take at most a second: the "default search move" row is its time in seconds.
"""
from __future__ import annotations

import random
import time

from inkterm.bots import DEFAULT_ITERATIONS, GreedyBot, SearchBot
from inkterm.bots.hooks import hooks
from inkterm.engine import GAMES, new_game

GAMES_SEATS = {"kiln": 2, "inkwell": 2, "voynich": 2}


def positions(game: str, seats: int, n: int = 6) -> list:
    out = []
    seed = 0
    while len(out) < n and seed < 10 * n:
        s = new_game(game, [f"S{i}" for i in range(seats)], seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(10, 80)):
            if s.is_over:
                break
            s.apply(rng.choice(s.decision().choices).key)
        if not s.is_over and len(s.decision().choices) > 1:
            out.append(s)
        seed += 1
    return out


def search_rate(states: list, iterations: int = 100) -> float:
    bot = SearchBot(seed=1, iterations=iterations)
    start = time.perf_counter()
    for s in states:
        bot.search(s, s.decision().seat)
    return iterations * len(states) / (time.perf_counter() - start)


def greedy_rate(states: list) -> float:
    bot = GreedyBot(seed=1)
    start = time.perf_counter()
    for s in states:
        bot.choose(s)
    return len(states) / (time.perf_counter() - start)


def run() -> list[dict]:
    rows = []
    for game, seats in GAMES_SEATS.items():
        if game not in GAMES:
            continue
        try:
            states = positions(game, seats)
        except ImportError:
            continue
        if not states:
            continue
        rate = search_rate(states)
        default = hooks(game).search_iterations or DEFAULT_ITERATIONS
        move = default / rate
        title = GAMES[game].title
        rows.append({"figure": f"{title}: search iterations/s (one core)", "value": round(rate),
                     "goal": "", "ok": None})
        rows.append({"figure": f"{title}: default search move ({default} it.), seconds",
                     "value": round(move, 2), "goal": "<= 1", "ok": move <= 1})
        rows.append({"figure": f"{title}: greedy decisions/s (one core)", "value": round(greedy_rate(states), 1),
                     "goal": "", "ok": None})
    return rows


if __name__ == "__main__":
    for r in run():
        print(f"{r['figure']:<60} {r['value']:>8} {r['goal']}")
