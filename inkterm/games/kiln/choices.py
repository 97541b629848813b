"""The wording of Kiln's choices that depends only on fixed facts, built once.

Choices are never mutated and the engine asks for these thousands of times in bot
games, so everything here that takes arguments is cached by them (a card's choices by
the content version holding it, ``KilnContent``).
"""
from __future__ import annotations

from functools import lru_cache

from inkterm.engine import Choice
from inkterm.engine.steps import ckey
from inkterm.engine.text import Msg, Term, Text, nmsg
from inkterm.engine.text import sentences as then

from .content import N_BLANKS, ROW_THRESHOLDS, ZONES, Card, KilnContent
from .core import SPACE_NAMES, card_name, effect_text, zone_name

BACK = Choice("back", Msg("Back"), Msg("Change your mind: return to the turn menu."))
# Free actions answer to letters, so the digits stay the zones' pips.
END = Choice("end", Msg("End turn"), Msg("Pass play to the next player."), shortcut="e")
END_EXTRA = Choice("end", Msg("End turn (forgo the extra action)"), Msg("Rush Order's extra action is lost."),
                   shortcut="e")
REROLL = Choice("reroll", Msg("Reroll a zone's dice (pay clay)…"), Msg("Costs clay equal to the zone's dice count."),
                shortcut="r")
EXCHANGE = Choice("exchange", Msg("Exchange 3 glaze for a token…"),
                  Msg("Place 1 token on any zone; no die, no effect."), shortcut="x")
NO_DICE_WHY = Msg("no dice")
#: Zones that cannot take the main action now, for the menu to show dimmed.
NO_DICE = tuple((str(pip), zone_name(pip), NO_DICE_WHY) for pip in range(1, len(ZONES) + 1))
#: What each favour space gives, for the forward/back choice's hint.
SPACE_HINT = {
    1: Msg("Select materials: place 3 tokens on any zone."),
    2: Msg("Blank: place 1 blank (+1 point)."),
    3: Msg("Reward: +3 money."),
    4: Msg("Prepare glaze: +1 clay, +2 glaze."),
    5: Msg("Exhibition: you may play a card at full cost."),
    6: Msg("Tribute: +1 point."),
}
#: What completing each row of blanks brings beside its point (rule 26).
ROW_REWARDS = {
    1: Msg("your favour space's reward twice"),
    2: Msg("+2 clay, +3 glaze"),
    3: Msg("play a card at full cost"),
    4: Msg("+2 money"),
    5: Msg("the start-player marker"),
}
TYPE_WORDS = {"play": Msg("Play card"), "tap": Msg("Tap card"), "persistent": Msg("Persistent card"),
              "achievement": Msg("Achievement")}


def card_text(c: Card) -> Term:
    return Term("kiln", "cards", c.id, c.text, "text")


def card_hint(c: Card) -> Msg:
    text = card_text(c)
    if c.pip:
        return Msg("{type}, {zone} (cost {cost}): {text}", type=TYPE_WORDS[c.type], zone=zone_name(c.pip),
                   cost=c.cost, text=text)
    return Msg("{type} (cost {cost}): {text}", type=TYPE_WORDS[c.type], cost=c.cost, text=text)


def landing(pip: int, s: int, favour: int) -> Text:
    """Where a Favour Hall action from the start medal lands, and what that space gives
    (from the track the player chooses forward or back: a decision of its own)."""
    if pip != 3 or favour:
        return ""
    land = min(6, s)
    return Msg("Onto favour {space}: {gives}", space=land, gives=SPACE_HINT[land])


@lru_cache(maxsize=None)
def zone_choice(pip: int, dice: int, s: int, favour: int = 1, supply: int = 40) -> Choice:
    """The main-action choice for a zone (``favour``: where the chooser stands on the
    track; ``supply``: the tokens they have left to place)."""
    key = ckey("zone", pip)
    return Choice(
        key,
        Msg("{zone} ({dice}): {effect}", zone=zone_name(pip), dice=dice, effect=effect_text(pip, s)),
        then(action_hint(pip, dice, s, supply), landing(pip, s, favour)),
        (key,),
        str(pip),
    )


