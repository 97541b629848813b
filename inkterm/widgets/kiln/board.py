"""Kiln's board: the six zones, every player's board, the viewer's hand.

The widgets draw only the dict they are given (``state.summary()`` or
``state.view(seat)``) and the set of board ids the highlighted choice touches:
``zone:3``, ``card:T4``, ``blank``, ``favour:4``, ``row:2``, ``money``.
Every colour is doubled by a glyph or letter: a highlighted thing is marked ``▶``,
tapped cards ``↷``, card types ``[P] [T] [C4] [A]``, dice as a count.
Colours and emphasis come from component classes styled in ``assets/kiln.tcss``.
"""
from __future__ import annotations

from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll

from inkterm.engine.words import possessive
from inkterm.games.kiln.content import ROW_SIZES, ZONES
from inkterm.widgets.part import BoardPart
from inkterm.widgets.touch import click_style

DIE_FACES = "⚀⚁⚂⚃⚄⚅"
FAVOUR_SHORT = ("Start", "Select", "Blank", "Reward", "Glaze", "Exhibit", "Tribute")
TYPE_TAG = {"play": "P", "tap": "T", "persistent": "C", "achievement": "A"}
MARK = "▶"


def card_tag(card: dict) -> str:
    tag = TYPE_TAG.get(card.get("type", ""), "?")
    if card.get("type") == "persistent" and card.get("pip"):
        tag += str(card["pip"])
    return f"[{tag}]"


def blank_slots(blanks: int) -> list[str]:
    """The 20 slots in rows of 6/5/4/3/2: ▣ filled, □ empty."""
    rows, left = [], blanks
    for size in ROW_SIZES:
        filled = max(0, min(size, left))
        left -= filled
        rows.append("▣" * filled + "□" * (size - filled))
    return rows


class KilnPart(BoardPart):
    """A piece of the board that renders Rich text with styles from the stylesheet."""

    COMPONENT_CLASSES = {
        "kiln--hi",
        "kiln--head",
        "kiln--muted",
        "kiln--tapped",
        "kiln--seat-0",
        "kiln--seat-1",
        "kiln--seat-2",
        "kiln--seat-3",
        "kiln--current",
    }

    STYLE_PREFIX = "kiln"

    def seat_style(self, seat: int):
        return self.style(f"seat-{seat % 4}")


class ZonesView(KilnPart):
    """The six zones: dice on each, and every seat's tokens."""

    READS = ("zone:",)

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        players = view.get("players", [])
        dice = view.get("dice", [0] * 6)
        names = view.get("zones") or list(ZONES)
        t = Table(box=None, padding=(0, 1), pad_edge=False, expand=False, show_edge=False)
        t.add_column(Text(" Zone", style=self.style("head")), no_wrap=True)
        t.add_column(Text("Dice", style=self.style("head")), no_wrap=True)
        width = 8 if detail else (4 if len(players) <= 2 else 3)
        for s, p in enumerate(players):
            t.add_column(Text(p["name"][:width], style=self.seat_style(s)), justify="right", no_wrap=True)
        for z in range(6):
            hi = f"zone:{z + 1}" in touches
            n = dice[z]
            pips = "●" * min(n, 6) + ("+" if n > 6 else "")
            dice_text = f"{n:>2} {pips}" if detail else f"{n:>2} {pips[:2]}{'+' if n > 2 else ''}"
            row_style = self.style("hi") if hi else None
            label = (f"{DIE_FACES[z]} {z + 1} {names[z]}" if detail or len(players) <= 2
                     else f"{z + 1} {names[z]}")
            cells = [
                Text((MARK if hi else " ") + label, style=click_style(f"zone:{z + 1}")),
                Text(dice_text if n else " 0 ·", style="" if n else self.style("muted")),
            ]
            for s, p in enumerate(players):
                k = p["tokens"][z]
                cells.append(Text(str(k) if k else "·", style=self.seat_style(s) if k else self.style("muted")))
            t.add_row(*cells, style=row_style)
        head = Text.assemble(
            ("Round ", self.style("head")),
            (f"{view.get('round', '?')}/10", self.style("head")),
            f"   deck {view.get('deck', '?')}   discard {len(view.get('discard', []))}",
            turn_bonus(view),
        )
        head.no_wrap = True
        head.overflow = "ellipsis"
        self.update(Group(head, t))


def turn_bonus(view: dict) -> str:
    """What this turn still holds for its player beyond the menu: Bellows strength
    waiting for the main action, Rush Order's extra main action."""
    parts = []
    if view.get("bellows"):
        parts.append(f"Bellows +{view['bellows']}")
    if view.get("extra_actions"):
        parts.append(f"+{view['extra_actions']} main action")
    return "".join(f"  {p}" for p in parts)


