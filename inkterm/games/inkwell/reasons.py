"""Inkwell in words for a bot's reason (see ``inkterm/bots/reasons.py``): what a Take
or a Turn gains on the seat's page (illustrations filled or completed, the multiplier,
what a Turn would score, techniques, points) and what it sets up (an illustration one
cube from its points)."""
from __future__ import annotations

from inkterm.engine.words import count


def turn_ends(key: str, events) -> bool:
    return any(e.kind == "turn" for e in events)


def _illustrations(page) -> dict[str, tuple[int, int, int, bool]]:
    if not isinstance(page, dict):
        return {}
    return {i["id"]: (i["filled"], i["size"], i["points"], i["complete"])
            for i in page.get("illustrations", [])}


def _preview(p: dict) -> int:
    return sum(pts for _, pts in p.get("turn_preview") or [])


def gains(before: dict, after: dict, seat: int) -> list[str]:
    b, a = before["players"][seat], after["players"][seat]
    out = []
    if (a.get("pages_turned") or 0) > (b.get("pages_turned") or 0):
        out.append(f"the page scores {a['score'] - b['score']} points now")
    else:
        was, now = _illustrations(b.get("page")), _illustrations(a.get("page"))
        for ill, (filled, size, points, complete) in now.items():
            before_filled = was.get(ill, (0, 0, 0, False))[0]
            if complete and not was.get(ill, (0, 0, 0, False))[3]:
                out.append(f"completes illustration {ill} ({points} points)")
            elif filled > before_filled:
                out.append(f"{count(filled - before_filled, 'cube')} on illustration {ill} "
                           f"({filled} of {size} for {points} points)")
        pb, pa = b.get("page") or {}, a.get("page") or {}
        if isinstance(pb, dict) and isinstance(pa, dict) and pa.get("id") == pb.get("id"):
            if _preview(a) > _preview(b):
                out.append(f"a Turn would now score {_preview(a)} (was {_preview(b)})")
        if a["score"] > b["score"]:
            out.append(f"+{a['score'] - b['score']} points")
    known = {t.get("name") for t in b.get("techniques") or []}
    out += [f"the technique {t['name']}" for t in a.get("techniques") or [] if t.get("name") not in known]
    return out


def sets_up(before: dict, after: dict, seat: int) -> list[str]:
    a = after["players"][seat]
    was = _illustrations(before["players"][seat].get("page"))
    out = []
    for ill, (filled, size, points, complete) in _illustrations(a.get("page")).items():
        if not complete and size - filled == 1 and was.get(ill, (0, 0, 0, False))[0] < filled:
            out.append(f"leaves illustration {ill} one cube from its {points} points")
    return out
