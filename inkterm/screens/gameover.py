"""The end of a game: ranking, each player's score over the game as a chart and the
moments that swung it, the tie-break, each player's score breakdown."""
from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen

from inkterm.engine.swings import score_lines, swings, turns
from inkterm.engine.text import seat_name
from inkterm.i18n import N_, _
from inkterm.screens import SCREENS_CSS
from inkterm.widgets.footer import KeyFooter
from inkterm.widgets.plain import Plain, plain_cell
from inkterm.widgets.score_chart import ScoreChart

PLACES = [N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"), N_("6th")]


def ranking_table(result) -> Table:
    table = Table(title=_("Final ranking"), expand=False, show_lines=False, box=box.SIMPLE_HEAD)
    table.add_column(_("Place"))
    table.add_column(_("Player"))
    table.add_column(_("Score"), justify="right")
    for place, standing in enumerate(result.standings):
        mark = "★ " if place == 0 else "  "
        table.add_row(
            Text(mark + _(PLACES[place]), style="bold" if place == 0 else ""),
            plain_cell(seat_name(standing.name)),
            str(standing.score),
        )
    return table


def breakdown_table(result) -> Table | None:
    """One column per standing: the seats in seat order, then any other opponent."""
    columns = sorted(result.standings, key=lambda s: (s.seat is None, s.seat or 0))
    if not any(s.breakdown for s in columns):
        return None
    labels: list[str] = []
    for s in columns:
        for label, _value in s.breakdown:
            if label not in labels:
                labels.append(label)
    table = Table(title=_("Score breakdown"), expand=False, box=box.SIMPLE_HEAD)
    table.add_column("")
    for s in columns:
        table.add_column(plain_cell(seat_name(s.name)), justify="right")
    for label in labels:
        cells = []
        for s in columns:
            value = dict(s.breakdown).get(label)
            cells.append("—" if value is None else str(value))
        table.add_row(plain_cell(label), *cells)
    table.add_row(Text(_("Total"), style="bold"), *[Text(str(s.score), style="bold") for s in columns])
    return table


class GameOverScreen(Screen):
    CSS_PATH = SCREENS_CSS
    BINDINGS = [
        Binding("enter", "leave", "Title screen", id="gameover.title"),
        Binding("r", "replay", "Replay", id="gameover.replay"),
        Binding("escape", "leave", "Title screen", show=False),
        Binding("q", "app.quit", "Quit", id="gameover.quit"),
    ]

    def __init__(self, state) -> None:
        super().__init__()
        self.state = state

    def compose(self) -> ComposeResult:
        result = self.state.result()
        with VerticalScroll(id="gameover"):
            yield Plain(_("Game over — {headline}").format(headline=result.headline), id="gameover-title",
                         classes="screen-title")
            yield Plain(ranking_table(result), id="ranking")
            lines = result.tiebreaks
            text = "\n".join(map(str, lines)) if lines else _("No tie-break was needed.")
            yield Plain(_("Tie-break: {text}").format(text=text), id="tiebreak")
            yield from self.how_it_went()
            table = breakdown_table(result)
            if table is not None:
                yield Plain(table, id="breakdown")
            yield Plain(_("Press Enter for the title screen, r to replay the game."),
                         id="gameover-help")
        yield KeyFooter()

    def how_it_went(self) -> ComposeResult:
        """The scores over the game, and the three largest single-turn gains in words."""
        record = self.state.record
        played = turns(record)
        if not played:
            return
        yield Plain(Text(_("The game in scores"), style="bold"), id="scores-title")
        yield ScoreChart([seat_name(n) for n in record.seats], score_lines(played, len(record.seats)),
                         [t.round for t in played], id="score-chart")
        moments = swings(played, list(record.seats))
        if moments:
            yield Plain("\n".join([_("What swung it (the largest gains in one turn):"),
                                   *(f"• {m.words}" for m in moments)]), id="swings")

    def on_mount(self) -> None:
        # Focus the page so it scrolls by keys and the Footer lists this screen's keys.
        self.query_one("#gameover").focus()

    def action_replay(self) -> None:
        from inkterm.screens.replay import ReplayScreen

        self.app.push_screen(ReplayScreen(self.state.record))

    def action_leave(self) -> None:
        self.app.pop_screen()
