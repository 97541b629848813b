"""Words for inspecting Inkwell: a bottle's contents, a technique's text and where it
lies, a page. Everything here is public (workspace sides are not described)."""
from __future__ import annotations

from .content import CUBE_NAMES, bottle_name
from .model import _cubes_text


def _cubes_words(counts: list[int]) -> str:
    parts = [f"{n} {CUBE_NAMES[t]}" for t, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else "nothing"


def _technique(st, tid: int) -> str:
    spec = st.C.techniques[tid]
    where = [
        f"{'Under' if pile is p.under else 'On'} {p.name}'s workspace."
        for p in st.players
        for pile in (p.techs, p.under)
        if any(int(t) == tid for t, _ in pile)
    ]
    return "\n".join([spec.name, spec.text, *where])


def _bottle(st, bid: str) -> str:
    """What the bottle is, what it holds, and whether the seat deciding may Take it
    now (and if not, why: the board dims it for the same reason)."""
    from .summary import _offered_takes, _why_not

    cubes = st.bottles[bid]
    lines = [f"{st.shape[bid].capitalize()} bottle {bottle_name(bid, st.shape[bid])}"]
    lines.append(f"Holds {_cubes_words(cubes)} ({_cubes_text(cubes)})." if any(cubes) else "Empty.")
    slot = st.link.get(bid)
    tid = st.slots[slot] if slot else None
    if tid is not None:
        tech = st.C.techniques[tid]
        lines.append(f"Beside it lies the technique {tech.name}, taken with the cubes if the desk "
                     f"has room: {tech.text}")
    d = st.decision()
    offered = _offered_takes(d)
    if offered is not None:
        who = st.players[d.seat].name
        lines.append(f"{who} can Take it now." if bid in offered
                     else f"{who} cannot Take it now: {_why_not(st, d, bid)}.")
    return "\n".join(lines)


def describe(st, touch: str) -> str | None:
    kind, _, what = touch.partition(":")
    if kind == "bottle" and what in st.bottles:
        return _bottle(st, what)
    if kind == "tech" and what.isdigit() and int(what) in st.C.techniques:
        return _technique(st, int(what))
    if kind == "page" and what in st.C.pages:
        page = st.C.pages[what]
        return f"Page {page.id}: {page.name}\n{len(page.spaces)} spaces to fill."
    return None


def lookups(st) -> list[tuple[str, str]]:
    out = [
        (f"tech:{tid}", f"{p.name}: {st.C.techniques[int(tid)].name}")
        for p in st.players
        for pile in (p.techs, p.under)
        for tid, _ in pile
    ]
    return out + [(f"bottle:{b}", f"Bottle {bottle_name(b, st.shape[b])}") for b in st.bottles]
