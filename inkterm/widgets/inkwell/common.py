"""What every piece of the Inkwell board shares: the one way of writing cubes, a
desk and a bottle, the words for the Abbot's track, and line helpers (each part is
drawn as plain lines, so a highlight moving within a part needs no new layout)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text
from textual.widget import Widget

from inkterm.games.inkwell.content import SPACE_GLYPH as SYMBOL
from inkterm.engine.text import from_data, render
from inkterm.games.inkwell.content import Wash, content
from inkterm.i18n import N_, gettext as _, ngettext
from inkterm.translated import item_name, item_text
from inkterm.widgets.hanging import Hanging
from inkterm.widgets.part import BoardPart
from inkterm.widgets.touch import click_style

LETTER = {"black": "K", "red": "R", "yellow": "Y", "green": "G", "blue": "B", "gold": "★"}
CODE_OF = {"black": "K", "red": "R", "yellow": "Y", "green": "G", "blue": "B", "gold": "Au"}
WORD = {"K": "black", "R": "red", "Y": "yellow", "G": "green", "B": "blue", "?": "any", "*": "gold"}
CODE_OF_WORD = {v: k for k, v in WORD.items()}
#: The colours' words as shown (WORD's English, for the catalog).
COLOUR_WORDS = (N_("black"), N_("red"), N_("yellow"), N_("green"), N_("blue"), N_("any"), N_("gold"))
NORMAL = ("black", "red", "yellow", "green", "blue")
SHAPE = {"star": "☆", "circle": "○", "diamond": "◊"}
USES = {"1": N_("once"), "2": N_("twice"), "P": N_("always")}
STATUS = {"up": N_("ready"), "used-once": N_("1 use left"), "down": N_("used")}
ROMAN = ("", "I", "II", "III")
MARK = "▶"
CAND = "+"
FIRST = "⚑"

__all__ = ["SYMBOL", "InkPart"]


def illustration_mark(iid: str) -> str:
    """An illustration as the board names it, ``illus B``, as the menu says
    "illustration B": a bare B would read as a blue cube beside the cube letters
    K R Y G B. Its spaces keep the letter in their names (B3: its space 3)."""
    return _("illus {letter}").format(letter=iid)


def ordinal(n: int) -> str:
    return {1: _("1st"), 2: _("2nd"), 3: _("3rd")}.get(n, _("{n}th").format(n=n))


def steps(n: int) -> str:
    return ngettext("{n} step", "{n} steps", n).format(n=n)


def techniques(n: int) -> str:
    return ngettext("{n} technique", "{n} techniques", n).format(n=n)


def page_name(page: dict) -> str:
    """A page's name in the reader's language (the view gives the English)."""
    return item_name("inkwell", "pages", page["id"], page["name"])


def tech_name(tech: dict) -> str:
    return item_name("inkwell", "techniques", tech["id"], tech["name"])


def tech_text(tech: dict) -> str:
    return item_text("inkwell", "techniques", tech["id"], tech.get("text", ""))


def viewer_seat(view: Mapping[str, Any]) -> int | None:
    """Whose desk is drawn: the viewer's own, else whoever is to choose."""
    you = view.get("you")
    if you is not None:
        return you
    return view.get("current")


def acting_seat(view: Mapping[str, Any]) -> int | None:
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
    out: list[tuple[str, str]] = []
    for x in player.get("techniques") or []:
        effect = content().techniques[x["id"]].effect
        if isinstance(effect, Wash):
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
    out = (_("Abbot {n}/{end}: ") if short else _("Abbot on {n} of {end}: ")).format(n=abbot, end=end)
    nxt = next_arrow(view)
    if nxt is not None:
        k, at = nxt
        out += _("{steps} to arrow {arrow}").format(steps=steps(at - abbot), arrow=ROMAN[k])
    elif abbot < end:
        out += _("all arrows passed, {steps} to the end").format(steps=steps(end - abbot))
    else:
        out += _("at the end space")
    return out


#: A narrow mat's few words for why a bottle cannot be taken (the summary's first
#: words → the short form); the whole table and inspect give the reason in full.
SHORT_REASONS = (("its ", N_("won't fit")), ("no free technique", N_("desk full")),
                 ("the Abbot", N_("forced to Turn")), ("Second Helping", N_("star or circle only")))


def reason(why: Any) -> str:
    """A bottle's reason in full, in the reader's language (the view gives it as a text's
    data: ``engine/text.py``)."""
    return render(from_data(why))


def short_reason(why: Any) -> str:
    """A bottle's reason, short: known by the message's English (its msgid)."""
    english = why.get("msg", "") if isinstance(why, dict) else str(why)
    short = next((short for start, short in SHORT_REASONS if english.startswith(start)), None)
    return _(short) if short else reason(why)


def uses(code: str) -> str:
    return _(USES[code]) if code in USES else code


def desk_name(ws: dict) -> str | None:
    """The name of the side a workspace shows, once it is known."""
    side = ws.get("side")
    return side_words(ws, side)[0] if side else None


def side_words(ws: dict, side: str) -> tuple[str, str]:
    """A workspace side's name and text in the reader's language (the view gives the
    English; ``ws["text"]`` is the side shown, as the number of players has it)."""
    english = ws.get(side.lower()) or {}
    name, text = english.get("name", ""), english.get("text", "")
    if ws.get("side") == side:
        name, text = ws.get("name") or name, ws.get("text") or text
    item = f"{ws.get('id')}.{side.lower()}"
    return (item_name("inkwell", "workspaces", item, name), item_text("inkwell", "workspaces", item, text))


