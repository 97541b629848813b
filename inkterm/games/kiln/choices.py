"""The wording of Kiln's choices that depends only on fixed facts, built once.

Choices are never mutated and the engine asks for these thousands of times in bot
games, so everything here that takes arguments is cached by them (a card's choices by
the content version holding it, ``KilnContent``).
"""
from __future__ import annotations

from functools import lru_cache

from inkterm.engine import Choice
from inkterm.engine.steps import ckey
from inkterm.engine.words import count

from .content import FAVOUR_SPACES, ZONES, Card, KilnContent
from .core import effect_text, zone_name

BACK = Choice("back", "Back", "Change your mind: return to the turn menu.")
# Free actions answer to letters, so the digits stay the zones' pips.
END = Choice("end", "End turn", "Pass play to the next player.", shortcut="e")
END_EXTRA = Choice("end", "End turn (forgo the extra action)", "Rush Order's extra action is lost.", shortcut="e")
REROLL = Choice("reroll", "Reroll a zone's dice (pay clay)…", "Costs clay equal to the zone's dice count.", shortcut="r")
EXCHANGE = Choice("exchange", "Exchange 3 glaze for a token…", "Place 1 token on any zone; no die, no effect.", shortcut="x")
#: Zones that cannot take the main action now, for the menu to show dimmed.
NO_DICE = tuple((str(pip), name, "no dice") for pip, name in enumerate(ZONES, 1))
#: What each favour space gives, for the forward/back choice's hint.
SPACE_HINT = {
    1: "Select materials: place 3 tokens on any zone.",
    2: "Blank: place 1 blank.",
    3: "Reward: +3 money.",
    4: "Prepare glaze: +1 clay, +2 glaze.",
    5: "Exhibition: you may play a card at full cost.",
    6: "Tribute: +1 point.",
}
TYPE_WORDS = {"play": "Play card", "tap": "Tap card", "persistent": "Persistent card",
              "achievement": "Achievement"}


def card_hint(c: Card) -> str:
    zone = f", {zone_name(c.pip)}" if c.pip else ""
    return f"{TYPE_WORDS[c.type]}{zone} (cost {c.cost}): {c.text}"


@lru_cache(maxsize=None)
def zone_choice(pip: int, dice: int, s: int) -> Choice:
    """The main-action choice for a zone."""
    key = ckey("zone", pip)
    return Choice(
        key,
        f"{zone_name(pip)} ({dice}): {effect_text(pip, s)}",
        f"Main action at strength {s} ({count(dice, 'die')}"
        f"{' + Bellows' if s > dice else ''}): place {count(s, 'token')} on {zone_name(pip)}, "
        f"take a die, then {effect_text(pip, s)}.",
        (key,),
        str(pip),
    )


@lru_cache(maxsize=None)
def blank_choice(sel: tuple[int, ...], y: int) -> Choice:
    return Choice(
        "blank",
        f"Make {'2 blanks (bonus)' if y == 2 else 'a blank'} from your top five zones",
        "Removes one of your tokens from each of " + ", ".join(zone_name(z) for z in sel) + ".",
        tuple(ckey("zone", z) for z in sel) + ("blank",),
        "b",
    )


@lru_cache(maxsize=None)
def tap_choice(k: KilnContent, cid: str, shortcut: str | None = "t") -> Choice:
    c = k.cards[cid]
    return Choice(
        ckey("tap", c.id), f"Tap {c.name} {c.zh}", f"{c.text} Once per round, a free action.",
        (ckey("card", c.id),), shortcut,
    )


@lru_cache(maxsize=None)
def zone_pick(kind: str, pip: int, label: str) -> Choice:
    """A choice of zone ``pip`` in a sub-decision (``place:3``, ``from:3`` …): keyed by
    its pip, which is also its shortcut."""
    return Choice(ckey(kind, pip), label, "", (ckey("zone", pip),), str(pip))


@lru_cache(maxsize=None)
def boost_decision(pip: int, s: int) -> tuple[str, list[Choice]]:
    touch = ckey("zone", pip)
    return f"{zone_name(pip)} at strength {s}: pay 1 money for strength {s + 1}?", [
        Choice("noboost", f"Keep strength {s}", f"Then {effect_text(pip, s)}.", (touch,)),
        Choice("boost", f"Pay 1 money: strength {s + 1}", f"Then {effect_text(pip, s + 1)}.", (touch, "money")),
    ]


@lru_cache(maxsize=None)
def split_decision(n: int, why: str) -> tuple[str, list[Choice]]:
    return f"{why}: split {count(n, 'material')} between clay and glaze", [
        Choice(ckey("split", c), f"{c} clay + {n - c} glaze", "Clay pays for rerolls; 3 glaze buys a token.")
        for c in range(n, -1, -1)
    ]


@lru_cache(maxsize=None)
def favour_decision(f: int, n: int) -> tuple[str, list[Choice]]:
    fwd, back = min(6, f + n), max(1, f - n)
    return f"Favour +{n} from {f}: forward or back?", [
        Choice("forward", f"Forward to {fwd}: {FAVOUR_SPACES[fwd]}", SPACE_HINT[fwd], (ckey("favour", fwd),)),
        Choice("back", f"Back to {back}: {FAVOUR_SPACES[back]}", SPACE_HINT[back], (ckey("favour", back),)),
    ]


@lru_cache(maxsize=None)
def card_choice(k: KilnContent, kind: str, words: str, cid: str) -> Choice:
    """A hand or Studio card as a choice: ``take:P3`` "Take …", ``give:P3`` "Give back …"."""
    c = k.cards[cid]
    return Choice(ckey(kind, cid), f"{words} {c.name} {c.zh}", card_hint(c), (ckey("card", cid),))


@lru_cache(maxsize=None)
def play_choice(k: KilnContent, cid: str, cost: int) -> Choice:
    c = k.cards[cid]
    return Choice(ckey("play", cid), f"{c.name} {c.zh} for ${cost}", card_hint(c), (ckey("card", cid),))


@lru_cache(maxsize=None)
def copy_choice(pip: int, s: int, fee: int) -> Choice:
    return Choice(ckey("copy", pip), f"Copy {zone_name(pip)}: {effect_text(pip, s)}", f"Pay {fee} money.",
                  (ckey("zone", pip),), str(pip))


@lru_cache(maxsize=None)
def super_choice(pip: int, dice: int) -> Choice:
    return Choice(ckey("effect", pip), f"{zone_name(pip)}: {effect_text(pip, dice)}", "No tokens, no die.",
                  (ckey("zone", pip),), str(pip))


@lru_cache(maxsize=None)
def count_choice(k: int, src: int, dst: int) -> Choice:
    return Choice(ckey("count", k), count(k, "token"), "", (ckey("zone", src), ckey("zone", dst)))


@lru_cache(maxsize=None)
def sell_choice(clay: int, k: int) -> Choice:
    return Choice(ckey("sell", clay), f"{clay} clay + {k - clay} glaze", "")
