"""What every action has in common, and the tokens' one path from supply or board.

An ``Action`` owns one action code's rules: whether a seat can do it now
(``feasible``), the choices its pending ``Task`` offers, a choice it takes without
asking (``auto``), and what a choice does (``apply``; the task is already off the
queue, and an action that asks again puts it back). ``Placement`` is the shared
two-step shape of "add a token here": which token (1.5: from the supply or from
another section), then which space. Each board section's module subclasses these for
its own actions.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from inkterm.engine.steps import parse_key
from inkterm.engine.types import Choice
from inkterm.engine.words import act

from .content import Reward, reward_text
from .tables import ACTION_TOPIC, ALL_SPACES, PLACE, TEXT_FACE, action_label, cap, tok_text, touch_space, where
from .tasks import Task

if TYPE_CHECKING:
    from .rules import State


def then_hint(what: str, rewards: list[str]) -> str:
    """A first step's hint, what the next one can bring: "Then a space: 2♣, 1♣ 1≈ or
    1♣ + research → centre." (each different reward once, the first four)."""
    seen = list(dict.fromkeys(r for r in rewards if r))
    if not seen:
        return f"Then {what}."
    shown = seen[:4] + (["…"] if len(seen) > 4 else [])
    return f"Then {what}: " + (", ".join(shown[:-1]) + " or " + shown[-1] if len(shown) > 1 else shown[0]) + "."


def total(parts: list[tuple[Reward, str]]) -> Reward:
    """All of what a placement brings, as one reward (its gains summed, its actions)."""
    gains = tuple(sum(r.gains[i] for r, _ in parts) for i in range(5))
    return Reward((gains, tuple(a for r, _ in parts for a in r.actions)))  # type: ignore[arg-type]


class Action:
    def __init__(self, code: str):
        self.code = code
        self.topic = ACTION_TOPIC[code[:2]]

    def feasible(self, st: State, p: int, excl: str | None) -> bool:
        raise NotImplementedError

    def begin(self, st: State, p: int) -> None:
        """Used from a card (phase 2): the action waits on the queue for its choices."""
        st.work.push(Task(self.code, p))

    def auto(self, st: State, task: Task) -> str | None:
        """The key of a choice made without asking (there is nothing to choose)."""
        return None

    def prompt(self, st: State, task: Task) -> str:
        return f"{st.name(task.seat)}: {action_label(self.code)}"

    def hint(self, st: State) -> str:
        """What choosing this action brings at once, for the card's menu ("" : it asks first)."""
        return ""

    def choices(self, st: State, task: Task) -> list[Choice]:
        raise NotImplementedError

    def apply(self, st: State, task: Task, key: str) -> None:
        raise NotImplementedError


class Placement(Action):
    """Add a token of ``kind`` to this section: first the token, then the space."""

    def __init__(self, code: str):
        super().__init__(code)
        self.kind, self.sec = PLACE[code]
        self.supply = self.sec != "re"  # Recipes take tokens from the board only

    # a section says where its tokens may go and what landing there does
    def has_dest(self, st: State) -> bool:
        raise NotImplementedError

    def dests(self, st: State) -> list[tuple[str, str, tuple[str, ...], str]]:
        """(key, label, touches, space) for every space the token may go to."""
        raise NotImplementedError

    def place(self, st: State, p: int, tok: tuple, sid: str) -> None:
        raise NotImplementedError

    def brings(self, st: State, p: int, tok: tuple, sid: str) -> list[tuple[Reward, str]]:
        """What placing ``tok`` on ``sid`` gives its placer, part by part with why
        (a space's reward, a text's value, a constellation completed…), read from the
        same tables ``place`` pays from; the menu's hint says it all and its sum."""
        return []

    def feasible(self, st: State, p: int, excl: str | None) -> bool:
        return self.has_dest(st) and has_source(st, p, self.kind, self.sec, excl, self.supply)

    def then(self, st: State, p: int, tok: tuple | None) -> str:
        """What placing ``tok`` can bring, space by space (a first step's hint)."""
        if tok is None:
            return ""
        return then_hint("a space", [reward_text(total(self.brings(st, p, tok, sid)))
                                     for _k, _l, _t, sid in self.dests(st)])

    def hint(self, st: State) -> str:
        srcs = sources(st, st.cur, self.kind, self.sec, None, self.supply)
        return self.then(st, st.cur, peek(st, st.cur, self.kind, parse_key(srcs[0][0])[1])) if srcs else ""

    def auto(self, st: State, task: Task) -> str | None:
        # A single token, or a single space (a leaf can only go to the base), is taken
        # without asking, unless the action may still be declined.
        if task.optional:
            return None
        if task.stage == 0:
            if self.has_dest(st):
                srcs = sources(st, task.seat, self.kind, self.sec, task.excl, self.supply)
                if len(srcs) == 1:
                    return srcs[0][0]
            return None
        ds = self.dests(st)
        return ds[0][0] if len(ds) == 1 else None

    def prompt(self, st: State, task: Task) -> str:
        return super().prompt(st, task) + (": take which token?" if task.stage == 0 else "")

    def choices(self, st: State, task: Task) -> list[Choice]:
        if task.stage == 0:
            if not self.has_dest(st):
                return []
            return [Choice(key, cap(label), self.then(st, task.seat, peek(st, task.seat, self.kind, parse_key(key)[1])), t)
                    for key, label, t in sources(st, task.seat, self.kind, self.sec, task.excl, self.supply)]
        tok = peek(st, task.seat, self.kind, task.src) if task.src is not None else None
        return [Choice(key, cap(label), brings_hint(self.brings(st, task.seat, tok, sid)) if tok else "", t)
                for key, label, t, sid in self.dests(st)]

    def apply(self, st: State, task: Task, key: str) -> None:
        if task.stage == 0:
            task.src = parse_key(key)[1]
            task.stage = 1
            st.work.push(task)
            return
        sid = next(d[3] for d in self.dests(st) if d[0] == key)
        assert task.src is not None
        tok = take(st, task.seat, self.kind, task.src)
        if not task.src.startswith("supply"):  # a token moved on the board: where from
            st.say(f"{act(st.name(task.seat), 'takes')} the {tok_text(tok)} from {where(task.src)}", task.seat)
        self.place(st, task.seat, tok, sid)


