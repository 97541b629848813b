"""Seeded random games: every card play, tap and Kiln Superintendent zone that is
offered changes something its player can see, beyond what was paid for it (the
promise of rules.md: a card whose effect could do nothing is never offered)."""
import random

import pytest

from inkterm.engine import new_game
from inkterm.engine.steps import WorkQueue
from inkterm.games.kiln.content import cards
from inkterm.games.kiln.steps import Turn

CARDS = cards()
GAMES = 30  # per seat count
DEPTH = 8  # sub-decisions a card's resolution takes at most (Wheel-throwing: 3)


def isolate(s):
    """A copy with the rest of the turn's pending work dropped: once the card has
    resolved the game returns to the turn menu."""
    c = s.clone()
    c.m.queue = WorkQueue([c.m.queue.top])  # the decision offering the card, nothing below
    c.m.rows_queue = []
    c.m.rows_active = False
    c._decided = False
    return c


def paid(s, key):
    """``s`` with the choice's price paid and nothing resolved: the baseline."""
    b = isolate(s)
    m, p = b.m, b.me
    kind, arg = key.split(":")
    if kind == "play":
        c = CARDS[arg]
        p.money -= max(0, c.cost - m.queue.top.discount)
        p.hand.remove(arg)
        m.discard.append(arg)
    elif kind == "tap":
        p.tapped.append(arg)
    m.queue = WorkQueue([Turn()])
    return b


def seen(s):
    """What the acting seat sees: its view (bar the phase word) and its menu."""
    seat = s.decision().seat
    v = s.view(seat)
    del v["phase"]
    return v, [(c.key, c.label) for c in s.decision().choices], s.rng.getstate()  # a roll is seen


def some_path_changes(s, base, depth=DEPTH):
    """Whether some way of finishing the resolution leaves ``s`` looking unlike ``base``."""
    if type(s.m.queue.top) is Turn:
        return seen(s) != base
    if depth == 0:
        return False
    for choice in s.decision().choices:
        nxt = s.clone()
        nxt.apply(choice.key)
        if some_path_changes(nxt, base, depth - 1):
            return True
    return False


def offered_effects(s):
    """Offered choices that resolve an effect at once. Persistent cards and
    achievements do their part by entering the tableau."""
    out = []
    for c in s.decision().choices:
        kind, _, arg = c.key.partition(":")
        if kind in ("tap", "effect") or (kind == "play" and CARDS[arg].type == "play"):
            out.append(c.key)
    return out


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_offered_card_changes_something(n):
    checked = set()
    for seed in range(GAMES):
        rng = random.Random(seed)
        s = new_game("kiln", [f"S{i}" for i in range(n)], seed=100 * n + seed)
        while not s.is_over:
            for key in offered_effects(s):
                after = isolate(s)
                after.apply(key)
                assert some_path_changes(after, seen(paid(s, key))), (seed, s.m.queue.top, key)
                checked.add(key)
            s.apply(rng.choice(s.decision().choices).key)
    assert len(checked) >= 20  # nearly every play card, tap and Superintendent zone came up
