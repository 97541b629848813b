"""A bot's reason in the game's own words: what its choice gains this turn and what
it sets up, never a bare score. One mechanism for every bot level (greedy and search),
the demos and the lessons' "Meanwhile".

The bots judge a position by the game's evaluation, which names its parts
(``value_parts`` in the game's bot hooks: "tokens on the board", "money, clay and
glaze", "illustrations being filled", "pages by knowledge and step"…). A reason plays
the choice on a copy with the rest of the seat's turn by the game's cheap default
policy (the greedy bot's own look-ahead), sees which parts moved and by how much, and
has the game's ``reasons`` module (``inkterm/games/<game>/reasons.py``) say, part by
part, what changed in it: its ``TELLERS`` map each part's name to words read from the
seat's view before and after (or, for a judgement no view shows, to the words said
when that part rose). The parts that moved most come first; a part the module
has no words for is named as the evaluation names it (in the reader's language: the
names are marked for the catalog as ``TELLERS``' keys). ``sets_up`` adds what the move
makes possible next. The look-ahead runs on a copy whose hidden parts are guessed
(``determinize``) and stops at anything revealed (a roll, a draw), so a reason never
tells what is not known yet. A game without such a module says what the look-ahead
does, by its events.
"""
from __future__ import annotations

import importlib
import random
from functools import cache
from types import ModuleType

from inkterm.engine import GAMES

from inkterm.engine.text import Msg, Text, nmsg
from inkterm.i18n import N_, gettext

from .explain import Reason
from .greedy import FOLLOW
from .hooks import hooks


@cache
def game_words(game: str) -> ModuleType | None:
    """The game's ``reasons`` module, if it has one."""
    spec = GAMES.get(game)
    if spec is None:
        return None
    try:
        return importlib.import_module(f"{spec.module.rsplit('.', 1)[0]}.reasons")
    except ModuleNotFoundError:
        return None


def look_ahead(state, seat: int, key: str):
    """``key`` played on a copy, then the rest of ``seat``'s turn by the default policy,
    stopping at anything revealed, or where the game's ``turn_ends(key, events)`` says
    the turn is over (a seat may play twice in a row). Returns (the copy, its events)."""
    s = state.determinize(seat, random.Random(len(state.record.choices)))
    step = list(s.apply(key))
    events = list(step)
    h = hooks(state.record.game)
    words = game_words(state.record.game)
    ends = getattr(words, "turn_ends", None)
    steps = 0
    while not s.history[-1][1] and steps < FOLLOW and not (ends and ends(key, step)):
        d = s.decision()
        if d is None or d.seat != seat:
            break
        key = h.default_choice(s, d)
        step = list(s.apply(key))
        events += step
        steps += 1
    return s, events


#: How far a part of the evaluation must move (in points) to count as moved.
MOVED = 0.05


def moved_parts(before, after, seat: int) -> list[tuple[str, float]]:
    """The parts of ``seat``'s evaluation that moved from ``before`` to ``after`` (two
    states of one game), most raised first, most lowered last."""
    parts = hooks(before.record.game).value_parts
    b, a = dict(parts(before, seat)), dict(parts(after, seat))
    moved = [(name, a.get(name, 0.0) - b.get(name, 0.0)) for name in {**b, **a}]
    return sorted((m for m in moved if abs(m[1]) >= MOVED), key=lambda m: -m[1])


def in_words(before, after, seat: int, viewer: int | None = None) -> tuple[list[str], list[str]]:
    """(what it gained, what it sets up) for ``seat`` between two states, in the game's
    words, as ``viewer`` (default: the seat itself) may see them. Told part by part of
    the evaluation, the parts that moved most first (only by the seat's own reckoning:
    another viewer gets them in the game's order, as the ranking reads the seat's secrets)."""
    words = game_words(before.record.game)
    viewer = seat if viewer is None else viewer
    bv, av = before.view(viewer), after.view(viewer)
    tellers: dict = getattr(words, "TELLERS", {})
    moved = moved_parts(before, after, seat) if viewer == seat else []
    order = [name for name, _ in moved]
    raised = {name for name, change in moved if change > 0}
    gains: list[str] = []
    for name in [*order, *(n for n in tellers if n not in order)]:
        tell = tellers.get(name)
        if tell is not None and not callable(tell):  # fixed words for a judgement the view cannot show
            said = [str(tell)] if name in raised else []  # (a message: in the reader's language)
        else:
            said = tell(bv, av, seat) if tell is not None else []
        if not said and name in raised:
            said = [str(Msg("more for {part}", part=Msg(name)))]  # the name as TELLERS marks it
        gains += [w for w in said if w not in gains]
    sets_up = words.sets_up(bv, av, seat) if words is not None else []
    return gains, sets_up


