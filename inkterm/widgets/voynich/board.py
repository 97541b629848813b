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
comes to the front). Only the layout the size needs is built; a resize across 110×34
builds the other in its place, the player's place kept (``place.py``). Colours and
emphasis come from ``assets/voynich/board.tcss``.

This module lays the table out and follows the decision; the parts are beside it:
``common.py`` (glyphs, token labels, ``VoyPart``), ``puzzle.py``, ``track.py`` (the
track table and the score line), ``sections.py`` and ``book.py`` (the book and the
help card).
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from rich.text import Text
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Select, TabbedContent, TabPane

from inkterm.games.voynich import words as W
from inkterm.games.voynich.view import VoynichView
from inkterm.i18n import gettext as _
from inkterm.widgets.game_board import GameBoard

from .common import SECTIONS
from .book import BookView, HelpView
from .place import Place, scroll_to_place, top_place
from .puzzle import PuzzleView
from .sections import SectionView, SectionsLegend
from .track import ScoreLine, TrackView


#: A view's tab is the pane with this id prefix ("vy-tab-puzzle").
TAB = "vy-tab-"


class CardPicker(Select):
    """Which card the help view shows; blank follows the highlighted choice."""


#: The parts a place names (a section by its own name: "section:baths").
PARTS = ((PuzzleView, "puzzle"), (TrackView, "track"), (SectionsLegend, "legend"),
         (BookView, "book"), (CardPicker, "card"), (HelpView, "help"))


