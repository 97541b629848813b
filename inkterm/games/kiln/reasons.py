"""Kiln in words for a bot's reason (see ``inkterm/bots/reasons.py``): for each named
part of the evaluation (``evaluate.player_parts``), what a turn changed in it, read
from the seat's own view (blanks and rows, tokens on zones, money, clay and glaze,
favour, cards), and what it sets up (a card in hand now affordable)."""
from __future__ import annotations

from inkterm.i18n import N_
from inkterm.engine.text import Msg, Term, Text, nmsg

from .core import SPACE_NAMES, zone_name
from .evaluate import token_blanks


def turn_ends(key: str, events) -> bool:
    """The seat's turn is over (it may begin the next at once: snake order)."""
    return key == "end"


def _card(t: dict) -> Term:
    """A card the view names, in the reader's language."""
    return Term("kiln", "cards", t["id"], t["name"])


def _points(b: dict, a: dict) -> list[Text]:
    out: list[Text] = []
    if a["blanks"] > b["blanks"]:
        out.append(nmsg("{n} blank made (now {now} of 20)", "{n} blanks made (now {now} of 20)",
                        a["blanks"] - b["blanks"], now=a["blanks"]))
    if a["rows"] > b["rows"]:
        out.append(nmsg("{n} row completed", "{n} rows completed", a["rows"] - b["rows"]))
    extra = (a["score"] - b["score"]) - (a["blanks"] - b["blanks"]) - (a["rows"] - b["rows"])
    if extra > 0:
        out.append(nmsg("{n} extra point", "{n} extra points", extra))
    return out


def _new_cards(b: dict, a: dict, kinds: tuple[str, ...]) -> list[dict]:
    had = {t["id"] for t in b["tableau"]}
    return [t for t in a["tableau"] if t["id"] not in had and t["type"] in kinds]


def _achievements(b: dict, a: dict) -> list[Text]:
    return [Msg("{card} played, to score at the end", card=_card(t)) for t in _new_cards(b, a, ("achievement",))]


def _workshop(b: dict, a: dict) -> list[Text]:
    return [Msg("{card} played", card=_card(t)) for t in _new_cards(b, a, ("tap", "persistent"))]


def _blanks_ready(b: dict, a: dict) -> list[Text]:
    now = token_blanks(a["tokens"], a["blanks"])[0]
    if now > token_blanks(b["tokens"], b["blanks"])[0]:
        return [nmsg("the tokens on the board can now make {n} blank",
                     "the tokens on the board can now make {n} blanks", now)]
    return []


def _tokens(b: dict, a: dict) -> list[Text]:
    up = [nmsg("{n} token on {zone}", "{n} tokens on {zone}", a["tokens"][z] - b["tokens"][z], zone=zone_name(z + 1))
          for z in range(6) if a["tokens"][z] > b["tokens"][z]]
    if not up:
        return []
    said: Text = up[0]
    for more in up[1:]:
        said = Msg("{first} and {second}", first=said, second=more)
    return [said]


def _goods(b: dict, a: dict) -> list[Text]:
    def change(k: str) -> dict:
        n = a[k] - b[k]
        return {"sign": "+" if n > 0 else "−", "n": abs(n)}
    said: list[Text] = []
    if a["money"] != b["money"]:
        said.append(Msg("{sign}{n} money", **change("money")))
    if a["clay"] != b["clay"]:
        said.append(Msg("{sign}{n} clay", **change("clay")))
    if a["glaze"] != b["glaze"]:
        said.append(Msg("{sign}{n} glaze", **change("glaze")))
    return said


def _favour(b: dict, a: dict) -> list[Text]:
    if a["favour"] != b["favour"]:
        return [Msg("favour to {n} ({space})", n=a["favour"], space=SPACE_NAMES[a["favour"]])]
    return []


def _zones(b: dict, a: dict) -> list[Text]:
    zb, za = (sum(1 for x in p["tokens"] if x) for p in (b, a))
    if za >= 5 > zb:
        return [Msg("tokens on five zones, so blanks can be made")]
    if 3 <= za < 5 and za > zb:
        return [Msg("tokens on {n} of the 5 zones that blank-making needs", n=za)]
    return []


def _hand(b: dict, a: dict) -> list[Text]:
    had = {c["id"]: c for c in b.get("hand_cards") or []}
    has = {c["id"]: c for c in a.get("hand_cards") or []}
    came = [c for cid, c in has.items() if cid not in had]
    went = [c for cid, c in had.items() if cid not in has]
    out: list[Text] = [Msg("{card} into the hand", card=_card(c)) for c in came]
    if came:
        out += [Msg("{card} back to the deck", card=_card(c)) for c in went]
    else:  # a card left the hand for the table or the discard: played
        placed = {t.get("id") for t in a["tableau"]}
        out += [Msg("{card} played", card=_card(c)) for c in went if c["id"] not in placed]
    return out


def _mine(tell):
    """A teller of one player's part, given the views before and after and the seat."""
    return lambda before, after, seat: tell(before["players"][seat], after["players"][seat])


#: What each part of the evaluation is, in words: the part's name as ``value_parts``
#: gives it, and what a turn changed in it.
TELLERS = {
    N_("points without achievements"): _mine(_points),
    N_("achievements as they stand to score"): _mine(_achievements),
    N_("blanks the tokens make now"): _mine(_blanks_ready),
    N_("tokens on the board"): _mine(_tokens),
    N_("money, clay and glaze"): _mine(_goods),
    N_("favour"): _mine(_favour),
    N_("zones covered"): _mine(_zones),
    N_("workshop cards"): _mine(_workshop),
    N_("cards in hand"): _mine(_hand),
    N_("tie-breaks"): _mine(lambda b, a: []),  # money and claims: the goods' words tell them
}


def sets_up(before: dict, after: dict, seat: int) -> list[Text]:
    b, a = before["players"][seat], after["players"][seat]
    out: list[Text] = []
    newly = [c for c in a.get("hand_cards") or [] if b["money"] < c["cost"] <= a["money"]]
    if newly:
        c = max(newly, key=lambda c: c["cost"])
        out.append(Msg("leaves enough money for {card} (cost {cost})", card=_card(c), cost=c["cost"]))
    big_b = sum(1 for x in b["tokens"] if x >= 3)
    big_a = sum(1 for x in a["tokens"] if x >= 3)
    if big_a >= 3 > big_b and sum(1 for x in a["tokens"] if x) >= 5:
        out.append(Msg("gets three zones to 3 tokens, for the two-blank bonus"))
    return out
