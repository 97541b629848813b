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


def card_dict(st: State, cid: str, words: bool = True) -> CardFacts:
    c = st.cards[cid]
    if not words:
        return {"id": c.id, "type": c.type, "cost": c.cost, "pip": c.pip}  # type: ignore[typeddict-item]
    return {"id": c.id, "name": c.label, "type": c.type, "cost": c.cost, "pip": c.pip, "text": c.text}


def phase(st: State) -> str:
    m = st.m
    if m.over:
        return N_("game over")
    top = m.queue.top
    if top is None or type(top) is Turn:
        return N_("before the main action") if m.mains == 0 else N_("after the main action")
    return N_("resolving")


class Clock(TypedDict):
    """Where the game stands in its rounds and turns: the part of the view that says
    how many turns each seat has left (``evaluate.turns_left``)."""

    round: int
    over: bool
    order: list[int]
    turn: int
    current: int | None
    phase: str


def clock(st: State) -> Clock:
    m = st.m
    return {"round": m.round, "over": m.over, "order": m.order[:], "turn": m.turn,
            "current": None if m.over else st.seat, "phase": phase(st)}


def summary(st: State, words: bool = True) -> KilnView:
    """The public facts; ``words=False`` leaves out what only a reader needs (names,
    card texts, rendered labels): the numbers are the same, for bots weighing
    thousands of positions a game."""
    m, cards = st.m, st.cards
    players: list[PlayerView] = []
    for s, p in enumerate(m.players):
        numbers = _player_numbers(p, cards)
        if words:
            numbers = {"name": st.name(s), **numbers, "cards": [cards[c].label for c in p.tableau]}
            for card in numbers["tableau"]:
                card["name"], card["text"] = cards[card["id"]].label, cards[card["id"]].text
            numbers["breakdown"] = [[render(label), points] for label, points in numbers["breakdown"]]
        players.append(numbers)  # type: ignore[arg-type]
    return {
        "game": "kiln",
        **clock(st),
        "start_seat": m.start_seat,
        "extra_actions": m.extra_mains,
        "bellows": m.bellows,
        "dice": m.dice[:],
        "deck": len(m.deck),
        "discard": [cards[c].label for c in m.discard] if words else [],
        "zones": list(ZONES),
        "players": players,
        "tiebreaks": scoring.tiebreak_lines(m, st.record.seats, cards) if m.over and words else [],
        "winner": st.ranking()[0] if m.over else None,
    }


def _player_numbers(p, cards) -> dict[str, Any]:
    """A player's entry of ``summary(words=False)``: the numbers, the tableau without
    its words, the breakdown's points under labels not rendered (``summary`` adds the
    words)."""
    return {
        "score": scoring.score(p, cards), "money": p.money, "favour": p.favour, "claims": p.claims,
        "clay": p.clay, "glaze": p.glaze, "blanks": p.blanks, "rows": p.rows, "extra": p.extra,
        "dragon": p.dragon, "hand": len(p.hand), "tokens": p.tokens[:], "supply": p.supply,
        "taken_dice": p.taken_dice,
        "tableau": [{"id": c, "type": cards[c].type, "tapped": c in p.tapped, "cost": cards[c].cost,
                     "pip": cards[c].pip} for c in p.tableau],
        "breakdown": scoring.breakdown(p, cards),
    }


def view(st: State, seat: int, words: bool = True) -> KilnView:
    """``summary(words)`` plus ``seat``'s hand and its Studio draw."""
    v = summary(st, words)
    v["you"] = seat
    v["players"][seat]["hand_cards"] = [card_dict(st, c, words) for c in st.m.players[seat].hand]
    if st.m.studio and not st.m.over and st.seat == seat:
        v["studio"] = [card_dict(st, c, words) for c in st.m.studio]
    return v
