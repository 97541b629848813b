"""How the bots judge a Voynich position, and which cards each seat picked.

``evaluate`` is a seat's lead in *projected* final OK over the best other seat: the OK
it has, plus what final scoring would add now (research tokens halved, every page's
box times its multiplier), with two smoothings so that progress which has not yet
crossed a line still counts. Knowledge counts by the tenth, not by the box, and a
step-1 page counts as a fraction of the ×1 it will score once advanced. Sharing tokens
still held are worth a piece's share of future progress. The in-game OK alone (the
old measure) made the bots blind to knowledge, which is most of a game's points, so
they idled and games ran long. The Voynich Puzzle has no hidden information (ruling
44), so reading the state here is reading the seat's view.

A card's step is worth more than its page: each step adds actions for the rest of
the game, and an advance is a plan over turns (pieces shared into groups, research
tokens moved onto them, then the page opened). So the value also counts what a step
sets up (``STEP_WORTH`` a step taken, by the share of the game left), the advances a
seat's tokens already meet (``READY`` of a step), those whose pieces are on the
puzzle for tokens to reach (``NEAR``), the research tokens on the puzzle that may pay
for them (``TOKEN``), and knowledge by the breakthroughs it reaches (``BREAK_WORTH``:
a breakthrough is a piece shared, so conditions met). Without them greedy advanced
almost nothing (by round 9 of a 3-seat game, 27 of 30 cards still on step 1); with
them it beats the greedy it was (the ``thisturn`` probe, ``THIS_TURN``'s parts).
``value_parts`` names the parts of a seat's standing, for the bots' reasons in words.
``card_picks`` lists, per seat, the cards in its book at the end of the game, for
the simulator's per-card statistics.
"""
from __future__ import annotations

from collections import Counter

from inkterm.i18n import N_

from . import probes
from .geometry import VALUE, icon_info
from .tables import BREAKS, CAP, END_AT, C

# A page's multiplier for the projection: step 1 scores nothing yet but will (0.4 of
# the ×1 it is likely to reach); later steps as printed (×1, ×2, ×4).
PROJECTED = {1: 0.4, 2: 1.0, 3: 2.0, 4: 4.0}
SHARING = 1.5  # a sharing token: a piece of ours, a research move, a condition met
# What an advance sets up (issue 36 item 5), tuned against greedy as it was (the
# ``thisturn`` probe) in 2-seat games: docs/balance.md, round 10.
STEP_WORTH = 10.0  # OK a step's added actions bring over a whole game (by the share left)
READY = 0.5  # an advance the seat's tokens meet now (each token paying for one): this share of a step's worth
NEAR = 0.25  # an advance whose pieces are on the puzzle, tokens not yet on them
TOKEN = 2.0  # a research token on the puzzle: the advances it may pay for (by the share left)
BREAK_WORTH = 1.5  # knowledge by the breakthroughs it reaches: pieces, so conditions met
VALUE_SCALE = 4.0
# A turn here is a long chain (section, progress, card, actions, spaces), so the tree
# is wide: against the greedy before round 10, 250 iterations won 62.5% of 24 games,
# 300 won 59% of 80, 1,000 won 74% of 100 (about 0.3 CPU-s a move). So hard takes
# about the whole second: 2,500 (3,000 took 1.05 CPU-s a move over 67 moves of a real
# game, more than on benchmarks/bots_speed.py's early positions); normal, the default
# bot, stays at 250 (at 1,000 a whole plain-mode game against it outgrew its test's
# four minutes on the loaded machine): docs/balance.md, rounds 10 and 11. At 2,500
# hard then won only 5 of 14 against greedy where 1,000 won 5 of 8 and normal 34 of
# 48 (round 14): more search of the turn played worse, so hard is back at 1,000
# (about half a CPU-second a move) until a measured budget beats it.
SEARCH_ITERATIONS = 1000
LEVEL_ITERATIONS = {"normal": 250}


def game_left(state) -> float:
    """The share of the game still to play, read from the leading OK (the end comes
    at ``END_AT``)."""
    if state.end_triggered:
        return 0.0
    return max(0.0, 1.0 - max(state.ok) / END_AT)


def breakthroughs(k: int) -> float:
    """Knowledge ``k`` as breakthroughs reached, the one on its way by its fraction."""
    prev = 0
    for n, b in enumerate(BREAKS):
        if k < b:
            return n + (k - prev) / (b - prev)
        prev = b
    return float(len(BREAKS))


def _within_reach(an, icons: list[str]) -> bool:
    """Whether the puzzle holds, for every icon, as many cells meeting it as it asks
    (tokens could be brought there: a research move or the move after sharing).
    Kept with the puzzle's analysis, which lasts until a piece is placed."""
    key = ("reach", *icons)
    out = an.memo.get(key)
    if out is None:
        out = an.memo[key] = all(
            sum(1 for i in range(64) if an.present[i] and an.keys(i, icon)) >= icon_info(icon)[0]
            for icon in icons)
    return out


def _advances_met(an, conditions: list[list[str]], research: list[int]) -> list[bool]:
    """Which of ``conditions`` the seat's research tokens meet, each token paying for
    one advance only (an advance lifts its tokens): counted per card, a token that
    met three conditions was worth three advances, so greedy held back an advance
    that would lift it. Conditions with fewer ways to meet them are served first."""
    left = Counter(research)
    ways = [an.options(icons, tuple(sorted(left))) for icons in conditions]
    out = [False] * len(conditions)
    for k in sorted((k for k, w in enumerate(ways) if w), key=lambda k: len(ways[k])):
        for combo in ways[k]:
            if all(left[c] > 0 for c in combo):
                left.subtract(combo)
                out[k] = True
                break
    return out


