"""Engine speed: uniformly random full games, headless.

    python -m inkterm.games.voynich.bench [games] [seats]

Prints games per second and choices per second (one process, one core).
"""
from __future__ import annotations

import random
import sys
import time

from inkterm.engine import new_game


def play(seed: int, seats: int) -> int:
    st = new_game("voynich", [f"P{i + 1}" for i in range(seats)], seed=seed)
    rng = random.Random(seed)
    n = 0
    while not st.is_over:
        d = st.decision()
        assert d is not None  # a game not over has a decision
        st.apply(rng.choice(d.choices).key)
        n += 1
    return n


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 40
    seats = int(argv[1]) if len(argv) > 1 else 4
    play(10**6, seats)  # warm up (content load, caches)
    t, c = time.perf_counter(), time.process_time()
    choices = sum(play(s, seats) for s in range(games))
    dt, dc = time.perf_counter() - t, time.process_time() - c
    print(
        f"{games} random {seats}-seat games: {games / dc:.1f} games/s of CPU time "
        f"({games / dt:.1f}/s wall clock), {choices / dc:.0f} choices/s"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
