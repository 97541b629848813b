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
from inkterm.engine.text import Msg, Text, one_of

from .content import Reward, reward_text
from .tables import ACTION_TOPIC, ALL_SPACES, PLACE, TEXT_FACE, action_label, tok_text, touch_space, where
from .tasks import Task

if TYPE_CHECKING:
    from .rules import State


#: What a first step's hint says comes next (``then_hint``).
THEN = {"space": (Msg("Then a space."), "Then a space: {rewards}."),
        "grow": (Msg("Then grow a drop or leaf of yours a space."), "Then grow a drop or leaf of yours a space: {rewards}."),
        "dirty": (Msg("Then a dirty drop."), "Then a dirty drop: {rewards}."),
        "translate": (Msg("Then a text to translate."), "Then a text to translate: {rewards}.")}
_THEN_WORDS = (Msg("Then a space: {rewards}."), Msg("Then grow a drop or leaf of yours a space: {rewards}."),
               Msg("Then a dirty drop: {rewards}."), Msg("Then a text to translate: {rewards}."))


def then_hint(what: str, rewards: list[Text]) -> Text:
    """A first step's hint, what the next one can bring: "Then a space: 2♣, 1♣ 1≈ or
    1♣ + research → centre." (each different reward once, the first four); ``what`` is
    one of ``THEN``'s."""
    seen = list(dict.fromkeys(r for r in rewards if r))
    nothing, some = THEN[what]
    if not seen:
        return nothing
    shown = seen[:4] + (["…"] if len(seen) > 4 else [])
    return Msg(some, rewards=one_of(shown))


def total(parts: list[tuple[Reward, Text]]) -> Reward:
    """All of what a placement brings, as one reward (its gains summed, its actions)."""
    gains = tuple(sum(r.gains[i] for r, _ in parts) for i in range(5))
    return Reward((gains, tuple(a for r, _ in parts for a in r.actions)))  # type: ignore[arg-type]


#: A token of the supply, as its source's label.
FROM_SUPPLY = {"leaf": Msg("A leaf from your supply"), "drop": Msg("A drop from your supply"),
               "star": Msg("A star from your supply")}


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

    def prompt(self, st: State, task: Task) -> Text:
        return Msg("{who}: {action}", who=st.name(task.seat), action=action_label(self.code))

    def hint(self, st: State) -> Text:
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

    def brings(self, st: State, p: int, tok: tuple, sid: str) -> list[tuple[Reward, Text]]:
        """What placing ``tok`` on ``sid`` gives its placer, part by part with why
        (a space's reward, a text's value, a constellation completed…), read from the
        same tables ``place`` pays from; the menu's hint says it all and its sum."""
        return []

    def feasible(self, st: State, p: int, excl: str | None) -> bool:
        return self.has_dest(st) and has_source(st, p, self.kind, self.sec, excl, self.supply)

    def then(self, st: State, p: int, tok: tuple | None) -> Text:
        """What placing ``tok`` can bring, space by space (a first step's hint)."""
        if tok is None:
            return ""
        return then_hint("space", [reward_text(total(self.brings(st, p, tok, sid)))
                                     for _k, _l, _t, sid in self.dests(st)])

    def hint(self, st: State) -> Text:
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

    def prompt(self, st: State, task: Task) -> Text:
        if task.stage == 0:
            return Msg("{who}: {action}: take which token?", who=st.name(task.seat), action=action_label(self.code))
        return super().prompt(st, task)

    def choices(self, st: State, task: Task) -> list[Choice]:
        if task.stage == 0:
            if not self.has_dest(st):
                return []
            return [Choice(key, label, self.then(st, task.seat, peek(st, task.seat, self.kind, parse_key(key)[1])), t)
                    for key, label, t in sources(st, task.seat, self.kind, self.sec, task.excl, self.supply)]
        tok = peek(st, task.seat, self.kind, task.src) if task.src is not None else None
        return [Choice(key, label, brings_hint(self.brings(st, task.seat, tok, sid)) if tok else "", t)
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
            st.say(Msg("{who} takes the {token} from {space}", who=st.name(task.seat), token=tok_text(tok),
                       space=where(task.src)), task.seat)
        self.place(st, task.seat, tok, sid)


# --- tokens (1.5) ------------------------------------------------------------------------
def sources(st: State, p: int, kind: str, sec: str, excl: str | None, supply: bool = True):
    """(key, label, touches) for every legal source of a token: the supply, or any space
    outside section ``sec`` (and other than ``excl``) holding one of the seat's."""
    out: list[tuple[str, Text, tuple[str, ...]]] = []
    if supply:
        if kind == "text":
            for tid in st.tsupply[p]:
                out.append((f"src:supply:t{tid}", Msg("Your text {n} from supply ({reward})", n=tid,
                                                      reward=reward_text(TEXT_FACE[tid][0])), ()))
        elif st.supply[p][kind] > 0:
            out.append(("src:supply", FROM_SUPPLY[kind], ()))
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
                out.append((f"src:{sid}", Msg("Your {token} from {space}", token=what, space=where(sid)),
                            (touch_space(sid),)))
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


def brings_hint(parts: list[tuple[Reward, Text]]) -> Text:
    """"2★ (the star's space) + 1★ 1 OK (Aries completed) = 3★ 1 OK": every gain, and the sum."""
    parts = [(r, why) for r, why in parts if any(r.gains) or r.actions]
    if not parts:
        return ""
    said: Text = ""
    for r, why in parts:
        one = Msg("{reward} ({why})", reward=reward_text(r), why=why)
        said = Msg("{sum} + {part}", sum=said, part=one) if said else one
    total = [sum(r.gains[i] for r, _ in parts) for i in range(5)]
    if len([r for r, _ in parts if any(r.gains)]) > 1:
        return Msg("Brings {parts} = {total} in all.", parts=said,
                   total=reward_text(Reward((tuple(total), ()))))  # type: ignore[arg-type]
    return Msg("Brings {parts}.", parts=said)


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
