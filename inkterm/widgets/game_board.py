"""What a game screen asks of a board, written once: every game's board derives from
``GameBoard``, after the container it lays its parts out in (``class KilnBoard(
VerticalScroll, GameBoard)``: Textual takes a widget's default styles along its first
base, so the container's must come first)."""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, ClassVar

from textual.reactive import var
from textual.widget import Widget

from inkterm.engine.text import seat_name
from inkterm.engine.words import is_you
from inkterm.i18n import DEFAULT, language


def shown_within(widget: Widget, root: Widget) -> bool:
    """Whether ``widget`` and every container between it and ``root`` are displayed
    (a widget in a hidden tab or view is focusable, but not on screen)."""
    node: Any = widget
    while node is not None and node is not root:
        if not node.display:
            return False
        node = node.parent
    return node is root


class GameBoard(Widget):
    """A game's table, drawn from the view it is given (``summary()`` or
    ``view(seat)``, never more), with what the highlighted choice touches marked.

    ``view``, ``touches`` and ``view_name`` are reactives: setting one redraws the
    board through ``draw``, and ``show`` sets the view and the touches together for a
    single redraw. A game's parts skip drawing what has not changed (see
    ``widgets/part.py``), so a key that moves the highlight redraws only what it moved.

    Below 120×40 (the screen's ``-wide`` and ``-tall`` classes) a board with ``VIEWS``
    folds into them, one at a time: ``v`` cycles them (``next_view``), and a new
    decision brings forward the one it concerns (``follow``; ``view_for``, which each
    game answers). Moving the highlight never changes the view: it marks what the
    choice touches on the view in front (a player reading the Card view is not thrown
    onto the Puzzle by the arrow keys)."""

    #: The views a small screen folds the board into, in the order `v` cycles them.
    VIEWS: ClassVar[tuple[str, ...]] = ()
    #: The board draws its game's legend line itself (``widgets/legend.py``), so the
    #: screen shows none under it.
    DRAWS_LEGEND: ClassVar[bool] = False

    #: What is drawn (set anew on every change: it is compared part by part, not here).
    view: var[Mapping[str, Any] | None] = var(None, always_update=True, init=False)
    #: The board ids the highlighted choice touches ("zone:3", "card:T4"…).
    touches: var[frozenset[str]] = var(frozenset(), init=False)
    #: The view in front while folded.
    view_name: var[str] = var("", init=False)

    def __init__(self, *children: Widget, **kwargs) -> None:
        super().__init__(*children, **kwargs)
        self.set_reactive(GameBoard.view_name, self.VIEWS[0] if self.VIEWS else "")
        #: The view the player last chose with `v`: it comes back once a decision
        #: concerns no view.
        self.chosen_view: str | None = None
        self._held = False
        self._redraw_due = False

    # --- folding ------------------------------------------------------------------------
    @property
    def whole(self) -> bool:
        """The whole table at once (120×40 and above): nothing is folded."""
        screen = self.screen
        return screen.has_class("-wide") and screen.has_class("-tall")

    @property
    def has_views(self) -> bool:
        """Whether the board is folded into views now (the screen's `v` key cycles them)."""
        return self.is_mounted and len(self.VIEWS) > 1 and not self.whole

    def next_view(self) -> None:
        names = self.VIEWS
        i = names.index(self.view_name) if self.view_name in names else -1
        self.view_name = self.chosen_view = names[(i + 1) % len(names)]

    def follow(self, touches: frozenset[str], first: frozenset[str] = frozenset()) -> None:
        """A new decision: bring forward the view its first highlighted choice
        concerns (``first``), else the one any of its choices touch (``touches``); if
        it concerns none, give back the view the player chose."""
        if not self.is_mounted or self.whole or not self.VIEWS:
            return
        view = self.view or {}
        name = ((self.view_for(view, first) if first else None)
                or (self.view_for(view, touches) if touches else None) or self.chosen_view)
        if name is not None:
            self.bring(name, touches)

    def focus_parts(self) -> list[Widget]:
        """Where Tab stops on the board, in order: the parts on view now that take keys
        (a part that scrolls: Down, PgDn and End scroll it; a picker: Enter opens it).
        By default the board itself if it takes the focus, else every focusable part
        shown now (a part inside a folded-away view or tab is not)."""
        if self.focusable:
            return [self]
        # walk_children, not query("*"): the footer asks this on every repaint of its keys.
        return [w for w in self.walk_children(Widget) if w.focusable and shown_within(w, self)]

    def view_for(self, view: Mapping[str, Any], touches: frozenset[str]) -> str | None:
        """The view that shows what ``touches`` name, if any (each game says)."""
        return None

    def bring(self, name: str, touches: frozenset[str]) -> None:
        """Put view ``name`` in front (a game may also scroll to what is touched)."""
        self.view_name = name

    # --- drawing ------------------------------------------------------------------------
    def show(self, view: Mapping[str, Any], touches: frozenset[str] = frozenset(),
             concerns: frozenset[str] | None = None) -> None:
        """Draw ``view`` with ``touches`` marked, once. ``concerns``: a new decision's
        touches, all its choices' (see ``follow``)."""
        with self._one_redraw():
            self.view = self._as_read(view)
            if concerns is not None:
                self.follow(concerns, touches)
            self.touches = touches

    #: The last view given and the same view as the reader reads it (one object for
    #: one view, so a part's "is it the view I drew?" check still holds).
    _read: tuple[Any, Any] = (None, None)

    def _as_read(self, view: Mapping[str, Any]) -> Mapping[str, Any]:
        """``view`` with a seat named You named as the reader reads it (你, あなた): a
        Chinese or Japanese board read 'You' where the status line and log said 你."""
        if view is self._read[0]:
            return self._read[1]
        players = view.get("players")
        read = view
        if players and language() != DEFAULT and any(is_you(p.get("name", "")) for p in players):
            read = {**view, "players": [{**p, "name": seat_name(p["name"])} if is_you(p.get("name", "")) else p
                                        for p in players]}
        self._read = (view, read)
        return read

    def redraw(self) -> None:
        """Draw again what is shown (the screen's size, and so the fold, may have changed)."""
        if self._held:
            self._redraw_due = True
        elif (
            self.view is not None
            and self.is_mounted
            and self.is_attached
            and not (self._closing or self._closed)
        ):
            # (a redraw queued after a repaint may come as the game ends and the
            # screen takes its parts down: nothing to draw on then)
            self.draw(self.view, self.touches)

    def on_mount(self) -> None:
        # A view given before the board's parts were mounted (a screen that shows its
        # first frame at once, under load) is drawn now, not into parts not yet there.
        self.redraw()

    def draw(self, view: Any, touches: frozenset[str]) -> None:
        raise NotImplementedError

    def watch_view(self, view: Mapping[str, Any] | None) -> None:
        self.redraw()

    def watch_touches(self, old: frozenset[str], new: frozenset[str]) -> None:
        # The view stays; what is touched on it may be scrolled into sight.
        if new and new != old and not self.whole and self.VIEWS:
            if self.view_for(self.view or {}, new) == self.view_name:
                self.bring(self.view_name, new)
        self.redraw()

    def watch_view_name(self) -> None:
        self.redraw()

    @contextmanager
    def _one_redraw(self) -> Iterator[None]:
        if self._held:  # already inside one: its end draws
            yield
            return
        self._held, self._redraw_due = True, False
        try:
            yield
        finally:
            self._held = False
            if self._redraw_due:
                self.redraw()
