"""Final scoring (1.15) and the ranking with its tie-break (ruling 43): OK, then the
knowledge values compared highest first. Functions of the state; the state's
``scores``/``ranking`` and the summary call them."""
from __future__ import annotations

from inkterm.engine.text import Msg, Text, to_data
from typing import TYPE_CHECKING, Any


from .content import TYPES
from .geometry import VALUE
from .tables import CAP

if TYPE_CHECKING:
    from .rules import State


def final_score(st: State, p: int) -> dict[str, Any]:
    """The final score: ``breakdown`` has the same rows for every seat (OK, research,
    one row per section's pages), so seats compare row by row; ``pages`` says how
    each card scored."""
    raw = sum(VALUE[i] for i in st.research[p])
    rows: list[list[Any]] = [["In-game OK", st.ok[p]], ["Research tokens, halved", raw // 2]]
    pages: list[list[Any]] = []
    by_deck: dict[str, int] = {}
    for cid, step in st.book[p]:
        m = st.content.mult[step]
        card = st.content.cards[cid]
        best = None
        for t in card.scores:
            ti = TYPES.index(t)
            box = min(st.know[p][ti], CAP) // 10
            pts = box * m
            if best is None or pts > best[1]:
                best = (t, pts, box)
        assert best is not None  # every card scores at least one kind
        t, pts, box = best
        # the card's id leads the label: outside checks key the rows by it
        label = f"{cid} step {step}: {t} box {box} x{m}" if m else f"{cid} step 1: no scoring"
        pages.append([label, pts])
        by_deck[card.deck] = by_deck.get(card.deck, 0) + pts
    rows += [[f"{deck.capitalize()} pages", pts] for deck, pts in by_deck.items()]
    return {"total": sum(r[1] for r in rows), "breakdown": rows, "pages": pages, "research_raw": raw}


#: The breakdown's rows (kept in English in the final score, which saves hold) in words.
ROW_WORDS = {"In-game OK": Msg("In-game OK"), "Research tokens, halved": Msg("Research tokens, halved"),
             "Botany pages": Msg("Botany pages"), "Astrology pages": Msg("Astrology pages"),
             "Baths pages": Msg("Baths pages"), "Writing pages": Msg("Writing pages"),
             "Recipes pages": Msg("Recipes pages")}


def row_words(label: str) -> Text:
    return ROW_WORDS.get(label, label)


def scores(st: State) -> list[int]:
    if st.final is not None:
        return [f["total"] for f in st.final]
    return list(st.ok)


def _rank_key(st: State, p: int) -> tuple[int, list[int]]:
    return (scores(st)[p], sorted(st.know[p], reverse=True))


def ranking(st: State) -> list[int]:
    return sorted(range(st.n), key=lambda p: _rank_key(st, p), reverse=True)


def winners(st: State) -> list[int]:
    r = ranking(st)
    best = _rank_key(st, r[0])
    return [p for p in r if _rank_key(st, p) == best]


def tiebreak_lines(st: State) -> list:
    """What broke each tie: messages as data (the view is JSON; ``engine.text.from_data``
    reads them back)."""
    sc = scores(st)
    names = st.record.seats  # seats only: the view keeps these lines as they are
    lines: list[Text] = []
    by: dict[int, list[int]] = {}
    for p in range(st.n):
        by.setdefault(sc[p], []).append(p)
    for s, ps in sorted(by.items(), reverse=True):
        if len(ps) < 2:
            continue
        desc = tuple(Msg("{who} {values}", who=names[p], values="/".join(map(str, sorted(st.know[p], reverse=True))))
                     for p in ps)
        lines.append(Msg("Tie at {score} OK between {names}: knowledge, highest first: {values}", score=s,
                         names=tuple(names[p] for p in ps), values=desc))
        keys = {p: sorted(st.know[p], reverse=True) for p in ps}
        order = sorted(ps, key=lambda p: keys[p], reverse=True)
        if keys[order[0]] == keys[order[1]]:
            shared = [p for p in order if keys[p] == keys[order[0]]]
            lines.append(Msg("Identical knowledge: {names} share the place", names=tuple(names[p] for p in shared)))
        else:
            lines.append(Msg("{who} wins the tie-break", who=names[order[0]]))
    if not lines:
        lines.append(Msg("No ties"))
    return [to_data(line) for line in lines]
