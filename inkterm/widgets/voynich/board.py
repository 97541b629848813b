"""Voynich's board: the puzzle, the five board sections, the track as a table of every
seat's standing, the current player's book and a help card.

The widgets draw only the dict they are given (``state.summary()``; every book is
public) and the board ids the highlighted choice touches: ``cell:2,3``,
``botany:space:STEM1``, ``astrology:space:2O1:star``, ``baths:dirty:d3`` (one dirty
drop), ``book:baths``, ``card:BO4``. Those ids and the data's codes never reach the
screen: every name, action, reward and condition is put in words by
``inkterm.games.voynich.words``.

Every colour is doubled by a letter or glyph, so the board reads with NO_COLOR:

* owners are colour initials (``R`` Red, ``B`` Blue, ``Y`` Yellow, ``G`` Green),
  ``N`` the neutral Grey player;
* knowledge types are glyphs (``♣`` Botany, ``★`` Astrology, ``≈`` Baths, ``¶``
  Writing, ``◎`` the central piece); tokens are owner + kind (``R♣`` a leaf, ``R≈`` a
  drop, ``R★`` a star, ``R¶3`` text 3, ``R¶3✓`` translated), ``dirty 3`` a dirty drop;
* a highlighted thing is marked ``▸`` (and shown reversed).

At 110×34 and up the whole table is laid out at once; smaller, the puzzle, the
sections, the book and the help card are tabs (the tab a highlighted choice touches
comes to the front). Colours and emphasis come from ``assets/voynich.tcss``.
"""
from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Select, TabbedContent, TabPane

from inkterm.games.voynich import words as W
from inkterm.games.voynich.content import content as voynich_content
from inkterm.widgets.part import BoardPart
from inkterm.widgets.touch import click_style

MARK = "▸"
TYPES = ("botany", "astrology", "baths", "writing")
TYPE_GLYPH = W.TYPE_GLYPH
KIND_GLYPH = {"leaf": "♣", "drop": "≈", "star": "★", "text": "¶"}
SECTIONS = ("botany", "astrology", "baths", "writing", "recipes")
# A short key beside each section's name: how its parts connect and read.
SECTION_KEY = {
    "botany": "roots → stem → branches",
    "astrology": "inner  outer 1 outer 2",
    "baths": "fountains → Pool 1; ✕ dirty",
    "writing": "rows: texts │ stars │ head",
    "recipes": "moved from elsewhere",
}
# Turning a card to its next step: step 1->2 rotate, 2->3 flip, 3->4 rotate.
ARROW = {1: "↻", 2: "⇅", 3: "↻"}
OWNER_LEGEND = "N = Grey (neutral)"


def explain_icon(icon: str) -> str:
    """A condition icon in words (kept for callers of the old name)."""
    return W.condition_icon(icon)


def owner_mark(tok: dict, players: list[dict]) -> tuple[str, str]:
    """(letter, style name) for a token's owner."""
    if tok.get("dirty"):
        return "", "dirty"
    seat = tok.get("seat")
    if seat is None:
        return "N", "neutral"
    colour = players[seat]["colour"] if seat < len(players) else "?"
    return colour[0], f"c-{colour.lower()}"


def token_label(tok: dict, players: list[dict]) -> tuple[str, str]:
    """(label, style name) of one token: ``R♣``, ``N¶3✓``, ``dirty 3``."""
    letter, sty = owner_mark(tok, players)
    if tok.get("dirty"):
        return f"✕{tok['dirty'].lstrip('d')}", sty
    if tok.get("kind") == "text":
        return f"{letter}¶{tok.get('text', 't?').lstrip('t')}{'✓' if tok.get('translated') else ''}", sty
    return letter + KIND_GLYPH.get(tok.get("kind", ""), "?"), sty


def card_steps(cid: str) -> list[tuple[int, list[str], int, list[str]]]:
    """A card's four steps as (step, actions, multiplier, condition to advance)."""
    c = voynich_content()
    mult = c.cards_model.multipliers
    return [(st, c.actions(cid, st), mult[str(st)], c.condition(cid, st) if st < 4 else [])
            for st in range(1, 5)]


def card_scores(cid: str) -> list[str]:
    return list(voynich_content().cards[cid].scores)


