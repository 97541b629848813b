"""Words for inspecting Inkwell: a bottle's contents, a technique's text and where it
lies, a page. Everything here is public (workspace sides are not described)."""
from __future__ import annotations

from inkterm.engine.text import Term, render
from inkterm.i18n import N_, _, ngettext

from .content import bottle_name
from .model import _cubes_text

#: A count of cubes of one colour, by colour code (K R Y G B, gold).
CUBE_COUNTS = (N_("{n} black"), N_("{n} red"), N_("{n} yellow"), N_("{n} green"), N_("{n} blue"), N_("{n} gold"))
SHAPE_BOTTLES = {"star": N_("Star bottle {name}"), "circle": N_("Circle bottle {name}"),
                 "diamond": N_("Diamond bottle {name}")}


def technique_name(st, tid: int) -> str:
    spec = st.C.techniques[tid]
    return render(Term("inkwell", "techniques", str(tid), spec.name))


def _cubes_words(counts: list[int]) -> str:
    parts = [_(CUBE_COUNTS[t]).format(n=n) for t, n in enumerate(counts) if n]
    return _(", ").join(parts) if parts else _("nothing")


def _technique(st, tid: int) -> str:
    spec = st.C.techniques[tid]
    where = [
        (_("Under {who}'s workspace.") if pile is p.under else _("On {who}'s workspace.")).format(who=p.name)
        for p in st.players
        for pile in (p.techs, p.under)
        if any(int(t) == tid for t, _t in pile)
    ]
    text = render(Term("inkwell", "techniques", str(tid), spec.text, "text"))
    return "\n".join([technique_name(st, tid), text, *where])


def _bottle(st, bid: str) -> str:
    """What the bottle is, what it holds, and whether the seat deciding may Take it
    now (and if not, why: the board dims it for the same reason)."""
    from .summary import _offered_takes, _why_not

    cubes = st.bottles[bid]
    name = bottle_name(bid, st.shape[bid])
    lines = [_(SHAPE_BOTTLES[st.shape[bid]]).format(name=name) if st.shape[bid] in SHAPE_BOTTLES
             else _("Bottle {name}").format(name=name)]
    lines.append(_("Holds {cubes} ({glyphs}).").format(cubes=_cubes_words(cubes), glyphs=_cubes_text(cubes))
                 if any(cubes) else _("Empty."))
    slot = st.link.get(bid)
    tid = st.slots[slot] if slot else None
    if tid is not None:
        text = render(Term("inkwell", "techniques", str(tid), st.C.techniques[tid].text, "text"))
        lines.append(_("Beside it lies the technique {name}, taken with the cubes if the desk has room: {text}")
                     .format(name=technique_name(st, tid), text=text))
    d = st.decision()
    offered = _offered_takes(d)
    if offered is not None:
        who = st.players[d.seat].name
        lines.append(_("{who} can Take it now.").format(who=who) if bid in offered
                     else _("{who} cannot Take it now: {why}.").format(who=who, why=_why_not(st, d, bid)))
    return "\n".join(lines)


def describe(st, touch: str) -> str | None:
    kind, _sep, what = touch.partition(":")
    if kind == "bottle" and what in st.bottles:
        return _bottle(st, what)
    if kind == "tech" and what.isdigit() and int(what) in st.C.techniques:
        return _technique(st, int(what))
    if kind == "page" and what in st.C.pages:
        page = st.C.pages[what]
        name = render(Term("inkwell", "pages", page.id, page.name))
        return "\n".join([_("Page {id}: {name}").format(id=page.id, name=name),
                          ngettext("{n} space to fill.", "{n} spaces to fill.", len(page.spaces)).format(
                              n=len(page.spaces))])
    return None


def lookups(st) -> list[tuple[str, str]]:
    out = [
        (f"tech:{tid}", _("{who}: {card}").format(who=p.name, card=technique_name(st, int(tid))))
        for p in st.players
        for pile in (p.techs, p.under)
        for tid, _side in pile
    ]
    return out + [(f"bottle:{b}", _("Bottle {name}").format(name=bottle_name(b, st.shape[b]))) for b in st.bottles]
