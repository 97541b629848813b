"""Speed check for the Inkwell engine: random full games per second on one core.

    .venv/bin/python -m tests.games.inkwell.bench_speed [seats] [games]

Every decision is chosen uniformly at random over the public API (decision/apply);
prints games/s and decisions/s. Not collected by pytest."""
import random
import sys
import time

from inkterm.engine import new_game


def run(n: int, games: int, seed0: int = 0) -> tuple[float, float]:
    t = time.process_time()
    steps = 0
    for g in range(games):
        st = new_game("inkwell", [f"P{i + 1}" for i in range(n)], seed=seed0 + g)
        r = random.Random(g)
        while True:
            d = st.decision()
            if d is None:
                break
            st.apply(r.choice(d.choices).key)
            steps += 1
    dt = time.process_time() - t
    return games / dt, steps / dt


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    run(n, 5, 10_000)  # warm-up (content load, caches)
    gps, dps = run(n, games)
    print(f"inkwell {n} seats: {gps:.1f} random games/s, {dps:.0f} decisions/s (CPU time, one core)")
