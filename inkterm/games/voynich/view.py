"""What ``summary()`` and ``view(seat)`` return, typed: the board widgets read these
keys and nothing else. Nothing in this game is hidden (ruling 44), so every seat's
view is the summary."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from inkterm.engine.text import english, render

from .astrology import gated, goat_pays
from .content import TYPE_NAMES, TYPES, reward_code
from .geometry import CELLS, COLV, LETTER, RC, ROWV
from .scoring import final_score, row_words, tiebreak_lines, winners
from .tables import (
    ALL_SPACES, BOARD_INFO, BREAKS, C, CAP, CODE_SEC, COMP, CONST_NAMES, DIRTY, END_AT, NSECT, PHASE_WORDS, WR,
    card_section, short,
)
from .writing import texts_pay

if TYPE_CHECKING:
    from .rules import State


class TokenView(TypedDict):
    owner: str  # a seat's name, "Grey" or "dirty water"
    seat: int | None
    kind: str  # leaf, drop, star, text
    text: NotRequired[str]  # a text's id, t1…t6
    translated: NotRequired[bool]
    dirty: NotRequired[str]  # a dirty drop's id, d1…d8


class CardView(TypedDict):
    deck: str
    card: str
    number: int
    step: int
    actions: list[str]
    condition: list[str]  # the icons to advance from this step; empty on step 4
    multiplier: int
    help: str
    scores: list[str]  # the knowledge types it scores with (Bo, As, Ba, Wr)
    path: list[list[Any]]  # every step: [step, actions, multiplier, condition to advance]


class SupplyView(TypedDict):
    leaf: int
    drop: int
    star: int
    research: int
    texts: list[str]


class PlayerView(TypedDict):
    name: str
    colour: str
    ok: int
    score: int  # scores(): the final total once the game is scored, else the OK track
    knowledge: dict[str, int]
    book: list[CardView]
    spread: str | None  # the double page open now, or opened last turn
    research: list[str]  # cells (rc) under the seat's research tokens
    sharing: dict[str, int]
    supply: SupplyView
    breakdown: list[list[Any]]  # [row label, points]: final, or what scoring now would give
    pages: list[list[Any]]
    final: NotRequired[int]
    projected: NotRequired[int]


class PuzzleView(TypedDict):
    pieces: dict[str, list[str]]
    grid: list[str]  # 8 rows: * centre, . empty, B/A/T/W a linked piece, lower case unlinked
    letters: list[str]
    row_values: list[int]
    col_values: list[int]
    circles: dict[str, list[str]]
    unconnected: list[str]
    supply: dict[str, dict[str, int]]


class TrackView(TypedDict):
    breakthroughs: list[int]
    boxes: list[list[int]]
    end: int
    cap: int


class VoynichView(TypedDict):
    game: str
    round: int
    over: bool
    end_triggered: bool
    trigger_round: int | None
    current: int | None
    start: int
    phase: str | None  # in words
    open: str | None
    acting: str | None
    actions_left: list[str]
    neutral: list[str]
    puzzle: PuzzleView
    sections: dict[str, dict[str, list[TokenView]]]
    goat: int
    goat_pays: dict[str, str]  # sector ("1"…"5") -> what the goat turning into it pays now (a reward code)
    gated: list[str]  # Astrology's empty outer spaces closed until their sector's inner one is filled ("2O1:star")
    star_pays: dict[str, str]  # Writing row ("W1"…) -> what its texts pay a star placed now (a reward code)
    board: dict[str, Any]  # the printed board: rewards and links (tables.BOARD_INFO)
    track: TrackView
    players: list[PlayerView]
    tiebreaks: NotRequired[list[Any]]  # texts as data (engine.text.to_data)
    winner: NotRequired[int]
    winners: NotRequired[list[int]]


def summary(st: State) -> VoynichView:
    an = st.an()
    pieces = {TYPE_NAMES[t]: [RC[i] for i in CELLS if st.grid[i] == t] for t in range(4)}
    grid = []
    for r in range(8):
        row = []
        for c in range(8):
            i = r * 8 + c
            g = st.grid[i]
            row.append("*" if g == 4 else "." if g < 0 else TYPES[g][0] if an.present[i] else TYPES[g][0].lower())
        grid.append("".join(row))
    sections: dict[str, dict[str, list[TokenView]]] = {}
    for sid in ALL_SPACES:
        sec = CODE_SEC[sid[:2]]
        sections.setdefault(sec, {})[short(sid)] = [token_view(st, t) for t in st.spaces[sid]]
    players = [player_view(st, p) for p in range(st.n)]
    out: VoynichView = {
        "game": "voynich",
        "round": st.round,
        "over": st.over,
        "end_triggered": st.end_triggered,
        "trigger_round": st.trigger_round,
        "current": None if st.over else st.cur,
        "start": st.start,
        "phase": None if st.over else PHASE_WORDS.get(st.phase, st.phase),
        "open": st.open,
        "acting": st.acting,
        "actions_left": ["/".join(it) for it in st.items],
        "neutral": list(st.neutral),
        "puzzle": {
            "pieces": pieces,
            "grid": grid,
            "letters": ["".join(LETTER[r * 8 + c] if st.grid[r * 8 + c] != 4 else "*" for c in range(8)) for r in range(8)],
            "row_values": list(ROWV),
            "col_values": list(COLV),
            "circles": {k: list(v) for k, v in C.puzzle.circles.items()},
            "unconnected": [RC[i] for i in CELLS if 0 <= st.grid[i] < 4 and not an.present[i]],
            "supply": {TYPE_NAMES[t]: dict(zip("ABCD", st.psupply[t])) for t in range(4)},
        },
        "sections": sections,
        "goat": st.goat,
        "goat_pays": {str(s): reward_code(goat_pays(st, s)) for s in range(1, NSECT + 1)},
        "gated": [f"{k}:{part}" for k in CONST_NAMES for part in ("star", "text")
                  if not st.spaces[f"as:{k}:{part}"] and gated(st, k, part)],
        "star_pays": {r: reward_code(texts_pay(st, r)) for r in WR},
        "board": BOARD_INFO,
        "track": {"breakthroughs": list(BREAKS), "boxes": [list(b) for b in C.track.boxes], "end": END_AT, "cap": CAP},
        "players": players,
    }
    if st.over:
        out["tiebreaks"] = tiebreak_lines(st)
        w = winners(st)
        out["winner"] = w[0]
        out["winners"] = w
    return out


def player_view(st: State, p: int) -> PlayerView:
    book = st.content  # the game's own cards (its content version's)
    entry: PlayerView = {
        "name": english(st.name(p)),
        "colour": st.colours[p],
        "ok": st.ok[p],
        "score": st.final[p]["total"] if st.final is not None else st.ok[p],
        "knowledge": {TYPE_NAMES[t]: st.know[p][t] for t in range(4)},
        "book": [
            {"deck": card_section(cid), "card": cid, "number": book.cards[cid].number, "step": step,
             "actions": book.acts(cid, step), "condition": book.cond(cid, step) if step < 4 else [],
             "multiplier": book.mult[step], "help": book.help(cid), "scores": list(book.cards[cid].scores),
             "path": [list(step) for step in book.path(cid)]}
            for cid, step in st.book[p]
        ],
        "spread": st.open if (p == st.cur and st.open) else st.last[p],
        "research": sorted(RC[i] for i in st.research[p]),
        "sharing": {TYPE_NAMES[t]: st.share[p][t] for t in range(4)},
        "supply": {**st.supply[p], "research": COMP.research - len(st.research[p]),  # type: ignore[typeddict-item]
                   "texts": [f"t{t}" for t in st.tsupply[p]]},
        "breakdown": [],
        "pages": [],
    }
    fs = st.final[p] if st.final is not None else final_score(st, p)
    # final, or what scoring now would give; its rows in the reader's words (the final
    # score keeps them in English, as saves hold it)
    entry["breakdown"] = [[render(row_words(label)), pts] for label, pts in fs["breakdown"]]
    entry["pages"] = fs.get("pages", [])
    entry["final" if st.final is not None else "projected"] = fs["total"]  # type: ignore[literal-required]
    return entry


def token_view(st: State, tok: tuple) -> TokenView:
    owner, kind, tid, tr = tok
    d: TokenView = {"owner": english(st.name(owner)), "seat": owner if owner >= 0 else None, "kind": kind}
    if kind == "text":
        d["text"] = f"t{tid}"
        d["translated"] = tr
    if owner == DIRTY:
        d["dirty"] = f"d{tid}"
    return d
