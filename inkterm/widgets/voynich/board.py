"""Voynich's board: the puzzle, the five board sections, the score track, the
current player's book and a help card.

The widgets draw only the dict they are given (``state.summary()``; every book is
public) and the board ids the highlighted choice touches: ``cell:2,3``,
``botany:space:STEM1``, ``astrology:space:2O1:star``, ``baths:dirty:d3`` (one dirty
drop), ``book:baths``, ``card:BO4``.

Every colour is doubled by a letter or glyph, so the board reads with NO_COLOR:

* owners are colour initials (``R`` Red, ``B`` Blue, ``Y`` Yellow, ``G`` Green),
  ``N`` the neutral grey player, ``d3`` a dirty drop;
* piece and knowledge types are glyphs (``♣`` Botany, ``★`` Astrology, ``≈`` Baths,
  ``¶`` Writing, ``◎`` the central piece), tokens are owner + kind (``R♣`` a leaf,
  ``R≈`` a drop, ``R★`` a star, ``Rt3``/``RT3`` an untranslated/translated text);
* a highlighted thing is marked ``▸`` (and shown reversed).

At 110×34 and up the whole table is laid out at once; smaller, the puzzle, the
sections, the book and the help card are tabs (the tab a highlighted choice touches
comes to the front). Colours and emphasis come from ``assets/voynich.tcss``.
"""
from __future__ import annotations

import re

from rich.console import Group
from rich.style import Style
from rich.text import Text
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Select, Static, TabbedContent, TabPane

from inkterm.games.voynich.rules import ACTION_LABEL, HELP
from inkterm.widgets.touch import BoardTouched, click_style

MARK = "▸"
TYPES = ("botany", "astrology", "baths", "writing")
ABBR = {"botany": "Bo", "astrology": "As", "baths": "Ba", "writing": "Wr", "recipes": "Re"}
TYPE_GLYPH = {"botany": "♣", "astrology": "★", "baths": "≈", "writing": "¶"}
KIND_GLYPH = {"leaf": "♣", "drop": "≈", "star": "★"}
ABBR_GLYPH = {"Bo": "♣", "As": "★", "Ba": "≈", "Wr": "¶"}
SECTIONS = ("botany", "astrology", "baths", "writing", "recipes")
# A short key beside each section's name: how to read its tokens (R♣ = Red's leaf).
SECTION_KEY = {
    "botany": "R♣ Red leaf, R≈ Red drop",
    "astrology": "★star ¶text, N=neutral",
    "baths": "d3 dirty drop, flows ›",
    "writing": "t3, T3=translated | stars",
    "recipes": "4 spaces a row",
}
# Turning a card to its next step: step 1->2 rotate, 2->3 flip, 3->4 rotate.
ARROW = {1: "↻", 2: "⇅", 3: "↻"}
HELP_STEP = re.compile(r"\s*step (\d): (.*?); (.*?)(?:; advance: (.*) then (\w+))?$")


ICON = re.compile(r"^(\d)?([A-Z])(\d)?(?::(.+))?$")


def explain_icon(icon: str) -> str:
    """A condition icon in words: ``G2:Bo`` -> ``a token in a ♣Bo group of 2+``."""
    m = ICON.match(icon.strip())
    if not m:
        return icon
    count, kind, n, colour = m.groups()
    k = int(count or 1)
    col = "" if colour in (None, "*") else f"{ABBR_GLYPH.get(colour, '')}{colour} "
    if k == 1:
        words = {
            "G": f"a token in a {col}group of {n}+",
            "A": f"a token next to (outside) a {col}group of {n}+",
            "E": f"a token on {'a ' + col if col else 'an '}edge piece",
            "C": f"a token on a {col}corner piece",
            "O": f"a token on a {col}piece in an outer circle",
            "S": f"a token in a group of {n}+ (any one colour)",
            "M": f"a token on a piece whose neighbours show {n}+ colours",
        }
    else:
        words = {
            "G": f"{k} tokens in {k} different {col}groups of {n}+",
            "A": f"{k} tokens next to {k} different {col}groups of {n}+",
            "E": f"{k} tokens on {k} different {col}edge pieces",
            "C": f"{k} tokens on {k} different {col}corner pieces",
            "O": f"{k} tokens on {col}pieces in {k} different outer circles",
            "S": f"{k} tokens in {k} different groups of {n}+, all one colour",
            "M": f"{k} tokens on {k} different pieces whose neighbours show {n}+ colours",
        }
    return words.get(kind, icon)