def action_hint(pip: int, dice: int, s: int, supply: int) -> Msg:
    dice_words = nmsg("{n} die", "{n} dice", dice)
    if s > dice:
        dice_words = Msg("{dice} + Bellows", dice=dice_words)
    return nmsg("Main action at strength {s} ({dice}): place {n} token on {zone}, take a die, then {effect}.",
                "Main action at strength {s} ({dice}): place {n} tokens on {zone}, take a die, then {effect}.",
                min(s, supply), s=s, dice=dice_words, zone=zone_name(pip), effect=effect_text(pip, s))


def row_rewards(blanks: int, more: int, favour: int) -> Text:
    """The rows that ``more`` blanks on top of ``blanks`` complete, with their rewards."""
    after = min(N_BLANKS, blanks + more)
    words: list[Msg | str] = []
    for row, t in enumerate(ROW_THRESHOLDS, 1):
        if blanks < t <= after:
            reward: Msg = ROW_REWARDS[row]
            if row == 1:
                reward = (Msg("{reward} ({gives})", reward=reward, gives=SPACE_HINT[favour]) if favour
                          else Msg("nothing at the start medal"))
            words.append(Msg("Completes row {row} (+1 point): {reward}.", row=row, reward=reward))
    return then(*words)


@lru_cache(maxsize=None)
def blank_choice(sel: tuple[int, ...], y: int, blanks: int = 0, favour: int = 0) -> Choice:
    gained = min(N_BLANKS, blanks + y) - blanks
    if y == 2:
        label = (nmsg("Make 2 blanks (bonus) (+{n} point) from your top five zones",
                      "Make 2 blanks (bonus) (+{n} points) from your top five zones", gained) if gained
                 else Msg("Make 2 blanks (bonus) from your top five zones"))
    else:
        label = (nmsg("Make a blank (+{n} point) from your top five zones",
                      "Make a blank (+{n} points) from your top five zones", gained) if gained
                 else Msg("Make a blank from your top five zones"))
    return Choice(
        "blank",
        label,
        then(Msg("Takes a token back to the supply from each of {zones}.", zones=tuple(zone_name(z) for z in sel)),
             row_rewards(blanks, y, favour)),
        tuple(ckey("zone", z) for z in sel) + ("blank",),
        "b",
    )


@lru_cache(maxsize=None)
def tap_choice(k: KilnContent, cid: str, shortcut: str | None = "t") -> Choice:
    c = k.cards[cid]
    return Choice(
        ckey("tap", c.id), Msg("Tap {card}", card=card_name(c)),
        Msg("{text} Once per round, a free action.", text=card_text(c)),
        (ckey("card", c.id),), shortcut,
    )


@lru_cache(maxsize=None)
def zone_pick(kind: str, pip: int, label: Msg) -> Choice:
    """A choice of zone ``pip`` in a sub-decision (``place:3``, ``from:3`` …): keyed by
    its pip, which is also its shortcut."""
    return Choice(ckey(kind, pip), label, "", (ckey("zone", pip),), str(pip))


def action_words(pip: int, s: int, favour: int, supply: int) -> Text:
    return then(nmsg("Then place {n} token on {zone}, take a die, then {effect}.",
                     "Then place {n} tokens on {zone}, take a die, then {effect}.",
                     min(s, supply), zone=zone_name(pip), effect=effect_text(pip, s)),
                landing(pip, s, favour))


@lru_cache(maxsize=None)
def boost_decision(pip: int, s: int, favour: int = 1, supply: int = 40) -> tuple[Msg, list[Choice]]:
    touch = ckey("zone", pip)
    return Msg("{zone} at strength {s}: pay 1 money for strength {more}?", zone=zone_name(pip), s=s, more=s + 1), [
        Choice("noboost", Msg("Keep strength {s}", s=s), action_words(pip, s, favour, supply), (touch,)),
        Choice("boost", Msg("Pay 1 money: strength {s}", s=s + 1), action_words(pip, s + 1, favour, supply),
               (touch, "money")),
    ]


