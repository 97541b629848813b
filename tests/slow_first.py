"""The costliest tests first, one share to each worker: under pytest-xdist's
``--dist worksteal`` the collection is cut into one run of tests per worker, in order,
and a worker with nothing left takes half of the longest queue's tail. A long test
that happened to sit late (the real clients' game nights) ran alone at the end while
the other workers had finished: here the tests named in ``slow_first.txt`` (the
costliest of ``pytest --cpu-durations``) are dealt out, the costliest to the worker
with the least so far, each to the front of its worker's run; every other test keeps
its place. Only the order changes (every test still runs), and only under xdist.

``slow_first.txt`` is one test a line, its CPU seconds then its node id (a
parametrised test's name without the brackets covers every case), from
``pytest -n 3 --cpu-durations=40``; a name that no longer exists is ignored."""
from __future__ import annotations

from pathlib import Path

LIST = Path(__file__).with_name("slow_first.txt")


def known_costs() -> dict[str, float]:
    costs: dict[str, float] = {}
    for line in LIST.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            seconds, nodeid = line.split(None, 1)
            costs[nodeid] = float(seconds)
    return costs


def cost_of(nodeid: str, costs: dict[str, float]) -> float | None:
    if nodeid in costs:
        return costs[nodeid]
    base = nodeid.split("[", 1)[0]
    return costs.get(base) if base != nodeid else None


def runs(total: int, workers: int) -> list[int]:
    """How many tests each worker is first given, as worksteal cuts the collection:
    each in turn gets an equal share of what is left."""
    sizes, left = [], total
    for i in range(workers):
        sizes.append(left // (workers - i))
        left -= sizes[-1]
    return sizes


def slow_first(items: list, workers: int) -> None:
    """Reorder ``items`` in place (see the module's docstring)."""
    costs = known_costs()
    slow, rest = [], []
    for item in items:
        cost = cost_of(item.nodeid, costs)
        (rest if cost is None else slow).append((cost, item))
    if not slow or workers < 2:
        return
    slow.sort(key=lambda ci: -ci[0])  # a stable sort: equal costs keep their order
    dealt: list[list] = [[] for _ in range(workers)]
    load = [0.0] * workers
    for cost, item in slow:
        w = load.index(min(load))
        dealt[w].append(item)
        load[w] += cost
    others = iter(item for _, item in rest)
    order = []
    for w, size in enumerate(runs(len(items), workers)):
        order += dealt[w]
        order += [next(others) for _ in range(max(0, size - len(dealt[w])))]
    order += list(others)
    assert len(order) == len(items)
    items[:] = order