def explain(cond: list[str]) -> str:
    return "; ".join(f"{i} = {explain_icon(i)}" for i in cond)


def owner_mark(tok: dict, players: list[dict]) -> tuple[str, str]:
    """(letters, style name) for a token's owner."""
    if tok.get("dirty"):
        return tok["dirty"], "dirty"
    seat = tok.get("seat")
    if seat is None:
        return "N", "neutral"
    colour = players[seat]["colour"] if seat < len(players) else "?"
    return colour[0], f"c-{colour.lower()}"


def parse_help(cid: str) -> tuple[str, list[tuple[int, list[str], str, str, str]]]:
    """A help card as (title, [(step, actions, scoring, condition, turn)])."""
    lines = HELP.get(cid, "").splitlines()
    if not lines:
        return cid, []
    steps = []
    for line in lines[1:]:
        m = HELP_STEP.match(line)
        if m:
            acts = [a.strip() for a in m.group(2).split(",") if a.strip()]
            steps.append((int(m.group(1)), acts, m.group(3), m.group(4) or "", m.group(5) or ""))
    return lines[0], steps


class VoyPart(Static):
    """A piece of the board that renders Rich text with styles from the stylesheet."""

    COMPONENT_CLASSES = {
        "voy--hi", "voy--head", "voy--muted", "voy--current", "voy--open",
        "voy--c-red", "voy--c-blue", "voy--c-yellow", "voy--c-green",
        "voy--neutral", "voy--dirty",
        "voy--botany", "voy--astrology", "voy--baths", "voy--writing", "voy--centre",
        "voy--circle", "voy--gutter", "voy--mark",
    }

    _styles: dict | None = None

    def style(self, name: str):
        # Looking a component style up is slow and a board draws hundreds of spans:
        # remember them until the stylesheet changes (theme switch).
        cache = self._styles
        if cache is None:
            cache = self._styles = {}
        st = cache.get(name)
        if st is None:
            st = self.get_component_rich_style(f"voy--{name}", partial=True)
            if st.color is not None:
                # A partial style leaves a translucent colour ($text-muted) unblended,
                # which shows as plain white: take the blended colour of the full style.
                st = st + Style(color=self.get_component_rich_style(f"voy--{name}").color)
            cache[name] = st
        return st

    def notify_style_update(self) -> None:
        self._styles = None
        super().notify_style_update()

    # Cells, spaces, pages and cards are clickable, but their colours mean owners and
    # types: no link colour at rest, only an underline under the pointer.
    auto_links = False

    @property
    def link_style_hover(self) -> Style:
        return Style(underline=True)

    def action_touch(self, touch: str) -> None:
        """A clicked cell, space, page or card: tell the screen (it picks the choice)."""
        self.post_message(BoardTouched(touch))

    def seat_style(self, players: list[dict], seat: int):
        if seat is None or seat >= len(players):
            return self.style("neutral")
        return self.style(f"c-{players[seat]['colour'].lower()}")

    def seat_mark(self, players: list[dict], seat: int) -> str:
        return players[seat]["colour"][0]

    def tokens(self, toks: list[dict], players: list[dict], marked: frozenset[str] = frozenset()) -> Text:
        """Tokens on one space: owner letter + kind glyph (texts as t3 / T3); the dirty
        drops named in ``marked`` (the one a purify choice takes) are highlighted."""
        out = Text()
        if not toks:
            out.append("·", style=self.style("muted"))
            return out
        # identical tokens (five leaves of one player on BASE) are counted: R♣×5
        labels: dict[str, list] = {}
        for tok in toks:
            letters, sty = owner_mark(tok, players)
            if tok.get("dirty"):
                label = letters
            elif tok.get("kind") == "text":
                t = tok.get("text", "t?")
                label = letters + (t.upper() if tok.get("translated") else t)
            else:
                label = letters + KIND_GLYPH.get(tok.get("kind", ""), "?")
            labels.setdefault(label, [sty, 0])[1] += 1
        for i, (label, (sty, n)) in enumerate(labels.items()):
            if i:
                out.append(",", style=self.style("muted"))
            if label in marked:
                out.append(MARK + label, style=self.style("hi"))
            else:
                out.append(label + (f"×{n}" if n > 1 else ""), style=self.style(sty))
        return out


