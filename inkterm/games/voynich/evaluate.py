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
``value_parts`` names the parts of a seat's standing, for the bots' reasons in words.
``card_picks`` lists, per seat, the cards in its book at the end of the game, for
the simulator's per-card statistics.
"""
from __future__ import annotations

from .geometry import VALUE
from .probes import PROBES as PROBES  # the simple strategies the balance lab plays
from .tables import CAP, C

# A page's multiplier for the projection: step 1 scores nothing yet but will (0.4 of
# the ×1 it is likely to reach); later steps as printed (×1, ×2, ×4).
PROJECTED = {1: 0.4, 2: 1.0, 3: 2.0, 4: 4.0}
SHARING = 1.5  # a sharing token: a piece of ours, a research move, a condition met
VALUE_SCALE = 4.0
# A turn here is a long chain (section, progress, card, actions, spaces), so the tree
# is wide: 300 iterations won 59% of 80 games against greedy, 1,000 won 74% of 100
# (about 0.4 s a move here: benchmarks/bots_speed.py).
SEARCH_ITERATIONS = 1000


def value_parts(state, p: int) -> list[tuple[str, float]]:
    """Seat ``p``'s projected final OK in named parts, in a player's words (they add
    up to its value): a move's reason can say which part it raised."""
    know = state.know[p]
    scores = state.content.scores
    pages = 0.0
    for cid, step in state.book[p]:
        pages += PROJECTED[step] * max(min(know[t], CAP) for t in scores[cid]) / 10
    return [("OK", float(state.ok[p])),
            ("research tokens on the puzzle", 0.5 * sum(VALUE[i] for i in state.research[p])),
            ("pages by knowledge and step", pages),
            ("sharing tokens held", SHARING * sum(state.share[p]))]


def seat_value(state, p: int) -> float:
    return sum(v for _, v in value_parts(state, p))


def seat_values(state, seat: int) -> list[float]:
    if state.is_over:
        return [float(x) for x in state.scores()]
    return [seat_value(state, p) for p in range(len(state.seats))]


def evaluate(state, seat: int) -> float:
    sc = seat_values(state, seat)
    others = [x for s, x in enumerate(sc) if s != seat]
    return sc[seat] - max(others) if others else sc[seat]


def card_picks(state) -> list[list[str]]:
    return [[str(b["card"]) for b in p.get("book", [])] for p in state.summary()["players"]]


def card_names() -> dict[str, str]:
    """What the simulator's per-card table calls each card: its deck and, in words,
    what step 1 does."""
    from .words import actions

    return {cid: f"{card.deck.capitalize()}; step 1: {actions(card.adds[0])}" for cid, card in C.cards.items()}
