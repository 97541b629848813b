"""The Baths (1.10): a drop into a fountain pushes the tokens ahead of it
along the channel, each pushed token paying its owner; leaves pushed out of Pool 1
reach Pool 2, whose slot their owner picks; dirty drops are purified out of Pool 1;
a drop of one's own becomes a leaf. With 2 players Grey's drops recycle (1.10.6)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from inkterm.engine.steps import parse_key
from inkterm.engine.types import Choice
from inkterm.engine.text import Msg, Text

from .actions import Action, Placement, has_source, sources, take, then_hint, to_supply
from .content import Reward, reward_text
from .tables import (
    ALL_SPACES, BA_NEXT, BA_REWARD, DIRTY, DIRTY_REWARD, DW, FOUNTAINS, GREY, POOL1, POOL2, short, spot,
    tok_text, touch_space,
)
from .tasks import Pool2Entry, Task
from .words import FOUNTAIN_LABEL

if TYPE_CHECKING:
    from .rules import State


# --- the channel -------------------------------------------------------------------------
class _Spaces:
    """The board's spaces copied, for playing a push chain without changing the state."""

    def __init__(self, st: State) -> None:
        self.spaces = {k: list(v) for k, v in st.spaces.items()}



def _bath_put(st: State, sid: str, tok: tuple, pushed: bool, log: list) -> None:
    if sid == POOL1:
        if tok[1] == "leaf":
            below = BA_NEXT[POOL1]
            assert below is not None  # the first pool drains on
            _bath_put(st, below, tok, True, log)  # ruling 28
        else:
            st.spaces[POOL1].append(tok)
        return
    if sid == "ba:POOL2":
        log.append((tok, "POOL2"))
        return
    occ = st.spaces[sid]
    old = occ[0] if occ else None
    st.spaces[sid] = [tok]
    if pushed:
        log.append((tok, sid))
    if old is not None:
        nxt = BA_NEXT[sid]
        assert nxt is not None
        _bath_put(st, nxt, old, True, log)


def bath_chain(st: State, sid: str, tok: tuple) -> None:
    """Put ``tok`` on ``sid`` (its placer is paid elsewhere), resolve the push chain,
    then pay every pushed token in push order (ruling 27), then Pool 2 entries."""
    log: list = []
    _bath_put(st, sid, tok, False, log)
    for t, dest in log:
        if dest == "POOL2":
            pool2_enter(st, t)
        elif t[0] >= 0:
            st.gain(t[0], BA_REWARD[dest].gains, Msg("{token} pushed to {space}", token=tok_text(t), space=spot(dest)))
    recycle(st)


def pool2_enter(st: State, tok: tuple) -> None:
    free = [s for s in POOL2 if not st.spaces[s]]
    owner = tok[0]
    if not free:
        to_supply(st, tok)  # ruling 29
        st.say(Msg("Pool 2 is full: {who}'s leaf returns to supply", who=st.name(owner)), owner)
    elif len(free) == 1 or owner < 0:
        st.spaces[free[0]].append(tok)
        st.gain(owner, BA_REWARD[free[0]].gains, Msg("leaf into {space}", space=spot(free[0])))
    else:
        st.work.push(Pool2Entry(owner, list(tok)))


def recycle(st: State) -> None:
    """2 players: two Grey drops in Pool 1 go back to the fountains (1.10.6, ruling 33)."""
    if st.n != 2:
        return
    guard = 0
    while guard < 20:
        greys = [t for t in st.spaces[POOL1] if t[0] == GREY]
        if len(greys) < 2:
            return
        guard += 1
        pool = st.spaces[POOL1]
        pool.remove(greys[0])
        pool.remove(greys[1])
        st.say(Msg("Two Grey drops in Pool 1 return to the fountains"))
        bath_chain(st, FOUNTAINS[0], greys[0])
        bath_chain(st, FOUNTAINS[1], greys[1])


def own_bath_drops(st: State, p: int) -> list[str]:
    out = []
    for sid in ALL_SPACES:
        if sid[:2] == "ba" and any(t[0] == p and t[1] == "drop" for t in st.spaces[sid]):
            out.append(sid)
    return out


# --- the actions -------------------------------------------------------------------------
class ToFountain(Placement):
    """ba.drop: the placer is paid for the fountain, then the chain resolves."""

    def has_dest(self, st: State) -> bool:
        return True

    def dests(self, st: State):
        return [(f"to:{short(f)}", Msg("{space} ({reward})", space=FOUNTAIN_LABEL[short(f)],
                                        reward=reward_text(BA_REWARD[f])), (touch_space(f),), f)
                for f in FOUNTAINS]

    def brings(self, st: State, p: int, tok: tuple, sid: str) -> list[tuple[Reward, Text]]:
        """The fountain's reward, and what each of the placer's own tokens the drop
        pushes along pays (the chain played on a copy of the spaces)."""
        log: list = []
        _bath_put(_Spaces(st), sid, tok, False, log)  # type: ignore[arg-type]
        return [(BA_REWARD[sid], spot(sid))] + [
            (BA_REWARD[dest], Msg("your {token} pushed to {space}", token=tok_text(t), space=spot(dest)))
            for t, dest in log if dest != "POOL2" and t[0] == p]

    def place(self, st: State, p: int, tok: tuple, sid: str) -> None:
        st.say(Msg("{who} adds a drop to {space}", who=st.name(p), space=spot(sid)), p)
        st.gain(p, BA_REWARD[sid].gains, spot(sid))
        bath_chain(st, sid, tok)