# --- tokens (1.5) ------------------------------------------------------------------------
def sources(st: State, p: int, kind: str, sec: str, excl: str | None, supply: bool = True):
    """(key, label, touches) for every legal source of a token: the supply, or any space
    outside section ``sec`` (and other than ``excl``) holding one of the seat's."""
    out: list[tuple[str, str, tuple[str, ...]]] = []
    if supply:
        if kind == "text":
            for tid in st.tsupply[p]:
                out.append((f"src:supply:t{tid}", f"Your text {tid} from supply ({reward_text(TEXT_FACE[tid][0])})", ()))
        elif st.supply[p][kind] > 0:
            out.append(("src:supply", f"A {kind} from your supply", ()))
    seen = set()
    spaces = st.spaces
    for sid in ALL_SPACES:
        toks = spaces[sid]
        if not toks or sid == excl or sid[:2] == sec or sid in seen:
            continue
        for tok in toks:
            if tok[0] == p and tok[1] == kind:
                seen.add(sid)
                what = tok_text(tok)
                out.append((f"src:{sid}", f"Your {what} from {where(sid)}", (touch_space(sid),)))
                break
    return out


def has_source(st: State, p: int, kind: str, sec: str, excl: str | None, supply: bool = True) -> bool:
    if supply and (st.tsupply[p] if kind == "text" else st.supply[p][kind] > 0):
        return True
    spaces = st.spaces
    for sid in ALL_SPACES:
        toks = spaces[sid]
        if toks and sid != excl and sid[:2] != sec:
            for tok in toks:
                if tok[0] == p and tok[1] == kind:
                    return True
    return False


def brings_hint(parts: list[tuple[Reward, str]]) -> str:
    """"2★ (the star's space) + 1★ 1 OK (Aries completed) = 3★ 1 OK": every gain, and the sum."""
    parts = [(r, why) for r, why in parts if any(r.gains) or r.actions]
    if not parts:
        return ""
    said = " + ".join(f"{reward_text(r)} ({why})" for r, why in parts)
    total = [sum(r.gains[i] for r, _ in parts) for i in range(5)]
    if len([r for r, _ in parts if any(r.gains)]) > 1:
        said += f" = {reward_text(Reward((tuple(total), ())))} in all"  # type: ignore[arg-type]
    return f"Brings {said}."


def peek(st: State, p: int, kind: str, src: str) -> tuple | None:
    """The token a source names, left where it is (None if it is gone)."""
    where_, _, text = src.partition(":")
    if where_ == "supply":
        return (p, "text", int(text.removeprefix("t")), False) if kind == "text" else (p, kind, 0, False)
    return next((tok for tok in st.spaces[src] if tok[0] == p and tok[1] == kind), None)


def take(st: State, p: int, kind: str, src: str) -> tuple:
    """Remove the token a source names (``supply``, ``supply:t3`` or a space) and
    return it."""
    where_, _, text = src.partition(":")
    if where_ == "supply":
        if kind == "text":
            tid = int(text.removeprefix("t"))
            st.tsupply[p].remove(tid)
            return (p, "text", tid, False)
        st.supply[p][kind] -= 1
        return (p, kind, 0, False)
    toks = st.spaces[src]
    for k, tok in enumerate(toks):
        if tok[0] == p and tok[1] == kind:
            del toks[k]
            return tok
    raise AssertionError(f"no {kind} of seat {p} on {src}")


def to_supply(st: State, tok: tuple) -> None:
    """A token back to its owner's supply (Grey's and the dirty drops have none)."""
    owner, kind, tid, _ = tok
    if owner < 0:
        return
    if kind == "text":
        st.tsupply[owner].append(tid)
        st.tsupply[owner].sort()
    else:
        st.supply[owner][kind] += 1