class VoyPart(BoardPart):
    """A piece of the board that renders Rich text with styles from the stylesheet and
    is drawn again only when what it shows has changed (``BoardPart.changed``)."""

    STYLE_PREFIX = "voy"
    COMPONENT_CLASSES = {
        "voy--hi", "voy--head", "voy--muted", "voy--current", "voy--open",
        "voy--c-red", "voy--c-blue", "voy--c-yellow", "voy--c-green",
        "voy--neutral", "voy--dirty",
        "voy--botany", "voy--astrology", "voy--baths", "voy--writing", "voy--centre",
        "voy--circle", "voy--gutter", "voy--mark",
    }

    def style(self, name: str):
        cache = self._style_cache
        if cache is None:
            cache = self._style_cache = {}
        st = cache.get(name)
        if st is None:
            st = self.get_component_rich_style(f"voy--{name}", partial=True)
            if st.color is not None:
                # A partial style leaves a translucent colour ($text-muted) unblended,
                # which shows as plain white: take the blended colour of the full style.
                st = st + Style(color=self.get_component_rich_style(f"voy--{name}").color)
            cache[name] = st
        return st

    # Cells, spaces, pages and cards are clickable, but their colours mean owners and
    # types: no link colour at rest, only an underline under the pointer.
    auto_links = False

    @property
    def link_style_hover(self) -> Style:
        return Style(underline=True)

    def seat_style(self, players: list[dict], seat: int):
        if seat is None or seat >= len(players):
            return self.style("neutral")
        return self.style(f"c-{players[seat]['colour'].lower()}")

    def seat_mark(self, players: list[dict], seat: int) -> str:
        return players[seat]["colour"][0]

    def tokens(self, toks: list[dict], players: list[dict], marked: frozenset[str] = frozenset()) -> Text:
        """Tokens on one space: owner letter + kind glyph (``R♣``, ``B¶3``), counted when
        alike (``R♣×5``); the dirty drops named in ``marked`` (the one a purify choice
        takes) are highlighted."""
        out = Text()
        if not toks:
            out.append("·", style=self.style("muted"))
            return out
        dirty = [tok["dirty"] for tok in toks if tok.get("dirty")]
        if len(dirty) > 1:  # Pool 1's dirty drops: one word, their numbers
            out.append("✕", style=self.style("dirty"))
            for i, d in enumerate(dirty):
                out.append(("" if not i else "·") + (MARK if d in marked else "") + d.lstrip("d"),
                           style=self.style("hi" if d in marked else "dirty"))
            toks = [tok for tok in toks if not tok.get("dirty")]
            if not toks:
                return out
            out.append(",", style=self.style("muted"))
        labels: dict[str, list] = {}
        for tok in toks:
            label, sty = token_label(tok, players)
            key = tok.get("dirty") or label
            labels.setdefault(key, [label, sty, 0])[2] += 1
        for i, (key, (label, sty, n)) in enumerate(labels.items()):
            if i:
                out.append(",", style=self.style("muted"))
            if key in marked:
                out.append(MARK + label, style=self.style("hi"))
            else:
                out.append(label + (f"×{n}" if n > 1 else ""), style=self.style(sty))
        return out


# --- the puzzle ---------------------------------------------------------------------------
def stack_slots(seats: list[int], players: list[dict]) -> tuple[list[tuple[str, int | None]], bool]:
    """The two characters a cell has for its research tokens, as (text, seat) parts, and
    whether they say everything: one owner (``R``, ``R3``) or two with one each (``RB``).
    Anything more shows the total and a ``*`` and is spelt out under the puzzle."""
    distinct = sorted(set(seats))
    if len(distinct) == 1:
        n = len(seats)
        return [(players[distinct[0]]["colour"][0], distinct[0]), (str(n) if n > 1 else " ", None)], n < 10
    if len(distinct) == 2 and len(seats) == 2:
        return [(players[s]["colour"][0], s) for s in distinct], True
    return [(str(min(len(seats), 9)), None), ("*", None)], False


