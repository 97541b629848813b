"""The state's model as a snapshot (``dump``/``restore``) and as an independent copy
for clones (``copy_model``). Every mutable field of the state is listed here, once
per direction; a field added to ``State._setup`` is added to all three."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from inkterm.engine.steps import Narration, Step, WorkQueue

from .tables import ALL_SPACES, COMP
from .tasks import STEP_KINDS

if TYPE_CHECKING:
    from .rules import State


def dump(st: State) -> dict[str, Any]:
    return {
        "spaces": {k: [list(t) for t in v] for k, v in st.spaces.items() if v},
        "grid": list(st.grid),
        "psupply": [list(x) for x in st.psupply],
        "pv": st.pv,
        "goat": st.goat,
        "book": [[list(e) for e in b] for b in st.book],
        "neutral": list(st.neutral),
        "start": st.start,
        "cur": st.cur,
        "round": st.round,
        "know": [list(k) for k in st.know],
        "ok": list(st.ok),
        "share": [list(s) for s in st.share],
        "last": list(st.last),
        "research": [list(r) for r in st.research],
        "supply": [dict(s) for s in st.supply],
        "tsupply": [list(t) for t in st.tsupply],
        "phase": st.phase,
        "open": st.open,
        "acting": st.acting,
        "items": [list(it) for it in st.items],
        "work": st.work.dump(),
        "placed": list(st.placed),
        "end_triggered": st.end_triggered,
        "trigger_round": st.trigger_round,
        "over": st.over,
        "final": st.final,
    }


def restore(st: State, d: dict[str, Any]) -> None:
    st.n = len(st.record.seats)
    st.colours = COMP.colours[: st.n]
    st.spaces = {s: [] for s in ALL_SPACES}
    for k, v in d["spaces"].items():
        if k not in st.spaces:
            raise ValueError(f"unknown space {k!r}")
        st.spaces[k] = [tuple(t) for t in v]
    st.grid = list(d["grid"])
    st.psupply = [list(x) for x in d["psupply"]]
    st.pv = d["pv"]
    st._an = None
    st.goat = d["goat"]
    st.book = [[list(e) for e in b] for b in d["book"]]
    st.neutral = list(d["neutral"])
    st.start, st.cur, st.round = d["start"], d["cur"], d["round"]
    st.know = [list(k) for k in d["know"]]
    st.ok = list(d["ok"])
    st.share = [list(s) for s in d["share"]]
    st.last = list(d["last"])
    st.research = [list(r) for r in d["research"]]
    st.supply = [dict(s) for s in d["supply"]]
    st.tsupply = [list(t) for t in d["tsupply"]]
    st.phase, st.open, st.acting = d["phase"], d["open"], d["acting"]
    st.items = [tuple(it) for it in d["items"]]
    st.work = WorkQueue.load(d["work"], STEP_KINDS)
    st.placed = list(d["placed"])
    st.end_triggered, st.trigger_round, st.over = d["end_triggered"], d["trigger_round"], d["over"]
    st.final = d["final"]
    st._pending = None
    st.narration = Narration()


def copy_model(st: State, o: State) -> None:
    o.n = st.n
    o.colours = st.colours
    o.spaces = {k: v[:] for k, v in st.spaces.items()}
    o.grid = st.grid[:]
    o.psupply = [x[:] for x in st.psupply]
    o.pv = st.pv
    o._an = st._an  # immutable once built; replaced (not mutated) on change
    o.goat = st.goat
    o.book = [[e[:] for e in b] for b in st.book]
    o.neutral = st.neutral[:]
    o.start, o.cur, o.round = st.start, st.cur, st.round
    o.know = [k[:] for k in st.know]
    o.ok = st.ok[:]
    o.share = [s[:] for s in st.share]
    o.last = st.last[:]
    o.research = [r[:] for r in st.research]
    o.supply = [dict(s) for s in st.supply]
    o.tsupply = [t[:] for t in st.tsupply]
    o.phase, o.open, o.acting = st.phase, st.open, st.acting
    o.items = st.items[:]
    o.work = WorkQueue([_copy_step(step) for step in st.work.items]) if st.work else WorkQueue()
    o.placed = st.placed[:]
    o.end_triggered, o.trigger_round, o.over = st.end_triggered, st.trigger_round, st.over
    o.final = st.final
    o._pending = None
    o.narration = Narration()


def _copy_step(step: Step) -> Step:
    """A shallow copy of a step (its fields change in place; its lists never do),
    cheaper than ``copy.copy`` on the bots' clone path."""
    new = object.__new__(type(step))
    new.__dict__.update(step.__dict__)
    return new
