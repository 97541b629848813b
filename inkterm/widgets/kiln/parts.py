"""The pieces every part of Kiln's board shares: the part base class with its styles,
seat letters, the blank slots, the head line and the legend."""
from __future__ import annotations

import string
from functools import lru_cache

from rich.text import Text

from inkterm.games.kiln.content import N_BLANKS, ROW_SIZES
from inkterm.games.kiln.core import SPACE_NAMES
from inkterm.games.kiln.view import KilnView, PlayerView
from inkterm.i18n import N_, gettext as _
from inkterm.translated import item_name, item_text
from inkterm.widgets.legend import legend_line
from inkterm.widgets.part import BoardPart

MARK = "▶"
EXTRA_WORDS = N_("from cards and Tribute")
#: The names the view gives in English (zones), marked for the catalog: the board
#: shows each through gettext. The favour spaces are the rules' (games/kiln/core.py).
ZONE_WORDS = (N_("Materials"), N_("Bank"), N_("Favour Hall"), N_("Studio"), N_("Shop"), N_("Imperial Kiln"))
#: The folded views' names on the head line.
VIEW_WORDS = {"table": N_("Table"), "boards": N_("Boards"), "hand": N_("Hand"), "cards": N_("Cards")}


def favour_legend() -> str:
    return _("♦ favour spaces: ") + " · ".join(f"{i} {name}" for i, name in enumerate(SPACE_NAMES))


def card_name(c) -> str:
    """A card's name in the reader's language (the view gives the English)."""
    return item_name("kiln", "cards", c["id"], c["name"])


def card_text(c) -> str:
    return item_text("kiln", "cards", c["id"], c.get("text", ""))
#: The folded views, in `v` order, and the parts each one shows.
VIEWS = {
    "table": ("kiln-head", "kiln-zones", "kiln-seats", "kiln-legend"),
    "boards": ("kiln-head", "kiln-players", "kiln-legend"),
    "hand": ("kiln-head", "kiln-seat-board", "kiln-hand"),  # your place: board, front, hand
    "cards": ("kiln-head", "kiln-played"),
}


@lru_cache(maxsize=64)
def seat_tags(names: tuple[str, ...]) -> tuple[str, ...]:
    """One distinct letter per seat: the name's initial, else its next unused letter,
    else the first letter no seat has (three bots named alike still read apart). A tag
    is one cell wide, a Latin letter: a name in Chinese ("你", the reader) is tagged by
    a letter, not by its own character twice ("你 你"), nor by a digit, which would
    run into the token counts beside it ("118": seat 1, 18 tokens)."""
    tags: list[str] = []
    for name in names:
        letters = [ch.upper() for ch in name if ch.isascii() and ch.isalpha()] + list(string.ascii_uppercase)
        tags.append(next(ch for ch in letters if ch not in tags))
    return tuple(tags)


def blank_slots(blanks: int) -> list[str]:
    """The 20 slots in rows of 6/5/4/3/2: ■ filled, □ empty."""
    rows, left = [], blanks
    for size in ROW_SIZES:
        filled = max(0, min(size, left))
        left -= filled
        rows.append("■" * filled + "□" * (size - filled))
    return rows


def extra_points(p: PlayerView) -> int:
    """Points beyond blanks and rows: favour space 6, cards, achievements."""
    return p["score"] - min(p["blanks"], N_BLANKS) - p["rows"]


class KilnPart(BoardPart[KilnView]):
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

    def seat_tag(self, tags, seat: int) -> Text:
        tag = Text()
        tag.append(tags[seat], style=self.seat_style(seat) + self.style("head"))
        return tag

    def seat_label(self, tags, seat: int, name: str, mine: bool | None) -> Text:
        """"▶A Ann": whose turn (when ``mine`` is not None), initial, name, in colour."""
        label = Text()
        if mine is not None:
            label.append(MARK if mine else " ", style=self.style("current") if mine else "")
        label.append_text(self.seat_tag(tags, seat))
        label.append(f" {name}", style=self.seat_style(seat) + self.style("head"))
        return label


def tags_of(view: KilnView) -> tuple[str, ...]:
    return seat_tags(tuple(p["name"] for p in view.get("players", [])))


def row_lit(touches, row: int, next_row: int) -> bool:
    """A row is lit when a choice names it, or places a blank into it."""
    return f"row:{row + 1}" in touches or ("blank" in touches and row == next_row)


def open_row(blanks: int) -> int:
    """The row the next blank goes into (-1 once all 20 slots are filled)."""
    total = 0
    for i, size in enumerate(ROW_SIZES):
        total += size
        if blanks < total:
            return i
    return -1


class FollowsView(KilnPart):
    """A part whose text depends on which folded view is on (the board sets it)."""

    READS = ()
    view_name = ""


class HeadView(FollowsView):
    """The round, the deck and, when folded, which view is on and that `v` changes it."""

    KEYS = ("round", "bellows", "extra_actions", "deck", "discard")

    def draw(self, view: KilnView, touches: frozenset[str], detail: bool) -> None:
        head = Text.assemble((_("Round {n}/10").format(n=view.get('round', '?')), self.style("head")))
        bonus = turn_bonus(view)
        if bonus:  # pending Bellows or Rush Order: the turn holds more than the menu shows
            head.append(bonus, style=self.style("hi"))
        if detail:
            head.append("   " + _("deck {n}").format(n=view.get('deck', '?')) + "   "
                        + _("discard {n}").format(n=len(view.get('discard', []))))
        else:
            head.append("   v: ", style=self.style("muted"))
            for name in VIEWS:
                on = name == self.view_name
                head.append(f"{MARK if on else ' '}{_(VIEW_WORDS[name])} ",
                            style=self.style("head") if on else self.style("muted"))
        self.show(head)


def turn_bonus(view: KilnView) -> str:
    """What this turn still holds for its player beyond the menu: Bellows strength
    waiting for the main action, Rush Order's extra main action."""
    parts = []
    if view.get("bellows"):
        parts.append(_("Bellows +{n}").format(n=view['bellows']))
    if view.get("extra_actions"):
        parts.append(_("+{n} main action").format(n=view['extra_actions']))
    return "".join(f"  {p}" for p in parts)


class LegendView(FollowsView):
    """The legend line (the game's glyph data: see widgets/legend.py) of the view in
    front; the whole table adds the favour spaces' names."""

    KEYS = ()  # nothing of the view

    def draw(self, view: KilnView, touches: frozenset[str], detail: bool) -> None:
        # Drawn once per view (not on a resize): where the rest is told only at the
        # whole table's width, where it fits.
        text = legend_line("kiln", "whole", None) if detail else legend_line("kiln", self.view_name, 0)
        if detail:
            text += f"\n{favour_legend()}"
        self.show(Text(text, style=self.style("muted")))
