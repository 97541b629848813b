"""The end of a game: ranking, each player's score breakdown, the tie-break."""
from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from inkterm.screens import SCREENS_CSS
from inkterm.widgets.footer import KeyFooter

PLACES = ["1st", "2nd", "3rd", "4th", "5th", "6th"]


def ranking_table(state) -> Table:
    scores = state.scores()
    table = Table(title="Final ranking", expand=False, show_lines=False, box=box.SIMPLE_HEAD)
    table.add_column("Place")
    table.add_column("Player")
    table.add_column("Score", justify="right")
    for place, seat in enumerate(state.ranking()):
        mark = "★ " if place == 0 else "  "
        table.add_row(
            Text(mark + PLACES[place], style="bold" if place == 0 else ""),
            state.seats[seat],
            str(scores[seat]),
        )
    return table


def breakdown_table(state) -> Table | None:
    players = state.summary().get("players") or []
    rows = [p.get("breakdown") for p in players]
    if not any(rows):
        return None
    labels: list[str] = []
    for r in rows:
        for label, _ in r or []:
            if label not in labels:
                labels.append(label)
    table = Table(title="Score breakdown", expand=False, box=box.SIMPLE_HEAD)
    table.add_column("")
    for seat in range(len(players)):
        table.add_column(state.seats[seat], justify="right")
    for label in labels:
        cells = []
        for r in rows:
            value = dict((lbl, pts) for lbl, pts in (r or [])).get(label)
            cells.append("—" if value is None else str(value))
        table.add_row(label, *cells)
    table.add_row(Text("Total", style="bold"), *[Text(str(s), style="bold") for s in state.scores()])
    return table


class GameOverScreen(Screen):
    CSS_PATH = SCREENS_CSS
    BINDINGS = [
        Binding("enter", "leave", "Title screen"),
        Binding("r", "replay", "Replay"),
        Binding("escape", "leave", "Title screen", show=False),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, state) -> None:
        super().__init__()
        self.state = state

    def compose(self) -> ComposeResult:
        summary = self.state.summary()
        winner = self.state.ranking()[0]
        with VerticalScroll(id="gameover"):
            yield Static(f"Game over — {self.state.seats[winner]} wins", id="gameover-title",
                         classes="screen-title")
            yield Static(ranking_table(self.state), id="ranking")
            lines = summary.get("tiebreaks") or []
            text = "\n".join(lines) if lines else "No tie-break was needed."
            yield Static(f"Tie-break: {text}", id="tiebreak")
            table = breakdown_table(self.state)
            if table is not None:
                yield Static(table, id="breakdown")
            yield Static("Press Enter for the title screen, r to replay the game.",
                         id="gameover-help")
        yield KeyFooter()

    def on_mount(self) -> None:
        # Focus the page so it scrolls by keys and the Footer lists this screen's keys.
        self.query_one("#gameover").focus()

    def action_replay(self) -> None:
        from inkterm.screens.replay import ReplayScreen

        self.app.push_screen(ReplayScreen(self.state.record))

    def action_leave(self) -> None:
        self.app.pop_screen()
