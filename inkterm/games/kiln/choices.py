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

#: How many of each kind of choice are kept built: enough for the numbers a game comes
#: back to, few enough that a long-lived process (a table server, a bot's thousands of
#: games) does not grow without end, and that the collector's full passes over the
#: messages kept stay short (unbounded, they made bot games half again slower).
CACHED = None

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


def zone_choice(pip: int, dice: int, s: int, favour: int = 1, supply: int = 40) -> Choice:
    """The main-action choice for a zone (``favour``: where the chooser stands on the
    track; ``supply``: the tokens they have left to place)."""
    # Cached by only what the words show (on the start medal or not, the tokens placed).
    return _zone_choice(pip, dice, s, 1 if favour else 0, min(s, supply))


@lru_cache(maxsize=CACHED)
def _zone_choice(pip: int, dice: int, s: int, favour: int, supply: int) -> Choice:
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


def blank_choice(sel: tuple[int, ...], y: int, blanks: int = 0, favour: int = 0) -> Choice:
    # Cached by only what the words show: the zones in pip order, the favour space only
    # when row 1 completes.
    row1 = blanks < ROW_THRESHOLDS[0] <= blanks + y
    return _blank_choice(tuple(sorted(sel)), y, blanks, favour if row1 else 0)


@lru_cache(maxsize=CACHED)
def _blank_choice(sel: tuple[int, ...], y: int, blanks: int, favour: int) -> Choice:
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


@lru_cache(maxsize=CACHED)
def tap_choice(k: KilnContent, cid: str, shortcut: str | None = "t") -> Choice:
    c = k.cards[cid]
    return Choice(
        ckey("tap", c.id), Msg("Tap {card}", card=card_name(c)),
        Msg("{text} Once per round, a free action.", text=card_text(c)),
        (ckey("card", c.id),), shortcut,
    )


@lru_cache(maxsize=CACHED)
def zone_pick(kind: str, pip: int, label: Msg) -> Choice:
    """A choice of zone ``pip`` in a sub-decision (``place:3``, ``from:3`` …): keyed by
    its pip, which is also its shortcut."""
    return Choice(ckey(kind, pip), label, "", (ckey("zone", pip),), str(pip))


def action_words(pip: int, s: int, favour: int, supply: int) -> Text:
    return then(nmsg("Then place {n} token on {zone}, take a die, then {effect}.",
                     "Then place {n} tokens on {zone}, take a die, then {effect}.",
                     min(s, supply), zone=zone_name(pip), effect=effect_text(pip, s)),
                landing(pip, s, favour))


def boost_decision(pip: int, s: int, favour: int = 1, supply: int = 40) -> tuple[Msg, list[Choice]]:
    return _boost_decision(pip, s, 1 if favour else 0, min(s + 1, supply))  # by what the words show


@lru_cache(maxsize=CACHED)
def _boost_decision(pip: int, s: int, favour: int, supply: int) -> tuple[Msg, list[Choice]]:
    touch = ckey("zone", pip)
    return Msg("{zone} at strength {s}: pay 1 money for strength {more}?", zone=zone_name(pip), s=s, more=s + 1), [
        Choice("noboost", Msg("Keep strength {s}", s=s), action_words(pip, s, favour, supply), (touch,)),
        Choice("boost", Msg("Pay 1 money: strength {s}", s=s + 1), action_words(pip, s + 1, favour, supply),
               (touch, "money")),
    ]


@lru_cache(maxsize=CACHED)
def split_decision(n: int, why: Msg | str) -> tuple[Msg, list[Choice]]:
    return nmsg("{why}: split {n} material between clay and glaze",
                "{why}: split {n} materials between clay and glaze", n, why=why), [
        Choice(ckey("split", c), Msg("{clay} clay + {glaze} glaze", clay=c, glaze=n - c),
               Msg("Clay pays for rerolls; 3 glaze buys a token."))
        for c in range(n, -1, -1)
    ]


@lru_cache(maxsize=CACHED)
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


@lru_cache(maxsize=CACHED)
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


def play_choice(k: KilnContent, cid: str, cost: int, blanks: int = 0, favour: int = 1,
                supply: int = 40) -> Choice:
    # Cached by only what the words show: what the card's effect brings depends on these.
    effect = k.cards[cid].effect
    if effect in ("blanks", "trim"):
        row1 = blanks < ROW_THRESHOLDS[0] <= blanks + k.cards[cid].p("amount")
        return _play_choice(k, cid, cost, min(blanks, N_BLANKS), favour if row1 else 0, 0)
    if effect == "favour":
        return _play_choice(k, cid, cost, 0, 1 if favour else 0, 0)
    if effect == "tokens_all":
        return _play_choice(k, cid, cost, 0, 0, min(6 * k.cards[cid].p("amount"), supply))
    return _play_choice(k, cid, cost, 0, 0, 0)


@lru_cache(maxsize=CACHED)
def _play_choice(k: KilnContent, cid: str, cost: int, blanks: int, favour: int, supply: int) -> Choice:
    c = k.cards[cid]
    return Choice(ckey("play", cid), Msg("{card} for ${cost}", card=card_name(c), cost=cost),
                  then(card_hint(c), played_brings(c, blanks, favour, supply)), (ckey("card", cid),))


@lru_cache(maxsize=CACHED)
def copy_choice(pip: int, s: int, fee: int, favour: int = 1) -> Choice:
    return Choice(ckey("copy", pip), Msg("Copy {zone}: {effect}", zone=zone_name(pip), effect=effect_text(pip, s)),
                  then(Msg("Pay {n} money.", n=fee), landing(pip, s, favour)),
                  (ckey("zone", pip),), str(pip))


