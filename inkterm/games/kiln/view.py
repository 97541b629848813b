"""What Kiln shows: ``summary()`` (public facts) and ``view(seat)`` (plus that seat's
hand and its Studio draw), typed for the board and the bots that read them."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from inkterm.engine.text import render
from inkterm.i18n import N_

from . import scoring
from .content import ZONES
from .steps import Turn

if TYPE_CHECKING:
    from .rules import State


class CardFacts(TypedDict):
    """A card in full: a hand card, a Studio draw."""

    id: str
    name: str  # with its Chinese name
    type: str  # play, tap, persistent, achievement
    cost: int
    pip: int | None
    text: str


class TableauCard(TypedDict):
    """A card in front of a player (public, so in full: the numbers of the game's own
    content version)."""

    id: str
    name: str
    type: str
    tapped: bool
    cost: int
    pip: int | None
    text: str


class PlayerView(TypedDict):
    name: str
    score: int
    money: int
    favour: int  # 0 = the start medal, 1-6 the spaces
    claims: int
    clay: int
    glaze: int
    blanks: int
    rows: int
    extra: int  # points from cards and Tribute
    dragon: int
    hand: int  # cards in hand
    tokens: list[int]  # per zone
    supply: int
    taken_dice: int
    cards: list[str]  # the tableau's names
    tableau: list[TableauCard]
    breakdown: list[list]  # [label, points] lines adding up to the score
    hand_cards: NotRequired[list[CardFacts]]  # the viewer's own hand only


class KilnView(TypedDict):
    """``summary()``; ``view(seat)`` adds ``you`` and, while that seat swaps cards in
    the Studio, ``studio``."""

    game: str
    round: int
    start_seat: int
    over: bool
    order: list[int]  # seats in this round's snake order
    turn: int  # index into order
    current: int | None
    phase: str
    extra_actions: int  # Rush Order's main actions still to come this turn
    bellows: int  # free strength waiting for this turn's next main action
    dice: list[int]  # per zone
    deck: int
    discard: list[str]
    zones: list[str]
    players: list[PlayerView]
    tiebreaks: list[Any]  # texts as data (engine.text.to_data)
    winner: int | None
    winners: NotRequired[list[int]]  # never given (one seat wins): a key of the shell's TableView
    you: NotRequired[int]
    studio: NotRequired[list[CardFacts]]


def card_dict(st: State, cid: str) -> CardFacts:
    c = st.cards[cid]
    return {"id": c.id, "name": c.label, "type": c.type, "cost": c.cost, "pip": c.pip, "text": c.text}


def phase(st: State) -> str:
    m = st.m
    if m.over:
        return N_("game over")
    top = m.queue.top
    if top is None or type(top) is Turn:
        return N_("before the main action") if m.mains == 0 else N_("after the main action")
    return N_("resolving")


def summary(st: State) -> KilnView:
    m, cards = st.m, st.cards
    players: list[PlayerView] = []
    for s, p in enumerate(m.players):
        players.append(
            {
                "name": st.name(s),
                "score": scoring.score(p, cards),
                "money": p.money,
                "favour": p.favour,
                "claims": p.claims,
                "clay": p.clay,
                "glaze": p.glaze,
                "blanks": p.blanks,
                "rows": p.rows,
                "extra": p.extra,
                "dragon": p.dragon,
                "hand": len(p.hand),
                "tokens": p.tokens[:],
                "supply": p.supply,
                "taken_dice": p.taken_dice,
                "cards": [cards[c].label for c in p.tableau],
                "tableau": [
                    {"id": c, "name": cards[c].label, "type": cards[c].type, "tapped": c in p.tapped,
                     "cost": cards[c].cost, "pip": cards[c].pip, "text": cards[c].text}
                    for c in p.tableau
                ],
                "breakdown": [[render(label), points] for label, points in scoring.breakdown(p, cards)],
            }
        )
    return {
        "game": "kiln",
        "round": m.round,
        "start_seat": m.start_seat,
        "over": m.over,
        "order": m.order[:],
        "turn": m.turn,
        "current": None if m.over else st.seat,
        "phase": phase(st),
        "extra_actions": m.extra_mains,
        "bellows": m.bellows,
        "dice": m.dice[:],
        "deck": len(m.deck),
        "discard": [cards[c].label for c in m.discard],
        "zones": list(ZONES),
        "players": players,
        "tiebreaks": scoring.tiebreak_lines(m, st.record.seats, cards) if m.over else [],
        "winner": st.ranking()[0] if m.over else None,
    }


def view(st: State, seat: int) -> KilnView:
    v = summary(st)
    v["you"] = seat
    v["players"][seat]["hand_cards"] = [card_dict(st, c) for c in st.m.players[seat].hand]
    if st.m.studio and not st.m.over and st.seat == seat:
        v["studio"] = [card_dict(st, c) for c in st.m.studio]
    return v