# --- the puzzle ---------------------------------------------------------------------------
class PuzzleView(VoyPart):
    """The 8×8 puzzle: letters, pieces, circles, research tokens, row/column values."""

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
        for r in range(8):
            line = Text(f"{r + 1} ", style=self.style("head"))
            for c in range(8):
                rc = f"{r + 1}{c + 1}"
                line.append_text(self._cell(rc, grid[r][c], letters[r][c], rc in circle,
                                            piece.get(rc), rc in loose, research.get(rc, []),
                                            rc in hi_cells, players))
            line.append(f" {rowv[r]}", style=self.style("muted"))
            lines.append(line)
        foot = Text("  ")
        for c in range(8):
            foot.append(f" {colv[c]}  ", style=self.style("muted"))
        foot.append(" col", style=self.style("muted"))
        lines.append(foot)
        lines.append(Text("♣Bo ★As ≈Ba ¶Wr ◎centre ?unlinked", style=self.style("muted")))
        if note is not None:
            lines.append(note)
        self.update(Group(*lines))

    def _cell(self, rc, g, letter, in_circle, ptype, loose, seats, hi, players) -> Text:
        t = Text()
        t.append(MARK if hi else " ", style=self.style("mark") if hi else "")
        if g == "*":
            t.append("◎", style=self.style("centre"))
        elif ptype:
            t.append(TYPE_GLYPH[ptype], style=self.style("muted") if loose else self.style(ptype))
        else:
            ch = letter.upper() if in_circle else letter.lower()
            t.append(ch, style=self.style("circle" if in_circle else "gutter"))
        # two slots: research tokens by owner (R, RB, R2, R+), or ? for an unlinked piece
        slots = Text()
        if seats:
            distinct = sorted(set(seats))
            if len(distinct) == 1:
                n = len(seats)
                slots.append(self.seat_mark(players, distinct[0]), style=self.seat_style(players, distinct[0]))
                slots.append(str(n) if n > 1 else " ")
            else:
                s0 = distinct[0]
                slots.append(self.seat_mark(players, s0), style=self.seat_style(players, s0))
                if len(distinct) == 2:
                    slots.append(self.seat_mark(players, distinct[1]),
                                 style=self.seat_style(players, distinct[1]))
                else:
                    slots.append("+")
        elif loose:
            slots.append("? ", style=self.style("muted"))
        else:
            slots.append("  ")
        t.append_text(slots)
        if hi:
            t.stylize(self.style("hi"), 1)
        t.stylize(click_style(f"cell:{rc[0]},{rc[1]}"))
        return t


