"""Inkwell's board: the mat with its bottles in rings and the Abbot's track round it,
the page in front of the player whose turn it is, the desk and techniques, every
player at a glance, the other seats' pages and the page II/III displays.

The widgets draw only the dict they are given (``state.summary()`` or
``state.view(seat)``) and the board ids the highlighted choice touches:
``bottle:C2``, ``slot:T1``, ``space:A3``, ``page:II-4``, ``tech:16``, ``workspace``.

At 120×40 and above the whole table is on screen at once. Smaller, a strip of the
public standing (Abbot, every seat's points, page and Turns, gold) stays at the top
and the rest folds into views that ``v`` cycles and that follow the decision.

Colour is never the only signal:

* a bottle's cubes are written one way everywhere: each colour's letter
  ``K R Y G B`` (``★`` for gold) on its colour, with ``×n`` when there are several
  (``K×3 R Y×2 ★``);
* a page space is ``<id><state><takes>``: ``3·R`` is space 3, empty, takes red (or
  gold); ``3■★`` is space 3 holding gold; ``?`` takes any cube, ``★`` only gold;
* ``▶`` marks what the highlighted choice touches; ``+`` marks the empty spaces the
  highlighted bottle's cubes could go to (by accepted colour; the game's fit rule
  decides whether they all fit together); a bottle that cannot be taken now is
  dimmed and says why;
* ``!`` marks a player the Abbot forces to Turn, ``✓`` a finished player, ``⚑`` the
  first player.

Styles come from component classes in ``assets/inkwell.tcss``.
"""
from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.containers import Vertical, VerticalScroll

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
SHAPE = {"star": "☆", "circle": "○", "diamond": "◊"}
USES = {"1": "once", "2": "twice", "P": "always"}
STATUS = {"up": "ready", "used-once": "1 use left", "down": "used"}
ROMAN = ("", "I", "II", "III")
MARK = "▶"
CAND = "+"
FIRST = "⚑"


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def viewer_seat(view: dict) -> int | None:
    """Whose desk is drawn: the viewer's own, else whoever is to choose."""
    you = view.get("you")
    if you is not None:
        return you
    return view.get("current")


def acting_seat(view: dict) -> int | None:
    """Whose page is drawn large: whoever is to choose (during another seat's turn,
    the page the log is narrating), else the viewer's own."""
    current = view.get("current")
    if current is not None:
        return current
    return view.get("you")


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


def next_arrow(view: dict) -> tuple[int, int] | None:
    """(arrow number, its space) of the first arrow the Abbot has not crossed yet."""
    crossed = view.get("arrows_crossed", 0)
    arrows = view.get("arrows", [])
    if crossed < len(arrows):
        return crossed + 1, arrows[crossed]
    return None


def abbot_words(view: dict, short: bool = False) -> str:
    """``Abbot on 8 of 36: 4 steps to arrow I`` (short: ``Abbot 8/36: …``) — where
    he is and what comes next."""
    abbot, end = view.get("abbot", 0), view.get("end_space", 0)
    out = f"Abbot {abbot}/{end}: " if short else f"Abbot on {abbot} of {end}: "
    nxt = next_arrow(view)
    if nxt is not None:
        k, at = nxt
        out += f"{plural(at - abbot, 'step')} to arrow {ROMAN[k]}"
    elif abbot < end:
        out += f"all arrows passed, {plural(end - abbot, 'step')} to the end"
    else:
        out += "at the end space"
    return out


#: A narrow mat's few words for why a bottle cannot be taken (the summary's first
#: words → the short form); the whole table and the key give the reason in full.
SHORT_REASONS = (("its ", "won't fit"), ("no free technique", "desk full"),
                 ("the Abbot", "forced to Turn"), ("Second Helping", "star or circle only"))


def short_reason(why: str) -> str:
    return next((short for start, short in SHORT_REASONS if why.startswith(start)), why)


def page_progress(page: dict | None) -> str:
    """``II-1 3/16``: the page and how many of its spaces hold a cube."""
    if not page:
        return "—"
    total = len(page["spaces"])
    return f"{page['id']} {total - page['empty']}/{total}"


