"""Engine speed: random full games per CPU-second on one core, and the cost of one
``apply()`` (with its ``decision()``) as a multiple of a reference loop's step.

The reference step is the least any driver of a game must do per choice: pick a
random item of a 10-item list and append it to a list. The ratio stays meaningful
when the machine is faster or slower; the games/s figure is measured in the same run.
"""
from __future__ import annotations

import random
import time

from inkterm.engine import GAMES, new_game

SEATS = {"kiln": 4, "inkwell": 5, "voynich": 4}
GOALS = {"kiln": 100, "inkwell": 50, "voynich": 20}


def random_games(game: str, seats: int, seconds: float) -> tuple[float, int, float]:
    """(games per second, choices made, seconds spent) playing random games."""
    games = choices = 0
    start = time.process_time()
    seed = 0
    while time.process_time() - start < seconds or games == 0:
        s = new_game(game, [f"S{i}" for i in range(seats)], seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            s.apply(rng.choice(s.decision().choices).key)
            choices += 1
        games += 1
        seed += 1
    spent = time.process_time() - start
    return games / spent, choices, spent


def reference_step_seconds(n: int = 200_000) -> float:
    items = list(range(10))
    rng = random.Random(0)
    out: list[int] = []
    start = time.process_time()
    for _ in range(n):
        out.append(rng.choice(items))
    return (time.process_time() - start) / n


def run(seconds: float = 3.0) -> list[dict]:
    ref = reference_step_seconds()
    rows = []
    for game, seats in SEATS.items():
        if game not in GAMES:
            continue
        try:
            rate, choices, spent = random_games(game, seats, seconds)
        except ImportError:
            continue
        per_apply = spent / choices
        rows.append({
            "figure": f"{GAMES[game].title}: random {seats}-seat games/s (one core)",
            "value": round(rate, 1),
            "goal": f">= {GOALS[game]}",
            "ok": rate >= GOALS[game],
        })
        rows.append({
            "figure": f"{GAMES[game].title}: one apply()+decision() / reference step",
            "value": round(per_apply / ref, 1),
            "goal": "",
            "ok": None,
        })
    return rows


if __name__ == "__main__":
    for r in run():
        print(f"{r['figure']:<60} {r['value']:>8} {r['goal']}")