# --- the score track and the players -------------------------------------------------------
class TrackView(VoyPart):
    """The 0–100 track: breakthroughs ^, boxes |, the game end E at 52, every marker;
    then each player's numbers."""

    def draw(self, view: dict, touches: frozenset[str], width: int) -> None:
        players = view.get("players", [])
        track = view.get("track", {})
        breaks = set(track.get("breakthroughs", []))
        end = track.get("end", 52)
        cap = track.get("cap", 100)
        w = max(20, width - 6)
        scale = cap / w

        def col(v: int) -> int:
            return min(w - 1, int(min(v, cap) / scale))

        ruler = ["·"] * w
        for x in range(w):
            lo, hi = x * scale, (x + 1) * scale
            if any(lo <= b < hi for b in range(10, cap + 1, 10)):
                ruler[x] = "|"
        for b in breaks:
            ruler[col(b)] = "^"
        ruler[col(end)] = "E"
        lines = []
        head = Text("Track ", style=self.style("head"))
        if view.get("end_triggered"):
            head.append(f"^break E={end}: ", style=self.style("muted"))
            head.append("END TRIGGERED", style=self.style("hi"))
        else:
            head.append(f"^break E={end} end 2+=stack", style=self.style("muted"))
        lines.append(head)
        lines.append(Text("     " + "".join(ruler), style=self.style("muted"), no_wrap=True, overflow="crop"))
        current = view.get("current")
        for s, p in enumerate(players):
            line = Text(no_wrap=True, overflow="crop")
            line.append(MARK if s == current else " ", style=self.style("current"))
            line.append(f"{p['name'][:3]:<3} ", style=self.seat_style(players, s))
            row: list[list[str]] = [[] for _ in range(w)]
            know = p.get("knowledge", {})
            for t in TYPES:
                row[col(know.get(t, 0))].append(TYPE_GLYPH[t])
            row[col(p.get("ok", 0))].append("O")
            for x in range(w):
                here = row[x]
                if not here:
                    line.append(ruler[x] if ruler[x] != "·" else " ", style=self.style("muted"))
                elif len(here) == 1:
                    g = here[0]
                    ty = next((t for t in TYPES if TYPE_GLYPH[t] == g), None)
                    line.append(g, style=self.style(ty) if ty else self.seat_style(players, s))
                else:
                    line.append(str(len(here)) if len(here) < 10 else "*", style=self.style("head"))
            lines.append(line)
        for s, p in enumerate(players):
            lines.append(self._numbers(s, p, players, current, view))
        self.update(Group(*lines))

    def _numbers(self, s, p, players, current, view) -> Text:
        t = Text()
        t.append(MARK if s == current else " ", style=self.style("current"))
        t.append(f"{p['colour'][0]} {p['name'][:10]}", style=self.seat_style(players, s) + self.style("head"))
        t.append(f" OK {p.get('ok', 0)}", style=self.style("head"))
        know = p.get("knowledge", {})
        for ty in TYPES:
            t.append(f" {TYPE_GLYPH[ty]}{know.get(ty, 0)}", style=self.style(ty))
        share = p.get("sharing", {})
        tokens = "".join(f"{TYPE_GLYPH[ty]}{n}" for ty, n in share.items() if n)
        if tokens:
            t.append(f" share {tokens}", style=self.style("head"))
        proj = p.get("final", p.get("projected"))
        if proj is not None:
            t.append(f" {'final' if 'final' in p else 'end~'}{proj}", style=self.style("muted"))
        return t


