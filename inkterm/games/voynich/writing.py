"""Writing (1.11): a text goes into the first free slot of a row (its face
and the row's head pay), a star onto a row pays the head and every text in it, and
translating a text pays its translated face and the head again."""
from __future__ import annotations

from typing import TYPE_CHECKING

from inkterm.engine.steps import key_args
from inkterm.engine.types import Choice
from inkterm.engine.text import Msg, Text

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


def row(r: str) -> Text:
    """A Writing row in words (``W3`` -> ``row 3``)."""
    return W.space_words("writing", r)


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
        return _first_free(st, WR_TEXTS, lambda r, s: Msg("Row {row}, slot {slot} (head {reward})", row=int(r[1:]),
                                                          slot=int(s[-1]), reward=reward_text(WR_HEAD[r])))

    def brings(self, st: State, p: int, tok: tuple, sid: str) -> list[tuple[Reward, Text]]:
        r = row_of(sid)
        return [(st.text_value(tok), tok_text(tok)), (WR_HEAD[r], Msg("the head of {row}", row=row(r)))]

    def place(self, st: State, p: int, tok: tuple, sid: str) -> None:
        st.spaces[sid].append(tok)
        r = row_of(sid)
        st.say(Msg("{who} writes {token} into {row}", who=st.name(p), token=tok_text(tok), row=row(r)), p)
        st.reward(p, st.text_value(tok), tok_text(tok))
        st.reward(p, WR_HEAD[r], row(r))


class StarOnRow(Placement):
    """wr.star."""

    def has_dest(self, st: State) -> bool:
        return any(not st.spaces[s] for r in WR for s in WR_STARS[r])

    def dests(self, st: State):
        return _first_free(st, WR_STARS, lambda r, s: Msg("Row {row} (head {reward} + its texts)", row=int(r[1:]),
                                                          reward=reward_text(WR_HEAD[r])))

    def brings(self, st: State, p: int, tok: tuple, sid: str) -> list[tuple[Reward, Text]]:
        r = row_of(sid)
        return [(texts_pay(st, r), Msg("the texts of {row}", row=row(r))),
                (WR_HEAD[r], Msg("the head of {row}", row=row(r)))]

    def place(self, st: State, p: int, tok: tuple, sid: str) -> None:
        st.spaces[sid].append(tok)
        r = row_of(sid)
        st.say(Msg("{who} puts a star on {row}", who=st.name(p), row=row(r)), p)
        st.gain(p, texts_pay(st, r).gains, Msg("texts of {row}", row=row(r)))
        st.reward(p, WR_HEAD[r], row(r))


class Translate(Action):
    """wr.translate: any seat's untranslated text; the translator is paid."""

    def feasible(self, st: State, p: int, excl: str | None) -> bool:
        return bool(untranslated(st))

    def hint(self, st: State) -> Text:
        return then_hint("translate", [
            Msg("{reward} + {head}", reward=reward_text(TEXT_FACE[st.spaces[s][0][2]][1]), head=reward_text(WR_HEAD[row_of(s)]))
            for s in untranslated(st)])

    def choices(self, st: State, task: Task) -> list[Choice]:
        out = []
        for s in untranslated(st):
            tok = st.spaces[s][0]
            r = row_of(s)
            out.append(
                Choice(
                    f"text:{r}:{s[-1]}",
                    Msg("Translate {who}'s text {n} in {row} ({reward} + {head})", who=st.name(tok[0]), n=tok[2], row=row(r),
                        reward=reward_text(TEXT_FACE[tok[2]][1]), head=reward_text(WR_HEAD[r])),
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
        st.say(Msg("{who} translates {owner}'s text {n} in {row}", who=st.name(p), owner=st.name(owner), n=tid,
                   row=row(r)), p)
        st.reward(p, TEXT_FACE[tid][1], Msg("text {n} translated", n=tid))
        st.reward(p, WR_HEAD[r], row(r))


ACTIONS: dict[str, Action] = {
    "wr.text": WriteText("wr.text"),
    "wr.star": StarOnRow("wr.star"),
    "wr.translate": Translate("wr.translate"),
}
