"""What another seat's choice did to you at Inkwell that your own facts do not show
(``GameState.concerning``): it took the bottle your page wanted — the one bottle on the
mat holding more cubes your page asks for than any other (at least two): what you
were likely counting on —, or the bottle you took last time while it held cubes your
page still asks for. Any other take is the bots' turn as the summary tells it, not
news about you."""
from __future__ import annotations

from collections import Counter
from typing import Any

from inkterm.engine.text import Msg, Text

from .content import COLOUR_WORDS

#: A bottle's colours in the order the board writes them, gold last.
_ORDER = ("black", "red", "yellow", "green", "blue", "gold")
#: The fewest cubes your page asks for that make a bottle the one it wanted.
WANTED = 2


def needed(page: dict[str, Any] | None) -> Counter[str]:
    """The colours (words) your page's empty spaces ask for by name (not "any", not
    gold), each as many times as it has spaces asking for it."""
    if not page:
        return Counter()
    return Counter(COLOUR_WORDS[sp["accept"]] for sp in page["spaces"]
                   if sp["cube"] is None and sp["accept"] in "KRYGB")


def for_page(cubes: dict[str, int], want: Counter[str]) -> Counter[str]:
    """The cubes of a bottle that your page's empty spaces ask for, by colour."""
    return Counter({c: min(n, want[c]) for c, n in cubes.items() if c != "gold" and min(n, want[c]) > 0})


def wanted(mat: list[dict[str, Any]], want: Counter[str]) -> str | None:
    """The bottle (id) your page wanted: the only one with the most cubes it asks for,
    at least ``WANTED``; None when no bottle stands out."""
    useful = sorted(((sum(for_page(b["cubes"], want).values()), b["id"]) for b in mat if b["active"]),
                    reverse=True)
    if not useful or useful[0][0] < WANTED or (len(useful) > 1 and useful[1][0] == useful[0][0]):
        return None
    return useful[0][1]


def concerning(before: dict[str, Any], after: dict[str, Any], seat: int, by: int,
               last_taken: str | None = None) -> list[Text]:
    """The bottle ``by`` took, if ``seat``'s page wanted it, or if it is the one
    ``seat`` took last time (``last_taken``) and still held cubes its page asks for."""
    want = needed(before["players"][seat].get("page"))
    if not want:
        return []
    now = {b["id"]: b for b in after["mat"]}
    best = wanted(before["mat"], want)
    who = before["players"][by]["name"]
    out: list[Text] = []
    for b in before["mat"]:
        cubes = {c: n for c, n in b["cubes"].items() if n}
        if not cubes or not all(now[b["id"]]["cubes"].get(c, 0) < n for c, n in cubes.items()):
            continue  # not taken (a top-up only adds)
        mine = for_page(b["cubes"], want)
        if not mine:
            continue
        said = _cubes(mine)
        if b["id"] == best and b["id"] == last_taken:
            out.append(Msg("{who} took bottle {bottle}, the bottle your page wanted most, and the one you took "
                           "last time: its {cubes} were for your page.", who=who, bottle=b["name"], cubes=said))
        elif b["id"] == best:
            out.append(Msg("{who} took bottle {bottle}, the bottle your page wanted most: its {cubes} were for "
                           "your page.", who=who, bottle=b["name"], cubes=said))
        elif b["id"] == last_taken:
            out.append(Msg("{who} took bottle {bottle}, the one you took last time: its {cubes} were for your "
                           "page.", who=who, bottle=b["name"], cubes=said))
    return out


def _cubes(counts: Counter[str]) -> Msg | tuple[Msg, ...]:
    """"2 red and 1 blue", in the board's order of colours, in the reader's words."""
    parts = tuple(Msg("{n} {colour}", n=counts[c], colour=Msg(c)) for c in _ORDER if counts.get(c))
    return Msg("{items} and {last}", items=parts[:-1], last=parts[-1]) if len(parts) > 1 else parts