@lru_cache(maxsize=None)
def split_decision(n: int, why: Msg | str) -> tuple[Msg, list[Choice]]:
    return nmsg("{why}: split {n} material between clay and glaze",
                "{why}: split {n} materials between clay and glaze", n, why=why), [
        Choice(ckey("split", c), Msg("{clay} clay + {glaze} glaze", clay=c, glaze=n - c),
               Msg("Clay pays for rerolls; 3 glaze buys a token."))
        for c in range(n, -1, -1)
    ]


@lru_cache(maxsize=None)
def favour_decision(f: int, n: int, blanks: int = 0) -> tuple[Msg, list[Choice]]:
    fwd, back = min(6, f + n), max(1, f - n)

    def hint(space: int) -> Text:  # the Blank space's blank may complete a row
        return then(SPACE_HINT[space], row_rewards(blanks, 1, space) if space == 2 else "")

    return Msg("Favour +{n} from {f}: forward or back?", n=n, f=f), [
        Choice("forward", Msg("Forward to favour {space}: {name}", space=fwd, name=SPACE_NAMES[fwd]), hint(fwd),
               (ckey("favour", fwd),)),
        Choice("back", Msg("Back to favour {space}: {name}", space=back, name=SPACE_NAMES[back]), hint(back),
               (ckey("favour", back),)),
    ]


@lru_cache(maxsize=None)
def card_choice(k: KilnContent, kind: str, words: str, cid: str) -> Choice:
    """A hand or Studio card as a choice: ``take:P3`` "Take …", ``give:P3`` "Give back …"."""
    c = k.cards[cid]
    label = (Msg("Take {card}", card=card_name(c)) if words == "Take"
             else Msg("Give back {card}", card=card_name(c)))
    return Choice(ckey(kind, cid), label, card_hint(c), (ckey("card", cid),))


def played_brings(c: Card, blanks: int, favour: int, supply: int) -> Text:
    """What playing ``c`` brings beyond its text: a blank's point and the rows it
    completes, where a favour gain from the start medal lands."""
    if c.effect in ("blanks", "trim"):
        n = c.p("amount")
        got = min(N_BLANKS, blanks + n) - blanks
        return then(nmsg("(+{n} point)", "(+{n} points)", got) if got else "", row_rewards(blanks, n, favour))
    if c.effect == "favour":
        return landing(3, c.p("amount"), favour)
    if c.effect == "tokens_all":
        return nmsg("({n} token from your supply)", "({n} tokens from your supply)", min(6 * c.p("amount"), supply))
    return ""


@lru_cache(maxsize=None)
def play_choice(k: KilnContent, cid: str, cost: int, blanks: int = 0, favour: int = 1,
                supply: int = 40) -> Choice:
    c = k.cards[cid]
    return Choice(ckey("play", cid), Msg("{card} for ${cost}", card=card_name(c), cost=cost),
                  then(card_hint(c), played_brings(c, blanks, favour, supply)), (ckey("card", cid),))


@lru_cache(maxsize=None)
def copy_choice(pip: int, s: int, fee: int, favour: int = 1) -> Choice:
    return Choice(ckey("copy", pip), Msg("Copy {zone}: {effect}", zone=zone_name(pip), effect=effect_text(pip, s)),
                  then(Msg("Pay {n} money.", n=fee), landing(pip, s, favour)),
                  (ckey("zone", pip),), str(pip))


@lru_cache(maxsize=None)
def super_choice(pip: int, dice: int) -> Choice:
    return Choice(ckey("effect", pip), Msg("{zone}: {effect}", zone=zone_name(pip), effect=effect_text(pip, dice)),
                  Msg("No tokens, no die."), (ckey("zone", pip),), str(pip))


@lru_cache(maxsize=None)
def count_choice(k: int, src: int, dst: int) -> Choice:
    return Choice(ckey("count", k), nmsg("{n} token", "{n} tokens", k), "", (ckey("zone", src), ckey("zone", dst)))


@lru_cache(maxsize=None)
def sell_choice(clay: int, k: int) -> Choice:
    return Choice(ckey("sell", clay), Msg("{clay} clay + {glaze} glaze", clay=clay, glaze=k - clay), "")
