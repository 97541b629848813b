"""Writing (1.11): a text goes into the first free slot of a row (its face
and the row's head pay), a star onto a row pays the head and every text in it, and
translating a text pays its translated face and the head again."""
from __future__ import annotations

from typing import TYPE_CHECKING

from inkterm.engine.steps import key_args
from inkterm.engine.types import Choice
from inkterm.engine.words import act, possessive

from . import words as W
from .actions import Action, Placement, then_hint
from .content import Reward, reward_text
from .tables import TEXT_FACE, WR, WR_HEAD, WR_STARS, WR_TEXTS, row_of, tok_text, touch_space

if TYPE_CHECKING:
    from .rules import State
    from .tasks import Task


def texts_pay(st: State, row: str) -> Reward:
    """What a row's texts pay a star placed on it now (any colour, each its face)."""
    vec = [0, 0, 0, 0, 0]
    for s in WR_TEXTS[row]:
        for t in st.spaces[s]:
            for j, v in enumerate(st.text_value(t).gains):
                vec[j] += v
    return Reward((tuple(vec), ()))


def untranslated(st: State) -> list[str]:
    out = []
    for r in WR:
        for s in WR_TEXTS[r]:
            toks = st.spaces[s]
            if toks and not toks[0][3]:
                out.append(s)
    return out


def _first_free(st: State, slots: dict, label) -> list:
    """Per Writing row, its first empty slot of ``slots`` as a destination."""
    out = []
    for r in WR:
        s = next((s for s in slots[r] if not st.spaces[s]), None)
        if s is not None:
            out.append((f"to:{r}", label(r, s), (touch_space(s),), s))
    return out


class WriteText(Placement):
    """wr.text."""

    def has_dest(self, st: State) -> bool:
        return any(not st.spaces[s] for r in WR for s in WR_TEXTS[r])

    def dests(self, st: State):
        return _first_free(st, WR_TEXTS, lambda r, s: f"{W.space('writing', r)}, slot {s[-1]} "
                                                      f"(head {reward_text(WR_HEAD[r])})")

    def brings(self, st: State, p: int, tok: tuple, sid: str) -> list[tuple[Reward, str]]:
        r = row_of(sid)
        return [(st.text_value(tok), tok_text(tok)), (WR_HEAD[r], f"the head of {W.space('writing', r)}")]

    def place(self, st: State, p: int, tok: tuple, sid: str) -> None:
        st.spaces[sid].append(tok)
        r = row_of(sid)
        st.say(f"{act(st.name(p), 'writes')} {tok_text(tok)} into {W.space('writing', r)}", p)
        st.reward(p, st.text_value(tok), f"({tok_text(tok)})")
        st.reward(p, WR_HEAD[r], f"({W.space('writing', r)})")


class StarOnRow(Placement):
    """wr.star."""

    def has_dest(self, st: State) -> bool:
        return any(not st.spaces[s] for r in WR for s in WR_STARS[r])

    def dests(self, st: State):
        return _first_free(st, WR_STARS, lambda r, s: f"{W.space('writing', r)} "
                                                      f"(head {reward_text(WR_HEAD[r])} + its texts)")

    def brings(self, st: State, p: int, tok: tuple, sid: str) -> list[tuple[Reward, str]]:
        r = row_of(sid)
        return [(texts_pay(st, r), f"the texts of {W.space('writing', r)}"),
                (WR_HEAD[r], f"the head of {W.space('writing', r)}")]

    def place(self, st: State, p: int, tok: tuple, sid: str) -> None:
        st.spaces[sid].append(tok)
        r = row_of(sid)
        st.say(f"{act(st.name(p), 'puts')} a star on {W.space('writing', r)}", p)
        st.gain(p, texts_pay(st, r).gains, f"(texts of {W.space('writing', r)})")
        st.reward(p, WR_HEAD[r], f"({W.space('writing', r)})")


class Translate(Action):
    """wr.translate: any seat's untranslated text; the translator is paid."""

    def feasible(self, st: State, p: int, excl: str | None) -> bool:
        return bool(untranslated(st))

    def hint(self, st: State) -> str:
        return then_hint("a text to translate", [
            f"{reward_text(TEXT_FACE[st.spaces[s][0][2]][1])} + {reward_text(WR_HEAD[row_of(s)])}"
            for s in untranslated(st)])

    def choices(self, st: State, task: Task) -> list[Choice]:
        out = []
        for s in untranslated(st):
            tok = st.spaces[s][0]
            r = row_of(s)
            out.append(
                Choice(
                    f"text:{r}:{s[-1]}",
                    f"Translate {possessive(st.name(tok[0]))} text {tok[2]} in {W.space('writing', r)} "
                    f"({reward_text(TEXT_FACE[tok[2]][1])} + {reward_text(WR_HEAD[r])})",
                    "",
                    (touch_space(s),),
                )
            )
        return out

    def apply(self, st: State, task: Task, key: str) -> None:
        p = task.seat
        r, slot = key_args(key)
        s = f"wr:{r}:t{slot}"
        owner, kind, tid, _ = st.spaces[s][0]
        st.spaces[s] = [(owner, kind, tid, True)]
        st.say(f"{act(st.name(p), 'translates')} {possessive(st.name(owner))} text {tid} in {W.space('writing', r)}", p)
        st.reward(p, TEXT_FACE[tid][1], f"(text {tid} translated)")
        st.reward(p, WR_HEAD[r], f"({W.space('writing', r)})")


ACTIONS: dict[str, Action] = {
    "wr.text": WriteText("wr.text"),
    "wr.star": StarOnRow("wr.star"),
    "wr.translate": Translate("wr.translate"),
}
