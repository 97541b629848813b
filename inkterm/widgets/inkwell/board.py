"""Inkwell's board: the Abbot track, the mat, the page in front of the viewer, their
desk and techniques, every player at a glance and the page II/III displays.

The widgets draw only the dict they are given (``state.summary()`` or
``state.view(seat)``) and the board ids the highlighted choice touches:
``bottle:C2``, ``slot:T1``, ``space:A3``, ``page:II-4``, ``tech:16``, ``workspace``.

Colour is never the only signal:

* a cube is its letter ``K R Y G B`` or ``★`` for gold, on its colour;
* a page space is ``<id><state><takes>``: ``3·R`` is space 3, empty, takes red (or
  gold); ``3■★`` is space 3 holding gold; ``?`` takes any cube, ``★`` only gold;
* ``▶`` marks what the highlighted choice touches; ``+`` marks the empty spaces the
  highlighted bottle's cubes could go to (by accepted colour; the game's fit rule
  decides whether they all fit together);
* ``!`` marks a player the Abbot forces to Turn, ``✓`` a finished player.

Styles come from component classes in ``assets/inkwell.tcss``.
"""
from __future__ import annotations

from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll

from inkterm.engine.words import count
from inkterm.games.inkwell.content import SPACE_GLYPH as SYMBOL
from inkterm.games.inkwell.content import content
from inkterm.games.inkwell.rules import gold_bonus_words
from inkterm.widgets.part import BoardPart
from inkterm.widgets.touch import click_style

LETTER = {"black": "K", "red": "R", "yellow": "Y", "green": "G", "blue": "B", "gold": "★"}
CODE_OF = {"black": "K", "red": "R", "yellow": "Y", "green": "G", "blue": "B", "gold": "Au"}
WORD = {"K": "black", "R": "red", "Y": "yellow", "G": "green", "B": "blue", "?": "any", "*": "gold"}
NORMAL = ("black", "red", "yellow", "green", "blue")
SHAPE = {"star": "☆", "circle": "○", "diamond": "◇"}
USES = {"1": "once", "2": "twice", "P": "always"}
STATUS = {"up": "ready", "used-once": "1 use left", "down": "used"}
ROMAN = ("", "I", "II", "III")
MARK = "▶"
CAND = "+"


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def viewer_seat(view: dict) -> int | None:
    """Whose page is drawn large: the viewer's own, else whoever is to choose."""
    you = view.get("you")
    if you is not None:
        return you
    return view.get("current")


def bottle_cubes(view: dict, bid: str) -> list[str]:
    for b in view.get("mat", []):
        if b["id"] == bid:
            return [name for name in (*NORMAL, "gold") for _ in range(b["cubes"].get(name, 0))]
    return []


def washes(player: dict) -> list[tuple[str, str]]:
    """(source, target) colour codes of the player's wash techniques: a source cube
    may also go on a target-colour space (not the multiplier)."""
    out = []
    for x in player.get("techniques") or []:
        if x.get("kind") == "wash":
            effect = content().techniques[x["id"]].effect
            out.append((effect.source, effect.target))
    return out


def candidate_spaces(page: dict | None, cubes: list[str], wash=()) -> set[str]:
    """Empty spaces of ``page`` that accept at least one of ``cubes`` by colour (and
    by the player's washes). Whether they all fit at once is the game's fit rule."""
    if not page or not cubes:
        return set()
    out = set()
    codes = {CODE_OF[c] for c in cubes}
    for sp in page["spaces"]:
        if sp["cube"] is not None:
            continue
        a = sp["accept"]
        if "Au" in codes or (a == "?" and codes - {"Au"}) or a in codes:
            out.add(sp["id"])
        elif sp["role"] != "multiplier" and any(src in codes and dst == a for src, dst in wash):
            out.add(sp["id"])
    return out


def pile_size(rival: dict) -> int:
    """Cubes in the solo Rival's pile: points it has not scored yet (at the next arrow)."""
    return sum((rival.get("pile") or {}).values())


def scored_total(rows: list) -> int:
    return sum(int(v) for _label, v in rows)


