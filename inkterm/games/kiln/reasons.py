"""Kiln in words for a bot's reason (see ``inkterm/bots/reasons.py``): for each named
part of the evaluation (``evaluate.player_parts``), what a turn changed in it, read
from the seat's own view (blanks and rows, tokens on zones, money, clay and glaze,
favour, cards), and what it sets up (a card in hand now affordable)."""
from __future__ import annotations

from inkterm.engine.words import count

from .content import FAVOUR_SPACES, ZONES
from .evaluate import token_blanks


def turn_ends(key: str, events) -> bool:
    """The seat's turn is over (it may begin the next at once: snake order)."""
    return key == "end"


def _signed(n: int, what: str) -> str:
    return f"{'+' if n > 0 else '−'}{abs(n)} {what}"


def _points(b: dict, a: dict) -> list[str]:
    out = []
    if a["blanks"] > b["blanks"]:
        out.append(f"{count(a['blanks'] - b['blanks'], 'blank')} made (now {a['blanks']} of 20)")
    if a["rows"] > b["rows"]:
        out.append(f"{count(a['rows'] - b['rows'], 'row')} completed")
    extra = (a["score"] - b["score"]) - (a["blanks"] - b["blanks"]) - (a["rows"] - b["rows"])
    if extra > 0:
        out.append(f"{count(extra, 'extra point')}")
    return out


def _played(b: dict, a: dict, kinds: tuple[str, ...], then: str) -> list[str]:
    had = {t["id"] for t in b["tableau"]}
    return [f"{t['name']} played{then}" for t in a["tableau"] if t["id"] not in had and t["type"] in kinds]


def _achievements(b: dict, a: dict) -> list[str]:
    return _played(b, a, ("achievement",), ", to score at the end")


def _workshop(b: dict, a: dict) -> list[str]:
    return _played(b, a, ("tap", "persistent"), "")


def _blanks_ready(b: dict, a: dict) -> list[str]:
    now = token_blanks(a["tokens"], a["blanks"])[0]
    if now > token_blanks(b["tokens"], b["blanks"])[0]:
        return [f"the tokens on the board can now make {count(now, 'blank')}"]
    return []


def _tokens(b: dict, a: dict) -> list[str]:
    up = [(z, a["tokens"][z] - b["tokens"][z]) for z in range(6) if a["tokens"][z] > b["tokens"][z]]
    return [" and ".join(f"{count(n, 'token')} on {ZONES[z]}" for z, n in up)] if up else []


def _goods(b: dict, a: dict) -> list[str]:
    return [_signed(a[k] - b[k], k) for k in ("money", "clay", "glaze") if a[k] != b[k]]


def _favour(b: dict, a: dict) -> list[str]:
    if a["favour"] != b["favour"]:
        return [f"favour to {a['favour']} ({FAVOUR_SPACES[a['favour']]})"]
    return []


def _zones(b: dict, a: dict) -> list[str]:
    zb, za = (sum(1 for x in p["tokens"] if x) for p in (b, a))
    if za >= 5 > zb:
        return ["tokens on five zones, so blanks can be made"]
    if 3 <= za < 5 and za > zb:
        return [f"tokens on {za} of the 5 zones that blank-making needs"]
    return []


def _hand(b: dict, a: dict) -> list[str]:
    had = {c["id"]: c["name"] for c in b.get("hand_cards") or []}
    has = {c["id"]: c["name"] for c in a.get("hand_cards") or []}
    came = [name for cid, name in has.items() if cid not in had]
    went = [name for cid, name in had.items() if cid not in has]
    out = [f"{name} into the hand" for name in came]
    if came:
        out += [f"{name} back to the deck" for name in went]
    else:  # a card left the hand for the table or the discard: played
        placed = {t.get("name") for t in a["tableau"]}
        out += [f"{name} played" for name in went if name not in placed]
    return out


def _mine(tell):
    """A teller of one player's part, given the views before and after and the seat."""
    return lambda before, after, seat: tell(before["players"][seat], after["players"][seat])


#: What each part of the evaluation is, in words: the part's name as ``value_parts``
#: gives it, and what a turn changed in it.
TELLERS = {
    "points without achievements": _mine(_points),
    "achievements as they stand to score": _mine(_achievements),
    "blanks the tokens make now": _mine(_blanks_ready),
    "tokens on the board": _mine(_tokens),
    "money, clay and glaze": _mine(_goods),
    "favour": _mine(_favour),
    "zones covered": _mine(_zones),
    "workshop cards": _mine(_workshop),
    "cards in hand": _mine(_hand),
}


def sets_up(before: dict, after: dict, seat: int) -> list[str]:
    b, a = before["players"][seat], after["players"][seat]
    out = []
    newly = [c for c in a.get("hand_cards") or [] if b["money"] < c["cost"] <= a["money"]]
    if newly:
        c = max(newly, key=lambda c: c["cost"])
        out.append(f"leaves enough money for {c['name']} (cost {c['cost']})")
    big_b = sum(1 for x in b["tokens"] if x >= 3)
    big_a = sum(1 for x in a["tokens"] if x >= 3)
    if big_a >= 3 > big_b and sum(1 for x in a["tokens"] if x) >= 5:
        out.append("gets three zones to 3 tokens, for the two-blank bonus")
    return out