class PuzzleView(VoyPart):
    """The 8×8 puzzle: letters, pieces, circles, research tokens, row/column values."""

    READS = ("cell:",)

    def draw(self, view: dict, touches: frozenset[str], note: Text | None = None) -> None:
        pz = view.get("puzzle", {})
        players = view.get("players", [])
        letters = pz.get("letters", ["." * 8] * 8)
        grid = pz.get("grid", ["." * 8] * 8)
        rowv = pz.get("row_values", [0] * 8)
        colv = pz.get("col_values", [0] * 8)
        circle = {rc for cells in pz.get("circles", {}).values() for rc in cells}
        piece = {rc: t for t, cells in pz.get("pieces", {}).items() for rc in cells}
        loose = set(pz.get("unconnected", []))
        research: dict[str, list[int]] = {}
        for s, p in enumerate(players):
            for rc in p.get("research", []):
                research.setdefault(rc, []).append(s)
        hi_cells = {t[5:].replace(",", "") for t in touches if t.startswith("cell:")}

        lines = []
        head = Text("  ")
        for c in range(8):
            head.append(f" {c + 1}  ", style=self.style("head"))
        head.append(" row", style=self.style("muted"))
        lines.append(head)
        crowded: dict[tuple, list[str]] = {}
        for r in range(8):
            line = Text(f"{r + 1} ", style=self.style("head"))
            for c in range(8):
                rc = f"{r + 1}{c + 1}"
                seats = research.get(rc, [])
                line.append_text(self._cell(rc, grid[r][c], letters[r][c], rc in circle,
                                            piece.get(rc), rc in loose, seats,
                                            rc in hi_cells, players, crowded))
            line.append(f" {rowv[r]}", style=self.style("muted"))
            lines.append(line)
        foot = Text("  ")
        for c in range(8):
            foot.append(f" {colv[c]}  ", style=self.style("muted"))
        foot.append(" col", style=self.style("muted"))
        lines.append(foot)
        for stack, cells in crowded.items():
            t = Text("* ", style=self.style("head"))
            t.append(" ".join(W.cell(rc) for rc in cells) + ": ", style=self.style("muted"))
            for i, (seat, n) in enumerate(stack):
                t.append(("" if not i else " ") + f"{players[seat]['colour'][0]}{n}", style=self.seat_style(players, seat))
            lines.append(t)
        lines.append(Text("◎ centre ? unlinked CAPITAL: circle", style=self.style("muted")))
        if note is not None:
            lines.append(note)
        self.show_lines(lines)

    def _cell(self, rc, g, letter, in_circle, ptype, loose, seats, hi, players, crowded) -> Text:
        t = Text()
        t.append(MARK if hi else " ", style=self.style("mark") if hi else "")
        if g == "*":
            t.append("◎", style=self.style("centre"))
        elif ptype:
            t.append(TYPE_GLYPH[ptype], style=self.style("muted") if loose else self.style(ptype))
        else:
            ch = letter.upper() if in_circle else letter.lower()
            t.append(ch, style=self.style("circle" if in_circle else "gutter"))
        # two slots: research tokens by owner (R, RB, R2), or a count and * (spelt out
        # below the puzzle), or ? for a piece not yet linked to the centre
        if seats:
            parts, exact = stack_slots(seats, players)
            for text, seat in parts:
                t.append(text, style=self.seat_style(players, seat) if seat is not None else self.style("head"))
            if not exact:
                stack = tuple((s, seats.count(s)) for s in sorted(set(seats)))
                crowded.setdefault(stack, []).append(rc)
        elif loose:
            t.append("? ", style=self.style("muted"))
        else:
            t.append("  ")
        if hi:
            t.stylize(self.style("hi"), 1)
        t.stylize(click_style(f"cell:{rc[0]},{rc[1]}"))
        return t


# --- the score track and the players -------------------------------------------------------
def box_reached(value: int, boxes: list[list[int]]) -> int:
    """The worth of the highest scoring box a knowledge value has reached (0: none yet)."""
    return max((worth for at, worth in boxes if value >= at), default=0)


def next_break(value: int, breaks: list[int]) -> int | None:
    return next((b for b in sorted(breaks) if b > value), None)


