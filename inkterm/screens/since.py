"""What the others did since the person now choosing last chose (the table driver
keeps it per person, ``TableDriver.since``): first what happened to them, then every
turn by seat and round, nothing cut. It shows in the log's place, so the menu and the
board keep every row; it pages with ``[`` and ``]``, hides with Escape and comes back
with ``s`` (the footer and the panel's heading say so)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.text import Text
from textual.binding import Binding
from textual.containers import VerticalScroll

from inkterm.engine import GAMES, IllegalChoice
from inkterm.engine.text import seat_name
from inkterm.i18n import N_, _, ngettext
from inkterm.translated import game_title
from inkterm.widgets.event_log import EventLog, event_line, event_text
from inkterm.widgets.hanging import Hanging, indented
from inkterm.widgets.plain import Plain

if TYPE_CHECKING:
    from textual.screen import Screen

    from inkterm.engine import GameState
    from inkterm.engine.types import Decision
    from inkterm.table_driver import Played, Story, TableDriver

SINCE_BINDINGS = [
    # While it shows, Escape or s hides it (its heading says so); while it is hidden
    # the footer offers s to bring it back.
    Binding("escape,s", "dismiss_since", "Hide summary", show=False, id="game.hide-summary"),
    Binding("s", "recall_since", "Since", id="game.since"),
    Binding("left_square_bracket", "page_since(-1)", "Page summary up", show=False, id="game.since-up"),
    Binding("right_square_bracket", "page_since(1)", "Page summary down", show=False, id="game.since-down"),
]
HEAD = N_("Since your last turn (Esc hides, s recalls, [ ] pages)")


def collapse_repeats(lines: list[Text]) -> list[Text]:
    """Consecutive equal lines as one, with a count: "bot swaps a card (×3)"."""
    out: list[Text] = []
    run = 0
    for i, line in enumerate(lines):
        run += 1
        if i + 1 < len(lines) and lines[i + 1].plain == line.plain:
            continue
        out.append(line + Text(f" (×{run})", style="dim") if run > 1 else line)
        run = 0
    return out


def story_lines(story: Story, seats: list[str]) -> list[Text | Hanging]:
    """The story as lines: what happened to you, then each turn under its seat and
    round; an event's wrapped lines stay set in under it (at the left edge a
    continuation reads as a new turn)."""
    lines: list[Text | Hanging] = [Text(_(HEAD), style="bold")]
    if story.to_you:
        lines.append(Text(_("To you:"), style="bold"))
        lines += [indented(event_line(e, r), 2) for r, e in story.to_you]
    for turn in story.turns:
        name = seats[turn.seat]
        head = (_("R{round} {name}:").format(round=turn.round, name=name) if turn.round is not None
                else _("{name}:").format(name=name))
        lines.append(Text(head, style="bold"))
        lines += [indented(line, 2) for line in collapse_repeats([event_text(e) for e in turn.events])]
    return lines


if TYPE_CHECKING:
    _Mixed = Screen  # what the mixin is mixed into
else:
    _Mixed = object


class SinceLastTurn(_Mixed):
    """The game screen's "since your last turn" panel (a mixin: the screen composes
    ``since_panel()`` in its log's place). Type-checked as the screen it is mixed into."""

    if TYPE_CHECKING:
        table: TableDriver

        @property
        def state(self) -> GameState: ...
        @property
        def decision(self) -> Decision | None: ...
        def human_to_move(self) -> bool: ...
        def log_played(self, played: Played) -> None: ...

    #: Whether "since your last turn" is shown (a lesson or a demo narrates instead).
    SHOWS_SINCE = True

    #: Whether the panel is on (until then there is nothing to hide: no query).
    _since_on = False
    #: The story last shown, by who it was for and how many turns it held: a new one shows.
    _since_told: tuple[int, int] | None = None
    #: The person hid it (Escape): it stays hidden until a new story or ``s``.
    _since_hidden = False
    #: The words the panel holds (every move refreshes the table; a story unchanged
    #: is not laid out and drawn again: at a shared table that was most of a move's cost).
    _since_shown = ""
    #: Whether Escape and ``s`` were offered when the footer was last told.
    _since_keys: tuple[bool, bool | None] | None = None

    @staticmethod
    def compose_since():
        with VerticalScroll(id="since", classes="since"):
            yield Plain("", id="since-text")

    @property
    def since_panel(self) -> VerticalScroll | None:
        """The panel (in the log's place); None on screens built without it."""
        panels = self.query("#since")
        return panels.first(VerticalScroll) if panels else None

    def _story(self, recalled: bool = False) -> Story | None:
        d = self.decision
        if d is None or not self.SHOWS_SINCE or not self.human_to_move():
            return None
        if recalled:
            return self.table.since(d.seat)
        missed = self.table.missed.get(d.seat)
        return self.table.since(d.seat) if missed else None

    def _show_since(self, recalled: bool = False) -> None:
        """Show the story while the person it is for chooses, unless they hid it."""
        story = self._story(recalled or (self._since_on and not self._since_hidden))
        if story:
            told = (self.decision.seat, len(story.turns)) if self.decision else None
            if told != self._since_told and not recalled:
                self._since_told, self._since_hidden = told, False
            if recalled:
                self._since_hidden = False
        show = bool(story) and not self._since_hidden
        if not show and not self._since_on:
            return  # hidden, and staying so (an update with no move in it): no query
        panel = self.since_panel
        show = show and panel is not None
        if panel is not None:
            panel.display = show
            if show and story is not None:
                lines = story_lines(story, self.state.seats)
                shown = "\n".join(line.plain for line in lines)
                if shown != self._since_shown:  # the same story: no new layout, no repaint
                    self._since_shown = shown
                    panel.query_one("#since-text", Plain).update(Group(*lines))
        self.query_one(EventLog).display = not show
        self._since_on = show
        keys = (show, self.since_allows("recall_since"))
        if keys != self._since_keys:  # the footer follows the panel's keys (rebuilding it costs)
            self._since_keys = keys
            self.refresh_bindings()

    def tell_history(self, resumed: bool = False) -> None:
        """The log from the record (a save keeps no narration), and so what each person
        missed since their last choice; an undo tells it anew, without the undone part.
        ``resumed``: a game opened part-way (Continue, a table rejoined) says so under it."""
        spec, log = GAMES.get(self.state.record.game), self.query_one(EventLog)
        log.clear()
        log.entries.clear()
        for person in self.table.missed:
            self.table.missed[person], self.table.told[person] = [], []
        log.note(_("{game}: {seats} (seed {seed}).").format(
            game=game_title(spec) if spec else self.state.record.game,
            seats=_(", ").join(map(seat_name, self.state.seats)), seed=self.state.record.seed))
        try:
            for played in self.table.history():
                self.log_played(played)
        except IllegalChoice as exc:  # a save that loads but does not replay: no history
            log.note(_("The earlier history cannot be shown: {problem}").format(problem=exc))
        if resumed and (n := len(self.state.record.choices)):
            log.note(ngettext("Resumed after {n} choice.", "Resumed after {n} choices.", n).format(n=n))

    def action_dismiss_since(self) -> None:
        self._since_hidden = True
        self._show_since()

    def action_recall_since(self) -> None:
        self._show_since(recalled=True)

    def action_page_since(self, direction: int) -> None:
        panel = self.since_panel
        if panel is not None and self._since_on:
            (panel.scroll_page_down if direction > 0 else panel.scroll_page_up)(animate=False)

    def since_allows(self, action: str) -> bool | None:
        """check_action's answer for this panel's keys (None: not one of them)."""
        if action in ("dismiss_since", "page_since"):
            return self._since_on
        if action == "recall_since":
            d = self.decision
            return bool(self.SHOWS_SINCE and not self._since_on and d is not None and self.human_to_move()
                        and self.table.since(d.seat))
        return None