# --- the five board sections --------------------------------------------------------------
class SectionView(VoyPart):
    """One board section as a compact diagram, tokens by owner."""

    def __init__(self, section: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.section = section

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
        self.update(Group(title, *body))

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
        return [
            self.row("roots RT", [self.sp(f"RT{i}", f"{i}") for i in range(1, 5)]),
            self.row("   › RU", [self.sp(f"RU{i}", f"{i}") for i in range(1, 5)] + [self.sp("BASE", "BASE ")]),
            self.row("stem ", [self.sp(f"STEM{i}", f"S{i}") for i in range(1, 5)]
                     + [Text(" ›"), self.sp("FL1", "FL1"), self.sp("FL2", "FL2")]),
            self.row("branch", [self.sp(f"BR{b}{x}", f"{b}{x}") for b, xs in ((1, "abc"), (2, "abc"))
                                for x in xs]),
            self.row("      ", [self.sp(f"BR{b}{x}", f"{b}{x}") for b, xs in ((3, "ab"), (4, "ab"))
                                for x in xs]),
        ]

    def _astrology(self, view) -> list[Text]:
        goat = view.get("goat")
        out = []
        for s in range(1, 6):
            t = Text()
            if s == goat:
                t.append("goat▸", style=self.style("head"))
            else:
                t.append("     ")
            t.append(f"{s}", style=self.style("head"))
            for c in ("I", "O1", "O2"):
                t.append(f" {c}", style=self.style("head"))
                t.append_text(self.sp(f"{s}{c}:star", "★"))
                t.append_text(self.sp(f"{s}{c}:text", "¶"))
            out.append(t)
        return out

    def _baths(self, view) -> list[Text]:
        return [
            self.row("left ", [self.sp("FNL", "FNL"), self.sp("SL1", "SL1"), self.sp("SL2", "SL2")]
                     + [Text(" ↘J", style=self.style("muted"))]),
            self.row("right", [self.sp("FNR", "FNR"), self.sp("DW", "DW"), self.sp("SR1", "SR1")]
                     + [Text(" ↗J", style=self.style("muted"))]),
            self.row("J", [self.sp("J1", "1"), self.sp("J2", "2"), Text(" ›"), self.sp("POOL1", "P1 ")]),
            self.row("›", [self.sp("CH1", "CH1"), self.sp("CH2", "CH2"), Text(" › P2")]
                     + [self.sp(f"P2{x}", x) for x in "abcd"]),
        ]

    def _writing(self, view) -> list[Text]:
        board = view.get("board", {}).get("writing", {})
        out = []
        for w in range(1, 6):
            info = board.get(f"W{w}", {})
            t = Text(f"W{w}", style=self.style("head"))
            for i in range(1, info.get("texts", 4) + 1):
                t.append_text(self.sp(f"W{w}:t{i}", ""))
            t.append(" |", style=self.style("muted"))
            for i in range(1, info.get("stars", 2) + 1):
                t.append_text(self.sp(f"W{w}:s{i}", ""))
            if info.get("head"):
                t.append(f"  {info['head']}", style=self.style("muted"))
            out.append(t)
        return out

    def _recipes(self, view) -> list[Text]:
        out = []
        for pair in ((("star", "★"), ("leaf", "♣")), (("drop", "≈"), ("text", "¶"))):
            t = Text()
            for kind, glyph in pair:
                t.append(glyph, style=self.style("head"))
                for i in range(1, 5):
                    t.append_text(self.sp(f"{kind}:{i}", f"{i}"))
                t.append("  ")
            out.append(t)
        return out


# --- the book and the help card -----------------------------------------------------------
class BookView(VoyPart):
    """The current player's book: five double pages, each card's active step."""

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
        head = Text(f"Book: {p['name']}", style=self.seat_style(players, seat) + self.style("head"))
        sup = p.get("supply", {})
        texts = " ".join(sup.get("texts", [])) or "no texts"
        head.append("\n" if wrap else "  ")
        head.append(f"supply: research {sup.get('research', 0)} ♣{sup.get('leaf', 0)} ≈{sup.get('drop', 0)}"
                    f" ★{sup.get('star', 0)} {texts}", style=self.style("muted"))
        if not wrap:
            head.no_wrap = True
            head.overflow = "ellipsis"
        lines = [head]
        pages: dict[str, list[dict]] = {}
        for card in p.get("book", []):
            pages.setdefault(card["deck"], []).append(card)
        for sec in SECTIONS:
            page_hi = f"book:{sec}" in touches
            for i, card in enumerate(pages.get(sec, [])):
                t = Text(no_wrap=not wrap, overflow="ellipsis")
                if i == 0:
                    tag = ABBR[sec]
                    if sec == open_sec:
                        t.append("▶", style=self.style("open"))
                        t.append(tag, style=self.style("open"))
                    elif sec == last:
                        t.append("✗", style=self.style("muted"))
                        t.append(tag, style=self.style("muted"))
                    else:
                        t.append(" " + tag, style=self.style("head"))
                    t.append(" ")
                else:
                    t.append("    ")
                hi = page_hi or f"card:{card['card']}" in touches
                t.append(MARK if hi else " ", style=self.style("mark") if hi else "")
                t.append(card["card"], style=self.style("head"))
                if card["card"] == acting:
                    t.append("◆", style=self.style("current"))
                else:
                    t.append(" ")
                step = card.get("step", 1)
                t.append(f"s{step} x{card.get('multiplier', 0)} ")
                cond = card.get("condition") or []
                if step < 4 and cond:
                    t.append(f"⟶{'+'.join(cond)}{ARROW.get(step, '')}", style=self.style("muted"))
                else:
                    t.append("✓last", style=self.style("muted"))
                t.append(" │ ", style=self.style("muted"))
                t.append(", ".join(card.get("actions", [])))
                if hi:
                    t.stylize(self.style("hi"), 4)
                # a click on the page tag opens the page, on the card uses it
                t.stylize(click_style(f"book:{sec}"), 0, 4)
                t.stylize(click_style(f"card:{card['card']}"), 4)
                lines.append(t)
        legend = Text("▶open ✗opened last turn ◆in use · s=step x=score ⟶to advance ↻rotate ⇅flip",
                      style=self.style("muted"), no_wrap=not wrap, overflow="ellipsis")
        if acting and view.get("actions_left"):
            left = Text(f"◆{acting} left: ", style=self.style("current"))
            left.append(", ".join(view["actions_left"]))
            lines.append(left)
        elif wrap or len(lines) < 12:
            lines.append(legend)
        self.update(Group(*lines))


class HelpView(VoyPart):
    """A help card: the card's four steps, what each adds, scoring, condition, turn."""

    def draw(self, view: dict, cid: str | None, explained: bool = False) -> None:
        if not cid:
            self.update(Text("Choose a card above to see its help card.", style=self.style("muted")))
            return
        title, steps = parse_help(cid)
        holder, now = None, None
        for s, p in enumerate(view.get("players", [])):
            for card in p.get("book", []):
                if card["card"] == cid:
                    holder, now = (s, p), card.get("step")
        lines = []
        scores = title.split(" scores ", 1)[1] if " scores " in title else ""
        sub = Text(cid, style=self.style("head"))
        if scores:
            sub.append(f" scores {scores}")
        if holder is not None:
            s, p = holder
            sub.append(" · ")
            sub.append(f"{p['colour'][0]} {p['name']}", style=self.seat_style(view["players"], s))
        lines.append(sub)
        prev: list[str] = []
        for step, acts, scoring, cond, turn in steps:
            t = Text()
            here = step == now
            t.append(MARK if here else " ", style=self.style("current") if here else "")
            t.append(f"s{step} ", style=self.style("head"))
            t.append("x0" if scoring.startswith("(") else scoring)
            if cond:
                arrow = {"rotate": "↻", "flip": "⇅"}.get(turn, turn)
                t.append(f" ⟶{cond.replace(' ', '')}{arrow}",
                         style=self.style("muted"))
            else:
                t.append(" ✓last", style=self.style("muted"))
            t.append(" │ ", style=self.style("muted"))
            if acts[: len(prev)] == prev and prev:
                t.append("+" + ", ".join(acts[len(prev):]))
            else:
                t.append(", ".join(acts))
            if here:
                t.stylize(self.style("current"), 0, 1)
            prev = acts
            lines.append(t)
        if explained:
            icons = []
            for _, _, _, cond, _ in steps:
                for icon in cond.split("+"):
                    if icon.strip() and icon.strip() not in icons:
                        icons.append(icon.strip())
            if icons:
                lines.append(Text("To advance, lift your research tokens from the puzzle:",
                                  style=self.style("head")))
            for icon in icons:
                lines.append(Text(f" {icon} = {explain_icon(icon)}"))
            codes = []
            for _, acts, _, _, _ in steps:
                for a in acts:
                    for code in a.split("/"):
                        if code not in codes:
                            codes.append(code)
            if scores:
                lines.append(Text(f"xN = at the end, N × the highest box (10=1 … 100=10) your "
                                  f"{scores} reached", style=self.style("muted")))
            lines.append(Text("Actions:", style=self.style("head")))
            for code in codes:
                label = ACTION_LABEL.get(code)
                if label is None:
                    label = f"gain {code}" if code[:1].isdigit() else code
                lines.append(Text(f" {code} = {label}"))
        self.update(Group(*lines))


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
                    with Vertical(classes="vy-card vy-card-top"):
                        yield CardPicker([], prompt="help card: follows choice", compact=True,
                                         type_to_search=False, classes="vy-picker")
                        yield HelpView(classes="vy-help")
            with Horizontal(classes="vy-band"):
                with Vertical(classes="vy-col"):
                    yield SectionView("botany", classes="vy-section")
                    yield SectionView("baths", classes="vy-section")
                    yield SectionView("recipes", classes="vy-section")
                with Vertical(classes="vy-col"):
                    yield SectionView("astrology", classes="vy-section")
                    yield SectionView("writing", classes="vy-section")
            with Horizontal(classes="vy-band"):
                yield BookView(classes="vy-book")
                # With three or four players the track needs the room beside the
                # puzzle: the help card moves beside the book (see voynich.tcss).
                with Vertical(classes="vy-card vy-card-side"):
                    yield CardPicker([], prompt="help card: follows choice", compact=True,
                                     type_to_search=False, classes="vy-picker")
                    yield HelpView(classes="vy-help")
        with TabbedContent(id="vy-tabs"):
            with TabPane("Puzzle", id="vy-tab-puzzle"):
                with VerticalScroll():
                    yield PuzzleView(classes="vy-puzzle")
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
        note = self._condition_note(view, touches, wide)
        for w in root.query(PuzzleView):
            w.draw(view, touches, note)
        for w in root.query(TrackView):
            width = w.content_size.width or (36 if wide else 44)
            w.draw(view, touches, width)
        for w in root.query(SectionView):
            w.draw(view, touches)
        for w in root.query(BookView):
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
                    t = Text(f"{card['card']} needs ", style="bold")
                    t.append(explain(card["condition"]))
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
                cards.append((f"{card['card']} {p['name']}", card["card"]))
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
