"""Keep a bot from going round in circles within its own run of decisions.

Some choices undo each other (swap a card in, swap it back; open a menu, go back),
and a bot that finds them equally good could repeat them for ever. The guard
remembers, for each position met during the bot's current unbroken run of
decisions, the keys it already chose there; back in the same position, those keys
are avoided while any other is left (then the least used one is taken). And a run
longer than ``RUN_LIMIT`` decisions hands over to the game's default policy, which
finishes the turn (swapping cards that all look alike can otherwise go on a long time
without ever repeating a position).
"""
from __future__ import annotations

import random
from collections.abc import Callable

from .base import pending_decision, weighable_keys

RUN_LIMIT = 30


class LoopGuard:
    def __init__(self) -> None:
        self._seen: dict[str, dict[str, int]] = {}
        self._next_len = -1
        self.run = 0  # decisions in the current run

    def tired(self, state) -> bool:
        """The current run is too long: follow the default policy now."""
        return len(state.record.choices) == self._next_len and self.run >= RUN_LIMIT

    def allowed(self, state, d, keys: list[str]) -> tuple[str, list[str]]:
        """(position id, the keys worth considering here)."""
        if len(state.record.choices) != self._next_len:
            self._seen.clear()  # someone else moved, or a new game: a fresh run
            self.run = 0
        # The whole model, not the seat's view: it decides the decision too, and costs
        # far less. Hidden parts can tell apart only positions the view would not, and in
        # one's own run a hidden part changes with a draw, which the view shows anyway;
        # and the guard only spots repeats, so no choice reads a secret through it.
        pos = state.position()
        used = self._seen.get(pos)
        if not used:
            return pos, keys
        fresh = [k for k in keys if k not in used]
        if fresh:
            return pos, fresh
        least = min(used.get(k, 0) for k in keys)
        return pos, [k for k in keys if used.get(k, 0) == least]

    def chose(self, state, pos: str, key: str) -> str:
        counts = self._seen.setdefault(pos, {})
        counts[key] = counts.get(key, 0) + 1
        self._next_len = len(state.record.choices) + 1
        self.run += 1
        return key

    def shortlist(self, state, d) -> tuple[str, list[str], str | None]:
        """What a bot has to think about here: (position id, keys worth weighing, and
        the key to play at once when there is nothing to weigh, else None). A menu's
        way back is dropped (bots open sub-menus to use them); a run grown too long
        follows the game's default policy."""
        keys = weighable_keys(d)
        if len(keys) == 1:
            return "", keys, self.chose(state, "", keys[0])
        if self.tired(state):
            from .hooks import hooks

            return "", keys, self.chose(state, "", hooks(state.game_id).default_choice(state, d))
        pos, keys = self.allowed(state, d, keys)
        if len(keys) == 1:
            return pos, keys, self.chose(state, pos, keys[0])
        return pos, keys, None


class GuardedBot:
    """A bot that weighs its options (greedy, search): the shared ``choose()`` opening
    asks the guard what is worth weighing, and a subclass's ``pick`` weighs it."""

    name = ""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.guard = LoopGuard()
        #: Asked between steps of weighing, where a bot has any: True means answer now
        #: with what is known (a server's deadline, or the server stopping).
        self.stop: Callable[[], bool] | None = None

    def choose(self, state) -> str:
        return self.decide(state, None)[0]

    def decide(self, state, trace) -> tuple[str, bool]:
        """The key chosen, and whether it was weighed (False when the guard decided
        alone). ``trace``, when given, is filled by ``pick`` with the bot's reasoning."""
        d = pending_decision(state)
        pos, keys, now = self.guard.shortlist(state, d)
        if now is not None:
            return now, False
        return self.guard.chose(state, pos, self.pick(state, d, keys, trace)), True

    def pick(self, state, d, keys: list[str], trace=None) -> str:
        """The best of ``keys`` (two or more) for ``d.seat``; ``trace`` collects why."""
        raise NotImplementedError