class InkPart(BoardPart):
    """A piece of the board rendering Rich text with styles from the stylesheet."""

    COMPONENT_CLASSES = {
        "inkwell--hi",
        "inkwell--room",
        "inkwell--head",
        "inkwell--muted",
        "inkwell--current",
        "inkwell--forced",
        "inkwell--done",
        "inkwell--cube-K",
        "inkwell--cube-R",
        "inkwell--cube-Y",
        "inkwell--cube-G",
        "inkwell--cube-B",
        "inkwell--cube-Au",
        "inkwell--ink-K",
        "inkwell--ink-R",
        "inkwell--ink-Y",
        "inkwell--ink-G",
        "inkwell--ink-B",
        "inkwell--ink-Au",
        "inkwell--seat-0",
        "inkwell--seat-1",
        "inkwell--seat-2",
        "inkwell--seat-3",
        "inkwell--seat-4",
    }

    STYLE_PREFIX = "inkwell"

    def seat_style(self, seat: int):
        return self.style(f"seat-{seat % 5}")

    def cube(self, name: str) -> Text:
        """One cube: its letter (★ for gold) on its colour."""
        return Text(LETTER[name], style=self.style(f"cube-{CODE_OF[name]}"))

    def cubes(self, counts: dict, sep: str = " ", most: int = 0) -> Text:
        """Cubes one by one (``K K R ★``), or by count (``K2 R1 ★1``) past ``most``."""
        t = Text()
        first = True
        if most and sum(counts.values()) > most:
            for name in (*NORMAL, "gold"):
                n = counts.get(name, 0)
                if n:
                    if not first:
                        t.append(" ")
                    t.append_text(self.cube(name))
                    t.append(str(n))
                    first = False
            return t
        for name in (*NORMAL, "gold"):
            for _ in range(counts.get(name, 0)):
                if not first:
                    t.append(sep)
                t.append_text(self.cube(name))
                first = False
        return t

    def ink(self, code: str) -> str:
        """The style for an accepted colour code (K R Y G B ? *), as plain ink."""
        return self.style(f"ink-{'Au' if code == '*' else code}") if code != "?" else ""

    def counts(self, counts: dict, names=NORMAL) -> Text:
        """``K28 R27 …``: each letter in its ink."""
        t = Text()
        for i, name in enumerate(names):
            if i:
                t.append(" ")
            t.append(LETTER[name], style=self.ink(CODE_OF[name][0] if name != "gold" else "*"))
            t.append(str(counts.get(name, 0)))
        return t


