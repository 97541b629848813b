"""Search: Monte Carlo tree search over ``determinize``/``apply``, planning the bot's
whole turn.

The tree holds the bot's own chain of decisions for this turn (zone → boost → split →
blanks → free actions → end, in Kiln). Each iteration plans on a fresh copy in which
everything hidden from the bot's seat (other hands, deck order, dice to come) is
drawn anew (information-set MCTS), so the bot never reads another seat's secrets and
its statistics average over what it cannot know (a reroll's result, a Studio draw).
A path ends when the decision passes to another seat (or the game ends); a new leaf
in mid-turn is finished with the game's cheap default policy. A game's
``SEARCH_HORIZON`` may play every seat on with that policy before scoring: "round",
through the other seats' turns to the bot's next decision (Kiln: which dice a choice
leaves the others), or "end", to the end of the game (Inkwell: what a Take leaves and
when a page is turned decide games, and a whole game is a few dozen cheap steps).
The position is then scored from the bot's own view by the game's ``evaluate`` (a lead in points; UCT's exploration is scaled to the game's ``VALUE_SCALE``, so close
options are told apart). At the root, sequential halving shares the budget fairly
between the choices and keeps the better half each round; below it, UCT picks the
steps (the game's default move is expanded first, so a fresh node starts from what the
cheap policy gets). The move played is the last survivor with the best mean.
Where greedy tries one step and follows the default
policy for the rest of its turn, search optimises the turn's steps together. Like
greedy it weighs only the game's ``prefer``red choices where there are any, and at a
decision the game says ``plans`` the turn (a Voynich double page) each root choice's
subtree starts from the rest of the turn as greedy would play it, counted as the
playouts of the first halving round: search then improves on greedy's planned line
instead of judging the choice by the default policy's.

``search:N`` runs N iterations; plain ``search`` (the ``hard`` level) uses the game's
``SEARCH_ITERATIONS`` (else ``DEFAULT_ITERATIONS``), set so a move takes about a
second on our machine (see benchmarks/bots_speed.py); ``normal`` a share of it
(``levels``).
"""
from __future__ import annotations

import math

from .base import weighable_keys
from .explain import Option, Reason, quick_reason
from .greedy import GreedyBot
from .guard import GuardedBot
from .hooks import hooks
from .levels import search_budget

EXPLORE = 0.3  # times the game's VALUE_SCALE: UCT's exploration below the root, in points
FOLLOW = 12  # default-policy steps to finish a turn from a new leaf, at most
ROLLOUT = 2000  # default-policy steps to the end of the game, at most (horizon "end")


class Node:
    __slots__ = ("children", "visits", "total", "avail")

    def __init__(self) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