@lru_cache(maxsize=CACHED)
def super_choice(pip: int, dice: int) -> Choice:
    return Choice(ckey("effect", pip), Msg("{zone}: {effect}", zone=zone_name(pip), effect=effect_text(pip, dice)),
                  Msg("No tokens, no die."), (ckey("zone", pip),), str(pip))


@lru_cache(maxsize=CACHED)
def count_choice(k: int, src: int, dst: int) -> Choice:
    return Choice(ckey("count", k), nmsg("{n} token", "{n} tokens", k), "", (ckey("zone", src), ckey("zone", dst)))


@lru_cache(maxsize=CACHED)
def sell_choice(clay: int, k: int) -> Choice:
    return Choice(ckey("sell", clay), Msg("{clay} clay + {glaze} glaze", clay=clay, glaze=k - clay), "")


# --- decisions by the numbers they show -----------------------------------------------
# Frequent ones are cached by only the numbers their words show (a message is data
# built per call; kept built, each is GC-tracked for the process's life, so the keys
# are kept few). Rare ones are built each time, without ``zone_pick``'s cache: its
# messages of one msgid share a hash, and a long chain of them is slow to search.
TURN_PROMPTS = (Msg("{who}: free actions, or end your turn"), Msg("{who}: choose a zone for your main action"),
                Msg("{who}: choose a zone for your extra main action"))


@lru_cache(maxsize=CACHED)
def turn_prompt(who: str, main_open: bool, extra: bool) -> Msg:
    template = TURN_PROMPTS[(1 + extra) if main_open else 0]
    return Msg(template.id, who=who)


MAKE_BLANK, REROLL_ZONE, EXCHANGE_GLAZE = Msg("Make a blank"), Msg("Reroll a zone"), Msg("Exchange 3 glaze")


def free_out_of_reach(blanks_done: bool, can_blank: bool, zones: int, cheapest: int, clay: int, glaze: int,
                      supply: bool) -> tuple[tuple[str, Text, Text], ...]:
    """The free actions a turn cannot take now, dimmed in the menu with why, so a new
    player learns they exist and what they need (rules 29–31): ``zones`` holding the
    player's tokens, ``cheapest`` reroll's clay."""
    # Cached by only the numbers the words show.
    return _free_out_of_reach(blanks_done, can_blank, 0 if blanks_done or can_blank else zones,
                              *((cheapest, clay) if cheapest > clay else (0, 0)), min(glaze, 3), supply or glaze < 3)


@lru_cache(maxsize=CACHED)
def _free_out_of_reach(blanks_done: bool, can_blank: bool, zones: int, cheapest: int, clay: int, glaze: int,
                       supply: bool) -> tuple[tuple[str, Text, Text], ...]:
    out: tuple[tuple[str, Text, Text], ...] = ()
    if blanks_done:
        out += (("b", MAKE_BLANK, Msg("all {n} made", n=N_BLANKS)),)
    elif not can_blank:
        out += (("b", MAKE_BLANK, Msg("needs tokens on 5 zones, yours are on {n}", n=zones)),)
    if cheapest > clay:
        out += (("r", REROLL_ZONE, Msg("needs {n} clay, you have {clay}", n=cheapest, clay=clay)),)
    if glaze < 3:
        out += (("x", EXCHANGE_GLAZE, Msg("you have {n} glaze", n=glaze)),)
    elif not supply:
        out += (("x", EXCHANGE_GLAZE, Msg("no token left in your supply")),)
    return out


def _pick(kind: str, pip: int, label: Msg) -> Choice:
    return Choice(ckey(kind, pip), label, "", (ckey("zone", pip),), str(pip))


def reroll_decision(dice: tuple[int, ...], saggar: int, clay: int) -> tuple[Msg, list[Choice], tuple]:
    """Which zone to reroll (rule 27: the zone's dice count in clay, less the Saggar):
    every zone listed, those that cannot be rerolled now dimmed with why."""
    cost = [max(0, d - saggar) for d in dice]
    out = [_pick("reroll", z, nmsg("{zone} ({n} die) for {clay} clay", "{zone} ({n} dice) for {clay} clay", d,
                                       zone=zone_name(z), clay=cost[z - 1]))
           for z, d in enumerate(dice, 1) if d and cost[z - 1] <= clay]
    closed = tuple((str(z), zone_name(z), NO_DICE_WHY if not d else
                    Msg("needs {n} clay, you have {clay}", n=cost[z - 1], clay=clay))
                   for z, d in enumerate(dice, 1) if not d or cost[z - 1] > clay)
    return Msg("Reroll which zone? (you have {n} clay)", n=clay), out + [BACK], closed


def exchange_decision(tokens: tuple[int, ...]) -> tuple[Msg, list[Choice]]:
    return Msg("Exchange 3 glaze: place a token on which zone?"), [
        _pick("exchange", z, Msg("{zone} (you have {n}): a token for 3 glaze", zone=zone_name(z), n=tokens[z - 1]))
        for z in range(1, 7)
    ] + [BACK]


def place_decision(n: int, why: Msg | Term, tokens: tuple[int, ...]) -> tuple[Msg, list[Choice]]:
    return nmsg("{why}: place {n} token on which zone?", "{why}: place {n} tokens on which zone?", n, why=why), [
        _pick("place", z, nmsg("{zone} (you have {mine}): {n} token here",
                                   "{zone} (you have {mine}): {n} tokens here", n, zone=zone_name(z),
                                   mine=tokens[z - 1]))
        for z in range(1, 7)
    ]
