"""Botany (1.8): leaves start on the base, drops fall on a root tip and flow
on past occupied spaces, growing moves a token one step up the plant."""
from __future__ import annotations

from typing import TYPE_CHECKING

from inkterm.engine.steps import parse_key
from inkterm.engine.types import Choice
from inkterm.engine.text import Msg, Text

from .actions import Action, Placement, take, then_hint
from .content import Reward, reward_text
from .tables import ALL_SPACES, BASE, BOT_FIXED, BOT_NEXT, BOT_REWARD, BOT_UNLIMITED, BRANCHES, TIPS, short, spot, touch_space
from .tasks import Task
from .words import TOKEN_NAME

if TYPE_CHECKING:
    from .rules import State


def flow(st: State, s: str, kind: str, out: list[str]) -> None:
    """Landing spaces one grow away from ``s``, skipping occupied spaces (1.8.3)."""
    spaces = st.spaces
    for nx in BOT_NEXT[s]:
        if nx in BRANCHES:
            out.extend(slot for slot in BRANCHES[nx] if not spaces[slot])  # ruling 25
        elif nx in BOT_UNLIMITED:
            if nx == BASE and kind == "drop":
                flow(st, nx, kind, out)
            else:
                out.append(nx)
        elif not spaces[nx]:
            out.append(nx)
        else:
            flow(st, nx, kind, out)


def grow_moves(st: State, p: int) -> list[tuple[str, str, str]]:
    """(from, kind, to) for every grow of one of the seat's tokens."""
    out = []
    seen = set()
    for sid in ALL_SPACES:
        if sid[:2] != "bo" or sid in BOT_FIXED:
            continue
        for tok in st.spaces[sid]:
            if tok[0] == p and (sid, tok[1]) not in seen:
                seen.add((sid, tok[1]))
                lands: list[str] = []
                flow(st, sid, tok[1], lands)
                for to in lands:
                    out.append((sid, tok[1], to))
    return out


def drop_landings(st: State) -> list[tuple[str, str]]:
    """(root tip, landing space) for a new drop: a free tip, or where it flows on to."""
    out = []
    for tip in TIPS:
        if not st.spaces[tip]:
            out.append((tip, tip))
        else:
            lands: list[str] = []
            flow(st, tip, "drop", lands)
            out.extend((tip, to) for to in lands)
    return out


class AddLeaf(Placement):
    def has_dest(self, st: State) -> bool:
        return True

    def dests(self, st: State):
        return [("to:BASE", Msg("The Botany base, where leaves start"), (touch_space(BASE),), BASE)]

    def place(self, st: State, p: int, tok: tuple, sid: str) -> None:
        st.spaces[BASE].append(tok)
        st.say(Msg("{who} adds a leaf to the Botany base", who=st.name(p)), p)


class AddDrop(Placement):
    def has_dest(self, st: State) -> bool:
        for tip in TIPS:
            if not st.spaces[tip]:
                return True
        return bool(drop_landings(st))

    def dests(self, st: State):
        return [
            (
                f"to:{short(tip)}" if tip == to else f"to:{short(tip)}>{short(to)}",
                (Msg("Root tip {n} ({reward})", n=int(tip[-1]), reward=reward_text(BOT_REWARD[to])) if tip == to else
                 Msg("Root tip {n}, flowing on to {space} ({reward})", n=int(tip[-1]), space=spot(to),
                     reward=reward_text(BOT_REWARD[to]))),
                (touch_space(tip), touch_space(to)),
                to,
            )
            for tip, to in drop_landings(st)
        ]

    def brings(self, st: State, p: int, tok: tuple, sid: str) -> list[tuple[Reward, Text]]:
        return [(BOT_REWARD[sid], spot(sid))]

    def place(self, st: State, p: int, tok: tuple, sid: str) -> None:
        st.spaces[sid].append(tok)
        st.say(Msg("{who} adds a drop, which lands on {space}", who=st.name(p), space=spot(sid)), p)
        st.reward(p, BOT_REWARD[sid], spot(sid))


class Grow(Action):
    def feasible(self, st: State, p: int, excl: str | None) -> bool:
        return bool(grow_moves(st, p))

    def hint(self, st: State) -> Text:
        return then_hint("grow", [reward_text(BOT_REWARD[b]) for _a, _k, b in grow_moves(st, st.cur)])

    def choices(self, st: State, task: Task) -> list[Choice]:
        return [
            Choice(
                f"grow:{short(a)}>{short(b)}",
                Msg("Grow your {token} from {space} to {to} ({reward})", token=TOKEN_NAME[kind], space=spot(a), to=spot(b),
                    reward=reward_text(BOT_REWARD[b])),
                "",
                (touch_space(a), touch_space(b)),
            )
            for a, kind, b in grow_moves(st, task.seat)
        ]

    def apply(self, st: State, task: Task, key: str) -> None:
        p = task.seat
        a, b = ("bo:" + s for s in parse_key(key)[1].split(">"))
        kind = next(kd for x, kd, y in grow_moves(st, p) if x == a and y == b)
        tok = take(st, p, kind, a)
        st.spaces[b].append(tok)
        st.say(Msg("{who} grows a {token} from {space} to {to}", who=st.name(p), token=TOKEN_NAME[kind], space=spot(a),
                   to=spot(b)), p)
        st.reward(p, BOT_REWARD[b], spot(b))


ACTIONS: dict[str, Action] = {"bo.leaf": AddLeaf("bo.leaf"), "bo.drop": AddDrop("bo.drop"), "bo.grow": Grow("bo.grow")}