class InkPart(BoardPart):
    """A piece of the board rendering Rich text with styles from the stylesheet."""

    COMPONENT_CLASSES = {
        "inkwell--hi",
        "inkwell--room",
        "inkwell--head",
        "inkwell--muted",
        "inkwell--blocked",
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
    #: The small-screen view this part belongs to (see ``InkwellBoard.VIEWS``).
    VIEW = "table"
    #: Drawn in full only when the whole table is on screen (not merely wide).
    FULL_NEEDS_WHOLE = False

    def seat_style(self, seat: int):
        return self.style(f"seat-{seat % 5}")

    def cube(self, name: str, dim: bool = False) -> Text:
        """One cube: its letter (★ for gold) on its colour; plain letter when dimmed."""
        if dim:
            return Text(LETTER[name], style=self.style("blocked"))
        return Text(LETTER[name], style=self.style(f"cube-{CODE_OF[name]}"))

    def cubes(self, counts: dict, dim: bool = False) -> Text:
        """A bottle's (or any pile's) cubes, the one way the board writes them:
        ``K×3 R Y×2 ★``, colours in the order K R Y G B, gold last."""
        t = Text()
        for name in (*NORMAL, "gold"):
            n = counts.get(name, 0)
            if not n:
                continue
            if t:
                t.append(" ")
            t.append_text(self.cube(name, dim))
            if n > 1:
                t.append(f"×{n}", style=self.style("blocked") if dim else "")
        return t

    def desk(self, ws: dict) -> Text:
        """``R side A``: a workspace's colour as a cube and its side (``?`` until the
        sides are revealed)."""
        code = {v: k for k, v in WORD.items()}.get(ws["colour"], "?")
        t = Text()
        t.append(code, style=self.style(f"cube-{code}") if code in "KRYGB" else "")
        t.append(f" side {ws.get('side') or '?'}")
        return t

    def ink(self, code: str) -> str:
        """The style for an accepted colour code (K R Y G B ? *), as plain ink."""
        return self.style(f"ink-{'Au' if code == '*' else code}") if code != "?" else ""

    def track_bar(self, view: dict, cells: int) -> Text:
        """The Abbot's track in ``cells`` columns: ``A`` the start, the arrows ``I II
        III`` where they stand (red once crossed), ``●`` the Abbot, walked part heavy."""
        abbot, end = view.get("abbot", 0), max(1, view.get("end_space", 0))
        crossed = view.get("arrows_crossed", 0)
        cells = max(12, cells)

        def where(space: int) -> int:
            return min(cells - 1, space * (cells - 1) // end)

        here = where(min(abbot, end))
        chars = [("━" if c < here else "─", self.style("muted")) for c in range(cells)]
        chars[0] = ("A", self.style("head"))
        for k, at in enumerate(view.get("arrows", []), 1):
            label = ROMAN[k]
            x = min(where(at), cells - len(label))
            style = self.style("forced") if k <= crossed else self.style("head")
            for i, ch in enumerate(label):
                chars[x + i] = (ch, style)
        chars[here] = ("●", self.style("current"))
        bar = Text(no_wrap=True, overflow="crop")
        for ch, style in chars:
            bar.append(ch, style=style)
        return bar

    def bottle_cell(self, b: dict, touches: frozenset[str], wide: bool) -> Text:
        """``▶○C2 K×3 R Y×2``: the bottle's shape and id (``3+`` when it is used only
        with three or more players), then its cubes; dimmed when it cannot be taken."""
        bid = b["id"]
        hi = f"bottle:{bid}" in touches
        blocked = b.get("takeable") is False or not b.get("active")
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(MARK if hi else " ", style=self.style("current"))
        name_style = (self.style("hi") if hi else self.style("blocked") if blocked
                      else self.style("head"))
        t.append(f"{SHAPE.get(b['shape'], '?')} {bid}", style=name_style + click_style(f"bottle:{bid}"))
        if b.get("min_players", 1) > 1:
            t.append(f" {b['min_players']}+", style=self.style("muted"))
        t.append(" ")
        if not b.get("active"):
            t.append("out of play", style=self.style("blocked"))
            return t
        cubes = self.cubes(b["cubes"], dim=blocked)
        t.append_text(cubes if cubes else Text("empty", style=self.style("blocked")))
        return t

    def slot_cell(self, b: dict, touches: frozenset[str], wide: bool) -> Text:
        """The technique on a diamond's slot: ``T1 Fresh Ink (once)``."""
        slot = b["slot"]
        hi = f"slot:{slot}" in touches
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(f"{slot} ", style=self.style("muted"))
        tech = b.get("technique")
        if not b.get("active"):
            t.append("out of play", style=self.style("blocked"))
        elif tech:
            t.append(tech["name"], style=(self.style("hi") if hi else self.style("head"))
                     + click_style(f"slot:{slot}"))
            if wide:
                t.append(f" ({USES.get(tech['uses'], tech['uses'])})", style=self.style("muted"))
        else:
            t.append("no technique", style=self.style("muted"))
        return t


# --------------------------------------------------------------------------- strip
class StripView(InkPart):
    """Always on screen below 120×40: where the Abbot is and how far the next arrow,
    the gold left, and every seat's points, page, Turns and standing."""

    READS = ()
    VIEW = None  # in every view

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        head = Text(no_wrap=True, overflow="ellipsis")
        head.append(abbot_words(view, short=True), style=self.style("head"))
        head.append("  gold ")
        head.append("★", style=self.style("cube-Au"))
        head.append(str(view.get("gold", 0)))
        self.update(Group(head, seat_table(self, view, compact=True)))


def seat_table(part: InkPart, view: dict, compact: bool) -> Table:
    """Every seat on a line: to choose (▶), name, points, page and progress, pages
    turned, desk (in full), then first player / forced / finished in words."""
    current = view.get("current")
    first = view.get("first_player")
    t = Table(box=None, padding=(0, 1, 0, 0), pad_edge=False, show_header=not compact,
              header_style=part.style("head"), expand=False)
    t.add_column("", width=1, no_wrap=True)
    t.add_column("Player", no_wrap=True, max_width=8 if compact else 14, overflow="ellipsis")
    t.add_column("Pts", justify="right", no_wrap=True)
    t.add_column("Page", no_wrap=True)
    t.add_column("Turned", justify="right", no_wrap=True)
    if not compact:
        t.add_column("Turn now", justify="right", no_wrap=True)
        t.add_column("Desk", no_wrap=True)
        t.add_column("Tech", justify="right", no_wrap=True)
    # The notes give way first: the columns before them never shrink.
    t.add_column("", no_wrap=False)
    for s, p in enumerate(view.get("players", [])):
        mine = s == current
        page = p.get("page")
        if page:
            where = page_progress(page)
        elif p.get("finished"):
            where = "finished"
        else:
            where = "choosing"
        note = Text(no_wrap=True, overflow="ellipsis")
        standing = p.get("finished") or p.get("must_turn")
        if s == first:  # the word too when there is room for it
            note.append(f"{FIRST} " if standing and compact else f"{FIRST}first ", style=part.style("muted"))
        if p.get("finished"):
            note.append(f"✓{ordinal(p.get('finish_position') or 0)}", style=part.style("done"))
        elif p.get("must_turn"):
            note.append("!must Turn", style=part.style("forced"))
        turned = p.get("pages_turned", 0)
        cells = [
            Text(MARK if mine else " ", style=part.style("current")),
            Text(p["name"], style=part.seat_style(s) + (part.style("head") if mine else Style())),
            f"{p['score']}pt" if compact else str(p["score"]),
            where,
            f"{turned} turned" if compact else str(turned),
        ]
        if not compact:
            preview = p.get("turn_preview") or []
            ws = p["workspace"]
            code = {v: k for k, v in WORD.items()}.get(ws["colour"], "?")
            desk = Text()
            desk.append(code, style=part.style(f"cube-{code}"))
            desk.append(f" {ws['side'] or '?'}")
            cells += [f"+{scored_total(preview)}" if preview else "", desk,
                      str(len(p.get("techniques") or []))]
        t.add_row(*cells, note)
    rival = view.get("rival")
    if rival:
        pile = pile_size(rival)
        nxt = next_arrow(view)
        when = f"at arrow {ROMAN[nxt[0]]}" if nxt else "at the end"
        note = Text((f"pile {pile} ({when})" if compact else f"pile {pile} scores {when}") if pile else "",
                    style=part.style("muted"), no_wrap=True, overflow="ellipsis")
        cells = [Text(" "), Text("Rival", style=part.style("head")),
                 f"{rival.get('score', 0)}pt" if compact else str(rival.get("score", 0)),
                 Text(rival.get("label", ""), style=part.style("muted")), ""]
        if not compact:
            cells += ["", "", ""]
        t.add_row(*cells, note)
    return t


# --------------------------------------------------------------------------- mat
def mat_rows(mat: list[dict]) -> list[list[dict]]:
    """The bottles as on the printed mat, top to bottom: each ring's first half above
    the heart and its other half below, outer rings further out."""
    rings: dict[int, list[dict]] = {}
    for b in mat:
        rings.setdefault(b.get("ring", 1), []).append(b)
    above: list[list[dict]] = []
    below: list[list[dict]] = []
    for ring in sorted(r for r in rings if r > 0):
        bottles = rings[ring]
        half = (len(bottles) + 1) // 2
        above.insert(0, bottles[:half])
        below.append(bottles[half:])
    return [row for row in (*above, rings.get(0, []), *below) if row]


class MatView(InkPart):
    """The mat: at full size the bottles in their rings (the star at the heart,
    circles round it, diamonds outside with their techniques) inside the Abbot's
    track; smaller, a bottle a line. Bottles that cannot be taken are dimmed."""

    READS = ("bottle:", "slot:")
    FULL_NEEDS_WHOLE = True  # the rings are tall: a wide but short screen gets the list

    def on_resize(self) -> None:
        # The track on the frame spans the width.
        if self._drawn is not None:
            self.draw(*self._drawn)

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        mat = view.get("mat", [])
        if detail:
            self.update(self._rings(view, mat, touches))
        else:
            self.update(self._list(mat, touches))

    def _rings(self, view: dict, mat: list[dict], touches: frozenset[str]) -> Panel:
        rows: list = []
        for row in mat_rows(mat):
            grid = Table.grid(expand=True, padding=(0, 2))
            cells = []
            for b in row:
                cell = self.bottle_cell(b, touches, wide=True)
                if b.get("slot") and b.get("active"):  # its technique card below it
                    cell.append("\n")
                    cell.append_text(self.slot_cell(b, touches, wide=True))
                grid.add_column(justify="center", no_wrap=True, overflow="ellipsis")
                cells.append(cell)
            grid.add_row(*cells)
            rows.append(grid)
        rows.extend(self._reasons(mat))
        for b in mat:
            tech = b.get("technique")
            if tech and f"slot:{b['slot']}" in touches:
                rows.append(Text(f"{b['slot']} {tech['name']}: {tech['text']}", style=self.style("muted")))
        width = self.content_size.width or 70
        title = Text(no_wrap=True, overflow="crop")
        title.append_text(self.track_bar(view, width - 14))
        title.append(f" end {view.get('end_space', 0)}", style=self.style("head"))
        foot = Text(abbot_words(view), style=self.style("head"))
        forced = [p["name"] for p in view.get("players", []) if p.get("must_turn")]
        if forced:
            foot.append(f" · must Turn: {', '.join(forced)}", style=self.style("forced"))
        return Panel(Group(*rows), title=title, title_align="left", subtitle=foot,
                     subtitle_align="left", border_style=self.style("muted"), padding=(0, 1))

    def _reasons(self, mat: list[dict]) -> list[Text]:
        """Under the rings: the active bottles that cannot be taken, a line per reason."""
        by_reason: dict[str, list[str]] = {}
        for b in mat:
            if b.get("active") and b.get("why_not"):
                by_reason.setdefault(b["why_not"], []).append(b["id"])
        return [Text.assemble(("✗ ", self.style("blocked")), (" ".join(ids), self.style("blocked")),
                              (f": {why}", self.style("muted")))
                for why, ids in by_reason.items()]

    def _list(self, mat: list[dict], touches: frozenset[str]):
        t = Table(box=None, padding=(0, 1, 0, 0), pad_edge=False, show_header=False, expand=False)
        t.add_column(no_wrap=True)  # bottle and cubes
        t.add_column(no_wrap=False)  # technique / why not: gives way first
        out = []
        for b in mat:
            if not b.get("active"):
                out.append(f"{SHAPE.get(b['shape'], '?')} {b['id']} {b.get('min_players', 1)}+")
                continue
            why = b.get("why_not")
            side = Text(short_reason(why), style=self.style("muted"), no_wrap=True, overflow="ellipsis") if why \
                else self.slot_cell(b, touches, wide=False) if b.get("slot") else Text("")
            t.add_row(self.bottle_cell(b, touches, wide=False), side)
        if out:
            return Group(t, Text(f" {' '.join(out)}: out of play", style=self.style("blocked")))
        return t


# --------------------------------------------------------------------------- supply
class SupplyView(InkPart):
    """The bag, the gold supply and the deck; the end phase; the solo Rival."""

    VIEW = "players"

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        lines = []
        stock = Text()
        stock.append("Bag ", style=self.style("head"))
        stock.append(f"{view.get('bag_total', 0)}: ")
        stock.append_text(self.cubes(view.get("bag", {})))
        lines.append(stock)
        stock = Text()
        stock.append("Gold ", style=self.style("head"))
        stock.append("★", style=self.style("cube-Au"))
        stock.append(f" {view.get('gold', 0)} left")
        stock.append("  Deck ", style=self.style("head"))
        stock.append(plural(view.get("deck", 0), "technique"))
        lines.append(stock)
        if view.get("end_phase") and not view.get("over"):
            lines.append(Text(f"End phase: finished players score +{view.get('end_phase_points', 3)} a turn.",
                              style=self.style("muted")))
        rival = view.get("rival")
        if rival:
            line = Text.assemble(("Rival ", self.style("head")),
                                 f"({rival.get('label', rival.get('difficulty', ''))}): "
                                 f"{count(rival.get('score', 0), 'point')}")
            if not view.get("over"):
                line.append(" so far")
            if pile_size(rival):
                line.append("; its pile ", style=self.style("muted"))
                line.append_text(self.cubes(rival.get("pile", {})))
                line.append(" scores at the next arrow", style=self.style("muted"))
            lines.append(line)
        self.update(Group(*lines))


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
    """The page of the player whose turn it is (the viewer's own when no one is to
    choose), space by space, with the cubes waiting to be placed and what a Turn would
    score now."""

    READS = ("space:", "bottle:", "page:")

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        players = view.get("players", [])
        seat = acting_seat(view)
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
                head.append(f"  — choosing a page {nxt}", style=self.style("muted"))
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
    VIEW = "desk"

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
        head.append("Techniques", style=self.style("head"))
        if cap is not None:
            head.append(f": {placed} of {cap} slots used this page, {max(0, cap - placed)} free")
        else:
            head.append(f": {placed} placed this page")
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
    """Everyone at a glance: points, page and how full it is, pages turned, what a
    Turn would score now, desk colour and side (``?`` until revealed), techniques;
    first player, forced and finished in words."""

    VIEW = "players"

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        head = Text("Players", style=self.style("head"))
        if detail:
            self.update(Group(head, seat_table(self, view, compact=False)))
            return
        # Narrow: the strip above has points, pages and Turns; here the rest, a seat a line.
        lines = [head]
        for s, p in enumerate(view.get("players", [])):
            t = Text()
            t.append(p["name"], style=self.seat_style(s) + self.style("head"))
            t.append(": ")
            preview = p.get("turn_preview") or []
            if preview:
                t.append(f"Turn now +{scored_total(preview)} · ")
            t.append_text(self.desk(p["workspace"]))
            t.append(f" · {plural(len(p.get('techniques') or []), 'technique')}")
            lines.append(t)
        rival = view.get("rival")
        if rival:
            t = Text.assemble(("Rival", self.style("head")), f": {rival.get('score', 0)} points, pile ")
            t.append_text(self.cubes(rival.get("pile", {})) or Text("empty"))
            lines.append(t)
        self.update(Group(*lines))


class OthersView(InkPart):
    """The pages in front of the seats whose page is not drawn large."""

    VIEW = "players"

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        shown = acting_seat(view)
        parts: list = []
        for s, p in enumerate(view.get("players", [])):
            page = p.get("page")
            if s == shown or page is None:
                continue
            head = Text(no_wrap=True, overflow="ellipsis")
            head.append(f"Page: {p['name']}", style=self.seat_style(s) + self.style("head"))
            head.append(f" {page['id']} {page['name']}  {page_progress(page).split()[-1]} filled",
                        style=self.style("head"))
            parts += [head, page_lines(self, page, frozenset(), set(), detail)]
        self.update(Group(*parts))


# --------------------------------------------------------------------------- displays
class DisplayView(InkPart):
    """The open page II and III displays; a highlighted page is drawn in full."""

    READS = ("page:",)
    VIEW = "offer"

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

    VIEW = "key"

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        t = Text()
        t.append("Key ", style=self.style("head"))
        t.append("cubes K R Y G B, ★ gold; K×3 = three black. Bottles ☆ star, ○ circle, "
                 "◊ diamond (its technique card with it); 3+ = used with 3 or more players; "
                 "dimmed/✗ = cannot be taken now. Spaces: 3·R empty, takes red or gold; "
                 "? any cube; ★ gold only; 3■K holds black. Track: A start, I II III the "
                 "arrows, ● the Abbot. ▶ the highlighted choice; + room for the highlighted "
                 "bottle; ! must Turn; ✓ finished; ⚑ first player.",
                 style=self.style("muted"))
        self.update(t)


# --------------------------------------------------------------------------- board
class InkwellBoard(Vertical):
    """The whole Inkwell table; ``show(view, touches)`` redraws it.

    Below 120×40 it folds into views (``next_view`` cycles them, and the one the
    highlighted choice concerns comes forward by itself) under the standing strip."""

    can_focus = False
    #: The small-screen views, in the order ``v`` cycles them.
    VIEWS = ("table", "desk", "players", "offer", "key")
    PARTS = (MatView, PageView, DeskView, PlayersView, SupplyView, OthersView,
             DisplayView, LegendView)

    def __init__(self, seats: list[str], **kwargs) -> None:
        super().__init__(**kwargs)
        self.seats = seats
        self.view_name = "table"
        self._view: dict | None = None
        self._touches: frozenset[str] = frozenset()

    def compose(self):
        yield StripView(id="inkwell-strip")
        with VerticalScroll(id="inkwell-body", can_focus=False):
            yield MatView(id="inkwell-mat")
            yield PageView(id="inkwell-page")
            yield DeskView(id="inkwell-desk")
            yield PlayersView(id="inkwell-players")
            yield SupplyView(id="inkwell-supply")
            yield OthersView(id="inkwell-others")
            yield DisplayView(id="inkwell-display")
            yield LegendView(id="inkwell-legend")

    @property
    def whole(self) -> bool:
        """The whole table at once (120×40 and above)."""
        screen = self.screen
        return screen.has_class("-wide") and screen.has_class("-tall")

    @property
    def has_views(self) -> bool:
        """Whether the board is folded into views now (the screen's `v` key cycles them)."""
        return self.is_mounted and not self.whole

    def next_view(self) -> None:
        i = self.VIEWS.index(self.view_name)
        self.view_name = self.VIEWS[(i + 1) % len(self.VIEWS)]
        if self._view is not None:
            self.show(self._view, self._touches)
        self.query_one("#inkwell-body").scroll_home(animate=False)

    def show(self, view: dict, touches: frozenset[str] = frozenset()) -> None:
        if touches != self._touches and touches:
            self.view_name = self._view_for(view, touches) or self.view_name
        self._view, self._touches = view, touches
        whole = self.whole
        detail = self.screen.has_class("-wide")
        strip = self.query_one(StripView)
        if strip.display == whole:  # styles only when the fold changes: keys stay cheap
            strip.display = not whole
        if not whole:
            strip.redraw(view, touches, detail)
        for part in self.query_one("#inkwell-body").children:
            shown = whole or part.VIEW == self.view_name
            if part.display != shown:
                part.display = shown
            if shown:  # a folded-away part is drawn when its view comes forward
                part.redraw(view, touches, whole if part.FULL_NEEDS_WHOLE else detail)
        targets = self._targets(touches)
        if targets:
            self.call_after_refresh(self._reveal, targets)

    def _view_for(self, view: dict, touches: frozenset[str]) -> str | None:
        """The view that shows what the highlighted choice touches."""
        kinds = {t.split(":", 1)[0] for t in touches}
        if kinds & {"bottle", "slot", "space"}:
            return "table"
        if kinds & {"tech", "workspace"}:
            return "desk"
        if "page" in kinds:
            offered = {pg["id"] for pages in (view.get("display") or {}).values() for pg in pages}
            if any(t[5:] in offered for t in touches if t.startswith("page:")):
                return "offer"
            return "table"
        return None

    def _reveal(self, targets: list) -> None:
        # Last first: the first part's top stays in view when not everything fits.
        body = self.query_one("#inkwell-body")
        for part in reversed(targets):
            if part.display:
                body.scroll_to_widget(part, animate=False)

    def _targets(self, touches: frozenset[str]) -> list:
        """The parts that show what the highlighted choice touches (kept in view)."""
        view = self._view_for(self._view or {}, touches)
        if view is None:
            return []
        kinds = {t.split(":", 1)[0] for t in touches}
        if view == "table":
            page = self.query_one(PageView)
            if kinds & {"bottle", "slot"}:
                return [self.query_one(MatView), page]
            return [page]
        if view == "desk":
            return [self.query_one(DeskView)]
        return [self.query_one(DisplayView)]
