"""Search: Monte Carlo tree search over ``determinize``/``apply``.

Each iteration plans on a fresh copy in which everything hidden from the bot's seat
(other hands, deck order, dice to come) is drawn anew (information-set MCTS), so the
bot never reads another seat's secrets, and the tree's statistics average over what
it cannot know. Every seat's moves are in the tree and each seat maximises its own
reward; within a chain of one seat's own steps a node is worth its best child (max
back-up), not the mean over steps the seat would never take. A new leaf is scored by finishing the mover's current chain of steps with
the game's default policy and reading every seat's standing from the bot's own view
(``seat_values``), turned into a 0..1 reward per seat; a finished game scores by its
ranking. ``search:N`` runs N iterations; plain ``search`` uses the game's
``SEARCH_ITERATIONS`` (else ``DEFAULT_ITERATIONS``), set so a move takes under a
second on our machine (see benchmarks/bots_speed.py).
"""
from __future__ import annotations

import math
import random

from .guard import LoopGuard
from .hooks import hooks

DEFAULT_ITERATIONS = 400
EXPLORE = 0.7
FOLLOW = 8


class Node:
    """``mover`` chose the move into this node; ``chooser`` decides at it (-1 until
    known). ``value`` is what the node is worth to its mover: the mean reward, or,
    when the mover also makes the next choice (a chain of its own steps), the value of
    its best child so far: a player picks its own next step, it does not average
    over them."""

    __slots__ = ("children", "visits", "total", "avail", "mover", "chooser", "value")

    def __init__(self, mover: int):
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.mover = mover
        self.chooser = -1
        self.value = 0.0

    def update(self, reward: float) -> None:
        self.visits += 1
        self.total += reward
        if self.chooser == self.mover and self.children:
            self.value = max((c.value for c in self.children.values() if c.visits),
                             default=self.total / self.visits)
        else:
            self.value = self.total / self.visits


def _keys(d) -> list[str]:
    keys = [c.key for c in d.choices]
    if len(keys) > 1 and "back" in keys:
        keys.remove("back")  # sub-menus are entered to be used (as the greedy bot)
    return keys


class SearchBot:
    name = "search"

    def __init__(self, seed: int = 0, iterations: int | None = None):
        self.rng = random.Random(seed)
        self.iterations = None if iterations is None else max(1, int(iterations))
        self.guard = LoopGuard()

    def choose(self, state) -> str:
        d = state.decision()
        if d is None:
            raise ValueError("the game is over; there is nothing to choose")
        keys = _keys(d)
        if len(keys) == 1:
            return self.guard.chose(state, "", keys[0])
        if self.guard.tired(state):
            key = hooks(state.game_id).default_choice(state, d)
            self.guard.chose(state, "", key)
            return key
        pos, keys = self.guard.allowed(state, d, keys)
        if len(keys) == 1:
            return self.guard.chose(state, pos, keys[0])
        root = self.search(state, d.seat)
        kids = root.children
        best = max(keys, key=lambda k: (kids[k].visits, kids[k].total) if k in kids else (-1, 0.0))
        return self.guard.chose(state, pos, best)

    def search(self, state, me: int) -> Node:
        h = hooks(state.game_id)
        rng = self.rng
        root = Node(-1)
        budget = self.iterations or h.search_iterations or DEFAULT_ITERATIONS
        for _ in range(budget):
            s = state.determinize(me, rng)
            node, path = root, []
            while True:
                d = s.decision()
                if d is None:
                    break
                keys = _keys(d)
                node.chooser = d.seat
                kids = node.children
                untried = [k for k in keys if k not in kids]
                if untried:
                    # The game's default move first: a fresh node's first value is then
                    # what the cheap policy would get, as in the greedy bot's look-ahead.
                    k = h.default_choice(s, d) if len(untried) == len(keys) else None
                    if k not in untried:
                        k = untried[int(rng.random() * len(untried))]
                    child = kids[k] = Node(d.seat)
                    for other in keys:
                        if other in kids and other != k:
                            kids[other].avail += 1
                    s.apply(k)
                    path.append(child)
                    break
                best_k, best_u = keys[0], -1.0
                for k in keys:
                    c = kids[k]
                    c.avail += 1
                for k in keys:
                    c = kids[k]
                    u = c.value + EXPLORE * math.sqrt(math.log(c.avail) / c.visits)
                    if u > best_u:
                        best_k, best_u = k, u
                node = kids[best_k]
                s.apply(best_k)
                path.append(node)
            rewards = self._leaf(s, me, h)
            for n in reversed(path):  # leaf first, so chain values see fresh children
                n.update(rewards[n.mover])
        return root

    @staticmethod
    def _leaf(s, me: int, h) -> list[float]:
        d = s.decision()
        if d is not None:
            mover, steps = d.seat, 0
            while d is not None and d.seat == mover and steps < FOLLOW:
                s.apply(h.default_choice(s, d))
                d = s.decision()
                steps += 1
        n = len(s.seats)
        if s.is_over:
            order = s.ranking()
            if n == 1:
                return [1.0 / (1.0 + math.exp(-h.evaluate(s, 0) / h.value_scale))]
            out = [0.0] * n
            for place, seat in enumerate(order):
                out[seat] = (n - 1 - place) / (n - 1)
            return out
        vals = h.seat_values(s, me)
        if n == 1:
            return [1.0 / (1.0 + math.exp(-vals[0] / h.value_scale))]
        out = []
        for seat, v in enumerate(vals):
            lead = v - max(x for o, x in enumerate(vals) if o != seat)
            out.append(1.0 / (1.0 + math.exp(-lead / h.value_scale)))
        return out
