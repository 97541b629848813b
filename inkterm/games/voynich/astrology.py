"""Astrology (1.9): a star or a text on a constellation, outer ones only once
their sector's inner one holds the same kind; a completed constellation pays both its
placers; the goat turns to the next sector and pays for every constellation begun there."""
from __future__ import annotations

from typing import TYPE_CHECKING

from inkterm.engine.text import Msg, Text, sentences

from . import words as W
from .actions import Action, Placement, brings_hint
from .content import Reward, reward_text
from .tables import CONST_NAMES, CONST_REWARD, NSECT, SECTOR_CONSTS, STAR_REWARD, row_of, tok_text, touch_space

if TYPE_CHECKING:
    from .rules import State


def gated(st: State, const: str, part: str) -> bool:
    """Whether an outer constellation's star (or text) space is closed: its sector's
    inner one holds no star (text) yet (1.9.4)."""
    return not const.endswith("I") and not st.spaces[f"as:{const[0]}I:{part}"]


def astro_dests(st: State, kind: str) -> list[str]:
    part = "star" if kind == "star" else "text"
    return [f"as:{k}:{part}" for k in CONST_NAMES
            if not st.spaces[f"as:{k}:{part}"] and not gated(st, k, part)]


def goat_pays(st: State, sector: int) -> Reward:
    """What the goat turning into ``sector`` would pay now: every constellation there
    that holds a star, a text or both (1.9.6)."""
    gains = [0, 0, 0, 0, 0]
    for k in SECTOR_CONSTS[sector]:
        if st.spaces[f"as:{k}:star"] or st.spaces[f"as:{k}:text"]:
            for j, v in enumerate(CONST_REWARD[k].gains):
                gains[j] += v
    return Reward((tuple(gains), ()))


def complete(st: State, const: str) -> None:
    star = st.spaces[f"as:{const}:star"]
    text = st.spaces[f"as:{const}:text"]
    if star and text:
        r = CONST_REWARD[const]
        a, b = star[0][0], text[0][0]
        st.gain(a, r.gains, W.constellation_words(const))
        if b != a:
            st.gain(b, r.gains, W.constellation_words(const))


def goat_brings(st: State) -> list[tuple[Reward, Text]]:
    """What turning the goat pays now: each constellation begun in its next sector."""
    nxt = st.goat % NSECT + 1
    return [(CONST_REWARD[k], Msg("the goat, {constellation}", constellation=W.constellation_words(k)))
            for k in SECTOR_CONSTS[nxt]
            if st.spaces[f"as:{k}:star"] or st.spaces[f"as:{k}:text"]]


def goat_step(st: State, p: int) -> None:
    st.goat = st.goat % NSECT + 1
    st.say(Msg("The goat turns to sector {sector}", sector=st.goat), p)
    for k in SECTOR_CONSTS[st.goat]:  # what goat_pays adds up, each paid in its own words
        if st.spaces[f"as:{k}:star"] or st.spaces[f"as:{k}:text"]:
            st.gain(p, CONST_REWARD[k].gains, Msg("the goat, {constellation}", constellation=W.constellation_words(k)))


class ToConstellation(Placement):
    """as.star / as.text."""

    def has_dest(self, st: State) -> bool:
        return bool(astro_dests(st, self.kind))

    def dests(self, st: State):
        out = []
        for sid in astro_dests(st, self.kind):
            k = row_of(sid)
            label = (Msg("{constellation} ({reward})", constellation=W.constellation_words(k, capital=True),
                         reward=reward_text(STAR_REWARD[k])) if self.kind == "star"
                     else W.constellation_words(k, capital=True))
            out.append((f"to:{k}", label, (touch_space(sid),), sid))
        return out

    def brings(self, st: State, p: int, tok: tuple, sid: str) -> list[tuple[Reward, Text]]:
        const = row_of(sid)
        own = (STAR_REWARD[const], Msg("the star")) if self.kind == "star" else (st.text_value(tok), tok_text(tok))
        other = st.spaces[f"as:{const}:{'text' if self.kind == 'star' else 'star'}"]
        done = ([(CONST_REWARD[const], Msg("completes {constellation}", constellation=W.constellation_words(const)))]
                if other else [])
        return [own, *done]

    def place(self, st: State, p: int, tok: tuple, sid: str) -> None:
        st.spaces[sid].append(tok)
        const = row_of(sid)
        st.say(Msg("{who} places a {token} on {constellation}", who=st.name(p), token=tok_text(tok),
                   constellation=W.constellation_words(const)), p)
        if self.kind == "star":
            # the reward's own action may not take back the star just placed
            st.reward(p, STAR_REWARD[const], Msg("star, {constellation}", constellation=W.constellation_words(const)),
                      excl=sid)
        else:
            st.reward(p, st.text_value(tok), tok_text(tok))
        complete(st, const)


class TurnGoat(Action):
    """as.goat happens at once: nothing to choose."""

    def feasible(self, st: State, p: int, excl: str | None) -> bool:
        return True

    def begin(self, st: State, p: int) -> None:
        goat_step(st, p)

    def hint(self, st: State) -> Text:
        return sentences(Msg("To sector {sector}.", sector=st.goat % NSECT + 1), brings_hint(goat_brings(st)))


ACTIONS: dict[str, Action] = {
    "as.star": ToConstellation("as.star"),
    "as.text": ToConstellation("as.text"),
    "as.goat": TurnGoat("as.goat"),
}