class TrackView(VoyPart):
    """The score track as a table: a column per seat, a row per thing people compare —
    OK and how far from the end, each knowledge value with the scoring box it has
    reached and its next breakthrough, sharing tokens, the page opened, the supply."""

    READS = ()
    LABEL = 12
    col = 11

    def draw(self, view: dict, touches: frozenset[str], width: int = 0) -> None:
        players = view.get("players", [])
        track = view.get("track", {})
        breaks = track.get("breakthroughs", [])
        boxes = track.get("boxes", [])
        end = track.get("end", 52)
        current = view.get("current")
        # a column a seat, as wide as a page's name; too many seats for the room: blocks
        self.col = min(11, (width - self.LABEL) // max(1, len(players))) if width else 11
        if self.col < 10:
            self._draw_blocks(view, players, breaks, boxes, end, current)
            return
        lines = []
        names = Text(f"{'Track':<{self.LABEL}}", style=self.style("head"), no_wrap=True, overflow="ellipsis")
        for s, p in enumerate(players):
            cell = f"{MARK if s == current else ' '}{p['colour'][0]} {p['name']}"
            names.append(self._fit(cell), style=self.seat_style(players, s) + self.style("head"))
        lines.append(names)

        def row(label: str, cells: list[tuple[str, str | None]]) -> None:
            t = Text(f"{label:<{self.LABEL}}", style=self.style("head"), no_wrap=True, overflow="ellipsis")
            for text, sty in cells:
                t.append(self._fit(text), style=self.style(sty) if sty else "")
            lines.append(t)

        if view.get("over"):
            row("OK, final", [(str(p.get("ok", 0)), "head") for p in players])
        elif view.get("end_triggered"):
            row("OK, ending", [(str(p.get("ok", 0)), "head") for p in players])
        else:
            row(f"OK (to {end})", [(f"{p.get('ok', 0)} ({max(0, end - p.get('ok', 0))})", "head") for p in players])
        for ty in TYPES:
            cells = []
            for p in players:
                v = p.get("knowledge", {}).get(ty, 0)
                box = box_reached(v, boxes)
                nxt = next_break(v, breaks)
                cells.append((f"{v}{'▣' + str(box) if box else ''}{'›' + str(nxt) if nxt else ''}", ty))
            row(f"{TYPE_GLYPH[ty]} {ty.capitalize()}", cells)
        row("share", [("".join(f"{TYPE_GLYPH[t]}{n}" for t, n in p.get("sharing", {}).items() if n) or "–", None)
                      for p in players])
        pages = []
        for s, p in enumerate(players):
            page = p.get("spread")
            is_open = s == current and view.get("open")
            pages.append(((("▶" if is_open else "") + page.capitalize()) if page else "–", "current" if is_open else None))
        row("page ▶open", pages)
        row("supply", [(self._supply(p.get("supply", {})), None) for p in players])
        row("texts", [(" ".join(t.lstrip("t") for t in p.get("supply", {}).get("texts", [])) or "–", None)
                      for p in players])
        row("research", [(f"{p.get('supply', {}).get('research', 0)} to use", None) for p in players])
        if any("final" in p for p in players):
            row("final", [(str(p["final"]), "head") for p in players])
        lines.append(Text("▣ box (worth) › next breakthrough", style=self.style("muted")))
        self.show_lines(lines)

    def _draw_blocks(self, view, players, breaks, boxes, end, current) -> None:
        """Too many seats for a column each: three lines a seat, the same facts."""
        lines = [Text(f"Track  the game ends at {end} OK", style=self.style("head"))]
        for s, p in enumerate(players):
            ok = p.get("ok", 0)
            t = Text(no_wrap=True, overflow="ellipsis")
            t.append(f"{MARK if s == current else ' '}{p['colour'][0]} {p['name']}",
                     style=self.seat_style(players, s) + self.style("head"))
            t.append(f"  OK {ok}" + ("" if view.get("end_triggered") else f" ({max(0, end - ok)} to {end})"),
                     style=self.style("head"))
            share = "".join(f"{TYPE_GLYPH[k]}{n}" for k, n in p.get("sharing", {}).items() if n)
            if share:
                t.append(f"  share {share}")
            know = Text("   ", no_wrap=True, overflow="ellipsis")
            for ty in TYPES:
                v = p.get("knowledge", {}).get(ty, 0)
                box, nxt = box_reached(v, boxes), next_break(v, breaks)
                know.append(f"{TYPE_GLYPH[ty]}{v}{'▣' + str(box) if box else ''}{'›' + str(nxt) if nxt else ''} ",
                            style=self.style(ty))
            sup = p.get("supply", {})
            page = p.get("spread")
            is_open = s == current and view.get("open")
            rest = Text("   ", no_wrap=True, overflow="ellipsis")
            rest.append((("▶" if is_open else "last ") + page.capitalize() + " ") if page else "", style=self.style("current" if is_open else "muted"))
            texts = " ".join(x.lstrip("t") for x in sup.get("texts", [])) or "–"
            rest.append(f"{self._supply(sup)} ¶{texts} research {sup.get('research', 0)}")
            lines += [t, know, rest]
        lines.append(Text("▣ box reached (worth)  › next breakthrough", style=self.style("muted")))
        self.show_lines(lines)

    def _fit(self, text: str) -> str:
        return f"{text[: self.col - 1]:<{self.col}}"

    @staticmethod
    def _supply(sup: dict) -> str:
        return f"♣{sup.get('leaf', 0)}≈{sup.get('drop', 0)}★{sup.get('star', 0)}"


# --- the five board sections --------------------------------------------------------------
class SectionView(VoyPart):
    """One board section as a compact diagram, tokens by owner."""

    def __init__(self, section: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.section = section
        self.READS = (f"{section}:",)

    def draw(self, view: dict, touches: frozenset[str]) -> None:
        sec = self.section
        spaces = view.get("sections", {}).get(sec, {})
        self._players = view.get("players", [])
        self._spaces = spaces
        self._hi = {t.split(":space:", 1)[1] for t in touches if t.startswith(f"{sec}:space:")}
        self._dirty = frozenset(t.split(":dirty:", 1)[1] for t in touches if t.startswith(f"{sec}:dirty:"))
        title = Text(f"{sec.capitalize()} ", style=self.style("head"))
        title.append(SECTION_KEY[sec], style=self.style("muted"))
        body = getattr(self, f"_{sec}")(view)
        if self._hi:
            title.append(f" {MARK}", style=self.style("hi"))
        if sec == "botany":  # the name stands on the first row, to save a line
            title = Text("Botany", style=self.style("head")) + body[0]
            body = body[1:]
        self.show_lines([title, *body])

    def sp(self, key: str, label: str) -> Text:
        """One space: its label and tokens; marked when a choice touches it."""
        hi = key in self._hi
        t = Text()
        t.append(MARK if hi else " ", style=self.style("mark") if hi else "")
        t.append(label, style=self.style("muted") if not hi else "")
        t.append_text(self.tokens(self._spaces.get(key, []), self._players, self._dirty))
        if hi and not self._dirty:
            t.stylize(self.style("hi"), 1)
        t.stylize(click_style(f"{self.section}:space:{key}"))
        return t

    def row(self, label: str, parts: list[Text]) -> Text:
        t = Text(label, style=self.style("head"))
        for p in parts:
            t.append_text(p)
        return t

    def _botany(self, view) -> list[Text]:
        def branch(b: int, slots: str) -> list[Text]:
            return [Text(f" {b}:", style=self.style("muted"))] + [self.sp(f"BR{b}{x}", x) for x in slots]

        return [
            self.row(" root tips", [self.sp(f"RT{i}", f"{i}") for i in range(1, 5)]),
            self.row("   roots ", [self.sp(f"RU{i}", f"{i}") for i in range(1, 5)]
                     + [Text(" →"), self.sp("BASE", "base ")]),
            self.row("   stem  ", [self.sp(f"STEM{i}", f"{i}") for i in range(1, 5)]
                     + [Text(" → flower"), self.sp("FL1", "1"), self.sp("FL2", "2")]),
            self.row("   branch", branch(1, "abc") + branch(2, "abc")),
            self.row("         ", branch(3, "ab") + branch(4, "ab")),
        ]

    def _astrology(self, view) -> list[Text]:
        goat = view.get("goat")
        out = []
        for s in range(1, 6):
            t = Text()
            t.append("goat▸" if s == goat else "     ", style=self.style("head"))
            t.append(f"{s}   ", style=self.style("head"))
            for c in ("I", "O1", "O2"):
                t.append_text(self.sp(f"{s}{c}:star", "★"))
                t.append_text(self.sp(f"{s}{c}:text", "¶"))
                t.append(" ")
            out.append(t)
        return out

    def _baths(self, view) -> list[Text]:
        arrow = Text(" →", style=self.style("muted"))
        return [
            self.row(" left ", [self.sp("FNL", "fountain"), self.sp("SL1", "1"), self.sp("SL2", "2"),
                                Text(" ↘", style=self.style("muted"))]),
            self.row(" right", [self.sp("FNR", "fountain"), self.sp("DW", "dirty water"),
                                self.sp("SR1", "1"), Text(" ↗", style=self.style("muted"))]),
            self.row(" then", [self.sp("J1", "1"), self.sp("J2", "2"), arrow, self.sp("POOL1", "Pool 1 ")]),
            self.row("", [Text(" channel", style=self.style("muted")), self.sp("CH1", "1"), self.sp("CH2", "2"),
                                 arrow, Text(" Pool 2", style=self.style("muted"))]
                     + [self.sp(f"P2{x}", x) for x in "abcd"]),
        ]

    def _writing(self, view) -> list[Text]:
        board = view.get("board", {}).get("writing", {})
        out = []
        for w in range(1, 6):
            info = board.get(f"W{w}", {})
            t = Text(f" {w}", style=self.style("head"))
            for i in range(1, info.get("texts", 4) + 1):
                t.append_text(self.sp(f"W{w}:t{i}", ""))
            t.append("│", style=self.style("muted"))
            for i in range(1, info.get("stars", 2) + 1):
                t.append_text(self.sp(f"W{w}:s{i}", ""))
            if info.get("head"):
                t.append(f"│ {W.reward(info['head'], short=True)}", style=self.style("muted"))
            out.append(t)
        return out

    def _recipes(self, view) -> list[Text]:
        board = view.get("board", {}).get("recipes", {})
        out = []
        for pair in ((("star", "★"), ("leaf", "♣")), (("drop", "≈"), ("text", "¶"))):
            t = Text()
            for kind, glyph in pair:
                t.append(f" {glyph}", style=self.style("head"))
                printed = board.get(kind, [])
                for i in range(1, 5):
                    mult = printed[i - 1] if kind == "text" and i <= len(printed) else ""
                    t.append_text(self.sp(f"{kind}:{i}", mult.replace("x", "×") if mult else f"{i}"))
                t.append("  ")
            out.append(t)
        return out


# --- the book and the help card -----------------------------------------------------------
def card_line(card: dict, short: bool = False) -> tuple[str, str, str]:
    """A book card in words: (what its step does, what it needs to advance, what it scores)."""
    step = card.get("step", 1)
    does = W.actions(card.get("actions", []))
    cond = card.get("condition") or []
    needs = f"{ARROW.get(step, '')} needs {W.condition(cond, short)}" if step < 4 and cond else "✓ last step"
    scores = W.scores(card_scores(card["card"]), card.get("multiplier", 0))
    return does, needs, scores


class BookView(VoyPart):
    """The current player's book: five double pages, every card as a card — its name,
    its step of four, what it does now, what it needs to advance; the open page (or the
    one the highlighted choice touches) large and first, with what its cards score."""

    READS = ("book:", "card:")

    def draw(self, view: dict, touches: frozenset[str], wrap: bool) -> None:
        players = view.get("players", [])
        seat = view.get("current")
        if seat is None:
            seat = view.get("winner", 0) if players else None
        if seat is None or seat >= len(players):
            self.update(Text("No book to show.", style=self.style("muted")))
            return
        p = players[seat]
        open_sec = view.get("open") if view.get("current") == seat else None
        last = None if open_sec else p.get("spread")
        acting = view.get("acting")
        touched = {t[5:] for t in touches if t.startswith("book:")}
        cards_hi = {t[5:] for t in touches if t.startswith("card:")}
        # folded into its own tab, the book puts the page that matters first and large;
        # laid out with everything else, every card keeps to one line in book order
        large = (open_sec or (min(touched, key=SECTIONS.index) if touched else None)) if wrap else None
        head = Text(f"Book: {p['name']}", style=self.seat_style(players, seat) + self.style("head"))
        if open_sec:
            head.append(f"  open: {open_sec.capitalize()}", style=self.style("current"))
        elif last:
            head.append(f"  last opened: {last.capitalize()} (not now)", style=self.style("muted"))
        texts = " ".join(t.lstrip("t") for t in p.get("supply", {}).get("texts", [])) or "none"
        head.append("\n" if wrap else "  ")
        head.append(f"texts in supply: {texts}", style=self.style("muted"))
        head.no_wrap, head.overflow = not wrap, "ellipsis"
        lines = [head]
        pages: dict[str, list[dict]] = {}
        for card in p.get("book", []):
            pages.setdefault(card["deck"], []).append(card)
        order = sorted(SECTIONS, key=lambda sec: sec != large)
        for sec in order:
            for i, card in enumerate(pages.get(sec, [])):
                lines.extend(self._card(card, sec, i == 0, sec == open_sec, sec == last,
                                        sec in touched or card["card"] in cards_hi,
                                        card["card"] == acting, sec == large, wrap))
        if acting and view.get("actions_left"):
            left = Text(f"◆ {W.card(acting)}, still to use: ", style=self.style("current"))
            left.append("; ".join(W.action(a) for a in view["actions_left"]))
            lines.append(left)
        elif wrap:
            lines.append(Text("●○○○ step of four  ▶ open  ✗ opened last turn  ◆ in use  "
                              "↻ rotate ⇅ flip to advance", style=self.style("muted")))
        self.show_lines(lines)

    def _card(self, card, sec, first, is_open, is_last, hi, in_use, large, wrap) -> list[Text]:
        t = Text(no_wrap=not wrap, overflow="ellipsis")
        tag = "▶" if is_open else "✗" if is_last else " "
        if first:
            t.append(tag, style=self.style("open" if is_open else "muted"))
        else:
            t.append(" ")
        t.append(MARK if hi else " ", style=self.style("mark") if hi else "")
        t.append(f"{W.card(card['card']):<12}" if not wrap else W.card(card["card"]), style=self.style("head"))
        t.append("◆ " if in_use else "  ", style=self.style("current"))
        t.append(W.steps(card.get("step", 1)) + " ", style=self.style("current" if is_open else "muted"))
        does, needs, scores = card_line(card, short=not large)
        t.append(does)
        if hi:
            t.stylize(self.style("hi"), 2)
        # a click on the page tag opens the page, on the card uses it
        t.stylize(click_style(f"book:{sec}"), 0, 2)
        t.stylize(click_style(f"card:{card['card']}"), 2)
        if not wrap:
            t.append(f" │ {needs}", style=self.style("muted"))
            return [t]
        out = [t, Text(f"    {needs}", style=self.style("muted"))]
        if large:
            out.append(Text(f"    {scores}", style=self.style("muted")))
        return out


class HelpView(VoyPart):
    """A help card in words: the card's four steps — what each adds, what it scores and
    what it needs to advance — with the step it is on marked."""

    READS = ()

    def draw(self, view: dict, cid: str | None, explained: bool = False) -> None:
        if not cid:
            self.update(Text("Choose a card above to see its help card.", style=self.style("muted")))
            return
        holder, now = None, None
        for s, p in enumerate(view.get("players", [])):
            for card in p.get("book", []):
                if card["card"] == cid:
                    holder, now = (s, p), card.get("step")
        kinds = " or ".join(f"{W.GLYPH[t]} {W.KNOWLEDGE[t].capitalize()}" for t in card_scores(cid))
        sub = Text(W.card(cid), style=self.style("head"))
        if holder is not None:
            s, p = holder
            sub.append(" · ")
            sub.append(f"{p['colour'][0]} {p['name']}", style=self.seat_style(view["players"], s))
            sub.append(f", on step {now}")
        sub.append(f" · scores {kinds}", style=self.style("muted"))
        lines = [sub]
        prev: list[str] = []
        for step, acts, mult, cond in card_steps(cid):
            here = step == now
            t = Text()
            t.append(MARK if here else " ", style=self.style("current") if here else "")
            t.append(f"{W.steps(step)} ", style=self.style("head"))
            new = acts[len(prev):] if prev and acts[: len(prev)] == prev else acts
            t.append(("adds " if new is not acts else "does ") + W.actions(new))
            t.append(f" · ×{mult}" if mult else " · scores nothing", style=self.style("muted"))
            if here:
                t.stylize(self.style("current"), 0, 1)
            lines.append(t)
            if cond:
                lines.append(Text(f"      {ARROW.get(step, '')} to step {step + 1}: {W.condition(cond)}",
                                  style=self.style("muted")))
            prev = acts
        if explained:
            lines.append(Text(f"×N: at the end, N × the worth of the highest box (10 = 1 … 100 = 10) "
                              f"your {kinds} reached; lifting a token pays its row + column value in OK",
                              style=self.style("muted")))
        if not explained:  # laid out with the whole board: a line each, however long
            for line in lines:
                line.no_wrap, line.overflow = True, "ellipsis"
        self.show_lines(lines)


class ScoreLine(VoyPart):
    """One line above the folded board: every seat's OK, and how near the end is."""

    READS = ()

    def draw(self, view: dict, touches: frozenset[str]) -> None:
        players = view.get("players", [])
        end = view.get("track", {}).get("end", 52)
        current = view.get("current")
        t = Text(no_wrap=True, overflow="ellipsis")
        for s, p in enumerate(players):
            t.append(f"{MARK if s == current else ' '}{p['colour'][0]} {p['name']} ",
                     style=self.seat_style(players, s) + self.style("head"))
            t.append(f"{p.get('ok', 0)} OK ", style=self.style("head"))
        t.append("· ending" if view.get("end_triggered") else f"· ends at {end}", style=self.style("muted"))
        self.show_lines([t])


class CardPicker(Select):
    """Which card the help view shows; blank follows the highlighted choice."""


# --- the whole board ----------------------------------------------------------------------
class VoynichBoard(Vertical):
    """The whole Voynich table; ``show(view, touches)`` redraws it."""

    can_focus = False

    def __init__(self, seats: list[str], **kwargs) -> None:
        super().__init__(**kwargs)
        self.seats = seats
        self.help_card: str | None = None
        self._view: dict | None = None
        self._touches: frozenset[str] = frozenset()
        self._cards: list[tuple[str, str]] = []
        #: The tab the player last chose with `v`: it comes back once a decision no
        #: longer concerns another view.
        self._own_tab: str | None = None

    def compose(self):
        with VerticalScroll(id="vy-wide"):
            with Horizontal(classes="vy-band"):
                yield PuzzleView(classes="vy-puzzle")
                with Vertical(classes="vy-right"):
                    yield TrackView(classes="vy-track")
            with Horizontal(classes="vy-band"):
                with Vertical(classes="vy-col"):
                    yield SectionView("botany", classes="vy-section")
                    yield SectionView("baths", classes="vy-section")
                    yield SectionView("recipes", classes="vy-section")
                with Vertical(classes="vy-col"):
                    yield SectionView("astrology", classes="vy-section")
                    yield SectionView("writing", classes="vy-section")
            yield BookView(classes="vy-book")
            with Vertical(classes="vy-card"):
                yield CardPicker([], prompt="help card: follows the choice", compact=True,
                                 type_to_search=False, classes="vy-picker")
                yield HelpView(classes="vy-help")
        yield ScoreLine(classes="vy-scores")
        with TabbedContent(id="vy-tabs"):
            with TabPane("Puzzle", id="vy-tab-puzzle"):
                with VerticalScroll():
                    yield PuzzleView(classes="vy-puzzle")
            with TabPane("Track", id="vy-tab-track"):
                with VerticalScroll():
                    yield TrackView(classes="vy-track")
            with TabPane("Sections", id="vy-tab-sections"):
                with VerticalScroll():
                    for sec in SECTIONS:
                        yield SectionView(sec, classes="vy-section")
            with TabPane("Book", id="vy-tab-book"):
                with VerticalScroll():
                    yield BookView(classes="vy-book")
            with TabPane("Card", id="vy-tab-card"):
                with VerticalScroll():
                    yield CardPicker([], prompt="help: follows the choice", compact=True,
                                     type_to_search=False, classes="vy-picker")
                    yield HelpView(classes="vy-help")

    @property
    def wide(self) -> bool:
        screen = self.screen
        return screen.has_class("-wide") and screen.has_class("-tall")

    @property
    def has_views(self) -> bool:
        """Whether the board is folded into tabs now (the screen's `v` key cycles them)."""
        return self.is_mounted and not self.wide

    def next_view(self) -> None:
        tabs = self.query_one("#vy-tabs", TabbedContent)
        panes = [p.id for p in tabs.query(TabPane)]
        if panes:
            i = panes.index(tabs.active) if tabs.active in panes else -1
            tabs.active = self._own_tab = panes[(i + 1) % len(panes)]

    def follow(self, touches: frozenset[str]) -> None:
        """A new decision: bring forward the view it concerns (everything its choices
        touch); if it concerns none, restore the view the player chose."""
        if not self.is_mounted or self.wide:
            return
        tab = self._tab_for(touches) or self._own_tab
        if tab is not None:
            self._bring(tab, touches)

    def show(self, view: dict, touches: frozenset[str] = frozenset()) -> None:
        self._view = view
        changed = touches != self._touches
        self._touches = touches
        self._sync_cards(view)
        self.set_class(len(view.get("players", [])) > 2, "-many")
        wide = self.wide
        if wide:
            root = self.query_one("#vy-wide")
        else:
            # Only the tab on view is drawn; switching tabs draws the new one.
            if changed and touches:
                self._front(touches)
            tabs = self.query_one("#vy-tabs", TabbedContent)
            root = self.query_one(f"#{tabs.active or 'vy-tab-puzzle'}")
        # each part is drawn again only if what it shows changed: moving the highlight
        # through the menu redraws the one or two parts it touches
        note = self._condition_note(view, touches, wide)
        for w in root.query(PuzzleView):
            if w.changed(view, touches, note.plain if note is not None else None):
                w.draw(view, touches, note)
        for w in root.query(TrackView):
            width = w.content_size.width or (34 if wide else 44)
            if w.changed(view, touches, width):
                w.draw(view, touches, width)
        if not wide:
            for line in self.query(ScoreLine):
                if line.changed(view, touches, None):
                    line.draw(view, touches)
        for w in root.query(SectionView):
            if w.changed(view, touches, None):
                w.draw(view, touches)
        for w in root.query(BookView):
            if w.changed(view, touches, wide):
                w.draw(view, touches, wrap=not wide)
        self._draw_help(root)

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        event.stop()
        if self._view is not None:
            self.call_after_refresh(self._redraw)

    def _redraw(self) -> None:
        if self._view is not None and self.is_attached:
            self.show(self._view, self._touches)

    def _condition_note(self, view: dict, touches: frozenset[str], wide: bool) -> Text | None:
        """While a card's advance is highlighted: what its condition asks, in words."""
        if not any(t.startswith("cell:") for t in touches):
            return None
        cards = [t[5:] for t in touches if t.startswith("card:")]
        if not cards:
            return None
        for p in view.get("players", []):
            for card in p.get("book", []):
                if card["card"] == cards[0] and card.get("condition") and card.get("step", 4) < 4:
                    t = Text(f"{W.card(card['card'])} needs ", style="bold")
                    t.append(W.condition(card["condition"]))
                    if wide:
                        t.no_wrap = True
                        t.overflow = "ellipsis"
                    return t
        return None

    @staticmethod
    def _tab_for(touches: frozenset[str]) -> str | None:
        """The tab that shows what ``touches`` name, if any."""
        kinds = {t.split(":", 1)[0] for t in touches}
        if "cell" in kinds:
            return "vy-tab-puzzle"
        if kinds & {"book", "card"}:
            return "vy-tab-book"
        if kinds & set(SECTIONS):
            return "vy-tab-sections"
        return None

    def _front(self, touches: frozenset[str]) -> None:
        """Bring forward the tab that shows what the highlighted choice touches."""
        tab = self._tab_for(touches)
        if tab is not None:
            self._bring(tab, touches)

    def _bring(self, tab: str, touches: frozenset[str]) -> None:
        tabs = self.query_one("#vy-tabs", TabbedContent)
        if tabs.active != tab:
            tabs.active = tab
        if tab == "vy-tab-sections":
            # The touched section into view, once the tab is laid out (scrolling a
            # tab that is not shown yet does nothing: it stayed on Botany).
            kinds = {t.split(":", 1)[0] for t in touches}
            section = next((w for w in self.query_one("#vy-tab-sections").query(SectionView)
                            if w.section in kinds), None)
            if section is not None:
                self.call_after_refresh(section.scroll_visible, animate=False, top=True)

    def _sync_cards(self, view: dict) -> None:
        cards = []
        for p in view.get("players", []):
            for card in p.get("book", []):
                cards.append((f"{W.card(card['card'])} ({p['name']})", card["card"]))
        if cards != self._cards:
            self._cards = cards
            for picker in self.query(CardPicker):
                picker.set_options(cards)

    def _auto_card(self) -> str | None:
        view = self._view or {}
        for t in sorted(self._touches):
            if t.startswith("card:"):
                return t[5:]
        if view.get("acting"):
            return view["acting"]
        cur = view.get("current")
        players = view.get("players", [])
        pages = [t[5:] for t in sorted(self._touches) if t.startswith("book:")]
        if cur is not None and cur < len(players) and pages:
            for card in players[cur].get("book", []):
                if card["deck"] == pages[0]:
                    return card["card"]
        open_sec = view.get("open")
        if cur is not None and open_sec and cur < len(players):
            for card in players[cur].get("book", []):
                if card["deck"] == open_sec:
                    return card["card"]
        return None

    def _draw_help(self, root) -> None:
        if self._view is None:
            return
        if self.help_card:
            cid = self.help_card
        else:
            cid = self._auto_card()
        explained = not self.wide
        for w in root.query(HelpView):
            if w.changed(self._view, frozenset(), (cid, explained)):
                w.draw(self._view, cid, explained)

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        value = event.value
        self.help_card = value if isinstance(value, str) else None
        for picker in self.query(CardPicker):
            if picker is not event.select and picker.value != event.value:
                with picker.prevent(Select.Changed):
                    picker.value = event.value
        if self._view is not None:
            self._draw_help(self)
