"""Step forward and back through a game's record (a finished game, or a save).

The record is the truth: each step is the previous state with one more choice
applied (states are kept, so stepping back is instant). Only public facts are shown
(``summary()``), so a replay never shows anyone's hand."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen

from inkterm.engine import GAMES, replay
from inkterm.engine.text import seat_name
from inkterm.i18n import N_, _
from inkterm.translated import game_title
from inkterm.widgets.board import BOARD_CSS, board_for
from inkterm.widgets.game_board import GameBoard
from inkterm.screens import SCREENS_CSS
from inkterm.widgets.footer import KeyFooter
from inkterm.widgets.plain import Plain


class ReplayScreen(Screen):
    CSS_PATH = [SCREENS_CSS, *BOARD_CSS]
    #: The status line's first word.
    MODE = N_("Replay")
    #: The keys step through the game from the first frame: a board's part that took the
    #: focus would keep some (a scroll's End, a tab bar's arrows); Tab still reaches it.
    AUTO_FOCUS = ""  # (None would be the app's: the first part that takes the focus)
    BINDINGS = [
        Binding("right", "step(1)", "Next", id="replay.next"),
        Binding("left", "step(-1)", "Back", id="replay.back"),
        Binding("pagedown", "step(10)", "+10", show=False, id="replay.forward-10"),
        Binding("pageup", "step(-10)", "-10", show=False, id="replay.back-10"),
        Binding("home", "go(0)", "Start", id="replay.start"),
        Binding("end", "go(-1)", "End", id="replay.end"),
        Binding("escape", "close", "Close", id="replay.close"),
        Binding("q", "close", "Close", show=False),
    ]

    def __init__(self, record) -> None:
        super().__init__()
        self.record = record
        first = replay(record.prefix(0))  # under the game's own content version
        #: states[i] is the game after i choices (filled in as the replay advances).
        self.states = [first]
        #: notes[i] says what choice i+1 was and who made it.
        self.notes: list[str] = []
        self.at = 0

    @property
    def total(self) -> int:
        return len(self.record.choices)

    def compose(self) -> ComposeResult:
        yield Plain("", id="status")
        with Horizontal(id="table"):
            yield board_for(self.record.game)
            with Vertical(id="side"):
                yield Plain("", id="replay-step")
                yield Plain(_("←/→ step · PgUp/PgDn ten · Home/End"), id="replay-help")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show()

    def _extend_to(self, n: int) -> None:
        while len(self.states) <= n:
            prev = self.states[-1]
            key = self.record.choices[len(self.states) - 1]
            d = prev.decision()
            choice = d.get(key) if d else None
            state = prev.clone()
            events = state.apply(key)
            who = seat_name(self.record.seats[d.seat]) if d else "?"
            label = str(choice.label) if choice else key
            text = f"{who}: {label}"
            if events:
                text += "\n" + "\n".join(str(e.text) for e in events)
            self.notes.append(text)
            self.states.append(state)

    def action_step(self, delta: int) -> None:
        self.action_go(max(0, min(self.total, self.at + delta)))

    def action_go(self, n: int) -> None:
        if n < 0:
            n = self.total
        self._extend_to(n)
        self.at = n
        self.show()

    def show(self) -> None:
        state = self.states[self.at]
        view = state.summary()
        spec = GAMES.get(self.record.game)
        title = game_title(spec) if spec else self.record.game
        parts = [_("{mode}: {game}").format(mode=_(self.MODE), game=title),
                 _("choice {n}/{total}").format(n=self.at, total=self.total)]
        if "round" in view:
            parts.append(_("round {n}").format(n=view["round"]))
        self.query_one("#status", Plain).update(" · ".join(parts))
        self.query_one("#board", GameBoard).show(view)
        note = _("The start of the game.") if self.at == 0 else self.notes[self.at - 1]
        if self.at == self.total and state.is_over:
            ranking = ", ".join(s.name for s in state.result().standings)
            note += "\n\n" + _("Game over. Ranking: {names}.").format(names=ranking)
        self.query_one("#replay-step", Plain).update(note)

    def action_close(self) -> None:
        self.dismiss()
