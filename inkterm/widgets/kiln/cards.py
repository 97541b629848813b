"""Cards in full: the viewer's hand and Studio draw, and every card in front of anyone."""
from __future__ import annotations

from typing import Any, Mapping

from rich.console import Group
from rich.padding import Padding
from rich.text import Text

from inkterm.engine.words import is_you
from inkterm.games.kiln.content import ZONES
from inkterm.games.kiln.view import CardFacts, KilnView, TableauCard
from inkterm.i18n import N_, gettext as _
from inkterm.widgets.touch import click_style

from .parts import MARK, KilnPart, card_name, card_text, tags_of

TYPE_WORDS = {"play": N_("play"), "tap": N_("tap"), "persistent": N_("ongoing"), "achievement": N_("achievement")}


def type_words(card: Mapping[str, Any]) -> str:
    return _(TYPE_WORDS.get(card.get("type", ""), N_("card")))


def card_type(card: Mapping[str, Any]) -> str:
    """A card's type in words: "play", "tap", "ongoing · Bank", "achievement"."""
    words = type_words(card)
    pip = card.get("pip")
    if card.get("type") == "persistent":
        words += f" · {_(ZONES[pip - 1])}" if pip else " · " + _("always on")
    return words


class CardList(KilnPart):
    """Cards in full: name, type in words, cost, and the effect text, wrapped."""

    READS = ("card:",)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        #: card id -> (first row, rows) in this part as last drawn: for scrolling to it.
        self.card_rows: dict[str, tuple[int, int]] = {}
        self._names: dict[int, str] = {}  # id(name line) -> card id, while drawing

    def card_lines(self, cards_: list[TableauCard] | list[CardFacts], hi) -> list:
        """Each card as its name line and, indented below, its type and effect."""
        out: list[Text | Padding] = []
        for c in cards_:
            lit = f"card:{c['id']}" in hi
            click = click_style(f"card:{c['id']}")
            name = Text(MARK if lit else " ")
            name.append(card_name(c), style=self.style("head"))
            if "cost" in c:
                name.append(f"  ${c['cost']}")
            if c.get("tapped"):
                name.append("  ↷ " + _("tapped"), style=self.style("tapped"))
            effect = Text(card_type(c), style=self.style("muted"))
            effect.append(_(": ") + card_text(c))
            for t in (name, effect):
                if lit:
                    t.stylize(self.style("hi"))
                t.stylize(click)
            out.append(name)
            out.append(Padding(effect, (0, 0, 0, 3)))
            self._names[id(name)] = c["id"]
        return out

    def show_cards(self, parts: list[Text | Padding]) -> None:
        """Show ``parts`` and note the rows each card takes (wrapped at this width)."""
        width = max(10, self.content_size.width or 45)
        console = self.app.console
        rows: dict[str, tuple[int, int]] = {}
        row, last = 0, None
        for r in parts:
            text, indent = (r.renderable, 3) if isinstance(r, Padding) else (r, 0)
            assert isinstance(text, Text)  # a card's rows are Text, indented or not
            n = len(text.wrap(console, width - indent))
            cid = self._names.get(id(r))
            if cid is not None:
                last = cid
                rows[cid] = (row, n)
            elif isinstance(r, Padding) and last is not None:
                rows[last] = (rows[last][0], rows[last][1] + n)
            row += n
        self.card_rows, self._names = rows, {}
        self.show(Group(*parts), row)  # as wrapped just now


class HandView(CardList):
    """The viewer's hand (from their own view only) and, during their Studio swap,
    the drawn cards."""

    KEYS = ("you", "current", "studio", "players")

    def data(self, view: KilnView) -> object:
        you = view.get("you")
        me = view["players"][you] if you is not None else None
        return (you, view.get("current"), view.get("studio"),
                me and (me["name"], me.get("hand_cards")))

    def draw(self, view: KilnView, touches: frozenset[str], detail: bool) -> None:
        you = view.get("you")
        if you is None:
            self.show_cards([Text(_("Hands are hidden."), style=self.style("muted"))])
            return
        me = view["players"][you]
        hi = touches if view.get("current") == you else frozenset()
        whose = (_("Your hand (secret)") if is_you(me["name"])
                 else _("{name}'s hand (secret)").format(name=me["name"]))
        parts: list = [Text(whose, style=self.style("head"))]
        parts.extend(self.card_lines(me.get("hand_cards", []), hi) or
                     [Text("  " + _("(no cards)"), style=self.style("muted"))])
        studio = view.get("studio")
        if studio:
            parts.append(Text(_("Drawn in the Studio (swap any one-for-one)"), style=self.style("head")))
            parts.extend(self.card_lines(studio, hi))
        self.show_cards(parts)


class PlayedView(CardList):
    """Every card in front of anyone, in full: the folded view's way to read them."""

    KEYS = ("current", "players")

    def data(self, view: KilnView) -> object:
        return (view.get("current"), [(p["name"], p.get("tableau")) for p in view.get("players", [])])

    def draw(self, view: KilnView, touches: frozenset[str], detail: bool) -> None:
        tags, current = tags_of(view), view.get("current")
        parts: list = [Text(_("Cards in front of the players"), style=self.style("head"))]
        for s, p in enumerate(view.get("players", [])):
            head = self.seat_label(tags, s, p["name"], None)
            items = p.get("tableau") or []
            if not items:
                head.append("  " + _("no cards"), style=self.style("muted"))
            parts.append(head)
            parts.extend(self.card_lines(items, touches if s == current else frozenset()))
        self.show_cards(parts)