def page_progress(page: dict | None) -> str:
    """``II-1 3/16``: the page and how many of its spaces hold a cube."""
    if not page:
        return "—"
    total = len(page["spaces"])
    return f"{page['id']} {total - page['empty']}/{total}"


def line(*parts) -> Text:
    """One line that never wraps (its layout stays put when its text changes)."""
    t = Text.assemble(*parts, no_wrap=True, overflow="ellipsis")
    return t


def fit(text: Text, width: int, justify: str = "left") -> Text:
    """``text`` cut (with …) or padded to exactly ``width`` cells."""
    t = text.copy()
    t.no_wrap, t.overflow = True, "ellipsis"
    if t.cell_len > width:
        t.truncate(width, overflow="ellipsis")
        return t
    room = width - t.cell_len
    left = room // 2 if justify == "center" else room if justify == "right" else 0
    return Text.assemble(" " * left, t, " " * (room - left), no_wrap=True)


def wrap(part: BoardPart, text: Text | Hanging, width: int, hang: int = 0) -> list[Text]:
    """``text`` broken into lines of ``width`` (each then never rewraps); with
    ``hang``, the lines after the first go on under ``text[hang:]`` (after a label:
    at the left edge they read as new items), as a Hanging line does (or is)."""
    out = []
    if isinstance(text, Hanging):
        hang = len(text.head)
        text = text.head + text.body
    text = text.copy()
    text.no_wrap = False  # a line() is kept from wrapping by the layout, not here
    pieces = (Hanging(*text.divide([hang])).lines(part.app.console, max(8, width)) if hang
              else text.wrap(part.app.console, max(8, width)))
    for piece in pieces:
        piece.no_wrap = True
        out.append(piece)
    return out


class InkPart(BoardPart):
    """A piece of the board rendering Rich text with styles from the stylesheet."""

    COMPONENT_CLASSES = {
        "inkwell--hi", "inkwell--room", "inkwell--head", "inkwell--muted",
        "inkwell--blocked", "inkwell--current", "inkwell--forced", "inkwell--done",
        "inkwell--frame", "inkwell--walked",
        *(f"inkwell--{kind}-{c}" for kind in ("cube", "ink") for c in ("K", "R", "Y", "G", "B", "Au")),
        *(f"inkwell--seat-{n}" for n in range(5)),
    }

    STYLE_PREFIX = "inkwell"
    #: The small-screen view this part belongs to (see ``InkwellBoard.VIEWS``).
    VIEW: str | None = "table"
    #: Drawn in full only when the whole table is on screen (not merely wide).
    FULL_NEEDS_WHOLE = False

    def width(self) -> int:
        """The columns this part draws in (while hidden or not yet laid out, its
        container's: a part is drawn just before its view comes forward)."""
        width = self.content_size.width
        if not width and isinstance(self.parent, Widget):
            width = self.parent.scrollable_content_region.width
        return width or 46

    def on_resize(self) -> None:
        # Lines are cut to the width: drawn again at a new one.
        if self._drawn is not None and self._drawn_width != self.width():
            self.draw(*self._drawn)

    _drawn_width = 0

    def show_lines(self, lines: Sequence[Text | Hanging]) -> None:
        self._drawn_width = self.width()
        super().show_lines(lines)

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
        """``R Cinnabar Desk``: a workspace's colour as a cube and the name of the side
        it shows (``R desk, side secret`` until the sides are revealed)."""
        code = CODE_OF_WORD.get(ws["colour"], "?")
        t = Text()
        t.append(code, style=self.style(f"cube-{code}") if code in "KRYGB" else "")
        name = desk_name(ws)
        t.append(f" {name}" if name else " " + _("desk, side secret"))
        return t

    def ink(self, code: str) -> str:
        """The style for an accepted colour code (K R Y G B ? *), as plain ink."""
        return self.style(f"ink-{'Au' if code == '*' else code}") if code != "?" else ""

    def bottle_cell(self, b: dict, touches: frozenset[str]) -> Text:
        """``▶○C2 K×3 R Y×2``: the bottle's shape and id (``3+`` when it is used only
        with three or more players), then its cubes; dimmed when it cannot be taken."""
        bid = b["id"]
        hi = f"bottle:{bid}" in touches
        blocked = b.get("takeable") is False or not b.get("active")
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(MARK if hi else " ", style=self.style("current"))
        name_style = (self.style("hi") if hi else self.style("blocked") if blocked
                      else self.style("head"))
        t.append(f"{SHAPE.get(b['shape'], '?')} {b.get('name', bid)}", style=name_style + click_style(f"bottle:{bid}"))
        if b.get("min_players", 1) > 1:
            t.append(f" {b['min_players']}+", style=self.style("muted"))
        t.append(" ")
        if not b.get("active"):
            t.append(_("out of play"), style=self.style("blocked"))
            return t
        cubes = self.cubes(b["cubes"], dim=blocked)
        t.append_text(cubes if cubes else Text(_("empty"), style=self.style("blocked")))
        return t

    def slot_cell(self, b: dict, touches: frozenset[str], wide: bool) -> Text:
        """The technique on a diamond's slot: ``T1 Fresh Ink (once)``."""
        slot = b["slot"]
        hi = f"slot:{slot}" in touches
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(f"{slot} ", style=self.style("muted"))
        tech = b.get("technique")
        if not b.get("active"):
            t.append(_("out of play"), style=self.style("blocked"))
        elif tech:
            t.append(tech_name(tech), style=(self.style("hi") if hi else self.style("head"))
                     + click_style(f"slot:{slot}"))
            if wide:
                t.append(f" ({uses(tech['uses'])})", style=self.style("muted"))
        else:
            t.append(_("no technique"), style=self.style("muted"))
        return t
