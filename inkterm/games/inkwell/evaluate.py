"""How the bots judge an Inkwell position, and which content each seat picked.

``evaluate`` is the lead in projected points over the best other seat (alone: the
projection less half the Rival's score and pile): the score so far, most of what
turning the current page now would add (the game's own turn preview), part of each
unfinished illustration's points by how full it is, and a worth for each page still
to turn. All of it is public.
``default_choice`` is the cheap policy the bots' look-ahead follows. ``card_picks``
lists, per seat, the techniques it took (``T<id>``) and its workspace (``W-…``), for
the simulator's per-card statistics.
"""
from __future__ import annotations

from inkterm.engine.steps import parse_key

from .model import T_MAIN
from .probes import PROBES as PROBES  # the simple strategies the balance lab plays
from .summary import rival_standing, standings


# What a page not yet turned is worth, beyond its cubes: a player turns three pages in
# all, so a Turn spends one. Without it a one-ply look saw a Turn as free and turned a
# bare page for a small bonus (Deadline's +4 at the Abbot's start: greedy's Deadline
# holders won 19% with two players). With it greedy beats the old greedy 60% (200 games).
# Not alone: there the Rival's race pays 3 a space for finishing early (with the worth,
# greedy won 4 to 8 solo games in 100 fewer).
PAGE_WORTH = 5.0
PAGES = 3


def player_parts(p: dict, page_worth: float = PAGE_WORTH) -> list[tuple[str, float]]:
    """One player's projected points in named parts, in a player's words (they add up
    to ``player_value``)."""
    filling = 0.0
    page = p.get("page")
    if isinstance(page, dict):
        for ill in page.get("illustrations", []):
            if not ill.get("complete") and ill.get("size"):
                filling += 0.6 * ill["points"] * (ill["filled"] / ill["size"]) ** 2
    return [("score", float(p.get("score", 0))),
            ("pages still to turn", page_worth * (PAGES - (p.get("pages_turned") or 0))),
            ("what turning this page would score", 0.7 * sum(pts for _, pts in p.get("turn_preview", []) or [])),
            ("illustrations being filled", filling)]


def player_value(p: dict, page_worth: float = PAGE_WORTH) -> float:
    return sum(v for _, v in player_parts(p, page_worth))


def seat_values(state, seat: int) -> list[float]:
    players = standings(state)  # the numbers of state.view(seat)
    if len(players) != len(state.seats):
        return [float(x) for x in state.scores()]
    worth = PAGE_WORTH if len(players) > 1 else 0.0
    return [player_value(p, worth) for p in players]


# Alone, how much of the Rival's score and pile counts against the player. The Rival
# clears the fullest bottle of the shape it rolls, so a Take of a full bottle also
# keeps ink from it; without this greedy never saw that, and the probe "take the
# fullest bottle every turn" beat it (35% to greedy's 50% against the Standard Rival).
# With it greedy won 64% there (seeds 9000-9199), and the Rival's bonuses were set to
# bring it back to about 50%.
RIVAL_WORTH = 0.5


def rival_value(state) -> float:
    """The solo Rival's standing: its score and the pile it scores next (public)."""
    if not state.solo:
        return 0.0
    r = rival_standing(state)
    return float(r["score"]) + sum(r["pile"].values())


def evaluate(state, seat: int) -> float:
    sc = seat_values(state, seat)
    others = [x for s, x in enumerate(sc) if s != seat]
    if others:
        return sc[seat] - max(others)
    return sc[seat] - RIVAL_WORTH * rival_value(state)


def value_parts(state, seat: int) -> list[tuple[str, float]]:
    """``seat``'s projected points as it sees them, in named parts (they add up to its
    value in ``seat_values``; alone, with the Rival's share against it, to
    ``evaluate``): a move's reason can say which part it raised."""
    players = standings(state)
    if len(players) != len(state.seats):
        return [("score", float(state.scores()[seat]))]
    parts = player_parts(players[seat], PAGE_WORTH if len(players) > 1 else 0.0)
    if len(players) == 1:
        parts.append(("the Rival's score and pile, against you", -RIVAL_WORTH * rival_value(state)))
    return parts


VALUE_SCALE = 4.0
# Search plays each path out to the end of the game: scoring only the end of its own
# turn, it did no better than greedy (45-47% in 40-60 games); to the end it won 27 of
# 30. About 2 CPU-ms a playout: 300 (the hard level; normal plays a quarter) make a
# move of about 0.5 CPU-s here (120 was the default before the levels).
SEARCH_HORIZON = "end"
SEARCH_ITERATIONS = 300


def default_choice(state, d) -> str:
    """The cheap policy look-ahead follows: take the fullest bottle that fits (the
    bottles are public), place cubes with the game's own good assignment ("auto")
    rather than on the first listed space; otherwise the first choice."""
    first, take, most = None, None, -1
    for c in d.choices:
        k = c.key
        if k == "auto":
            return k
        kind, arg = parse_key(k)
        if kind == "take" and d.topic == T_MAIN:
            n = sum(state.bottles[arg])
            if n > most:
                take, most = k, n
        elif first is None and k != "back":
            first = k
    return take or first or d.choices[0].key


def card_picks(state) -> list[list[str]]:
    out = []
    for p in state.summary()["players"]:
        picks = [f"T{t['id']}" for t in p.get("techniques", [])]
        ws = p.get("workspace")
        if isinstance(ws, dict) and ws.get("id"):
            picks.append(str(ws["id"]))
        out.append(picks)
    return out


def card_names() -> dict[str, str]:
    """What the simulator's per-card table calls each technique and workspace."""
    from .content import content

    c = content()
    names = {f"T{tid}": t.name for tid, t in c.techniques.items()}
    names.update({wid: f"{w.a.name} / {w.b.name}" for wid, w in c.workspaces.items()})
    return names
