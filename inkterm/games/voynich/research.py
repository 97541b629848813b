"""Research actions on the puzzle (1.7) and progression with them (1.4, phases 1
and 4): a token is placed on the central piece or any connected piece,
or moved a step; a card advances when the seat's tokens meet its step's condition,
and the tokens lifted pay their cells' values in OK."""
from __future__ import annotations

from typing import TYPE_CHECKING

from inkterm.engine.steps import key_args, parse_key
from inkterm.engine.types import Choice, Decision
from inkterm.engine.text import Msg

from . import words as W
from .actions import Action
from .geometry import CELLS, CENTRAL, IDX, RC, VALUE, at, step_cell, touch_cell
from .tables import COMP, RS_DIRS

if TYPE_CHECKING:
    from .rules import State
    from .tasks import Task


def rs_moves(st: State, p: int, dirs: str) -> list[tuple[int, int, str]]:
    an = st.an()
    out = []
    for i in sorted(set(st.research[p])):
        for d in dirs:
            j = step_cell(i, d)
            if j is not None and an.present[j]:
                out.append((i, j, d))
    return out


class PlaceResearch(Action):
    """rs.centre / rs.any: a token from the supply onto a piece."""

    def feasible(self, st: State, p: int, excl: str | None) -> bool:
        return len(st.research[p]) < COMP.research

    def choices(self, st: State, task: Task) -> list[Choice]:
        if len(st.research[task.seat]) >= COMP.research:
            return []
        an = st.an()
        cells = CENTRAL if self.code == "rs.centre" else [i for i in CELLS if an.present[i]]
        return [Choice(f"cell:{RC[i]}", Msg("Research token onto {cell}", cell=at(i)),
                       Msg("worth {n} OK when lifted", n=VALUE[i]),
                       (touch_cell(i),)) for i in cells]

    def apply(self, st: State, task: Task, key: str) -> None:
        p = task.seat
        i = IDX[parse_key(key)[1]]
        st.research[p].append(i)
        st.say(Msg("{who} places a research token on {cell}", who=st.name(p), cell=at(i)), p)


class MoveResearch(Action):
    """rs.N/E/S/W (one direction) and rs.step (any): a token one cell onto a piece."""

    def __init__(self, code: str):
        super().__init__(code)
        self.dirs = RS_DIRS.get(code, "NESW")

    def feasible(self, st: State, p: int, excl: str | None) -> bool:
        return bool(rs_moves(st, p, self.dirs))

    def choices(self, st: State, task: Task) -> list[Choice]:
        return [
            Choice(f"move:{RC[i]}>{RC[j]}", Msg("Move a research token {cell} → {to} ({direction})", cell=at(i), to=at(j),
                                                direction=W.DIRECTION[d]), "",
                   (touch_cell(i), touch_cell(j)))
            for i, j, d in rs_moves(st, task.seat, self.dirs)
        ]

    def apply(self, st: State, task: Task, key: str) -> None:
        p = task.seat
        a, b = parse_key(key)[1].split(">")
        st.research[p].remove(IDX[a])
        st.research[p].append(IDX[b])
        st.say(Msg("{who} moves a research token {cell} → {to}", who=st.name(p), cell=W.cell(a), to=W.cell(b)), p)


ACTIONS: dict[str, Action] = {c: PlaceResearch(c) for c in ("rs.centre", "rs.any")}
ACTIONS.update({c: MoveResearch(c) for c in (*RS_DIRS, "rs.step")})


# --- phases 1 and 4: advancing the open cards ---------------------------------------------
def progress_options(st: State, p: int, entry: list) -> list[tuple[int, ...]]:
    cid, step = entry
    if step >= 4:
        return []
    return st.an().options(st.content.cond(cid, step), tuple(sorted(set(st.research[p]))))


DONE = Choice("done", Msg("Stop advancing cards"), "", ())
RESEARCH = Msg("research")


class Progress:
    """The phase that advances open cards, as often as their conditions are met."""

    def decide(self, st: State) -> Decision | None:
        p = st.cur
        ch = []
        for entry in st.open_cards(p):
            cid, step = entry
            for combo in progress_options(st, p, entry):
                gain = sum(VALUE[c] for c in combo)
                cells = "+".join(RC[c] for c in combo)
                ch.append(
                    Choice(
                        f"progress:{cid}:{cells}",
                        Msg("Advance {card} to step {step}: lift tokens on {cells}", card=W.card_words(cid), step=step + 1,
                            cells=tuple(at(c) for c in combo)),
                        Msg("needs {condition}; gain {n} OK", condition=W.condition_words(st.content.cond(cid, step)),
                            n=gain),
                        tuple(touch_cell(c) for c in combo) + (f"card:{cid}",),
                    )
                )
        if not ch:
            return None
        ch.append(DONE)
        return Decision(p, Msg("{who}: advance an open card?", who=st.name(p)), ch, "progression")

    def apply(self, st: State, key: str) -> None:
        if key == "done":
            st.next_phase()
            return
        cid, cells = key_args(key)
        p = st.cur
        entry = next(e for e in st.open_cards(p) if e[0] == cid)
        gain = 0
        for rc in cells.split("+"):
            i = IDX[rc]
            st.research[p].remove(i)
            gain += VALUE[i]
        entry[1] += 1
        st.say(Msg("{who} lifts research tokens on {cells}: {card} advances to step {step}", who=st.name(p),
                   cells=tuple(W.cell(c) for c in cells.split("+")), card=W.card_words(cid), step=entry[1]), p,
               "progress")
        st.gain(p, (0, 0, 0, 0, gain), RESEARCH)