# --- the whole board ----------------------------------------------------------------------
class VoynichBoard(Vertical, GameBoard):
    """The whole Voynich table. Below 110×34 its views are tabs (``vy-tab-<view>``)."""

    can_focus = False  # its parts (or the screen's Tab) take the focus

    VIEWS = ("puzzle", "track", "sections", "book", "card")

    #: The layout built: the whole table at once (True) or its views as tabs. It is
    #: the one the screen's size needs (``whole``); a resize that needs the other
    #: builds it instead (see ``recompose``).
    wide: reactive[bool] = reactive(False, init=False, repaint=False, recompose=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.help_card: str | None = None
        self._cards: list[tuple[str, str]] = []
        self._revealed: frozenset[str] = frozenset()  # the touches last scrolled to
        #: Where the player is (kept up to date as they scroll and change tabs), and
        #: the size of the view it was read in (a resize moves the scroll, not they).
        self._place: Place | None = None
        self._place_size = Size(0, 0)

    def compose(self):
        self.set_reactive(VoynichBoard.wide, self.whole)
        self._revealed = frozenset()
        yield from self._whole_table() if self.wide else self._tabs()

    def _picker(self, prompt: str) -> CardPicker:
        """The help card's picker, on the card chosen (blank: it follows the choice)."""
        chosen = self.help_card if any(self.help_card == card for _, card in self._cards) else Select.NULL
        return CardPicker(self._cards, value=chosen, prompt=prompt, compact=True,
                          type_to_search=False, classes="vy-picker")

    def _whole_table(self):
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
                yield self._picker(_("help card: follows the choice"))
                yield HelpView(classes="vy-help")

    def _tabs(self):
        yield ScoreLine(classes="vy-scores")
        front = f"{TAB}{self.view_name}" if self.view_name in self.VIEWS else ""
        with TabbedContent(id="vy-tabs", initial=front):
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
                    yield self._picker(_("help: follows the choice"))
                    yield HelpView(classes="vy-help")

    # --- switching layouts --------------------------------------------------------------
    def on_resize(self) -> None:
        self._place_size = self._scroll_size()
        self.wide = self.whole  # the other layout, if the size needs it now

    async def recompose(self) -> None:
        """The layout the size needs, built in place of the other: the player reads on
        where they were (the tab, what was at the top of it, the help card; the focus
        if it was on the board)."""
        place = self._place or self._top_place()
        focused = self.screen.focused
        was_on = (None if focused is None or self not in focused.ancestors
                  else "picker" if isinstance(focused, CardPicker) or any(
                      isinstance(w, CardPicker) for w in focused.ancestors) else "scroll")
        if place is not None and not self.whole:
            self.view_name = place.view  # the tab in front as it is built
        await super().recompose()
        self._watch_scrolls()
        self._revealed = self.touches  # the player's place, not the highlighted choice's
        self.redraw()
        self.call_after_refresh(self._restore, place, was_on)

    def _restore(self, place: Place | None, was_on: str | None) -> None:
        scroll = self._scroller()
        if scroll is not None and place is not None:
            part = next((w for key, w in self._parts(scroll) if key == place.part), None)
            if part is not None:
                with self._board_scrolls():
                    scroll_to_place(scroll, part, place.into)
        self._place = place  # as it was, though the scroll may not reach it here
        if was_on is not None:
            parts = self.focus_parts()
            pickers = [w for w in parts if isinstance(w, CardPicker)]
            if parts:
                (pickers[0] if was_on == "picker" and pickers else parts[0]).focus()

    def _scroller(self) -> Widget | None:
        """What scrolls the layout on view: the whole table, or the tab in front."""
        if self.wide:
            return self.query_one_optional("#vy-wide")
        tabs = self.query_one_optional("#vy-tabs", TabbedContent)
        pane = None if tabs is None else tabs.query_one_optional(f"#{tabs.active or TAB + 'puzzle'}")
        return None if pane is None else pane.query_one_optional(VerticalScroll)

    def _scroll_size(self) -> Size:
        scroll = self._scroller()
        return scroll.size if scroll is not None else Size(0, 0)

    @staticmethod
    def _parts(root: Widget) -> list[tuple[str, Widget]]:
        """The parts under ``root`` by their place names, in reading order."""
        out = []
        for w in root.walk_children(Widget):
            key = (f"section:{w.section}" if isinstance(w, SectionView)
                   else next((k for cls, k in PARTS if isinstance(w, cls)), None))
            if key is not None:
                out.append((key, w))
        return out

    def _top_place(self) -> Place | None:
        scroll = self._scroller()
        return top_place(scroll, self._parts(scroll)) if scroll is not None else None

    def _scrolled(self) -> None:
        """The view on screen scrolled: the player's place, unless a resize moved it
        (a taller view scrolls back what now fits). Read once the parts are where the
        scroll put them."""
        if self._scroll_size() == self._place_size:
            self.call_after_refresh(self._note_place)

    @contextmanager
    def _board_scrolls(self) -> Iterator[None]:
        """A scroll the board makes (back to the player's place, or to what a choice
        concerns) is not the player's: it leaves the place as the board sets it."""
        self._place_size = Size(0, 0)
        try:
            yield
        finally:
            self._place_size = self._scroll_size()

    def _note_place(self) -> None:
        """The place on the view on screen (scrolled, or a tab come forward)."""
        self._place_size = self._scroll_size()
        self._place = self._top_place() or self._place

    def on_mount(self) -> None:
        super().on_mount()
        self._watch_scrolls()

    def _watch_scrolls(self) -> None:
        for scroll in self.query(VerticalScroll):
            self.watch(scroll, "scroll_y", self._scrolled, init=False)

    # --- drawing ------------------------------------------------------------------------
    def draw(self, view: VoynichView, touches: frozenset[str]) -> None:
        self._sync_cards(view)
        wide = self.wide
        if wide:
            found = self.query_one_optional("#vy-wide")
        else:
            # Only the tab on view is drawn; switching tabs draws the new one.
            tabs = self.query_one_optional("#vy-tabs", TabbedContent)
            if tabs is not None and tabs.active != (tab := f"{TAB}{self.view_name}"):
                tabs.active = tab
            found = None if tabs is None else self.query_one_optional(f"#{tabs.active or TAB + 'puzzle'}")
        if found is None:
            # Asked before its parts are mounted (seen under load), or while a resize
            # builds the other layout: drawn once they are there.
            self.call_after_refresh(self.redraw)
            return
        root: Widget = found
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
        wide = self.query_one_optional("#vy-wide")
        if wide is None:
            return
        name = self.view_for(self.view or {}, touches)
        part: Widget | None = None
        if name == "book":
            part = wide.query_one(BookView)
        elif name == "puzzle":
            part = wide.query_one(PuzzleView)
        elif name == "sections":
            kinds = {t.split(":", 1)[0] for t in touches}
            part = next((w for w in wide.query(SectionView) if w.section in kinds), None)
        if part is not None:
            with self._board_scrolls():
                wide.scroll_to_widget(part, animate=False, immediate=True)
            # what the player reads now, though it need not be at the top
            self._place = Place(next(key for key, w in self._parts(wide) if w is part))

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        """A tab brought forward (by the board or a click): drawn once laid out."""
        event.stop()
        name = (event.pane.id or "").removeprefix(TAB)
        if name in self.VIEWS:
            self.set_reactive(VoynichBoard.view_name, name)
        if self.view is not None:
            self.call_after_refresh(self.redraw)
        self.call_after_refresh(self._note_place)

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
        scroll = self._scroller()
        if scroll is None:
            return []
        pickers: list[Widget] = list(scroll.walk_children(CardPicker))
        if not self.wide and self.view_name == "card":  # the picker first: the card fits beneath it
            return pickers + [scroll]
        return [scroll, *pickers]

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
            section = next((w for w in self.query(f"#{TAB}sections SectionView").results(SectionView)
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
        explained = not self.wide
        for w in root.query(HelpView):
            if w.changed(self.view, frozenset(), (cid, explained)):
                w.draw(self.view, cid, explained)

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        value = event.value
        self.help_card = value if isinstance(value, str) else None
        if self.view is not None:
            self._draw_help(self)