class SearchBot(GuardedBot):
    name = "search"

    def __init__(self, seed: int = 0, iterations: int | None = None, level: str = "hard"):
        super().__init__(seed)
        self.iterations = None if iterations is None else max(1, int(iterations))
        self.level = level  # the budget when no iterations are given (``levels``)
        self.seeded: dict[str, int] = {}  # the root arms' playouts counted from greedy's line
        self.planner = GreedyBot(seed)  # greedy's picks, for the planned line (``_seed``)

    def budget(self, game: str) -> int:
        """The iterations a move runs in ``game``: its own, else its level's."""
        return self.iterations or search_budget(game, self.level)

    def choose_explained(self, state) -> tuple[str, Reason]:
        """The same choice as ``choose`` (same random draws), with the bot's reason:
        each root choice's mean lead and the share of its playouts that ended ahead."""
        trace: dict = {"ahead": {}}
        key, weighed = self.decide(state, trace)
        if not weighed:
            return key, quick_reason(state.decision(), self.guard)
        ahead, kids, seeded = trace["ahead"], trace["root"].children, self.seeded
        options = [Option(k, n.total / n.visits, ahead.get(k, 0) / max(1, n.visits - seeded.get(k, 0)))
                   for k, n in kids.items() if n.visits]
        options.sort(key=lambda o: (o.key != key, -kids[o.key].visits, -o.value))
        return key, Reason("search", options, playouts=sum(n.visits - seeded.get(k, 0) for k, n in kids.items()),
                           horizon=hooks(state.game_id).search_horizon)

    def pick(self, state, d, keys: list[str], trace: dict | None = None) -> str:
        """``trace``, if given, receives the playouts that ended ahead by root choice
        (its "ahead") and the search tree's root (its "root")."""
        keys = [k for k in hooks(state.game_id).prefer(state, d, keys) if k in keys] or keys
        root = self.search(state, d.seat, keys, None if trace is None else trace["ahead"])
        if trace is not None:
            trace["root"] = root
        kids = root.children
        return max(keys, key=lambda k: (kids[k].visits, kids[k].total / kids[k].visits) if k in kids else (-1, 0.0))

    def search(self, state, me: int, root_keys: list[str] | None = None,
               ahead: dict[str, int] | None = None) -> Node:
        """Sequential halving over the root's choices (each round gives every choice
        still in the running the same number of iterations, then keeps the better
        half), UCT below the root. A fixed budget is then spread fairly, and one lucky
        first sample cannot starve the other choices. ``ahead``, if given, counts per
        root choice the playouts that ended with ``me`` ahead."""
        h = hooks(state.game_id)
        root = Node()
        budget = self.budget(state.game_id)
        arms = list(root_keys) if root_keys else weighable_keys(state.decision())
        rounds = max(1, math.ceil(math.log2(len(arms)))) if len(arms) > 1 else 1
        explore = EXPLORE * h.value_scale
        self.seeded = {}
        if len(arms) > 1 and h.plans(state, state.decision()):
            self._seed(state, me, root, arms, h, max(1, budget // (rounds * len(arms))))
        left = budget
        stop = self.stop
        for r in range(rounds):
            per = max(1, left // ((rounds - r) * len(arms)))
            for arm in arms:
                for _ in range(per):
                    if stop is not None and stop():  # told to answer now: the best so far
                        return root
                    reward = self._iterate(state, me, root, arm, h, explore)
                    if ahead is not None and reward > 0:
                        ahead[arm] = ahead.get(arm, 0) + 1
            left -= per * len(arms)
            if len(arms) > 1:
                arms.sort(key=lambda k: -root.children[k].total / root.children[k].visits)
                arms = arms[: max(1, math.ceil(len(arms) / 2))] if r < rounds - 1 else arms
        return root

    def _seed(self, state, me: int, root: Node, arms: list[str], h, weight: int) -> None:
        """At a decision the game says sets what the turn offers (``plans``), start
        each arm's subtree from the rest of the turn as greedy would play it, counted
        as ``weight`` playouts of its value: the default policy that finishes a new
        leaf judges such a choice by a turn nobody would play (a Voynich double page
        by its first card's first action), and a budget spread over the page's many
        continuations found the good ones too rarely to beat greedy's planned page."""
        base = state.determinize(me, self.rng)
        for arm in arms:
            line, end = self.planner.plan_turn(base, arm, me)
            value = self._leaf(end, me, h)
            node = root.children.setdefault(arm, Node())
            path = [node]
            for k in line:
                node = node.children.setdefault(k, Node())
                path.append(node)
            self.seeded[arm] = weight
            for node in path:
                node.visits += weight
                node.total += weight * value
                node.avail += weight - 1

    def _iterate(self, state, me: int, root: Node, arm: str, h, explore: float) -> float:
        rng = self.rng
        s = state.determinize(me, rng)
        node = root.children.get(arm)
        if node is None:
            node = root.children[arm] = Node()
        s.apply(arm)
        path = [node]
        while True:
            d = s.decision()
            if d is None or d.seat != me:
                break
            keys = weighable_keys(d)
            keys = [k for k in h.prefer(s, d, keys) if k in keys] or keys
            kids = node.children
            untried = [k for k in keys if k not in kids]
            if untried:
                k = h.default_choice(s, d) if len(untried) == len(keys) else None
                if k not in untried:
                    k = untried[int(rng.random() * len(untried))]
                for other in keys:
                    if other in kids:
                        kids[other].avail += 1
                child = kids[k] = Node()
                s.apply(k)
                path.append(child)
                break
            best_k, best_u = keys[0], float("-inf")
            for k in keys:
                c = kids[k]
                c.avail += 1
                u = c.total / c.visits + explore * math.sqrt(math.log(c.avail) / c.visits)
                if u > best_u:
                    best_k, best_u = k, u
            node = kids[best_k]
            s.apply(best_k)
            path.append(node)
        reward = self._leaf(s, me, h)
        for n in path:
            n.visits += 1
            n.total += reward
        return reward

    @staticmethod
    def _leaf(s, me: int, h) -> float:
        """Finish the path with the default policy, as far as the game's horizon asks:
        the rest of this turn ("turn"), on to the bot's next decision ("round"), or
        the whole game ("end"), then score it."""
        d = s.decision()
        steps = 0
        while d is not None and d.seat == me and steps < FOLLOW:
            s.apply(h.default_choice(s, d))
            d = s.decision()
            steps += 1
        if h.search_horizon != "turn":
            steps = 0
            while d is not None and steps < ROLLOUT and (h.search_horizon == "end" or d.seat != me):
                s.apply(h.default_choice(s, d))
                d = s.decision()
                steps += 1
        return h.evaluate(s, me)
