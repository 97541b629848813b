"""Shared helpers for the Inkwell tests: start a game past setup, then put the board
into a given position (pages, bottles, bag, scripted draws)."""
from __future__ import annotations

from inkterm.engine import new_game
from inkterm.engine.text import from_data, render
from inkterm.games.inkwell.content import content
from inkterm.games.inkwell.rules import CODE, GOLD

NAMES = ("black", "red", "yellow", "green", "blue")
TYPE = {"K": 0, "R": 1, "Y": 2, "G": 3, "B": 4, "Au": GOLD}


def cubes(*codes: str) -> list[int]:
    """cubes("R", "K", "Au") -> 6 counts."""
    c = [0] * 6
    for x in codes:
        c[TYPE[x]] += 1
    return c


def start(n: int = 2, seed: int = 1, sides: str | None = None, **options):
    """A game whose setup is done (sides chosen, starting cubes auto-placed); the
    first player (seat 0 unless first_player is given) is to Take or Turn."""
    options.setdefault("first_player", "1")
    st = new_game("inkwell", [f"P{i + 1}" for i in range(n)], seed=seed, options=options)
    sides = sides or "A" * n
    while st.stage == "side":
        st.apply("side:" + sides[st.cur])
    while st.hand:
        st.apply("auto")
    assert st.stage == "main"
    return st


def fresh(st) -> None:
    """Forget the cached decision after editing the state by hand."""
    st._decided = False
    st._decision = None


def set_page(st, seat: int, pid: str, placed: dict[str, str] | None = None) -> None:
    """Give ``seat`` page ``pid`` with cubes on the named spaces (returns the old
    page's cubes to the bag/supply so counts stay sane)."""
    p = st.players[seat]
    for f in p.cubes:
        if f >= 0:
            st._return(f)
    st._set_page(p, pid)
    page = content().pages[pid]
    for sid, code in (placed or {}).items():
        t = TYPE[code]
        p.cubes[page.by_sid[sid]] = t
        if t == GOLD:
            st.supply -= 1
        else:
            st.bag[t] -= 1
    fresh(st)


def fill_all_but(st, seat: int, pid: str, empty: set[str], filler: str = "Au") -> None:
    """Page ``pid`` with every space filled except ``empty`` (gold fits anywhere)."""
    page = content().pages[pid]
    placed = {}
    for sp in page.spaces:
        if sp.sid in empty:
            continue
        placed[sp.sid] = filler if sp.accept in "*?" or filler == "Au" else sp.accept
    p = st.players[seat]
    for f in p.cubes:
        if f >= 0:
            st._return(f)
    st._set_page(p, pid)
    for sid, code in placed.items():
        p.cubes[page.by_sid[sid]] = TYPE[code]
    fresh(st)


def set_bottle(st, bid: str, codes: list[str] | tuple = (), tech: int | None = None) -> None:
    st.bottles[bid] = cubes(*codes)
    slot = st.link[bid]
    if slot:
        st.slots[slot] = tech
    fresh(st)


def clear_mat(st) -> None:
    for b in st.bottles:
        st.bottles[b] = [0] * 6
    for s, tid in st.slots.items():
        if tid is not None:
            st.deck.insert(0, tid)  # back to the deck, out of the way of deck.pop()
        st.slots[s] = None
    fresh(st)


def script(st, codes: list[str]) -> list[str]:
    """Bag draws come from ``codes`` in order (each also taken out of the bag counts),
    then the bag is treated as empty. Returns the list, which shrinks as draws happen."""
    seq = list(codes)

    def draw():
        if not seq:
            return None
        t = CODE[seq.pop(0)]
        st.bag[t] = max(0, st.bag[t] - 1)
        return t

    st._draw = draw
    return seq


def give_tech(st, seat: int, tid: int, where: str = "under", status: str = "up") -> None:
    p = st.players[seat]
    if tid in st.deck:
        st.deck.remove(tid)
    (p.under if where == "under" else p.techs).append([tid, status])
    st._remask(p)
    fresh(st)


def keys(st) -> list[str]:
    d = st.decision()
    return [] if d is None else [c.key for c in d.choices]


def page_cubes(st, seat: int) -> dict[str, str | None]:
    p = st.players[seat]
    page = content().pages[p.page]
    return {sp.sid: (("KRYGB"[p.cubes[sp.index]] if p.cubes[sp.index] < 5 else "Au")
                     if p.cubes[sp.index] >= 0 else None) for sp in page.spaces}


def place_all(st) -> None:
    while st.hand:
        k = keys(st)
        st.apply("auto" if "auto" in k else k[0])


def score_parts(st, seat: int, voluntary: bool = True) -> dict[str, int]:
    return dict(st.page_score(seat, voluntary=voluntary))


def conservation(summary: dict) -> dict[str, int]:
    tot = {}
    for k in NAMES + ("gold",):
        v = summary["elsewhere"][k]
        v += summary["bag"][k] if k != "gold" else summary["gold"]
        v += sum(b["cubes"][k] for b in summary["mat"])
        v += sum(p["page"]["cubes"][k] for p in summary["players"] if p["page"])
        tot[k] = v
    return tot


def why_not(bottle: dict) -> str | None:
    """A view's bottle's reason it cannot be taken, read (the view holds it as a text's data)."""
    why = bottle["why_not"]
    return None if why is None else render(from_data(why))