class PlayersView(KilnPart):
    """Every player's board: money, favour, materials, blanks, rows, cards, score."""

    READS = ("blank", "favour:", "row:", "card:", "money")

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        current = view.get("current")
        start = view.get("start_seat")
        lines: list[Text] = []
        for s, p in enumerate(view.get("players", [])):
            mine = s == current
            hi = touches if mine else frozenset()
            lines.extend(self._player(s, p, mine, s == start, hi, detail))
        self.update(Group(*lines))

    def _player(self, s, p, mine, starter, hi, detail) -> list[Text]:
        style_hi = self.style("hi")
        head = Text()
        head.append(MARK if mine else " ", style=self.style("current") if mine else "")
        head.append(p["name"], style=self.seat_style(s) + self.style("head"))
        gap = "  " if detail else " "
        if starter:
            head.append(" ⚑")
        head.append(f"{gap}★{p['score']}{gap}")
        head.append(f"${p['money']}", style=style_hi if "money" in hi else "")
        fav = p["favour"]
        if not detail:
            head.append(f"{gap}♦{fav} {FAVOUR_SHORT[fav]}",
                        style=style_hi if any(x.startswith("favour:") for x in hi) else "")
        head.append(f"{gap}clay {p['clay']} glaze {p['glaze']}")
        head.append(f"{gap}hand {p['hand']}")
        if detail:
            head.append(f"  supply {p['supply']}  claims {p['claims']}")
        head.no_wrap = True
        head.overflow = "ellipsis"

        slots = Text("  ")
        for i, row in enumerate(blank_slots(p["blanks"])):
            row_hi = f"row:{i + 1}" in hi or f"row:{(6, 11, 15, 18, 20)[i]}" in hi
            if i:
                slots.append("|")
            if "blank" in hi and i == _next_row(p["blanks"]):
                row_hi = True
            slots.append(row, style=style_hi if row_hi else "")
        slots.append(f" {p['blanks']}/20 rows {p['rows']}")
        if p.get("extra"):
            slots.append(f" +{p['extra']}")
        if detail:  # the taken-dice area, beside the slots as on the personal board
            slots.append(f"  dice taken {p['taken_dice']}")
        if not detail:
            slots.append("  ")
            slots.append_text(self._tableau(p, hi, short=True))
        slots.no_wrap = True
        slots.overflow = "ellipsis"
        out = [head, slots]
        if detail:
            track = Text("  favour ")
            for i, name in enumerate(FAVOUR_SHORT):
                if i:
                    track.append("·", style=self.style("muted"))
                label = f"{i} {name}"
                sty = style_hi if f"favour:{i}" in hi else ""
                if i == p["favour"]:
                    track.append(f"[{label}]", style=(sty or self.style("head")))
                else:
                    track.append(label, style=sty or self.style("muted"))
            out.append(track)
            tab = Text("  cards ")
            tab.append_text(self._tableau(p, hi, short=False))
            out.append(tab)
        return out

    def _tableau(self, p, hi, short: bool) -> Text:
        items = p.get("tableau") or []
        text = Text()
        if not items:
            text.append("no cards" if not short else "", style=self.style("muted"))
            return text
        for i, c in enumerate(items):
            if i:
                text.append(" ")
            name = c["name"].split(" ")[0] if short and " " in c["name"] else c["name"]
            if short:
                name = _short_name(c["name"])
            label = f"{card_tag(c)}{name}{' ↷' if c.get('tapped') else ''}"
            sty = self.style("hi") if f"card:{c['id']}" in hi else (
                self.style("tapped") if c.get("tapped") else Style())
            text.append(label, style=sty + click_style(f"card:{c['id']}"))
        return text


def _next_row(blanks: int) -> int:
    total = 0
    for i, size in enumerate(ROW_SIZES):
        total += size
        if blanks < total:
            return i
    return -1


def _short_name(name: str) -> str:
    # "Glaze Vat 釉缸" -> "Glaze Vat": the English part, for a narrow board.
    words = [w for w in name.split(" ") if w.isascii()]
    return " ".join(words) or name


class HandView(KilnPart):
    """The viewer's hand (from their own view only) and, during their Studio swap,
    the drawn cards."""

    READS = ("card:",)

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        you = view.get("you")
        parts: list = []
        if you is None:
            self.update(Text("Hands are hidden.", style=self.style("muted")))
            return
        me = view["players"][you]
        mine = view.get("current") == you
        hi = touches if mine else frozenset()
        parts.append(Text(f"{possessive(me['name'], start=True)} hand (secret)", style=self.style("head")))
        parts.extend(self._cards(me.get("hand_cards", []), hi, detail))
        studio = view.get("studio")
        if studio:
            parts.append(Text("Drawn in the Studio (swap any one-for-one)", style=self.style("head")))
            parts.extend(self._cards(studio, hi, detail))
        self.update(Group(*parts))

    def _cards(self, cards: list[dict], hi, detail: bool) -> list[Text]:
        out = []
        if not cards:
            out.append(Text("  (none)", style=self.style("muted")))
        for c in cards:
            h = f"card:{c['id']}" in hi
            t = Text(style=click_style(f"card:{c['id']}"))
            t.append(MARK if h else " ")
            t.append(f"{card_tag(c):<5}", style="")
            t.append(c["name"], style=self.style("head"))
            t.append(f"  ${c['cost']}  ")
            t.append(c.get("text", ""), style=self.style("muted"))
            if h:
                t.stylize(self.style("hi"))
            if not detail:
                t.no_wrap = True
                t.overflow = "ellipsis"
            out.append(t)
        return out


class KilnBoard(VerticalScroll):
    """The whole Kiln table; ``show(view, touches)`` redraws it."""

    can_focus = False

    def __init__(self, seats: list[str], **kwargs) -> None:
        super().__init__(**kwargs)
        self.seats = seats

    def compose(self):
        yield ZonesView(id="kiln-zones")
        yield PlayersView(id="kiln-players")
        yield HandView(id="kiln-hand")

    def show(self, view: dict, touches: frozenset[str] = frozenset()) -> None:
        screen = self.screen
        detail = screen.has_class("-wide") and screen.has_class("-tall")
        for part in self.query(KilnPart):
            part.redraw(view, touches, detail)
