"""Voynich's board: the puzzle, the five board sections, the track as a table of every
seat's standing, the current player's book and a help card.

The widgets draw only the view they are given (``state.summary()``, typed as
``inkterm.games.voynich.view.VoynichView``; every book is public) and the board ids
the highlighted choice touches: ``cell:2,3``, ``botany:space:STEM1``,
``astrology:space:2O1:star``, ``baths:dirty:d3`` (one dirty drop), ``book:baths``,
``card:BO4``. Those ids and the data's codes never reach the
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
comes to the front). Colours and emphasis come from ``assets/voynich/board.tcss``.

This module lays the table out and follows the decision; the parts are beside it:
``common.py`` (glyphs, token labels, ``VoyPart``), ``puzzle.py``, ``track.py`` (the
track table and the score line), ``sections.py`` and ``book.py`` (the book and the
help card).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Select, TabbedContent, TabPane

from inkterm.games.voynich import words as W
from inkterm.games.voynich.view import VoynichView
from inkterm.i18n import gettext as _
from inkterm.widgets.game_board import GameBoard

from .common import SECTIONS
from .book import BookView, HelpView
from .puzzle import PuzzleView
from .sections import SectionView, SectionsLegend
from .track import ScoreLine, TrackView


#: A view's tab is the pane with this id prefix ("vy-tab-puzzle").
TAB = "vy-tab-"


class CardPicker(Select):
    """Which card the help view shows; blank follows the highlighted choice."""


# --- the whole board ----------------------------------------------------------------------
class VoynichBoard(Vertical, GameBoard):
    """The whole Voynich table. Below 110×34 its views are tabs (``vy-tab-<view>``)."""

    can_focus = False  # its parts (or the screen's Tab) take the focus

    VIEWS = ("puzzle", "track", "sections", "book", "card")

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.help_card: str | None = None
        self._cards: list[tuple[str, str]] = []
        self._revealed: frozenset[str] = frozenset()  # the touches last scrolled to

    def compose(self):
        with VerticalScroll(id="vy-wide"):
            with Horizontal(classes="vy-band"):
                with Vertical(classes="vy-col -left"):
                    yield PuzzleView(classes="vy-puzzle")
                    yield SectionView("botany", classes="vy-section")
                    yield SectionView("baths", classes="vy-section")
                with Vertical(classes="vy-col"):
                    yield TrackView(classes="vy-track")
                    yield SectionView("writing", classes="vy-section")
                    yield SectionView("recipes", classes="vy-section")
            yield SectionView("astrology", classes="vy-section")
            yield SectionsLegend(classes="vy-legend")
            yield BookView(classes="vy-book")
            with Vertical(classes="vy-card"):
                yield CardPicker([], prompt=_("help card: follows the choice"), compact=True,
                                 type_to_search=False, classes="vy-picker")
                yield HelpView(classes="vy-help")
        yield ScoreLine(classes="vy-scores")
        with TabbedContent(id="vy-tabs"):
            with TabPane(_("Puzzle"), id="vy-tab-puzzle"):
                with VerticalScroll():
                    yield PuzzleView(classes="vy-puzzle")
            with TabPane(_("Track"), id="vy-tab-track"):
                with VerticalScroll():
                    yield TrackView(classes="vy-track")
            with TabPane(_("Sections"), id="vy-tab-sections"):
                with VerticalScroll():
                    for sec in SECTIONS:
                        yield SectionView(sec, classes="vy-section")
            with TabPane(_("Book"), id="vy-tab-book"):
                with VerticalScroll():
                    yield BookView(classes="vy-book")
            with TabPane(_("Card"), id="vy-tab-card"):
                with VerticalScroll():
                    yield CardPicker([], prompt=_("help: follows the choice"), compact=True,
                                     type_to_search=False, classes="vy-picker")
                    yield HelpView(classes="vy-help")

    def draw(self, view: VoynichView, touches: frozenset[str]) -> None:
        self._sync_cards(view)
        wide = self.whole
        if wide:
            found = self.query("#vy-wide")
            if not found:  # asked before its parts are mounted (seen under load): draw after
                self.call_after_refresh(self.redraw)
                return
            root = found.first()
        else:
            # Only the tab on view is drawn; switching tabs draws the new one.
            tabs = self.query_one("#vy-tabs", TabbedContent)
            if tabs.active != (tab := f"{TAB}{self.view_name}"):
                tabs.active = tab
            panes = self.query(f"#{tabs.active or TAB + 'puzzle'}")
            if not panes:  # not mounted yet (seen once under load): its TabActivated redraws
                return
            root = panes.first()
        # each part is drawn again only if what it shows changed: moving the highlight
        # through the menu redraws the one or two parts it touches
        note = self._condition_note(view, touches, wide)
        for puzzle in root.query(PuzzleView):
            if puzzle.changed(view, touches, note.plain if note is not None else None):
                puzzle.draw(view, touches, note)
        for track in root.query(TrackView):
            width = track.content_size.width or (34 if wide else 44)
            if track.changed(view, touches, width):
                track.draw(view, touches, width)
        if not wide:
            for line in self.query(ScoreLine):
                if line.changed(view, touches, None):
                    line.draw(view, touches)
        glyphs: list[str] = []
        for section in root.query(SectionView):
            if section.changed(view, touches, (wide, section.content_size.width)):
                section.draw(view, touches, wide)
            glyphs += [g for g in section.glyphs_used if g not in glyphs]
        for legend in root.query(SectionsLegend):
            if legend.changed(view, touches, tuple(glyphs)):
                legend.draw(view, touches, glyphs)
        for book in root.query(BookView):
            if book.changed(view, touches, (wide, book.content_size.width)):
                book.draw(view, touches, wrap=not wide)
        self._draw_help(root)
        if wide and touches and touches != self._revealed:
            self._revealed = touches
            self.call_after_refresh(self._reveal, touches)

    def _reveal(self, touches: frozenset[str]) -> None:
        """With the whole table on screen (it is taller than 120×40): scroll what the
        highlighted choice concerns into sight (the book, the puzzle or a section)."""
        if not self.whole:
            return
        name = self.view_for(self.view or {}, touches)
        wide = self.query_one("#vy-wide")
        part: Widget | None = None
        if name == "book":
            part = wide.query_one(BookView)
        elif name == "puzzle":
            part = wide.query_one(PuzzleView)
        elif name == "sections":
            kinds = {t.split(":", 1)[0] for t in touches}
            part = next((w for w in wide.query(SectionView) if w.section in kinds), None)
        if part is not None:
            wide.scroll_to_widget(part, animate=False, immediate=True)

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        """A tab brought forward (by the board or a click): drawn once laid out."""
        event.stop()
        name = (event.pane.id or "").removeprefix(TAB)
        if name in self.VIEWS:
            self.set_reactive(VoynichBoard.view_name, name)
        if self.view is not None:
            self.call_after_refresh(self.redraw)

    def _condition_note(self, view: VoynichView, touches: frozenset[str], wide: bool) -> Text | None:
        """While a card's advance is highlighted: what its condition asks, in words."""
        if not any(t.startswith("cell:") for t in touches):
            return None
        cards = [t[5:] for t in touches if t.startswith("card:")]
        if not cards:
            return None
        for p in view.get("players", []):
            for card in p.get("book", []):
                if card["card"] == cards[0] and card.get("condition") and card.get("step", 4) < 4:
                    t = Text(_("{card} needs ").format(card=W.card(card['card'])), style="bold")
                    t.append(W.condition(card["condition"]))
                    if wide:
                        t.no_wrap = True
                        t.overflow = "ellipsis"
                    return t
        return None

    def focus_parts(self) -> list[Widget]:
        """Where Tab stops: what scrolls the view on screen (the whole table, or the tab
        in front), and the help card's picker where it is shown (Enter opens it)."""
        if self.whole:
            root: Widget = self.query_one("#vy-wide")
            parts = [root]
        else:
            tabs = self.query_one("#vy-tabs", TabbedContent)
            found = self.query_one_optional(f"#{tabs.active or TAB + 'puzzle'}")
            if found is None:
                return []
            root = found
            parts = list(root.walk_children(VerticalScroll))
            if self.view_name == "card":  # the picker first: the help card fits beneath it
                parts = list(root.walk_children(CardPicker)) + parts
                return parts
        return parts + list(root.walk_children(CardPicker))

    def view_for(self, view: Mapping[str, Any], touches: frozenset[str]) -> str | None:
        """The view that shows what ``touches`` name, if any."""
        kinds = {t.split(":", 1)[0] for t in touches}
        if "cell" in kinds:
            return "puzzle"
        if kinds & {"book", "card"}:
            return "book"
        if kinds & set(SECTIONS):
            return "sections"
        return None

    def bring(self, name: str, touches: frozenset[str]) -> None:
        super().bring(name, touches)
        if name == "sections":
            # The touched section into view, once the tab is laid out (scrolling a
            # tab that is not shown yet does nothing: it stayed on Botany).
            kinds = {t.split(":", 1)[0] for t in touches}
            section = next((w for w in self.query_one(f"#{TAB}sections").query(SectionView)
                            if w.section in kinds), None)
            if section is not None:
                self.call_after_refresh(section.scroll_visible, animate=False, top=True)

    def _sync_cards(self, view: VoynichView) -> None:
        cards = []
        for p in view.get("players", []):
            for card in p.get("book", []):
                cards.append((f"{W.card(card['card'])} ({p['name']})", card["card"]))
        if cards != self._cards:
            self._cards = cards
            for picker in self.query(CardPicker):
                picker.set_options(cards)

    def _auto_card(self) -> str | None:
        view: Mapping[str, Any] = self.view or {}
        for t in sorted(self.touches):
            if t.startswith("card:"):
                return t[5:]
        if view.get("acting"):
            return view["acting"]
        cur = view.get("current")
        players = view.get("players", [])
        pages = [t[5:] for t in sorted(self.touches) if t.startswith("book:")]
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
        if self.view is None:
            return
        cid: str | None
        if self.help_card:
            cid = self.help_card
        else:
            cid = self._auto_card()
        explained = not self.whole
        for w in root.query(HelpView):
            if w.changed(self.view, frozenset(), (cid, explained)):
                w.draw(self.view, cid, explained)

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        value = event.value
        self.help_card = value if isinstance(value, str) else None
        for picker in self.query(CardPicker):
            if picker is not event.select and picker.value != event.value:
                with picker.prevent(Select.Changed):
                    picker.value = event.value
        if self.view is not None:
            self._draw_help(self)
