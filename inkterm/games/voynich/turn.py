"""The phases of a turn (1.3) as one handler each, in ``PHASES``: opening a
double page, advancing cards (``research.Progress``), choosing a card and using its
actions, sharing knowledge and the research move that follows. A handler builds the
phase's decision (None: nothing to decide, the phase ends) and applies its choices."""
from __future__ import annotations

from typing import TYPE_CHECKING

from inkterm.engine.steps import key_args, parse_key
from inkterm.engine.types import Choice, Decision
from inkterm.engine.text import Msg, Text, nmsg, sentences

from . import words as W
from .content import GAIN_RE, OK, SECTIONS, TYPE_NAMES, TYPES
from .geometry import IDX, LETTER, RC, at, touch_cell
from .research import Progress
from .tables import action_label, action_topic, action_touches

if TYPE_CHECKING:
    from .rules import State


SKIP = Choice("act:skip", Msg("Take no actions"), Msg("The open cards' actions go unused this turn."), ())
STOP = Choice("stop", Msg("End your actions"), Msg("unused actions are lost"), (), "e")
NO_MOVE = Choice("share-move:none", Msg("Move no research token"), "", ())


class Spread:
    """Open a double page, never the one opened last turn (the golden rule)."""

    def decide(self, st: State) -> Decision:
        p = st.cur
        last = st.last[p]
        # The double pages answer to their place in the book, 1–5.
        ch = [
            Choice(f"spread:{s}", Msg("Open {section}", section=W.SECTION_NAME[s]), self._hint(st, p, s), (f"book:{s}",),
                   str(n))
            for n, s in enumerate(SECTIONS, 1)
            if s != last
        ]
        shut: tuple[tuple[str, Text, Text], ...] = ()
        if last:
            shut = ((str(SECTIONS.index(last) + 1), W.SECTION_NAME[last], Msg("opened last turn")),)
            prompt = Msg("{who}: open a double page (not {section}, opened last turn)", who=st.name(p),
                         section=W.SECTION_NAME[last])
        else:
            prompt = Msg("{who}: open a double page", who=st.name(p))
        return Decision(p, prompt, ch, "choosing-a-double-page", shut)

    @staticmethod
    def _hint(st: State, p: int, s: str) -> Text:
        i = SECTIONS.index(s)
        cards = tuple(Msg("{card} on step {step}", card=W.card_words(cid), step=step)
                      for cid, step in st.book[p][2 * i : 2 * i + 2])
        return Msg(W.ITEMS, items=cards)

    def apply(self, st: State, key: str) -> None:
        sec = parse_key(key)[1]
        st.open = sec
        st.phase = "prog1"
        st.say(Msg("{who} opens {section}", who=st.name(st.cur), section=W.SECTION_NAME[sec]), st.cur, "action")


class Pick:
    """Phase 2: which open card to use (one with a feasible action), or none."""

    def decide(self, st: State) -> Decision | None:
        p = st.cur
        ch = []
        for cid, step in st.open_cards(p):
            acts = st.content.acts(cid, step)
            if any(st.feasible(a, p) for it in acts for a in it.split("/")):
                ch.append(Choice(f"act:{cid}", Msg("Use {card} (step {step})", card=W.card_words(cid), step=step),
                                 W.actions_words(acts), (f"card:{cid}",)))
        if not ch:
            return None
        ch.append(SKIP)
        return Decision(p, Msg("{who}: which open card do you use?", who=st.name(p)), ch, "acting")

    def apply(self, st: State, key: str) -> None:
        cid = parse_key(key)[1]
        if cid == "skip":
            st.next_phase()
            return
        step = next(s for c, s in st.open_cards(st.cur) if c == cid)
        st.acting = cid
        st.items = [tuple(it.split("/")) for it in st.content.acts(cid, step)]
        st.phase = "act"
        st.say(Msg("{who} uses {card}", who=st.name(st.cur), card=W.card_words(cid)), st.cur)


