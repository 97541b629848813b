"""Inkwell in words for a bot's reason (see ``inkterm/bots/reasons.py``): for each named
part of the evaluation (``evaluate.player_parts``), what a Take or a Turn changed in it
on the seat's page (points, illustrations filled or completed, what a Turn would score,
pages left, the solo Rival's pile), and what it sets up (an illustration one cube from
its points). Said as messages (``engine/text.py``), in the reader's language."""
from __future__ import annotations

from inkterm.i18n import N_
from inkterm.engine.text import Msg, Text, nmsg

from .texts import term


def turn_ends(key: str, events) -> bool:
    return any(e.kind == "turn" for e in events)


def _points(n: int) -> Msg:
    return nmsg("{n} point", "{n} points", n)


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


def _score(before: dict, after: dict, seat: int) -> list[Text]:
    b, a = before["players"][seat], after["players"][seat]
    out: list[Text] = []
    if _turned(b, a):
        out.append(nmsg("the page scores {n} point now", "the page scores {n} points now", a["score"] - b["score"]))
    elif a["score"] > b["score"]:
        out.append(nmsg("+{n} point", "+{n} points", a["score"] - b["score"]))
    known = {t.get("id") for t in b.get("techniques") or []}
    out += [Msg("the technique {technique}", technique=term("techniques", str(t["id"]), t["name"]))
            for t in a.get("techniques") or [] if t.get("id") not in known]
    return out


def _pages_left(before: dict, after: dict, seat: int) -> list[Text]:
    """A Turn spends a page; choosing the next one says what it offers."""
    b, a = before["players"][seat], after["players"][seat]
    page = a.get("page")
    if isinstance(page, dict) and not _same_page(b, a):
        worth = sum(i["points"] for i in page.get("illustrations", []))
        return [Msg("a new page, {page}, with illustrations worth {points}",
                    page=term("pages", page["id"], page["name"]), points=_points(worth))]
    if _turned(b, a) and a.get("finished"):
        return [Msg("the last page turned: finished")]
    return []


def _turn_would_score(before: dict, after: dict, seat: int) -> list[Text]:
    b, a = before["players"][seat], after["players"][seat]
    if _same_page(b, a) and _preview(a) > _preview(b):
        return [nmsg("a Turn would now score {n} point (was {was})", "a Turn would now score {n} points (was {was})",
                     _preview(a), was=_preview(b))]
    if not _same_page(b, a) and isinstance(a.get("page"), dict) and _preview(a) > 0:
        return [nmsg("a Turn of the new page would already score {n} point",
                     "a Turn of the new page would already score {n} points", _preview(a))]
    return []


def _filling(before: dict, after: dict, seat: int) -> list[Text]:
    b, a = before["players"][seat], after["players"][seat]
    was = _illustrations(b.get("page")) if _same_page(b, a) else {}
    out: list[Text] = []
    for ill, (filled, size, points, complete) in _illustrations(a.get("page")).items():
        before_filled, _, _, done = was.get(ill, (0, 0, 0, False))
        if complete and not done:
            out.append(Msg("completes illustration {id} ({points})", id=ill, points=_points(points)))
        elif filled > before_filled:
            out.append(nmsg("{n} cube on illustration {id} ({filled} of {size} for {points})",
                            "{n} cubes on illustration {id} ({filled} of {size} for {points})",
                            filled - before_filled, id=ill, filled=filled, size=size, points=_points(points)))
    return out


def _rival(before: dict, after: dict, seat: int) -> list[Text]:
    rb, ra = before.get("rival"), after.get("rival")
    if not rb or not ra:
        return []
    pile_b, pile_a = sum(rb["pile"].values()), sum(ra["pile"].values())
    if pile_a < pile_b:
        return [nmsg("the Rival's pile shrinks to {n} cube", "the Rival's pile shrinks to {n} cubes", pile_a)]
    if ra["score"] > rb["score"]:
        return [nmsg("the Rival scores {n} point", "the Rival scores {n} points", ra["score"] - rb["score"])]
    return []


#: What each part of the evaluation is, in words: the part's name as ``value_parts``
#: gives it, and what a turn changed in it.
TELLERS = {
    N_("score"): _score,
    N_("pages still to turn"): _pages_left,
    N_("what turning this page would score"): _turn_would_score,
    N_("illustrations being filled"): _filling,
    N_("the Rival's score and pile, against you"): _rival,
}


def sets_up(before: dict, after: dict, seat: int) -> list[Text]:
    a = after["players"][seat]
    was = _illustrations(before["players"][seat].get("page"))
    out: list[Text] = []
    for ill, (filled, size, points, complete) in _illustrations(a.get("page")).items():
        if not complete and size - filled == 1 and was.get(ill, (0, 0, 0, False))[0] < filled:
            out.append(Msg("leaves illustration {id} one cube from its {points}", id=ill, points=_points(points)))
    return out
