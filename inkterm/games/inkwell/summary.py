"""summary() and view(seat) for Inkwell: JSON-able public facts, enough for a board
widget to draw the mat, the Abbot track, every page, workspace and the displays.

Never exposes the bag's order (there is none: the bag is kept as counts) or the
technique deck's order; before every side is chosen, the workspace sides are secret
[R15] and only ``view(seat)`` shows that seat its own.
"""
from __future__ import annotations

from typing import Any, cast

from inkterm.engine.steps import parse_key
from inkterm.engine.text import Msg, Text, english, render, to_data

from .content import COLOUR_WORDS, CUBE_NAMES, bottle_name
from .fit import fits
from .texts import either
from .view_types import BottleView, IllustrationView, PageView, PlayerView, SpaceView, Summary, TechniqueView

ROMAN = {1: "I", 2: "II", 3: "III"}


def _by_colour(c) -> dict[str, int]:
    return {CUBE_NAMES[t]: c[t] for t in range(6)}


def _normal(c) -> dict[str, int]:
    return {CUBE_NAMES[t]: c[t] for t in range(5)}


def _tech(st, tid: int, status: str | None = None, where: str | None = None) -> TechniqueView:
    spec = st.C.techniques[tid]
    d: TechniqueView = {"id": tid, "name": spec.name, "uses": spec.uses, "kind": spec.effect.kind, "text": spec.text}
    if status is not None:
        d["status"] = status
    if where is not None:
        d["where"] = where
    return d


def page_view(st, pid: str, cubes: list[int] | None = None) -> PageView:
    page = st.C.pages[pid]
    filled = _filled(page, cubes)
    spaces: list[SpaceView] = []
    progress = {}
    for k, (_iid, idx, _pts) in enumerate(page.illustrations):
        progress[k] = sum(1 for j in idx if filled[j] >= 0)
    for sp in page.spaces:
        f = filled[sp.index]
        ill = page.illustrations[sp.illus] if sp.illus >= 0 else None
        spaces.append({
            "id": sp.sid,
            "name": sp.name,
            "accept": sp.accept,
            "accepts": COLOUR_WORDS[sp.accept],
            "role": sp.role,
            "illustration": page.illustrations[sp.illus][0] if sp.illus >= 0 else None,
            "multiplier": sp.role == "multiplier",
            "cube": CUBE_NAMES[f] if f >= 0 else None,
            "points": ill[2] if ill else None,
            "progress": [progress[sp.illus], len(ill[1])] if ill else None,
        })
    ills = illustrations(page, filled)
    count = [0] * 6
    for f in filled:
        if f >= 0:
            count[f] += 1
    return {
        "id": pid, "level": page.level, "level_roman": ROMAN[page.level], "name": page.name,
        "multiplier": page.mult_colour, "cubes": _by_colour(count),
        "spaces": spaces, "illustrations": ills,
        "empty": sum(1 for f in filled if f < 0),
    }


def _filled(page, cubes: list[int] | None) -> list[int]:
    """The cube on each of the page's spaces (-1: none)."""
    return cubes or [-1] * len(page.spaces)


def illustrations(page, filled: list[int]) -> list[IllustrationView]:
    """A page's illustrations, how full (``filled``: the cube on each space, -1 none)."""
    ills: list[IllustrationView] = []
    for iid, idx, pts in page.illustrations:
        n_filled = sum(1 for j in idx if filled[j] >= 0)
        ills.append({"id": iid, "points": pts, "size": len(idx), "filled": n_filled,
                     "complete": n_filled == len(idx),
                     "spaces": [page.spaces[j].sid for j in idx]})
    return ills


def standings(st) -> list[dict[str, Any]]:
    """Per player, the numbers every view shows of its standing: score, pages turned,
    the illustrations of its page and what turning it would score (labels not
    rendered). The bots weigh these thousands of times a game; a whole view (every
    page on display, the mat, words) costs ten times more."""
    sides_public = st.stage != "side"
    out = []
    for i, p in enumerate(st.players):
        page = st.C.pages[p.page] if p.page is not None else None
        out.append({"score": p.score, "pages_turned": p.turned,
                    "page": {"illustrations": illustrations(page, _filled(page, p.cubes))} if page else None,
                    "turn_preview": [[lab, v] for lab, v in _preview(st, i, sides_public)]})
    return out


def _preview(st, i: int, sides_public: bool) -> list:
    """What turning player ``i``'s page would score, once every side is public (it
    depends on the workspace side, secret until then [R15])."""
    return st.page_score(i) if (st.players[i].page is not None and sides_public) else []


def rival_standing(st) -> dict[str, Any]:
    """The solo Rival's score and the pile it scores next (public)."""
    return {"score": st.rival_score, "pile": _normal(st.rival_pile)}


def _offered_takes(d) -> set[str] | None:
    """The bottles the decision offers to Take, or None when it is not about taking
    (placing cubes, choosing a page, no decision at all)."""
    if d is None:
        return None
    parsed = [parse_key(k) for k in d.keys]
    takes = {arg for kind, arg in parsed if kind == "take"}
    if not takes and ("turn", "") not in parsed:
        return None
    return takes


#: Why a bottle cannot be taken (the rest say more: ``_why_not``).
EMPTY = Msg("empty")
FORCED = Msg("the Abbot forces a Turn this turn")
WONT_FIT = Msg("its cubes would not all fit the page")
DESK_FULL = Msg("no free technique slot on the desk for its technique")


