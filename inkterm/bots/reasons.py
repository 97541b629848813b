"""A bot's reason in the game's own words: what its choice gains this turn and what
it sets up, never a bare score.

The greedy bot judges a choice by playing the rest of its own turn with the game's
cheap default policy (``hooks.default_choice``) and scoring where that lands. The
same look-ahead is replayed here, and the position before and after it is told by the
game's ``reasons`` module (``inkterm/games/<game>/reasons.py``), which names the parts
that moved in the seat's own view: money, blanks, a page's illustrations, knowledge…
The look-ahead runs on a copy whose hidden parts are guessed (``determinize``) and stops
at anything revealed (a roll, a draw), so a reason never tells what is not known yet.
A game without such a module says what the look-ahead does, by its events.
"""
from __future__ import annotations

import importlib
import random
from functools import cache
from types import ModuleType

from inkterm.engine import GAMES

from inkterm.engine.words import possessive

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


def told(state, seat: int, key: str) -> str:
    """What playing ``key`` (and the rest of the turn as the bot plans it) does for
    ``seat``, in the game's words: its gains, then what it sets up."""
    after, events = look_ahead(state, seat, key)
    words = game_words(state.record.game)
    if words is None:
        mine = [e.text for e in events if e.seat == seat and e.kind != "turn"]
        return "; ".join(t.rstrip(".") for t in mine[:2])
    before_v, after_v = state.view(seat), after.view(seat)
    gains = words.gains(before_v, after_v, seat)
    sets_up = words.sets_up(before_v, after_v, seat)
    text = ", ".join(gains)
    if sets_up:
        text += ("; " if text else "") + "and it " + " and ".join(sets_up)
    return text


def why(state, d, key: str, reason: Reason, label) -> str:
    """The reason to tell for ``key``, chosen in ``d`` by a bot that gave ``reason``;
    ``label(key)`` names a choice as the menu does."""
    who = state.seats[d.seat]
    if reason.kind != "greedy" or not reason.options:
        return reason.text(label, who)
    mine = told(state, d.seat, key)
    # One sentence, clauses joined by semicolons: a sentence ending in a number and
    # wrapped before the next would read as a numbered list.
    parts = [mine or f"this keeps {possessive(who)} position as it is: nothing gained or spent, "
                     "and the other choices looked worse"]
    rest = [o for o in reason.options[1:] if o.key != key]
    if rest:
        other = rest[0]
        theirs = told(state, d.seat, other.key)
        if abs(other.value - reason.options[0].value) < 1e-9:
            parts.append(f"{label(other.key)} looked as good, and the bot drew between them")
        elif theirs and theirs != mine:
            parts.append(f"the next best, {label(other.key)}, would give {theirs}")
        else:
            parts.append(f"the next best was {label(other.key)}")
    parts.append(f"the bot tried all {len(reason.options)} choices")
    text = "; ".join(parts) + "."
    return text[0].upper() + text[1:]
