"""Inkwell in words for a bot's reason (see ``inkterm/bots/reasons.py``): for each named
part of the evaluation (``evaluate.player_parts``), what a Take or a Turn changed in it
on the seat's page (points, illustrations filled or completed, what a Turn would score,
pages left, the solo Rival's pile), and what it sets up (an illustration one cube from
its points)."""
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


def _turned(b: dict, a: dict) -> bool:
    return (a.get("pages_turned") or 0) > (b.get("pages_turned") or 0)


def _same_page(b: dict, a: dict) -> bool:
    pb, pa = b.get("page"), a.get("page")
    return isinstance(pb, dict) and isinstance(pa, dict) and pa.get("id") == pb.get("id")


def _score(before: dict, after: dict, seat: int) -> list[str]:
    b, a = before["players"][seat], after["players"][seat]
    out = []
    if _turned(b, a):
        out.append(f"the page scores {count(a['score'] - b['score'], 'point')} now")
    elif a["score"] > b["score"]:
        out.append(f"+{count(a['score'] - b['score'], 'point')}")
    known = {t.get("name") for t in b.get("techniques") or []}
    out += [f"the technique {t['name']}" for t in a.get("techniques") or [] if t.get("name") not in known]
    return out


def _pages_left(before: dict, after: dict, seat: int) -> list[str]:
    """A Turn spends a page; choosing the next one says what it offers."""
    b, a = before["players"][seat], after["players"][seat]
    page = a.get("page")
    if isinstance(page, dict) and not _same_page(b, a):
        worth = sum(i["points"] for i in page.get("illustrations", []))
        return [f"a new page, {page['name']}, with illustrations worth {count(worth, 'point')}"]
    if _turned(b, a) and a.get("finished"):
        return ["the last page turned: finished"]
    return []


def _turn_would_score(before: dict, after: dict, seat: int) -> list[str]:
    b, a = before["players"][seat], after["players"][seat]
    if _same_page(b, a) and _preview(a) > _preview(b):
        return [f"a Turn would now score {count(_preview(a), 'point')} (was {_preview(b)})"]
    if not _same_page(b, a) and isinstance(a.get("page"), dict) and _preview(a) > 0:
        return [f"a Turn of the new page would already score {count(_preview(a), 'point')}"]
    return []


def _filling(before: dict, after: dict, seat: int) -> list[str]:
    b, a = before["players"][seat], after["players"][seat]
    was = _illustrations(b.get("page")) if _same_page(b, a) else {}
    out = []
    for ill, (filled, size, points, complete) in _illustrations(a.get("page")).items():
        before_filled, _, _, done = was.get(ill, (0, 0, 0, False))
        if complete and not done:
            out.append(f"completes illustration {ill} ({count(points, 'point')})")
        elif filled > before_filled:
            out.append(f"{count(filled - before_filled, 'cube')} on illustration {ill} "
                       f"({filled} of {size} for {count(points, 'point')})")
    return out


def _rival(before: dict, after: dict, seat: int) -> list[str]:
    rb, ra = before.get("rival"), after.get("rival")
    if not rb or not ra:
        return []
    pile_b, pile_a = sum(rb["pile"].values()), sum(ra["pile"].values())
    if pile_a < pile_b:
        return [f"the Rival's pile shrinks to {count(pile_a, 'cube')}"]
    if ra["score"] > rb["score"]:
        return [f"the Rival scores {count(ra['score'] - rb['score'], 'point')}"]
    return []


#: What each part of the evaluation is, in words: the part's name as ``value_parts``
#: gives it, and what a turn changed in it.
TELLERS = {
    "score": _score,
    "pages still to turn": _pages_left,
    "what turning this page would score": _turn_would_score,
    "illustrations being filled": _filling,
    "the Rival's score and pile, against you": _rival,
}


def sets_up(before: dict, after: dict, seat: int) -> list[str]:
    a = after["players"][seat]
    was = _illustrations(before["players"][seat].get("page"))
    out = []
    for ill, (filled, size, points, complete) in _illustrations(a.get("page")).items():
        if not complete and size - filled == 1 and was.get(ill, (0, 0, 0, False))[0] < filled:
            out.append(f"leaves illustration {ill} one cube from its {count(points, 'point')}")
    return out