# --------------------------------------------------------------------------- track
class TrackView(InkPart):
    """The Abbot's walk: the track with its arrows, bag, gold supply and deck."""

    def on_resize(self) -> None:
        # The bar has one cell per track space when it fits, else it is scaled.
        if self._drawn is not None:
            self.draw(*self._drawn)

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        abbot = view.get("abbot", 0)
        end = view.get("end_space", 0)
        arrows = list(view.get("arrows", []))
        crossed = view.get("arrows_crossed", 0)
        bar = Text(no_wrap=True, overflow="crop")
        width = self.content_size.width or 44
        cells = min(end + 1, max(10, width))
        where = [i * cells // (end + 1) for i in range(end + 1)]
        marks: dict[int, tuple[str, object]] = {}
        for i, a in enumerate(arrows):
            if a <= end:
                k = i + 1
                marks[where[a]] = (str(k), self.style("forced") if k <= crossed else self.style("head"))
        marks[where[min(abbot, end)]] = ("●", self.style("current"))
        for c in range(cells):
            if c in marks:
                bar.append(marks[c][0], style=marks[c][1])
            else:
                bar.append("━" if c < where[min(abbot, end)] else "─", style=self.style("muted"))
        head = Text(no_wrap=True, overflow="ellipsis")
        head.append(f"Abbot {abbot}/{end}", style=self.style("head"))
        nxt = next((k for k, a in enumerate(arrows, 1) if k > crossed), None)
        if nxt is not None:
            steps = arrows[nxt - 1] - abbot
            head.append(f"  arrow {ROMAN[nxt]} at {arrows[nxt - 1]}: {count(steps, 'step')}")
            if detail:
                head.append(f" — then pages {ROMAN[nxt]} must Turn", style=self.style("muted"))
        else:
            head.append("  all arrows passed")
        if crossed and detail:
            head.append("  passed: " + " ".join(ROMAN[k] for k in range(1, crossed + 1)),
                        style=self.style("forced"))
        lines = [bar, head]
        forced = [p["name"] for p in view.get("players", []) if p.get("must_turn")]
        if forced:
            lines.append(Text(f"! Must Turn: {', '.join(forced)}", style=self.style("forced")))
        stock = Text(no_wrap=True, overflow="ellipsis")
        stock.append("Bag ", style=self.style("head"))
        if detail:
            stock.append(f"{view.get('bag_total', 0)}: ")
        stock.append_text(self.counts(view.get("bag", {})))
        stock.append("  Gold ", style=self.style("head"))
        stock.append("★", style=self.style("cube-Au"))
        stock.append(str(view.get("gold", 0)))
        stock.append("  Deck ", style=self.style("head"))
        stock.append(str(view.get("deck", 0)))
        lines.append(stock)
        if not (detail and self.screen.has_class("-tall")):
            # The players table is out of sight on a short or narrow board.
            lines.append(self._scores(view))
        if view.get("end_phase") and not view.get("over"):
            lines.append(Text(f"End phase: finished players score +{view.get('end_phase_points', 3)} a turn.",
                              style=self.style("muted")))
        rival = view.get("rival")
        if rival and detail:
            line = Text.assemble(("Rival ", self.style("head")),
                                 f"({rival.get('label', rival.get('difficulty', ''))}): "
                                 f"{count(rival.get('score', 0), 'point')}")
            if not view.get("over"):
                line.append(" so far")
            if pile_size(rival):
                line.append(f"; its pile of {pile_size(rival)} scores at the next arrow",
                            style=self.style("muted"))
            lines.append(line)
        self.update(Group(*lines))


    def _scores(self, view: dict) -> Text:
        """Every score on one line (the narrow board's players table is further down):
        ``▶`` to choose, ``!`` forced to Turn, ``✓`` finished."""
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append("Scores", style=self.style("head"))
        current = view.get("current")
        for s, p in enumerate(view.get("players", [])):
            t.append("  ")
            if s == current:
                t.append(MARK, style=self.style("current"))
            t.append(p["name"][:8], style=self.seat_style(s))
            t.append(f" {p['score']}")
            if p.get("finished"):
                t.append("✓", style=self.style("done"))
            elif p.get("must_turn"):
                t.append("!", style=self.style("forced"))
        rival = view.get("rival")
        if rival:
            t.append(f"  Rival {rival.get('score', 0)}")
            if pile_size(rival):
                t.append(f" +pile {pile_size(rival)}", style=self.style("muted"))
        return t


# --------------------------------------------------------------------------- mat
class MatView(InkPart):
    """The bottles by shape with their cubes, and the technique slots."""

    READS = ("bottle:", "slot:")

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        t = Table(box=None, padding=(0, 1), pad_edge=False, show_header=False, expand=False)
        t.add_column(width=1, no_wrap=True)
        t.add_column(no_wrap=True)  # id + shape
        t.add_column(no_wrap=False, min_width=9 if detail else 7)  # cubes
        t.add_column(ratio=1)  # technique (wrapped only when highlighted)
        for b in view.get("mat", []):
            if not b.get("active"):
                continue
            hi = f"bottle:{b['id']}" in touches
            slot_hi = bool(b.get("slot")) and f"slot:{b['slot']}" in touches
            cubes = self.cubes(b["cubes"], most=10 if detail else 6)
            if not cubes.plain:
                cubes = Text("empty", style=self.style("muted"))
            name = Text(f"{b['id']} {SHAPE.get(b['shape'], '?')}")
            if detail:
                name.append(f" {b['shape']:<7}", style=self.style("muted"))
            if hi:
                name = Text(name.plain, style=self.style("hi"))
            name.stylize(click_style(f"bottle:{b['id']}"))
            tech = Text(no_wrap=not slot_hi, overflow="ellipsis")
            if b.get("slot"):
                tt = b.get("technique")
                tech.append(f"{b['slot']} ", style=self.style("muted"))
                if tt:
                    tech.append(tt["name"], style=(self.style("hi") if slot_hi else self.style("head"))
                                + click_style(f"slot:{b['slot']}"))
                    tech.append(f" ({USES.get(tt['uses'], tt['uses'])})", style=self.style("muted"))
                    if detail or slot_hi:
                        tech.append(f" {tt['text']}", style=self.style("muted"))
                else:
                    tech.append("no technique", style=self.style("muted"))
            t.add_row(Text(MARK if hi else " ", style=self.style("current")),
                      name, cubes, tech)
        head = Text()
        head.append("The mat", style=self.style("head"))
        head.append("  ☆ star ○ circle ◇ diamond", style=self.style("muted"))
        self.update(Group(head, t))


# --------------------------------------------------------------------------- page
def page_lines(part: InkPart, page: dict, touches: frozenset[str], cand: set[str],
               detail: bool, clickable: bool = False) -> Table:
    """A page: one row per illustration, then the standalone and multiplier spaces."""
    t = Table(box=None, padding=(0, 1), pad_edge=False, show_header=False, expand=False)
    t.add_column(no_wrap=True)
    t.add_column(no_wrap=False)
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

    def cell(sp: dict, label: str) -> Text:
        c = Text()
        sid = sp["id"]
        hi = f"space:{sid}" in touches
        if sp["cube"] is not None:
            if hi:  # a placed cube the choice moves (Scraper)
                c.append(MARK, style=part.style("current"))
            c.append(label)
            c.append("■")
            c.append_text(part.cube(sp["cube"]))
        else:
            c.append(label, style=part.style("muted"))
            marker = MARK if hi else CAND if sid in cand else "·"
            c.append(marker, style=part.style("current") if marker == MARK else
                     part.style("head") if marker == CAND else part.style("muted"))
            c.append(SYMBOL[sp["accept"]], style=part.ink(sp["accept"]))
        if hi:
            c.stylize(part.style("hi"))
        elif sid in cand:
            c.stylize(part.style("room"))
        if clickable:  # the id and mark, not the coloured cube (a link takes the text colour)
            c.stylize(click_style(f"space:{sid}"), 0, len(c) - 1)
        return c

    def cells(spaces: list[dict], strip: bool) -> Text:
        out = Text()
        for i, sp in enumerate(spaces):
            if i:
                out.append(" ")
            label = sp["id"][1:] if strip else sp["id"]
            out.append_text(cell(sp, label))
        return out

    for ill in page.get("illustrations", []):
        spaces = by_ill.get(ill["id"], [])
        lab = Text(f"{ill['id']} {ill['points']}pt ", style=part.style("head"))
        if ill.get("complete"):
            lab.append("✓", style=part.style("done"))
        else:
            lab.append(f"{ill['filled']}/{ill['size']}")
        t.add_row(lab, cells(spaces, strip=True))
    if loose:
        lab = Text("standalone", style=part.style("muted"))
        t.add_row(lab, cells(loose, strip=False))
    if mult is not None:
        m = page.get("multiplier", "?")
        lab = Text("multiplier", style=part.style("head"))
        row = cells([mult], strip=False)
        if m == "?":
            row.append("  counts the colour on it", style=part.style("muted"))
        else:
            row.append("  counts ")
            row.append(WORD[m], style=part.ink(m))
            row.append(" + gold")
        t.add_row(lab, row)
    return t


class PageView(InkPart):
    """The viewer's (or the deciding player's) page, space by space, with the cubes
    waiting to be placed and what a Turn would score now."""

    READS = ("space:", "bottle:", "page:")

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        players = view.get("players", [])
        seat = viewer_seat(view)
        if seat is None or seat >= len(players):
            self.update(Text("The game is over.", style=self.style("muted")))
            return
        p = players[seat]
        page = p.get("page")
        mine = view.get("current") == seat
        hi = touches if mine else frozenset()
        parts: list = []
        head = Text(no_wrap=True, overflow="ellipsis")
        head.append(f"Page: {p['name']}", style=self.seat_style(seat) + self.style("head"))
        if page is None:
            if p.get("finished"):
                head.append("  — all three pages turned", style=self.style("muted"))
            else:
                nxt = ROMAN[min(3, p.get("pages_turned", 0) + 1)]
                head.append(f"  — choosing a page {nxt} (see below)", style=self.style("muted"))
            parts.append(head)
            self.update(Group(*parts))
            return
        turn_hi = f"page:{page['id']}" in hi
        head.append(f" {page['id']} {page['name']}",
                    style=(self.style("hi") if turn_hi else self.style("head"))
                    + click_style(f"page:{page['id']}"))
        cand: set[str] = set()
        for tch in hi:
            if tch.startswith("bottle:"):
                cand |= candidate_spaces(page, bottle_cubes(view, tch.split(":", 1)[1]), washes(p))
        if cand:
            head.append(f"  {CAND} = room", style=self.style("current"))
        else:
            head.append(f"  {page['empty']} empty")
        parts.append(head)
        parts.append(page_lines(self, page, hi, cand, detail, clickable=mine))
        hand = view.get("hand") or {}
        if mine and any(hand.values()):
            t = Text()
            t.append("To place: ", style=self.style("head"))
            t.append_text(self.cubes(hand))
            parts.append(t)
        preview = p.get("turn_preview") or []
        if preview:
            t = Text()
            t.append(f"Turn now scores {scored_total(preview)}:",
                     style=self.style("hi") if turn_hi else self.style("head"))
            short = {"illustrations": "illus", "multiplier": "mult"}
            t.append(" " + " + ".join(f"{lab if detail else short.get(lab, lab)} {v}"
                                      for lab, v in preview))
            gold = p.get("turn_bonus", 0)
            bonus = f"+ {gold_bonus_words(gold)}" if gold else ""
            if p.get("must_turn"):
                t.append(f"  (forced: {bonus or 'no gold bonus'})", style=self.style("forced"))
            elif bonus:
                t.append(f"  {bonus}", style=self.style("muted"))
            parts.append(t)
        self.update(Group(*parts))


# --------------------------------------------------------------------------- desk
class DeskView(InkPart):
    """The viewer's workspace side and techniques (placed this page and underneath)."""

    READS = ("tech:", "workspace")

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        players = view.get("players", [])
        seat = viewer_seat(view)
        if seat is None or seat >= len(players):
            self.update("")
            return
        p = players[seat]
        mine = view.get("current") == seat
        hi = touches if mine else frozenset()
        ws = p["workspace"]
        side = ws.get("side")
        if side is None and view.get("you") == seat:
            side = (view.get("private") or {}).get("workspace_side")
        lines: list[Text] = []
        t = Text()
        t.append("Desk ", style=self.style("head") + click_style("workspace"))
        code = {v: k for k, v in WORD.items()}.get(ws["colour"], "?")
        t.append(code, style=self.style(f"cube-{code}") if code in SYMBOL else "")
        t.append(f" {ws['colour']}", style=self.ink(code))
        ws_hi = "workspace" in hi
        if side is None:
            t.append("  choose a side:" if ws_hi else "  side secret until everyone has chosen",
                     style=self.style("hi") if ws_hi else self.style("muted"))
        else:
            name = ws.get("name") or ws[side.lower()]["name"]
            text = ws.get("text") or ws[side.lower()]["text"]
            t.append(f"  side {side}: ")
            t.append(name, style=self.style("hi") if ws_hi else self.style("head"))
            t.append(f" — {text}", style=self.style("muted"))
        lines.append(t)
        if side is None and ws_hi:
            for s in ("a", "b"):
                lines.append(Text.assemble(f" {s.upper()} ", (ws[s]["name"], self.style("head")),
                                           (f" — {ws[s]['text']}", self.style("muted"))))
        techs = p.get("techniques") or []
        placed = sum(1 for x in techs if x.get("where") == "workspace")
        head = Text()
        cap = p.get("capacity")  # None while the side, which may raise it, is secret
        head.append(f"Techniques ({placed} of {cap} this page)" if cap is not None
                    else f"Techniques ({placed} this page)", style=self.style("head"))
        if not techs:
            head.append(": none yet", style=self.style("muted"))
        lines.append(head)
        for x in techs:
            h = f"tech:{x['id']}" in hi
            row = Text(no_wrap=not (detail or h), overflow="ellipsis")
            row.append(MARK if h else " ", style=self.style("current"))
            row.append(" under " if x.get("where") == "under" else " ")
            status = x.get("status", "up")
            row.append(x["name"], style=(self.style("hi") if h else
                       self.style("muted") if status == "down" else self.style("head"))
                       + click_style(f"tech:{x['id']}"))
            row.append(f" [{STATUS.get(status, status)}, {USES.get(x['uses'], x['uses'])}]")
            if detail or h:
                row.append(f" {x['text']}", style=self.style("muted"))
            lines.append(row)
        self.update(Group(*lines))


# --------------------------------------------------------------------------- players
class PlayersView(InkPart):
    """Everyone at a glance: score, page and how full it is, what a Turn would score
    now, desk side, techniques; forced (``!``), finished (``✓``), first player (``⚑``)."""

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        current = view.get("current")
        first = view.get("first_player")
        t = Table(box=None, padding=(0, 1), pad_edge=False, show_header=True, expand=False,
                  header_style=self.style("head"))
        t.add_column("", width=1, no_wrap=True)
        t.add_column("Player", no_wrap=True, max_width=14 if detail else 8, overflow="ellipsis")
        t.add_column("Pts", justify="right", no_wrap=True)
        t.add_column("Page", no_wrap=True)
        t.add_column("Turn", justify="right", no_wrap=True)
        t.add_column("Desk", no_wrap=True)
        if detail:
            t.add_column("Tech", justify="right", no_wrap=True)
        t.add_column("")  # notes: the one column that wraps, so the others never shrink
        for s, p in enumerate(view.get("players", [])):
            mine = s == current
            page = p.get("page")
            if page:
                total = len(page["spaces"])
                pg = f"{page['id']} {total - page['empty']}/{total}"
            else:
                pg = "—"
            preview = p.get("turn_preview") or []
            turn = f"+{scored_total(preview)}" if preview else ""
            ws = p["workspace"]
            code = {v: k for k, v in WORD.items()}.get(ws["colour"], "?")
            desk = Text()
            desk.append(code, style=self.style(f"cube-{code}"))
            desk.append(f" {ws['side'] or '?'}")
            note = Text()
            if p.get("finished"):
                pos = ordinal(p.get("finish_position") or 0)
                note.append(f"✓ finished {pos}" if detail else f"✓{pos}", style=self.style("done"))
            elif p.get("must_turn"):
                note.append("! must Turn" if detail else "!Turn", style=self.style("forced"))
            if s == first:
                note.append(" " if note.plain else "")
                note.append("⚑first" if detail else "⚑", style=self.style("muted"))
            if detail and p.get("turned"):
                note.append(f"  turned {' '.join(p['turned'])}", style=self.style("muted"))
            cells = [
                Text(MARK if mine else " ", style=self.style("current")),
                Text(p["name"], style=self.seat_style(s) + (self.style("head") if mine else Style())),
                str(p["score"]),
                pg,
                turn,
                desk,
            ]
            if detail:
                cells.append(str(len(p.get("techniques") or [])))
            t.add_row(*cells, note)
        rival = view.get("rival")
        if rival:
            note = Text()
            if detail:
                note.append("pile ", style=self.style("muted"))
                note.append_text(self.counts(rival.get("pile", {})))
                note.append(" scores at the next arrow", style=self.style("muted"))
            elif pile_size(rival):
                note.append(f"+pile {pile_size(rival)}", style=self.style("muted"))
            cells = [Text(" "), Text("Rival", style=self.style("head")), str(rival.get("score", 0)),
                     Text(rival.get("label", ""), style=self.style("muted")), "", ""]
            if detail:
                cells.append("")
            t.add_row(*cells, note)
        self.update(t)


# --------------------------------------------------------------------------- displays
class DisplayView(InkPart):
    """The open page II and III displays; a highlighted page is drawn in full."""

    READS = ("page:",)

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        parts: list = [Text("Pages to choose from", style=self.style("head"))]
        shown: dict | None = None
        grid = Table(box=None, padding=(0, 1, 0, 0), pad_edge=False, show_header=False, expand=False)
        grid.add_column(no_wrap=True)
        grid.add_column()
        for level, pages in (view.get("display") or {}).items():
            row = Text()
            if not pages:
                row.append("all taken", style=self.style("muted"))
            for n, pg in enumerate(pages):
                h = f"page:{pg['id']}" in touches
                if h:
                    shown = pg
                pts = sum(i["points"] for i in pg["illustrations"])
                m = pg.get("multiplier", "?")
                if n:
                    row.append("  ")
                row.append(MARK if h else "", style=self.style("current"))
                row.append(f"{pg['id']} {pg['name']}" if detail or h else pg["id"],
                           style=(self.style("hi") if h else Style()) + click_style(f"page:{pg['id']}"))
                row.append(" ×")
                row.append(SYMBOL.get(m, m), style=self.ink(m))
                row.append(f" {pts}pt", style=self.style("muted"))
            grid.add_row(Text(level, style=self.style("head")), row)
        parts.append(grid)
        if shown is not None:
            parts.append(Text(f"{shown['id']} {shown['name']}: {len(shown['spaces'])} spaces",
                              style=self.style("head")))
            parts.append(page_lines(self, shown, frozenset(), set(), detail))
        self.update(Group(*parts))


# --------------------------------------------------------------------------- legend
class LegendView(InkPart):
    """How to read the board without colour."""

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        t = Text()
        t.append("Key ", style=self.style("head"))
        t.append("cubes K R Y G B, ★ gold. Spaces: 3·R empty, takes red or gold; "
                 "? any cube; ★ gold only; 3■K holds black. ▶ the highlighted choice; "
                 "+ room for the highlighted bottle; ! must Turn; ✓ finished; ⚑ first player.",
                 style=self.style("muted"))
        self.update(t)


# --------------------------------------------------------------------------- board
class InkwellBoard(VerticalScroll):
    """The whole Inkwell table; ``show(view, touches)`` redraws it."""

    can_focus = False

    def __init__(self, seats: list[str], **kwargs) -> None:
        super().__init__(**kwargs)
        self.seats = seats

    def compose(self):
        yield TrackView(id="inkwell-track")
        yield MatView(id="inkwell-mat")
        yield PageView(id="inkwell-page")
        yield DeskView(id="inkwell-desk")
        yield PlayersView(id="inkwell-players")
        yield DisplayView(id="inkwell-display")
        yield LegendView(id="inkwell-legend")

    def show(self, view: dict, touches: frozenset[str] = frozenset()) -> None:
        screen = self.screen
        detail = screen.has_class("-wide")
        for part in (TrackView, MatView, PageView, DeskView, PlayersView, DisplayView, LegendView):
            self.query_one(part).redraw(view, touches, detail)
        targets = self._targets(view, touches)
        if targets:
            self.call_after_refresh(self._reveal, targets)

    def _reveal(self, targets: list) -> None:
        # Last first: the first part's top stays in view when not everything fits.
        for part in reversed(targets):
            self.scroll_to_widget(part, animate=False)

    def _targets(self, view: dict, touches: frozenset[str]) -> list:
        """The parts that show what the highlighted choice touches (kept in view): a
        bottle with the page its cubes would go to, a space, a technique, a page."""
        kinds = {t.split(":", 1)[0] for t in touches}
        page = self.query_one(PageView)
        if "space" in kinds:
            return [page]
        if "bottle" in kinds or "slot" in kinds:
            track = self.query_one(TrackView)
            # The Abbot track too when the whole top of the board fits.
            if page.virtual_region.bottom - track.virtual_region.y <= self.scrollable_content_region.height:
                return [track, self.query_one(MatView), page]
            return [self.query_one(MatView), page]
        if "tech" in kinds or "workspace" in kinds:
            return [self.query_one(DeskView)]
        if "page" in kinds:
            shown = set()
            for pages in (view.get("display") or {}).values():
                shown |= {pg["id"] for pg in pages}
            if any(t.split(":", 1)[1] in shown for t in touches if t.startswith("page:")):
                return [self.query_one(DisplayView)]
            return [page]
        return []
