"""Kiln in words for a bot's reason (see ``inkterm/bots/reasons.py``): what a turn
gains in the seat's own view (money, clay, glaze, favour, tokens on zones, blanks,
rows, points, cards) and what it sets up (a card in hand now affordable, blanks that
can now be made, the two-blank bonus)."""
from __future__ import annotations

from inkterm.engine.words import count

from .content import FAVOUR_SPACES, ZONES


def turn_ends(key: str, events) -> bool:
    """The seat's turn is over (it may begin the next at once: snake order)."""
    return key == "end"


def _signed(n: int, what: str) -> str:
    return f"{'+' if n > 0 else '−'}{abs(n)} {what}"


def gains(before: dict, after: dict, seat: int) -> list[str]:
    b, a = before["players"][seat], after["players"][seat]
    out = []
    placed = [(z, a["tokens"][z] - b["tokens"][z]) for z in range(6)]
    up = [(z, n) for z, n in placed if n > 0]
    if up:
        out.append(" and ".join(f"{count(n, 'token')} on {ZONES[z]}" for z, n in up))
    if a["blanks"] > b["blanks"]:
        out.append(f"{count(a['blanks'] - b['blanks'], 'blank')} made (now {a['blanks']} of 20)")
    if a["rows"] > b["rows"]:
        out.append(f"{count(a['rows'] - b['rows'], 'row')} completed")
    for key, what in (("money", "money"), ("clay", "clay"), ("glaze", "glaze")):
        if a[key] != b[key]:
            out.append(_signed(a[key] - b[key], what))
    if a["favour"] != b["favour"]:
        out.append(f"favour to {a['favour']} ({FAVOUR_SPACES[a['favour']]})")
    played = [t for t in a["tableau"] if t not in b["tableau"]]
    out += [f"{t['name']} played" for t in played if "name" in t]
    had = {c["id"] for c in b.get("hand_cards") or []}
    has = {c["id"]: c["name"] for c in a.get("hand_cards") or []}
    out += [f"{name} into the hand" for cid, name in has.items() if cid not in had]
    extra = (a["score"] - b["score"]) - (a["blanks"] - b["blanks"]) - (a["rows"] - b["rows"])
    if extra > 0:
        out.append(f"{count(extra, 'extra point')}")
    return out


def sets_up(before: dict, after: dict, seat: int) -> list[str]:
    b, a = before["players"][seat], after["players"][seat]
    out = []
    hand = a.get("hand_cards") or []
    newly = [c for c in hand if b["money"] < c["cost"] <= a["money"]]
    if newly:
        c = min(newly, key=lambda c: -c["cost"])
        out.append(f"leaves enough money for {c['name']} (cost {c['cost']})")
    zones_b = sum(1 for x in b["tokens"] if x)
    zones_a = sum(1 for x in a["tokens"] if x)
    if zones_a >= 5 > zones_b:
        out.append("puts tokens on five zones, so blanks can be made")
    big_b = sum(1 for x in b["tokens"] if x >= 3)
    big_a = sum(1 for x in a["tokens"] if x >= 3)
    if big_a >= 3 > big_b and zones_a >= 5:
        out.append("gets three zones to 3 tokens, for the two-blank bonus")
    return out