class Act:
    """Phase 2: the card's actions one at a time, in any order; an item ``a/b`` is one
    use of either."""

    def decide(self, st: State) -> Decision | None:
        p = st.cur
        codes: list[str] = []
        for it in st.items:
            for a in it:
                if a not in codes and st.feasible(a, p):
                    codes.append(a)
        if not codes:
            return None
        keys = self._keys(st)
        ch = [Choice(f"do:{a}", action_label(a), sentences(self._now(st, a), self._left(st, a)), action_touches(a),
                     keys.get(a))  # (None: the menu gives it a free letter)
              for a in codes]
        ch.append(STOP)
        assert st.acting is not None
        return Decision(p, Msg("{who}: next action of {card}", who=st.name(p), card=W.card_words(st.acting)), ch,
                        action_topic(codes[0]))

    @staticmethod
    def _keys(st: State) -> dict[str, str]:
        """Each action's key: its place on the card being used, so that a key keeps
        its meaning while the card's actions are spent one by one ("1 Turn the goat",
        then 2 is still the research token, not a renumbered 1)."""
        assert st.acting is not None
        step = next((s for c, s in st.open_cards(st.cur) if c == st.acting), None)
        if step is None:
            return {}
        keys: dict[str, str] = {}
        for i, item in enumerate(st.content.acts(st.acting, step), start=1):
            for a in item.split("/"):  # "a/b": the first gets the number, the other a letter
                if a not in keys and str(i) not in keys.values():
                    keys[a] = str(i)
        return keys

    @staticmethod
    def _now(st: State, a: str) -> Text:
        return "" if GAIN_RE.match(a) else st.action(a).hint(st)

    @staticmethod
    def _left(st: State, a: str) -> Text:
        n = sum(1 for it in st.items if a in it)
        return nmsg("{n} use left", "{n} uses left", n) if n > 1 else ""

    def apply(self, st: State, key: str) -> None:
        if key == "stop":
            st.next_phase()
            return
        code = parse_key(key)[1]
        best = min((it for it in st.items if code in it), key=len)  # spend the least flexible item
        st.items.remove(best)
        p = st.cur
        m = GAIN_RE.match(code)
        if m:
            vec = [0, 0, 0, 0, 0]
            kind = m.group(2)
            vec[OK if kind == "OK" else TYPES.index(kind)] = int(m.group(1))
            assert st.acting is not None
            st.gain(p, vec, W.card_words(st.acting))
        else:
            st.action(code).begin(st, p)


class Share:
    """Phase 3: every sharing token held becomes a knowledge piece next to the puzzle."""

    def decide(self, st: State) -> Decision | None:
        p = st.cur
        held = [t for t in range(4) if st.share[p][t] > 0]
        if not held:
            return None
        cells = st.an().frontier
        ch = []
        for t in held:
            for i in cells:
                L = "ABCD".index(LETTER[i])
                if st.psupply[t][L] > 0:
                    ch.append(
                        Choice(
                            f"piece:{TYPES[t]}:{RC[i]}",
                            Msg("{kind} piece {letter} on {cell}", kind=W.SECTION_NAME[TYPE_NAMES[t]],
                                letter=LETTER[i], cell=at(i)),
                            nmsg("{n} left", "{n} left", st.psupply[t][L]),
                            (touch_cell(i),),
                        )
                    )
        if not ch:
            return None
        return Decision(p, Msg("{who}: place a knowledge piece (sharing)", who=st.name(p)), ch, "knowledge-sharing")

    def apply(self, st: State, key: str) -> None:
        t, rc = key_args(key)
        p = st.cur
        ti = TYPES.index(t)
        i = IDX[rc]
        st.share[p][ti] -= 1
        st.psupply[ti]["ABCD".index(LETTER[i])] -= 1
        st.grid[i] = ti
        st.pv += 1
        st._an = None
        st.placed.append(i)
        st.say(Msg("{who} shares {kind} knowledge: a piece on {cell}", who=st.name(p), kind=W.KIND_NAME[TYPE_NAMES[ti]],
                   cell=W.cell(rc)), p, "share")


class Move:
    """Phase 3: one research token may move onto a piece just shared."""

    def decide(self, st: State) -> Decision | None:
        p = st.cur
        an = st.an()
        ch = []
        for i in sorted(set(st.research[p])):
            for j in st.placed:
                if j != i and an.present[j]:
                    ch.append(
                        Choice(
                            f"share-move:{RC[i]}>{RC[j]}",
                            Msg("Move a research token from {cell} to the new piece on {to}", cell=at(i), to=at(j)),
                            "",
                            (touch_cell(i), touch_cell(j)),
                        )
                    )
        if not ch:
            return None
        ch.append(NO_MOVE)
        return Decision(p, Msg("{who}: move one research token onto a new piece?", who=st.name(p)), ch,
                        "knowledge-sharing")

    def apply(self, st: State, key: str) -> None:
        p = st.cur
        if key != "share-move:none":
            a, b = parse_key(key)[1].split(">")
            st.research[p].remove(IDX[a])
            st.research[p].append(IDX[b])
            st.say(Msg("{who} moves a research token from {cell} to {to}", who=st.name(p), cell=W.cell(a), to=W.cell(b)),
                   p)
        st.next_phase()


PHASES: dict[str, Spread | Progress | Pick | Act | Share | Move] = {
    "spread": Spread(),
    "prog1": Progress(),
    "pick": Pick(),
    "act": Act(),
    "share": Share(),
    "move": Move(),
    "prog2": Progress(),
}
