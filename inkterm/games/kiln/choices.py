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

from .content import FAVOUR_SPACES, N_BLANKS, ROW_THRESHOLDS, ZONES, Card, KilnContent
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
    2: "Blank: place 1 blank (+1 point).",
    3: "Reward: +3 money.",
    4: "Prepare glaze: +1 clay, +2 glaze.",
    5: "Exhibition: you may play a card at full cost.",
    6: "Tribute: +1 point.",
}
#: What completing each row of blanks brings beside its point (rule 26).
ROW_REWARDS = {
    1: "your favour space's reward twice",
    2: "+2 clay, +3 glaze",
    3: "play a card at full cost",
    4: "+2 money",
    5: "the start-player marker",
}
TYPE_WORDS = {"play": "Play card", "tap": "Tap card", "persistent": "Persistent card",
              "achievement": "Achievement"}


def card_hint(c: Card) -> str:
    zone = f", {zone_name(c.pip)}" if c.pip else ""
    return f"{TYPE_WORDS[c.type]}{zone} (cost {c.cost}): {c.text}"


def landing(pip: int, s: int, favour: int) -> str:
    """Where a Favour Hall action from the start medal lands, and what that space gives
    (from the track the player chooses forward or back: a decision of its own)."""
    if pip != 3 or favour:
        return ""
    land = min(6, s)
    return f" Onto favour {land}: {SPACE_HINT[land]}"


@lru_cache(maxsize=None)
def zone_choice(pip: int, dice: int, s: int, favour: int = 1, supply: int = 40) -> Choice:
    """The main-action choice for a zone (``favour``: where the chooser stands on the
    track; ``supply``: the tokens they have left to place)."""
    key = ckey("zone", pip)
    return Choice(
        key,
        f"{zone_name(pip)} ({dice}): {effect_text(pip, s)}",
        f"Main action at strength {s} ({count(dice, 'die')}"
        f"{' + Bellows' if s > dice else ''}): place {count(min(s, supply), 'token')} on {zone_name(pip)}, "
        f"take a die, then {effect_text(pip, s)}.{landing(pip, s, favour)}",
        (key,),
        str(pip),
    )


def row_rewards(blanks: int, more: int, favour: int) -> str:
    """The rows that ``more`` blanks on top of ``blanks`` complete, with their rewards."""
    after = min(N_BLANKS, blanks + more)
    words = []
    for row, t in enumerate(ROW_THRESHOLDS, 1):
        if blanks < t <= after:
            reward = ROW_REWARDS[row]
            if row == 1:
                reward = f"{reward} ({SPACE_HINT[favour]})" if favour else "nothing at the start medal"
            words.append(f" Completes row {row} (+1 point): {reward}.")
    return "".join(words)


@lru_cache(maxsize=None)
def blank_choice(sel: tuple[int, ...], y: int, blanks: int = 0, favour: int = 0) -> Choice:
    gained = min(N_BLANKS, blanks + y) - blanks
    points = f" (+{count(gained, 'point')})" if gained else ""
    return Choice(
        "blank",
        f"Make {'2 blanks (bonus)' if y == 2 else 'a blank'}{points} from your top five zones",
        "Takes a token back to the supply from each of " + ", ".join(zone_name(z) for z in sel) + "."
        + row_rewards(blanks, y, favour),
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


def action_words(pip: int, s: int, favour: int, supply: int) -> str:
    return (f"Then place {count(min(s, supply), 'token')} on {zone_name(pip)}, take a die, then "
            f"{effect_text(pip, s)}.{landing(pip, s, favour)}")


@lru_cache(maxsize=None)
def boost_decision(pip: int, s: int, favour: int = 1, supply: int = 40) -> tuple[str, list[Choice]]:
    touch = ckey("zone", pip)
    return f"{zone_name(pip)} at strength {s}: pay 1 money for strength {s + 1}?", [
        Choice("noboost", f"Keep strength {s}", action_words(pip, s, favour, supply), (touch,)),
        Choice("boost", f"Pay 1 money: strength {s + 1}", action_words(pip, s + 1, favour, supply), (touch, "money")),
    ]


@lru_cache(maxsize=None)
def split_decision(n: int, why: str) -> tuple[str, list[Choice]]:
    return f"{why}: split {count(n, 'material')} between clay and glaze", [
        Choice(ckey("split", c), f"{c} clay + {n - c} glaze", "Clay pays for rerolls; 3 glaze buys a token.")
        for c in range(n, -1, -1)
    ]


@lru_cache(maxsize=None)
def favour_decision(f: int, n: int, blanks: int = 0) -> tuple[str, list[Choice]]:
    fwd, back = min(6, f + n), max(1, f - n)

    def hint(space: int) -> str:  # the Blank space's blank may complete a row
        return SPACE_HINT[space] + (row_rewards(blanks, 1, space) if space == 2 else "")

    return f"Favour +{n} from {f}: forward or back?", [
        Choice("forward", f"Forward to favour {fwd}: {FAVOUR_SPACES[fwd]}", hint(fwd), (ckey("favour", fwd),)),
        Choice("back", f"Back to favour {back}: {FAVOUR_SPACES[back]}", hint(back), (ckey("favour", back),)),
    ]


@lru_cache(maxsize=None)
def card_choice(k: KilnContent, kind: str, words: str, cid: str) -> Choice:
    """A hand or Studio card as a choice: ``take:P3`` "Take …", ``give:P3`` "Give back …"."""
    c = k.cards[cid]
    return Choice(ckey(kind, cid), f"{words} {c.name} {c.zh}", card_hint(c), (ckey("card", cid),))


def played_brings(c: Card, blanks: int, favour: int, supply: int) -> str:
    """What playing ``c`` brings beyond its text: a blank's point and the rows it
    completes, where a favour gain from the start medal lands."""
    if c.effect in ("blanks", "trim"):
        n = c.p("amount")
        got = min(N_BLANKS, blanks + n) - blanks
        return (f" (+{count(got, 'point')})" if got else "") + row_rewards(blanks, n, favour)
    if c.effect == "favour":
        return landing(3, c.p("amount"), favour)
    if c.effect == "tokens_all":
        return f" ({count(min(6 * c.p('amount'), supply), 'token')} from your supply)"
    return ""


@lru_cache(maxsize=None)
def play_choice(k: KilnContent, cid: str, cost: int, blanks: int = 0, favour: int = 1,
                supply: int = 40) -> Choice:
    c = k.cards[cid]
    return Choice(ckey("play", cid), f"{c.name} {c.zh} for ${cost}",
                  card_hint(c) + played_brings(c, blanks, favour, supply), (ckey("card", cid),))


@lru_cache(maxsize=None)
def copy_choice(pip: int, s: int, fee: int, favour: int = 1) -> Choice:
    return Choice(ckey("copy", pip), f"Copy {zone_name(pip)}: {effect_text(pip, s)}",
                  f"Pay {fee} money.{landing(pip, s, favour)}",
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