def value_parts(state, p: int) -> list[tuple[str, float]]:
    """Seat ``p``'s projected final OK in named parts, in a player's words (they add
    up to its value): a move's reason can say which part it raised."""
    know = state.know[p]
    content = state.content
    scores = content.scores
    an = state.an()
    tokens = tuple(sorted(set(state.research[p])))
    left = game_left(state)
    pages = steps = ready = near = toward = 0.0
    for k in know:
        toward += BREAK_WORTH * breakthroughs(k)
    waiting = []  # the next steps' conditions, for the tokens to meet
    for cid, step in state.book[p]:
        pages += PROJECTED[step] * max(min(know[t], CAP) for t in scores[cid]) / 10
        steps += (step - 1) * STEP_WORTH * left
        if step < 4 and left:
            waiting.append(content.cond(cid, step))
    met = _advances_met(an, waiting, state.research[p]) if tokens else []
    for icons, is_met in zip(waiting, met or [False] * len(waiting)):
        if is_met:
            ready += READY * STEP_WORTH * left
        elif _within_reach(an, icons):
            near += NEAR * STEP_WORTH * left
    return [("OK", float(state.ok[p])),
            ("research tokens on the puzzle", 0.5 * sum(VALUE[i] for i in state.research[p])),
            ("research tokens for advances to come", TOKEN * left * len(state.research[p])),
            ("pages by knowledge and step", pages),
            ("what the cards' steps bring", steps),
            ("advances the research tokens meet", ready),
            ("advances within reach", near),
            ("knowledge by its breakthroughs", toward),
            ("sharing tokens held", SHARING * sum(state.share[p]))]


#: The parts greedy counted before it planned advances (to round 10): what a turn
#: gains now. The ``thisturn`` probe plays by them, the yardstick of the new greedy.
THIS_TURN = ("OK", "research tokens on the puzzle", "pages by knowledge and step", "sharing tokens held")


def seat_value(state, p: int, parts: tuple[str, ...] | None = None) -> float:
    return sum(v for name, v in value_parts(state, p) if parts is None or name in parts)


def seat_values(state, seat: int) -> list[float]:
    if state.is_over:
        return [float(x) for x in state.scores()]
    return [seat_value(state, p) for p in range(len(state.seats))]


def evaluate(state, seat: int, parts: tuple[str, ...] | None = None) -> float:
    """``seat``'s lead over the best other seat (``parts``: counting only these)."""
    if state.is_over:
        sc = [float(x) for x in state.scores()]
    else:
        sc = [seat_value(state, p, parts) for p in range(len(state.seats))]
    others = [x for s, x in enumerate(sc) if s != seat]
    return sc[seat] - max(others) if others else sc[seat]


def evaluate_this_turn(state, seat: int) -> float:
    """The lead as greedy read it before it planned advances (``THIS_TURN``)."""
    return evaluate(state, seat, THIS_TURN)


def thisturn(state, d) -> None:
    return None  # no narrowing: greedy, by its own evaluation (``judge``)


thisturn.judge = evaluate_this_turn  # type: ignore[attr-defined]
thisturn.words = N_("Play for what a turn gains now: never plan an advance over turns (greedy before round 10).")  # type: ignore[attr-defined]
#: The simple strategies the balance lab plays; ``thisturn`` is the yardstick of greedy's
#: planning (the new greedy beats it: docs/balance.md, round 10).
PROBES = {**probes.PROBES, "thisturn": thisturn}


def prefer(state, d, keys: list[str]) -> list[str]:
    """Greedy advances a card whenever it can, by an advance that lifts the fewest
    research tokens (a token kept is an advance to come), and weighs which of those.
    Its look-ahead ends with the turn, so it weighed an advance against what the rest
    of this turn gains and now and then kept its tokens or lifted more of them; the
    ``rush`` probe (advance whenever you can, the cheapest advance) is now greedy's
    own way of advancing, so no seat gains by playing it against greedy (it had won
    60.8% of 74 games, mostly the luck of those seeds: docs/balance.md, round 11).
    Search, whose look-ahead also ends with the turn, weighs only these too."""
    return probes.rush(state, d) or []


def plans(state, d) -> bool:
    """A double page is weighed by the rest of the turn as greedy would play it: the
    page is a menu (which card, which of its actions, where), and the cheap default
    policy that follows a choice in a look-ahead (the first card, the first action)
    judges a page by a turn nobody plays: it placed research tokens with no piece to
    use them on. Search starts each page's subtree from greedy's line (greedy, so
    planning, beat the greedy before round 10 70.1% of 288 games, but became as
    strong as search and was not kept as ``easy``: docs/balance.md, rounds 13 and 14)."""
    return d.topic == "choosing-a-double-page"


def card_picks(state) -> list[list[str]]:
    return [[str(b["card"]) for b in p.get("book", [])] for p in state.summary()["players"]]


def card_names() -> dict[str, str]:
    """What the simulator's per-card table calls each card: its deck and, in words,
    what step 1 does."""
    from .words import actions

    return {cid: f"{card.deck.capitalize()}; step 1: {actions(card.adds[0])}" for cid, card in C.cards.items()}
