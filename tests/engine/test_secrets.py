"""No seat's view tells another seat's secrets, in every registered game (a part of
the conformance suite, test_conformance.py).

Over seeded random games, two kinds of alternative states are built that a seat
cannot tell apart from the real one, and its ``view`` must be the same in all of them:

- ``determinize(viewer)``, the game's own redraw of everything hidden from the viewer
  (other hands, deck order, dice to come), the one the bots plan on;
- the game replayed with one seat's secret choice changed (a card swapped in secret,
  a workspace side chosen in secret), for as long as the table's narration of the two
  games stays word for word the same.
"""
import random

import pytest

from inkterm.engine import GAMES, IllegalChoice, new_game

from ..seeds import seeds, size
from .conformance import game_cases

# Which decisions a game makes in secret, and whether it hides anything at all, is what
# its GameSpec declares (``secret_topics``, ``hidden_information``).
GAMES_PER_CASE = size(2, 8)
DETERMINIZE_EVERY = 5  # choices between two determinize checks
SECRET_WINDOW = 25  # choices a changed secret choice is followed for


CASES = game_cases(least=2)  # a secret needs someone to keep it from


def differences(a, b, path="view"):
    """Where two views differ, as readable paths."""
    if isinstance(a, dict) and isinstance(b, dict):
        return [d for k in sorted(set(a) | set(b), key=str)
                for d in differences(a.get(k), b.get(k), f"{path}.{k}")]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [d for i, (x, y) in enumerate(zip(a, b)) for d in differences(x, y, f"{path}[{i}]")]
    return [] if a == b else [f"{path}: {a!r} != {b!r}"]


def assert_same_view(real, other, viewer, why):
    seen, other_seen = real.view(viewer), other.view(viewer)
    if seen != other_seen:
        pytest.fail(f"seat {viewer} can tell {why}: {differences(seen, other_seen)[:3]}")


def narration(events):
    return [e.text for e in events]


class SecretBranch:
    """The game as it would be had ``holder`` made another secret choice."""

    def __init__(self, holder, state, why):
        self.holder, self.state, self.why, self.age = holder, state, why, 0

    def follow(self, key, told):
        """Apply the real game's next choice; False once the table could tell the two
        games apart (the narration differs) or the choice is impossible here."""
        self.age += 1
        try:
            return narration(self.state.apply(key)) == told and self.age <= SECRET_WINDOW
        except IllegalChoice:
            return False


def secret_branches(s, d, key, told):
    """Branches for the other choices ``d.seat`` could have made, in secret, in ``s``."""
    out = []
    for c in d.choices:
        if c.key != key:
            alt = s.clone()
            if narration(alt.apply(c.key)) == told:
                why = f"{key!r} from {c.key!r} (choice {len(s.record.choices) + 1})"
                out.append(SecretBranch(d.seat, alt, why))
    return out


@pytest.mark.parametrize("gid, n", CASES)
@pytest.mark.parametrize("game", range(GAMES_PER_CASE))
def test_views_keep_every_secret(gid, n, game):
    spec = GAMES[gid]
    seed = seeds(GAMES_PER_CASE, f"secrets-{gid}-{n}")[game]
    rng, redraw = random.Random(seed), random.Random(~seed)
    s = new_game(gid, [f"S{i}" for i in range(n)], seed=seed)
    branches: list[SecretBranch] = []
    while not s.is_over:
        d = s.decision()
        key = rng.choice(d.choices).key
        before = s.clone() if d.topic in spec.secret_topics else None
        told = narration(s.apply(key))
        branches = [b for b in branches if b.follow(key, told)]
        if before is not None:
            branches += secret_branches(before, d, key, told)
        where = f"(seed {seed}, choice {len(s.record.choices)})"
        for b in branches:
            for viewer in range(n):
                if viewer != b.holder:
                    assert_same_view(s, b.state, viewer, f"{b.why} by seat {b.holder} {where}")
        if len(s.record.choices) % DETERMINIZE_EVERY == 0:
            for viewer in range(n):
                assert_same_view(s, s.determinize(viewer, redraw), viewer, f"what determinize redrew {where}")
                if not spec.hidden_information:
                    assert s.view(viewer) == s.summary(), f"a game without secrets shows all {where}"


def test_a_game_with_secret_choices_declares_hidden_information():
    for gid, spec in GAMES.items():
        assert not spec.secret_topics or spec.hidden_information, gid