def sentence(gains: list[str], sets_up: list[str]) -> str:
    """What a move gains, then what it sets up, in the reader's language."""
    if not sets_up:
        return str(Msg("{gains}", gains=tuple(gains))) if gains else ""
    also: Text = sets_up[0]
    for more in sets_up[1:]:
        also = Msg("{first} and {second}", first=also, second=more)
    if not gains:
        return str(Msg("and it {sets_up}", sets_up=also))
    return str(Msg("{gains}; and it {sets_up}", gains=tuple(gains), sets_up=also))


def told(state, seat: int, key: str) -> str:
    """What playing ``key`` (and the rest of the turn as the bot plans it) does for
    ``seat``, in the game's words: its gains, then what it sets up."""
    after, events = look_ahead(state, seat, key)
    if game_words(state.record.game) is None:
        mine = [str(e.text).rstrip(".。") for e in events if e.seat == seat and e.kind != "turn"]
        return str(_clauses(mine[:2])) if mine else ""
    return sentence(*in_words(state, after, seat))


def _share(x: float | None) -> str:
    """A share of playouts in words (a percentage reads as a bare score)."""
    x = x or 0.0
    for at, words in ((0.9, N_("nearly all")), (0.65, N_("most")), (0.4, N_("about half")), (0.15, N_("some"))):
        if x >= at:
            return gettext(words)
    return gettext(N_("few"))


_UNTIL = {"turn": N_("the end of its turn"), "round": N_("its next turn"), "end": N_("the end of the game")}


#: Why a bot chose without weighing its choices, by the reason's kind.
UNWEIGHED = {
    "only": N_("it was the only legal choice."),
    "routine": N_("after a long run of steps this turn, the bot finishes it the simple way."),
    "unrepeated": N_("the bot already made the other choices in this same position this turn; "
                     "it takes this one so as not to go round in circles."),
    "random": N_("the random bot picks any legal choice, without weighing them."),
}


def _clauses(parts: list) -> Text:
    """Clauses of one sentence, joined by semicolons (the language's own)."""
    out: Text = parts[0]
    for part in parts[1:]:
        out = Msg("{first}; {second}", first=out, second=part)
    return out


def unweighed(reason: Reason) -> str:
    """Why a bot chose without weighing (nothing else legal, a routine end, a fixed strategy)."""
    if reason.kind == "scripted":  # the note: the strategy's words, marked where it is declared
        note = gettext(reason.note).rstrip(".。")
        return str(Msg("it plays a fixed strategy: {strategy}.", strategy=note[:1].lower() + note[1:]))
    return gettext(UNWEIGHED.get(reason.kind, UNWEIGHED["only"]))


def why(state, d, key: str, reason: Reason, label) -> str:
    """The reason to tell for ``key``, chosen in ``d`` by a bot that gave ``reason``
    (greedy or search: the same words); ``label(key)`` names a choice as the menu does."""
    who = state.seats[d.seat]
    if reason.kind not in ("greedy", "search") or not reason.options:
        return unweighed(reason)
    mine = told(state, d.seat, key)
    # One sentence, clauses joined by semicolons: a sentence ending in a number and
    # wrapped before the next would read as a numbered list.
    parts: list[Text] = [mine or Msg("this keeps {whose} position as it is: nothing gained or spent, and the "
                                     "other choices looked worse", whose=Msg("{who}'s", who=who))]
    rest = [o for o in reason.options[1:] if o.key != key]
    if rest:
        other = rest[0]
        theirs = told(state, d.seat, other.key)
        if reason.kind == "greedy" and abs(other.value - reason.options[0].value) < 1e-9:
            parts.append(Msg("{choice} looked as good, and the bot drew between them", choice=label(other.key)))
        elif theirs and theirs != mine:
            parts.append(Msg("the next best, {choice}, would give {gives}", choice=label(other.key), gives=theirs))
        else:
            parts.append(Msg("the next best was {choice}", choice=label(other.key)))
    if reason.kind == "search":
        until = gettext(_UNTIL.get(reason.horizon, _UNTIL["turn"]))
        if reason.horizon == "end":
            parts.append(nmsg("the bot played each choice out to {until} ({n} try in all) and this one came "
                              "out best, {who} came out ahead in {share} of them",
                              "the bot played each choice out to {until} ({n} tries in all) and this one came "
                              "out best, {who} came out ahead in {share} of them",
                              reason.playouts, until=until, who=who, share=_share(reason.options[0].ahead)))
        else:
            parts.append(nmsg("the bot played each choice out to {until} ({n} try in all) and this one came out best",
                              "the bot played each choice out to {until} ({n} tries in all) and this one came "
                              "out best", reason.playouts, until=until))
    else:
        parts.append(nmsg("the bot tried the {n} choice", "the bot tried all {n} choices", len(reason.options)))
    text = str(Msg("{text}.", text=_clauses(parts)))
    return text[0].upper() + text[1:]