class Purify(Action):
    """ba.purify: a dirty drop leaves Pool 1 for the dirty-water space; its printed
    reward is paid, and its action (if any) follows."""

    def feasible(self, st: State, p: int, excl: str | None) -> bool:
        return any(t[0] == DIRTY for t in st.spaces[POOL1])

    def hint(self, st: State) -> Text:
        return then_hint("dirty", [reward_text(DIRTY_REWARD[t[2]]) for t in sorted(set(st.spaces[POOL1]))
                                          if t[0] == DIRTY])

    def choices(self, st: State, task: Task) -> list[Choice]:
        return [
            Choice(f"dirty:d{t[2]}", Msg("Purify dirty drop {n} ({reward})", n=t[2], reward=reward_text(DIRTY_REWARD[t[2]])),
                   "",
                   (touch_space(POOL1), f"baths:dirty:d{t[2]}"))
            for t in sorted(set(st.spaces[POOL1]))
            if t[0] == DIRTY
        ]

    def apply(self, st: State, task: Task, key: str) -> None:
        p = task.seat
        d = int(parse_key(key)[1].removeprefix("d"))
        pool = st.spaces[POOL1]
        tok = next(t for t in pool if t[0] == DIRTY and t[2] == d)
        pool.remove(tok)
        st.say(Msg("{who} purifies dirty drop {n}", who=st.name(p), n=d), p)
        st.gain(p, DIRTY_REWARD[d].gains, Msg("dirty drop {n}", n=d))
        bath_chain(st, DW, tok)
        st.reward(p, Reward(((0, 0, 0, 0, 0), DIRTY_REWARD[d].actions)))


class Transform(Action):
    """ba.transform: first which of one's drops in the Baths, then which leaf replaces it."""

    def feasible(self, st: State, p: int, excl: str | None) -> bool:
        return bool(own_bath_drops(st, p)) and has_source(st, p, "leaf", "ba", excl)

    def choices(self, st: State, task: Task) -> list[Choice]:
        if task.stage == 0:
            if not has_source(st, task.seat, "leaf", "ba", task.excl):
                return []
            return [Choice(f"from:{short(s)}", Msg("Transform your drop on {space}", space=spot(s)), "", (touch_space(s),))
                    for s in own_bath_drops(st, task.seat)]
        return [Choice(key, label, "", t) for key, label, t in sources(st, task.seat, "leaf", "ba", task.excl)]

    def apply(self, st: State, task: Task, key: str) -> None:
        p = task.seat
        if task.origin is None:
            task.origin = "ba:" + parse_key(key)[1]
            task.stage = 1
            srcs = sources(st, p, "leaf", "ba", task.excl)
            if len(srcs) == 1:
                transform(st, p, task.origin, parse_key(srcs[0][0])[1])
            else:
                st.work.push(task)
            return
        transform(st, p, task.origin, parse_key(key)[1])


def transform(st: State, p: int, sid: str, src: str) -> None:
    toks = st.spaces[sid]
    k = next(n for n, t in enumerate(toks) if t[0] == p and t[1] == "drop")
    drop = toks.pop(k)
    to_supply(st, drop)
    leaf = take(st, p, "leaf", src)
    st.say(Msg("{who} transforms a drop on {space} into a leaf", who=st.name(p), space=spot(sid)), p)
    if sid == POOL1:
        nxt = BA_NEXT[POOL1]
        assert nxt is not None
        bath_chain(st, nxt, leaf)
        # the leaf's own move is a push-like landing: pay its owner (1.10.5)
        st.gain(p, BA_REWARD[nxt].gains, Msg("leaf leaves Pool 1"))
    else:
        st.spaces[sid].append(leaf)  # ruling 30: no reward for the placement itself


class Pool2Slot(Action):
    """The Pool 2 slot for a pushed leaf: its owner's decision, never declined."""

    def __init__(self) -> None:
        self.code = Pool2Entry.code
        self.topic = "baths"

    def prompt(self, st: State, task) -> Text:
        return Msg("{who}: your leaf reaches Pool 2; choose a slot", who=st.name(task.seat))

    def choices(self, st: State, task) -> list[Choice]:
        return [Choice(f"slot:{short(s)}", Msg("{space} ({reward})", space=spot(s), reward=reward_text(BA_REWARD[s])), "",
                       (touch_space(s),))
                for s in POOL2 if not st.spaces[s]]

    def apply(self, st: State, task, key: str) -> None:
        s = "ba:" + parse_key(key)[1]
        st.spaces[s].append(tuple(task.tok))
        st.gain(task.seat, BA_REWARD[s].gains, Msg("leaf into {space}", space=spot(s)))


ACTIONS: dict[str, Action] = {
    "ba.drop": ToFountain("ba.drop"),
    "ba.purify": Purify("ba.purify"),
    "ba.transform": Transform("ba.transform"),
    Pool2Entry.code: Pool2Slot(),
}