def _why_not(st, d, bid: str) -> Text:
    """Why the deciding seat may not Take this bottle now, in words."""
    if bid not in st.active:
        spec = next(b for b in st.C.mat.bottles if b.id == bid)
        return Msg("out of play with fewer than {n} players", n=spec.min_players)
    cubes = st.bottles[bid]
    if not any(cubes):
        return EMPTY
    p = st.players[d.seat]
    if "turn" in d.keys and st.must_turn(d.seat):
        return FORCED
    if "turn" not in d.keys:  # Second Helping: only the shapes it names
        shapes, most = st.second_helping(p)
        if st.shape[bid] not in shapes:
            return Msg("Second Helping takes a {shapes} only", shapes=either(shapes))
        if most is not None and sum(cubes) > most:
            return Msg("Second Helping takes at most {most} cubes with {n} players", most=most, n=len(st.players))
    if not fits(tuple(cubes), st._mc(p), st._spill(p)):
        return WONT_FIT
    return DESK_FULL


def build_summary(st, seat: int | None = None) -> Summary:
    C = st.C
    sides_public = st.stage != "side"
    # cubes nowhere public: score markers, the Rival's pile, cubes in hand
    elsewhere = [0] * 6
    for p in st.players:
        elsewhere["KRYGB".index(C.workspaces[p.ws].colour)] += 1
    for t in range(5):
        elsewhere[t] += st.rival_pile[t]
    hand = [0] * 6
    for b in st.hand:
        for t in range(6):
            hand[t] += b.cubes[t]
    for t in range(6):
        elsewhere[t] += hand[t]
    for deal in st.start_queue:
        for t in range(6):
            elsewhere[t] += deal.cubes[t]

    d = st.decision()
    offered = _offered_takes(d)
    specs = {b.id: b for b in C.mat.bottles}
    mat: list[BottleView] = []
    for b in C.order:
        slot = st.link[b]
        tid = st.slots[slot] if slot else None
        mat.append({
            "id": b, "name": bottle_name(b, st.shape[b]), "shape": st.shape[b], "active": b in st.active,
            "ring": specs[b].ring, "min_players": specs[b].min_players,
            "cubes": _by_colour(st.bottles[b]),
            "slot": slot,
            "technique": _tech(st, tid) if tid is not None else None,
            # While a Take is being chosen: whether this bottle is offered, else why not
            "takeable": None if offered is None else b in offered,
            "why_not": None if offered is None or b in offered else to_data(_why_not(st, d, b)),
        })

    players: list[PlayerView] = []
    over = st.over
    for i, p in enumerate(st.players):
        ws = C.workspaces[p.ws]
        side = p.side if (sides_public or i == seat) else None
        page = page_view(st, p.page, p.cubes) if p.page is not None else None
        preview = _preview(st, i, sides_public)
        players.append({
            "seat": i,
            "name": p.name,
            "score": p.score,
            "page": page,
            "pages_turned": p.turned,
            "turned": list(p.history),
            "finished": p.finished,
            "finish_position": st.finish_order.index(i) + 1 if i in st.finish_order else None,
            "techniques": [_tech(st, t, s, "workspace") for t, s in p.techs]
                          + [_tech(st, t, s, "under") for t, s in p.under],
            # Scholar's Desk raises it, so it is as secret as the side [R15]
            "capacity": st.capacity(p) if side is not None else None,
            "workspace": {
                "id": ws.id, "colour": COLOUR_WORDS[ws.colour], "side": side,
                "name": (ws.a.name if side == "A" else ws.b.name if side == "B" else None),
                "text": (ws.a.text if side == "A" else ws.b.text if side == "B" else None),
                "a": {"name": ws.a.name, "text": ws.a.text},
                "b": {"name": ws.b.name, "text": ws.b.text},
            },
            "must_turn": st.must_turn(i),
            "turn_bonus": st.turn_bonus(i),  # gold a Turn now would bring
            # in the reader's language (a table's server: English), as the shell reads them
            "breakdown": [[render(lab), v] for lab, v in p.breakdown],
            # in English: the board says each part in its own words
            "turn_preview": [[english(lab), v] for lab, v in preview],
        })

    out: dict[str, Any] = {
        "game": "inkwell",
        "over": over,
        "solo": st.solo,
        "end_phase": st.end_phase,
        "current": d.seat if d is not None else None,
        "first_player": st.first,
        "stage": st.stage,
        "abbot": st.abbot,
        "arrows": list(st.arrows),
        "arrows_crossed": st.crossed,
        "end_space": st.end,
        "end_phase_points": C.mat.end_phase_points,
        "bag": _normal(st.bag),
        "bag_total": sum(st.bag),
        "gold": st.supply,
        "deck": len(st.deck),
        "mat": mat,
        "elsewhere": _by_colour(elsewhere),
        "hand": _by_colour(hand),
        "display": {ROMAN[k]: [page_view(st, pid) for pid in v] for k, v in st.display.items()},
        "players": players,
        "finish_order": list(st.finish_order),
        "scores": st.scores(),
    }
    if st.solo:
        diff = C.solo.difficulties[st.difficulty]
        out["rival"] = {
            "difficulty": st.difficulty, "label": diff.label, **rival_standing(st),
            "log": [[render(why), pts] for why, pts in st.rival_log],
        }
    out["winner"] = st.winner()
    out["ranking"] = st.ranking() if over else None
    out["tiebreaks"] = [render(line) for line in st.tiebreaks()]
    if seat is not None:
        me = st.players[seat]
        out["you"] = seat
        out["private"] = {"workspace_side": me.side}
    return cast(Summary, out)  # built in steps, to keep the keys in their order
