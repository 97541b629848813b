"""A page as a page: each illustration framed with its points and progress, its
spaces as cells (``3·R`` space 3, empty, takes red or gold; ``3■K`` holds black),
complete ones marked ✓, the standalone spaces and the multiplier set apart.

Wide, each illustration is a box and the boxes sit side by side as on the card;
narrow, an illustration is a line between ``▕ ▏``. The other seats' pages are drawn
small: a cube letter per filled space, ``·`` per empty one."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from inkterm.engine.text import NO_BREAK
from inkterm.games.inkwell.rules import gold_bonus_words
from inkterm.i18n import N_, gettext as _
from inkterm.widgets.hanging import Hanging
from inkterm.widgets.touch import click_style

from .common import (CAND, LETTER, MARK, ROMAN, SYMBOL, WORD, InkPart, acting_seat,
                     bottle_cubes, candidate_spaces, fit, illustration_mark, line, page_name, page_progress, scored_total,
                     side_words, tech_name, washes, wrap)


#: What a Turn's preview names its parts (the view's English), and their short words.
PREVIEW_WORDS = (N_("illustrations"), N_("multiplier"))
SHORT_PARTS = {"illustrations": N_("illus"), "multiplier": N_("mult")}


def part_words(p: dict) -> dict[str, str]:
    """The names a Turn's preview gives its parts in English (the desk's side, a
    technique) in the reader's language."""
    ws = p.get("workspace") or {}
    said = {(ws.get(s.lower()) or {}).get("name", ""): side_words(ws, s)[0] for s in ("A", "B")}
    said.update((x["name"], tech_name(x)) for x in p.get("techniques") or [])
    return said


def split_spaces(page: dict) -> tuple[dict[str, list[dict]], list[dict], dict | None]:
    """The page's spaces by illustration, the standalone ones, the multiplier."""
    by_ill: dict[str, list[dict]] = {}
    loose: list[dict] = []
    mult: dict | None = None
    for sp in page["spaces"]:
        if sp["role"] == "multiplier":
            mult = sp
        elif sp.get("illustration"):
            by_ill.setdefault(sp["illustration"], []).append(sp)
        else:
            loose.append(sp)
    return by_ill, loose, mult


