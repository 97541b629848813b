"""What another seat's choice did to you at Inkwell that your own facts do not show
(``GameState.concerning``): the bottle it took held only colours your page still needs
(one you might have been counting on)."""
from __future__ import annotations

from typing import Any

from .content import COLOUR_WORDS

#: A bottle's colours in the order the board writes them, gold last.
_ORDER = ("black", "red", "yellow", "green", "blue", "gold")


def needed(page: dict[str, Any] | None) -> set[str]:
    """The colours (words) your page's empty spaces ask for by name (not "any", not gold)."""
    if not page:
        return set()
    return {COLOUR_WORDS[sp["accept"]] for sp in page["spaces"]
            if sp["cube"] is None and sp["accept"] in "KRYGB"}


def concerning(before: dict[str, Any], after: dict[str, Any], seat: int, by: int) -> list[str]:
    """A bottle ``by`` took whose every coloured cube ``seat``'s page was asking for."""
    out = []
    want = needed(before["players"][seat].get("page"))
    now = {b["id"]: b for b in after["mat"]}
    who = before["players"][by]["name"]
    for b in before["mat"]:
        colours = [c for c in _ORDER if b["cubes"].get(c) and c != "gold"]
        if not colours or now[b["id"]]["cubes"] == b["cubes"] or not set(colours) <= want:
            continue
        if all(now[b["id"]]["cubes"].get(c, 0) < b["cubes"][c] for c in colours):  # taken, not topped up
            said = ", ".join(colours[:-1]) + (" and " if len(colours) > 1 else "") + colours[-1]
            out.append(f"{who} took bottle {b['name']}: its {said} were all for your page.")
    return out
