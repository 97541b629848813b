"""view_types.py describes what summary() and view(seat) really hold: every key, no
more, no fewer, with values of the declared types, through seeded games."""
import random
import types
from typing import Any, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from inkterm.engine import new_game
from inkterm.games.inkwell.view_types import Summary


def problems(value, tp, path: str = "summary") -> list[str]:
    """Where ``value`` does not fit the type ``tp``, as readable paths."""
    if tp is Any:
        return []
    if is_typeddict(tp):
        if not isinstance(value, dict):
            return [f"{path}: {type(value).__name__}, not a dict"]
        hints = get_type_hints(tp)
        out = [f"{path}.{k}: not in {tp.__name__}" for k in value if k not in hints]
        out += [f"{path}.{k}: missing" for k in tp.__required_keys__ if k not in value]
        for k, v in value.items():
            if k in hints:
                out += problems(v, hints[k], f"{path}.{k}")
        return out
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        tries = [problems(value, arm, path) for arm in get_args(tp)]
        return [] if any(not t for t in tries) else min(tries, key=len)
    if origin is list:
        if not isinstance(value, list):
            return [f"{path}: {type(value).__name__}, not a list"]
        (item,) = get_args(tp) or (Any,)
        return [p for i, x in enumerate(value) for p in problems(x, item, f"{path}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{path}: {type(value).__name__}, not a dict"]
        kt, vt = get_args(tp)
        return [p for k, v in value.items() for p in problems(k, kt, f"{path} key") + problems(v, vt, f"{path}[{k!r}]")]
    if tp is list or tp is dict:
        return [] if isinstance(value, tp) else [f"{path}: {type(value).__name__}, not {tp.__name__}"]
    if tp is type(None):
        return [] if value is None else [f"{path}: {value!r} is not None"]
    # exact: a bool is not an int here, nor an int a bool
    return [] if type(value) is tp else [f"{path}: {type(value).__name__} {value!r:.40}, not {tp.__name__}"]


def test_the_checker_finds_what_does_not_fit():
    st = new_game("inkwell", ["a", "b"], seed=1)
    s = dict(st.summary())
    s["extra"] = 1
    del s["abbot"]
    s["over"] = 0
    found = problems(s, Summary)
    assert "summary.extra: not in Summary" in found and "summary.abbot: missing" in found
    assert any(p.startswith("summary.over: int") for p in found)


@pytest.mark.parametrize("n, seed", [(1, 2), (2, 5), (4, 9)])
def test_summary_and_views_fit_their_types_through_a_game(n, seed):
    st = new_game("inkwell", [f"P{i}" for i in range(n)], seed=seed)
    r = random.Random(seed)
    step = 0
    while True:
        if step % 5 == 0 or st.is_over:
            assert problems(st.summary(), Summary) == []
            for seat in range(n):
                assert problems(st.view(seat), Summary, f"view({seat})") == []
        if st.is_over:
            break
        st.apply(r.choice(st.decision().keys))
        step += 1
