"""The phases of a turn (1.3) as one handler each, in ``PHASES``: opening a
double page, advancing cards (``research.Progress``), choosing a card and using its
actions, sharing knowledge and the research move that follows. A handler builds the
phase's decision (None: nothing to decide, the phase ends) and applies its choices."""
from __future__ import annotations

from typing import TYPE_CHECKING

from inkterm.engine.steps import key_args, parse_key
from inkterm.engine.types import Choice, Decision
from inkterm.engine.words import act

from . import words as W
from .content import GAIN_RE, OK, SECTIONS, TYPE_NAMES, TYPES
from .geometry import IDX, LETTER, RC, at, touch_cell
from .research import Progress
from .tables import action_label, action_topic, action_touches

if TYPE_CHECKING:
    from .rules import State


class Spread:
    """Open a double page, never the one opened last turn (the golden rule)."""

    def decide(self, st: State) -> Decision:
        p = st.cur
        last = st.last[p]
        # The double pages answer to their place in the book, 1–5.
        ch = [
            Choice(f"spread:{s}", f"Open {s.capitalize()}", self._hint(st, p, s), (f"book:{s}",), str(n))
            for n, s in enumerate(SECTIONS, 1)
            if s != last
        ]
        shut: tuple[tuple[str, str, str], ...] = ()
        rule = ""
        if last:
            shut = ((str(SECTIONS.index(last) + 1), last.capitalize(), "opened last turn"),)
            rule = f" (not {last.capitalize()}, opened last turn)"
        return Decision(p, f"{st.name(p)}: open a double page{rule}", ch, "choosing-a-double-page", shut)

    @staticmethod
    def _hint(st: State, p: int, s: str) -> str:
        i = SECTIONS.index(s)
        return ", ".join(f"{W.card(cid)} on step {step}" for cid, step in st.book[p][2 * i : 2 * i + 2])

    def apply(self, st: State, key: str) -> None:
        sec = parse_key(key)[1]
        st.open = sec
        st.phase = "prog1"
        st.say(f"{act(st.name(st.cur), 'opens')} {sec.capitalize()}", st.cur, "action")


class Pick:
    """Phase 2: which open card to use (one with a feasible action), or none."""

    def decide(self, st: State) -> Decision | None:
        p = st.cur
        ch = []
        for cid, step in st.open_cards(p):
            acts = st.content.acts(cid, step)
            if any(st.feasible(a, p) for it in acts for a in it.split("/")):
                ch.append(Choice(f"act:{cid}", f"Use {W.card(cid)} (step {step})", W.actions(acts), (f"card:{cid}",)))
        if not ch:
            return None
        ch.append(Choice("act:skip", "Take no actions", "The open cards' actions go unused this turn.", ()))
        return Decision(p, f"{st.name(p)}: which open card do you use?", ch, "acting")

    def apply(self, st: State, key: str) -> None:
        cid = parse_key(key)[1]
        if cid == "skip":
            st.next_phase()
            return
        step = next(s for c, s in st.open_cards(st.cur) if c == cid)
        st.acting = cid
        st.items = [tuple(it.split("/")) for it in st.content.acts(cid, step)]
        st.phase = "act"
        st.say(f"{act(st.name(st.cur), 'uses')} {W.card(cid)}", st.cur)


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
        ch = [Choice(f"do:{a}", action_label(a), " ".join(filter(None, (self._now(st, a), self._left(st, a)))), action_touches(a),
                     keys.get(a))  # (None: the menu gives it a free letter)
              for a in codes]
        ch.append(Choice("stop", "End your actions", "unused actions are lost", (), "e"))
        assert st.acting is not None
        return Decision(p, f"{st.name(p)}: next action of {W.card(st.acting)}", ch, action_topic(codes[0]))

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
    def _now(st: State, a: str) -> str:
        return "" if GAIN_RE.match(a) else st.action(a).hint(st)

    @staticmethod
    def _left(st: State, a: str) -> str:
        n = sum(1 for it in st.items if a in it)
        return f"{n} use{'s' if n > 1 else ''} left" if n > 1 else ""

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
            st.gain(p, vec, f"({W.card(st.acting)})")
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
                            f"{TYPE_NAMES[t].capitalize()} piece {LETTER[i]} on {at(i)}",
                            f"{st.psupply[t][L]} left",
                            (touch_cell(i),),
                        )
                    )
        if not ch:
            return None
        return Decision(p, f"{st.name(p)}: place a knowledge piece (sharing)", ch, "knowledge-sharing")

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
        st.say(f"{act(st.name(p), 'shares')} {TYPE_NAMES[ti]} knowledge: a piece on {W.cell(rc)}", p, "share")


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
                            f"Move a research token from {at(i)} to the new piece on {at(j)}",
                            "",
                            (touch_cell(i), touch_cell(j)),
                        )
                    )
        if not ch:
            return None
        ch.append(Choice("share-move:none", "Move no research token", "", ()))
        return Decision(p, f"{st.name(p)}: move one research token onto a new piece?", ch, "knowledge-sharing")

    def apply(self, st: State, key: str) -> None:
        p = st.cur
        if key != "share-move:none":
            a, b = parse_key(key)[1].split(">")
            st.research[p].remove(IDX[a])
            st.research[p].append(IDX[b])
            st.say(f"{act(st.name(p), 'moves')} a research token from {W.cell(a)} to {W.cell(b)}", p)
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