class PageDrawing:
    """Draws one page for ``part``: ``touches`` marks spaces ▶, ``cand`` marks them +."""

    def __init__(self, part: InkPart, page: dict, touches: frozenset[str] = frozenset(),
                 cand: set[str] | frozenset[str] = frozenset(), clickable: bool = False):
        self.part, self.page, self.touches, self.cand, self.clickable = part, page, touches, cand, clickable
        self.by_ill, self.loose, self.mult = split_spaces(page)

    def cell(self, sp: dict, label: str) -> Text:
        part, sid = self.part, sp["id"]
        hi = f"space:{sid}" in self.touches
        c = Text()
        if sp["cube"] is not None:
            if hi:  # a placed cube the choice moves (Scraper)
                c.append(MARK, style=part.style("current"))
            c.append(label)
            c.append("■")
            c.append_text(part.cube(sp["cube"]))
        else:
            c.append(label, style=part.style("muted"))
            marker = MARK if hi else CAND if sid in self.cand else "·"
            c.append(marker, style=part.style("current") if marker == MARK else
                     part.style("head") if marker == CAND else part.style("muted"))
            c.append(SYMBOL[sp["accept"]], style=part.ink(sp["accept"]))
        if hi:
            c.stylize(part.style("hi"))
        elif sid in self.cand:
            c.stylize(part.style("room"))
        if self.clickable:  # the id and mark, not the coloured cube (a link takes the text colour)
            c.stylize(click_style(f"space:{sid}"), 0, len(c) - 1)
        return c

    def cells(self, spaces: list[dict], strip: bool) -> list[Text]:
        return [self.cell(sp, sp["id"][1:] if strip else sp["id"]) for sp in spaces]

    def title(self, ill: dict, framed: bool = False) -> Text:
        """``illus A 5pt 2/6`` or ``illus A 5pt ✓``; ``framed``: on a box's top edge,
        apart from the cubes, where the letter alone reads as the box's name (and
        the whole table keeps to 120×40)."""
        name = ill["id"] if framed else illustration_mark(ill["id"])
        t = Text(f"{name} " + _("{n}pt").format(n=ill['points']) + " ", style=self.part.style("head"))
        if ill.get("complete"):
            t.append("✓", style=self.part.style("done"))
        else:
            t.append(f"{ill['filled']}/{ill['size']}")
        return t

    def mult_note(self, short: bool = False) -> Text:
        """What the multiplier counts: ``counts red + gold`` (short ``(red + gold)``)."""
        m = self.page.get("multiplier", "?")
        if m == "?":
            return Text(_("(its colour)") if short else _("counts the colour on it"), style=self.part.style("muted"))
        return Text.assemble("(" if short else _("counts") + " ", (_(WORD[m]), self.part.ink(m)),
                             "+" + _("gold") + ")" if short else " + " + _("gold"))

    # ------------------------------------------------------------------ narrow
    def rows(self, width: int) -> list[Text]:
        """An illustration a line, its cells framed ``▕ ▏`` (continued under
        themselves when too many for the width); then the standalone spaces and the
        multiplier on a line of their own."""
        part = self.part
        out: list[Text] = []
        titles = [self.title(ill) for ill in self.page.get("illustrations", [])]
        col = max((t.cell_len for t in titles), default=0) + 1
        for ill, title in zip(self.page.get("illustrations", []), titles):
            frame = part.style("done" if ill.get("complete") else "frame")
            chunk: list[Text] = []
            first = True
            for c in self.cells(self.by_ill.get(ill["id"], []), strip=True):
                if chunk and col + 2 + sum(x.cell_len + 1 for x in chunk) + c.cell_len > width:
                    out.append(self._framed_row(title if first else Text(), col, chunk, frame))
                    chunk, first = [], False
                chunk.append(c)
            out.append(self._framed_row(title if first else Text(), col, chunk, frame))
        extra = self.apart()
        if extra:
            out.append(extra)
        return out

    def apart(self) -> Text:
        """The standalone spaces and the multiplier, on a line of their own."""
        part = self.part
        extra = Text(no_wrap=True, overflow="ellipsis")
        if self.loose:
            extra.append(_("margin") + " ", style=part.style("muted"))  # its spaces: margin 1, 2…
            extra.append_text(Text(" ").join(self.cells(self.loose, strip=True)))
        if self.mult is not None:
            if extra:
                extra.append(" ┊ ", style=part.style("frame"))
            extra.append(_("multiplier") + " ", style=part.style("head"))
            extra.append_text(self.cell(self.mult, self.mult["id"]))
            extra.append(" ")
            extra.append_text(self.mult_note(short=True))
        return extra

    def _framed_row(self, title: Text, col: int, cells: list[Text], frame) -> Text:
        return line(fit(title, col), ("▕", frame), Text(" ").join(cells), ("▏", frame))

    # ------------------------------------------------------------------ wide
    def boxes(self, width: int) -> list[Text]:
        """Each illustration a box with its title on the top edge, side by side as
        many as fit; the standalone spaces and the multiplier in boxes of their own
        when they fit beside them, else on a line below."""
        part = self.part
        boxes = []
        for ill in self.page.get("illustrations", []):
            style = part.style("done" if ill.get("complete") else "frame")
            boxes.append(self._box(self.title(ill, framed=True), self.cells(self.by_ill.get(ill["id"], []), strip=True),
                                   style, width))
        extras = []
        if self.loose:
            extras.append(self._box(Text(_("margin"), style=part.style("muted")),
                                    self.cells(self.loose, strip=True), part.style("frame"), width,
                                    corner="┌┐└┘"))
        if self.mult is not None:
            extras.append(self._box(Text(_("multiplier"), style=part.style("head")),
                                    [Text.assemble(self.cell(self.mult, self.mult["id"]), " ", self.mult_note())],
                                    part.style("frame"), width, corner="┌┐└┘"))
        rows = pack(boxes, width)
        last = rows[-1] if rows else []
        if extras and sum(b[0].cell_len for b in last + extras) + len(last + extras) - 1 <= width:
            rows[-1] = last + extras
        elif extras:
            return [*join_rows(rows), self.apart()]
        return join_rows(rows)

    def _box(self, title: Text, cells: list[Text], style, width: int, corner: str = "╭╮╰╯") -> list[Text]:
        """A box of three or more lines: the title on its top edge, the cells inside."""
        inner = max(title.cell_len + 2, 1)
        body: list[Text] = []
        chunk: list[Text] = []
        for c in cells:
            if chunk and sum(x.cell_len + 1 for x in chunk) + c.cell_len + 4 > width:
                body.append(Text(" ").join(chunk))
                chunk = []
            chunk.append(c)
        body.append(Text(" ").join(chunk))
        inner = max(inner, *(b.cell_len + 2 for b in body))
        tl, tr, bl, br = list(corner)
        top = Text.assemble((tl + "─", style), title, ("─" * (inner - title.cell_len - 1) + tr, style))
        mid = [Text.assemble(("│ ", style), fit(b, inner - 2), (" │", style)) for b in body]
        bottom = Text(bl + "─" * inner + br, style=style)
        return [top, *mid, bottom]

    # ------------------------------------------------------------------ small
    def mini(self) -> Text:
        """``A:KR·· B:★Y··· margin · M K``: a letter per cube placed, ``·`` per empty
        space; an illustration's letter with a colon (``B✓`` complete) reads as a
        label, not a blue cube, in as little room as a letter and a space (the line
        keeps to one row beside the page's name at 120×40)."""
        part = self.part
        t = Text(no_wrap=True, overflow="ellipsis")
        groups = [(ill["id"] + ("✓ " if ill.get("complete") else ":"), self.by_ill.get(ill["id"], []))
                  for ill in self.page.get("illustrations", [])]
        if self.loose:
            groups.append((_("margin") + " ", self.loose))  # never "S": the star bottle is S1
        if self.mult is not None:
            groups.append(("M ", [self.mult]))
        for n, (name, spaces) in enumerate(groups):
            if n:
                t.append("  ")
            t.append(name, style=part.style("done" if name.endswith("✓ ") else "muted"))
            for sp in spaces:
                t.append_text(part.cube(sp["cube"]) if sp["cube"] else Text("·", style=part.style("muted")))
        return t


