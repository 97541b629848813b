"""Building exact Voynich positions for scenario tests.

A test starts from a real ``new_game`` and then clears and sets the board through
the state's own fields (the same plain lists the rules use), then drives the rest
through the public ``decision()`` / ``apply()`` API.
"""
from __future__ import annotations

from inkterm.engine import new_game
from inkterm.games.voynich import content as CT
from inkterm.games.voynich import geometry as G
from inkterm.games.voynich import tables as T
from inkterm.games.voynich.tasks import Task

RED, BLUE, YELLOW, GREEN = 0, 1, 2, 3
GREY = T.GREY
DIRTY = T.DIRTY

# State P of voynich.md §4
STATE_P = {"Bo": ["23", "24", "34", "56", "57", "58"], "As": ["25", "35", "36"], "Ba": ["33", "43"], "Wr": ["46"]}


def blank(n: int = 4, seed: int = 1):
    """A game with an empty board: no tokens anywhere, no pieces but the centre,
    every player with a full supply and no research tokens on the puzzle; Red to
    play, in round 1, before opening a page."""
    st = new_game("voynich", seats=["Red", "Blue", "Yellow", "Green"][:n], seed=seed)
    st.spaces = {s: [] for s in T.ALL_SPACES}
    st.grid = [-1] * 64
    for i in G.CENTRAL:
        st.grid[i] = 4
    st.psupply = [[T.C.pieces.counts[t][L] for L in "ABCD"] for t in CT.TYPES]
    for p in range(n):
        st.research[p] = []
        st.supply[p] = {"leaf": 5, "drop": 6, "star": 6}
        st.tsupply[p] = [1, 2, 3, 4, 5, 6]
        st.know[p] = [0, 0, 0, 0]
        st.ok[p] = 0
        st.share[p] = [0, 0, 0, 0]
        st.last[p] = None
    st.start = 0
    st.cur = 0
    st.round = 1
    st.phase = "spread"
    st.work.clear()
    st.items = []
    st.open = None
    st.acting = None
    st.placed = []
    refresh(st)
    return st


def refresh(st) -> None:
    st._an = None
    st.pv += 1
    st._advance()
    st._decided = False
    st._decision = None


def piece(st, t: str, rc: str) -> None:
    i = G.IDX[rc]
    ti = CT.TYPES.index(t)
    st.grid[i] = ti
    st.psupply[ti]["ABCD".index(G.LETTER[i])] -= 1
    st._an = None


def state_p(st) -> None:
    for t, cells in STATE_P.items():
        for rc in cells:
            piece(st, t, rc)
    refresh(st)


def research(st, p: int, *cells: str) -> None:
    for rc in cells:
        st.research[p].append(G.IDX[rc])
    refresh(st)


def put(st, sid: str, owner: int, kind: str, tid: int = 0, tr: bool = False) -> None:
    """Put a token on a board space, taking it from its owner's supply."""
    if owner >= 0:
        if kind == "text":
            st.tsupply[owner].remove(tid)
        else:
            st.supply[owner][kind] -= 1
    st.spaces[sid].append((owner, kind, tid, tr))


def owners(st, sid: str):
    return [t[0] for t in st.spaces[sid]]


def act(st, p: int, *codes: str, section: str = "botany") -> None:
    """Put seat ``p`` in its Act phase with exactly these card items available."""
    st.cur = p
    st.open = section
    st.phase = "act"
    st.acting = "TEST"
    st.items = [tuple(c.split("/")) for c in codes]
    st.work.clear()
    refresh(st)


def task(st, p: int, code: str, opt: bool = False, excl=None) -> None:
    """Put a pending action (as if triggered) on top of seat ``p``'s turn."""
    st.cur = p
    if st.phase == "spread":
        st.open = "botany"
        st.phase = "act"
        st.acting = "TEST"
        st.items = []
    st.work.push(Task(code, p, optional=opt, excl=excl))
    refresh(st)


def keys(st) -> list[str]:
    d = st.decision()
    return [] if d is None else d.keys


def know(st, p: int) -> dict:
    k = st.know[p]
    return {"Bo": k[0], "As": k[1], "Ba": k[2], "Wr": k[3], "OK": st.ok[p]}


def diff(before: dict, after: dict) -> dict:
    return {k: after[k] - before[k] for k in after if after[k] != before[k]}


def set_book(st, p: int, **steps) -> None:
    """Give seat ``p`` a book with the named cards (e.g. BO1=1, BO2=1, ...)."""
    book = []
    for sec in CT.SECTIONS:
        for cid, stp in steps.items():
            if T.card_section(cid) == sec:
                book.append([cid, stp])
    assert len(book) == 10, "a book needs 10 cards"
    st.book[p] = book
