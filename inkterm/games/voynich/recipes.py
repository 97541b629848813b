"""Recipes (1.12): a token of one's own moves from another section (never
from the supply) to a free space of its kind's row; a text pays its face times the
space's multiplier. "Any token" first asks which kind."""
from __future__ import annotations

from typing import TYPE_CHECKING

from inkterm.engine.steps import parse_key
from inkterm.engine.types import Choice
from inkterm.engine.text import Msg, Text, sentences

from .actions import Action, Placement
from .content import Reward, reward_text
from .tables import ACTION_LABEL, RE_REWARD, RE_SPACES, spot, tok_text, touch_space

if TYPE_CHECKING:
    from .rules import State
    from .tasks import Task
from .words import TOKEN_LABEL

KINDS = ("re.leaf", "re.star", "re.drop", "re.text")


class ToRecipes(Placement):
    """re.leaf / re.star / re.drop / re.text."""

    def has_dest(self, st: State) -> bool:
        return any(not st.spaces[s] for s in RE_SPACES[self.kind])

    def dests(self, st: State):
        row = self.kind
        out = []
        for s in RE_SPACES[row]:
            if not st.spaces[s]:
                rw = RE_REWARD[s]
                what = reward_text(rw) if isinstance(rw, Reward) else Msg("the text ×{n}", n=rw)  # text: a multiplier
                out.append((f"to:{row}:{s[-1]}", Msg("{kind} row space {n} ({reward})", kind=TOKEN_LABEL[row], n=int(s[-1]),
                                                     reward=what), (touch_space(s),), s))
        return out

    def brings(self, st: State, p: int, tok: tuple, sid: str) -> list[tuple[Reward, Text]]:
        rw = RE_REWARD[sid]
        if self.kind == "text":
            base = st.text_value(tok)
            return [(Reward((tuple(v * rw for v in base.gains), ())), Msg("{token} ×{n}", token=tok_text(tok), n=rw))]  # type: ignore[arg-type, operator]
        assert isinstance(rw, Reward)
        return [(rw, spot(sid))]

    def place(self, st: State, p: int, tok: tuple, sid: str) -> None:
        st.spaces[sid].append(tok)
        st.say(Msg("{who} moves a {token} to Recipes ({space})", who=st.name(p), token=tok_text(tok), space=spot(sid)), p)
        rw = RE_REWARD[sid]
        if self.kind == "text":
            base = st.text_value(tok).gains
            st.gain(p, tuple(v * rw for v in base), Msg("{token} ×{n}", token=tok_text(tok), n=rw))
        else:
            assert isinstance(rw, Reward)
            st.reward(p, rw, spot(sid))


class AnyToRecipes(Action):
    """re.any: which kind first; the task then goes on as that kind's action."""

    def feasible(self, st: State, p: int, excl: str | None) -> bool:
        return any(st.feasible(c, p, excl) for c in KINDS)

    def hint(self, st: State) -> Text:
        return sentences(*(Msg("{action}: {hint}", action=ACTION_LABEL[c], hint=ACTIONS[c].hint(st)) for c in KINDS
                           if st.feasible(c, st.cur, None)))

    def choices(self, st: State, task: Task) -> list[Choice]:
        return [Choice(f"pick:{c}", ACTION_LABEL[c], ACTIONS[c].hint(st), ()) for c in KINDS
                if st.feasible(c, task.seat, task.excl)]

    def apply(self, st: State, task: Task, key: str) -> None:
        task.code = parse_key(key)[1]
        st.work.push(task)


ACTIONS: dict[str, Action] = {c: ToRecipes(c) for c in KINDS}
ACTIONS["re.any"] = AnyToRecipes("re.any")