def pack(boxes: list[list[Text]], width: int) -> list[list[list[Text]]]:
    """Boxes into rows, left to right, a gap between them, as many a row as fit."""
    rows: list[list[list[Text]]] = []
    used = width + 1
    for b in boxes:
        w = b[0].cell_len
        if rows and used + 1 + w <= width:
            rows[-1].append(b)
            used += 1 + w
        else:
            rows.append([b])
            used = w
    return rows


def join_rows(rows: list[list[list[Text]]]) -> list[Text]:
    out: list[Text] = []
    for row in rows:
        height = max(len(b) for b in row)
        for y in range(height):
            pieces = []
            for b in row:
                pieces.append(b[y] if y < len(b) else Text(" " * b[0].cell_len))
            t = Text(" ").join(pieces)
            t.no_wrap = True
            out.append(t)
    return out


class PageView(InkPart):
    """The page of the player whose turn it is (the viewer's own when no one is to
    choose), with the cubes waiting to be placed and what a Turn would score now."""

    READS = ("space:", "bottle:", "page:")
    KEYS = ("current", "you", "hand", "mat")

    def data(self, view: Mapping[str, Any]):
        seat, players = acting_seat(view), view.get("players", [])
        return super().data(view), players[seat] if seat is not None and seat < len(players) else None

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        players = view.get("players", [])
        seat = acting_seat(view)
        if seat is None or seat >= len(players):
            self.show_lines([Text(_("The game is over."), style=self.style("muted"))])
            return
        p = players[seat]
        page = p.get("page")
        mine = view.get("current") == seat
        hi = touches if mine else frozenset()
        head = Text(no_wrap=True, overflow="ellipsis")
        head.append(_("Page: {name}").format(name=p['name']), style=self.seat_style(seat) + self.style("head"))
        if page is None:
            if p.get("finished"):
                head.append("  — " + _("all three pages turned"), style=self.style("muted"))
            else:
                nxt = ROMAN[min(3, p.get("pages_turned", 0) + 1)]
                head.append("  — " + _("choosing a page {level}").format(level=nxt), style=self.style("muted"))
            self.show_lines([head])
            return
        turn_hi = f"page:{page['id']}" in hi
        head.append(f" {page['id']} {page_name(page)}",
                    style=(self.style("hi") if turn_hi else self.style("head"))
                    + click_style(f"page:{page['id']}"))
        cand: set[str] = set()
        for tch in hi:
            if tch.startswith("bottle:"):
                cand |= candidate_spaces(page, bottle_cubes(view, tch.split(":", 1)[1]), washes(p))
        head.append(f"  {CAND} = " + _("room") if cand else "  " + _("{n} empty").format(n=page['empty']),
                    style=self.style("current") if cand else "")
        hand = view.get("hand") or {}
        if mine and any(hand.values()):
            head.append("  " + _("To place: "), style=self.style("head"))
            head.append_text(self.cubes(hand))
        drawing = PageDrawing(self, page, hi, cand, clickable=mine)
        width = self.width()
        lines = [head, *(drawing.boxes(width) if detail else drawing.rows(width))]
        preview = p.get("turn_preview") or []
        if preview:
            lines += wrap(self, self.turn_line(p, preview, turn_hi, detail), width)
        self.show_lines(lines)

    def turn_line(self, p: dict, preview: list, turn_hi: bool, detail: bool) -> Hanging:
        """``Turn now scores 9: illustrations 5 + multiplier 3 + Soot Desk 1``, wrapped
        under what it adds up (at the left edge it read as a line of its own)."""
        head = Text.assemble((_("Turn now scores {n}:").format(n=scored_total(preview)),
                              self.style("hi") if turn_hi else self.style("head")), " ")
        t = Text()
        said = part_words(p)
        t.append(" + ".join(f"{said.get(lab) or _(lab if detail else SHORT_PARTS.get(lab, lab))}{NO_BREAK}{v}"
                                  for lab, v in preview))  # a part and its points on one line
        gold = p.get("turn_bonus", 0)
        bonus = f"+ {gold_bonus_words(gold)}" if gold else ""
        if p.get("must_turn"):
            t.append("  (" + _("forced: {bonus}").format(bonus=bonus or _("no gold bonus")) + ")",
                     style=self.style("forced"))
        elif bonus:
            t.append(f"  {bonus}", style=self.style("muted"))
        return Hanging(head, t)


class OthersView(InkPart):
    """The pages in front of the seats whose page is not drawn large, a line each."""

    VIEW = "players"
    KEYS = ("current", "you")

    def data(self, view: Mapping[str, Any]):
        return super().data(view), tuple((p["name"], p.get("page")) for p in view.get("players", []))

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        shown = acting_seat(view)
        lines: list[Text] = []
        for s, p in enumerate(view.get("players", [])):
            page = p.get("page")
            if s == shown or page is None:
                continue
            t = Text(no_wrap=True, overflow="ellipsis")
            t.append(_("Page: {name}").format(name=p['name']), style=self.seat_style(s) + self.style("head"))
            name = f" {page_name(page)}" if detail else ""
            t.append(f" {page['id']}{name} {page_progress(page).split()[-1]} ", style=self.style("head"))
            mini = PageDrawing(self, page).mini()
            if t.cell_len + mini.cell_len > self.width():  # narrow: the page on a line of its own
                lines.append(t)
                t = Text("  ", no_wrap=True, overflow="ellipsis")
            t.append_text(mini)
            lines.append(t)
        self.show_lines(lines)


__all__ = ["LETTER", "OthersView", "PageDrawing", "PageView"]
