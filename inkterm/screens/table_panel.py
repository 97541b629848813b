"""A shared table's panel (``t`` at the table): who sits where, who is here and who is
away, when each seat last moved, who asks to join, the table's rules; and what the
host (or, while the host is away, the players there by majority) may do about it:
a bot for an away seat, the seat for someone who asks, the idle rule, undo, or an
end by agreement (the table is kept)."""
from __future__ import annotations

import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from inkterm.screens import SCREENS_CSS, TABLES_CSS
from inkterm.tables.protocol import TableInfo
from inkterm.widgets.plain import Plain, PlainOptionList

#: The idle rule's choices, in minutes (0: wait for them).
IDLE_STEPS = (0, 2, 5, 10, 30)


def ago(when: float | None, now: float | None = None) -> str:
    """How long ago, in words a table reads at a glance."""
    if when is None:
        return "not yet"
    secs = max(0.0, (now or time.time()) - when)
    for size, unit in ((86400, "day"), (3600, "hour"), (60, "minute")):
        if secs >= size:
            n = int(secs // size)
            return f"{n} {unit}{'s' if n != 1 else ''} ago"
    return "just now"


def rules_line(info: TableInfo) -> str:
    """The table's rules in words."""
    parts = ["turn-based" if info.turn_based else "live"]
    if info.time_bank_days:
        parts.append(f"time bank {info.time_bank_days:g} days a player")
    parts.append(f"a bot plays for an idle player after {info.idle_minutes} minutes"
                 if info.idle_minutes else "idle players are waited for")
    parts.append("undo on" if info.undo else "undo off")
    return " · ".join(parts)


def seat_lines(info: TableInfo, you: int | None) -> list[str]:
    lines = []
    for i, s in enumerate(info.seats):
        if s.kind == "open":
            lines.append(f"Seat {i + 1}: (open)")
            continue
        who = s.name + (" (bot)" if s.kind == "bot" else "") + (" (host)" if s.name == info.host else "")
        state = s.status() or ("here" if s.kind == "player" else "")
        turn = " · to choose" if info.turn == i else ""
        mine = "  ← you" if i == you else ""
        lines.append(f"Seat {i + 1}: {who}{' · ' + state if state else ''}{turn}"
                     f" · moved {ago(s.moved)}{mine}")
    return lines


def steers(info: TableInfo) -> list[tuple[str, dict]]:
    """What may be decided now: (words, the request's fields)."""
    out: list[tuple[str, dict]] = []
    if info.status == "over":
        return out
    away = [i for i, s in enumerate(info.seats) if s.kind == "player" and s.away]
    for i in away:
        name = info.seats[i].name
        if info.status == "playing" and not info.seats[i].bot_plays:
            out.append((f"A bot plays {name}'s seat now (until they come back)",
                        {"action": "bot", "seat": i}))
        for asker in info.asking:
            out.append((f"Give {name}'s seat to {asker}", {"action": "give", "seat": i, "name": asker}))
    for asker in info.asking:
        out.append((f"Decline {asker}'s request to join", {"action": "decline", "name": asker}))
    now = info.idle_minutes or 0
    nxt = IDLE_STEPS[(IDLE_STEPS.index(now) + 1) % len(IDLE_STEPS)] if now in IDLE_STEPS else 0
    out.append((f"Idle rule: {'wait for idle players' if not nxt else f'a bot plays after {nxt} minutes'}"
                f" (now: {f'{now} minutes' if now else 'wait'})", {"action": "idle", "minutes": nxt}))
    out.append(("Undo: turn it off" if info.undo else "Undo: turn it on",
                {"action": "undo", "on": not info.undo}))
    out.append(("End the table now (its game is kept, as ended by agreement)", {"action": "end"}))
    return out


class TablePanel(ModalScreen[None]):
    CSS_PATH = [SCREENS_CSS, TABLES_CSS]
    BINDINGS = [Binding("escape,t", "close", "Back to the table")]

    def __init__(self, remote) -> None:
        super().__init__()
        self.remote = remote
        self._confirm_end = False

    def compose(self) -> ComposeResult:
        with Vertical(id="table-panel", classes="tables-panel"):
            yield Plain("", id="panel-title", classes="screen-title")
            yield Plain("", id="panel-rules", classes="tables-help")
            yield Plain("", id="panel-seats")
            yield Plain("", id="panel-who", classes="tables-help")
            yield PlainOptionList(id="panel-steers")

    def on_mount(self) -> None:
        self.show()
        self.query_one("#panel-steers", OptionList).focus()

    def show(self) -> None:
        if not self.is_attached:
            return
        remote, info = self.remote, self.remote.table
        self.query_one("#panel-title", Plain).update(
            f"Table {info.code} · {info.title} · host {info.host} · "
            + ("private" if info.private else "open"))
        self.query_one("#panel-rules", Plain).update(rules_line(info))
        seats = seat_lines(info, remote.you)
        if info.asking:
            seats.append("Asking to join: " + ", ".join(info.asking))
        self.query_one("#panel-seats", Plain).update(Text("\n".join(seats)))
        host_here = any(s.name == info.host and s.kind == "player" and not s.away for s in info.seats)
        who = ("You are the host: Enter does it." if remote.hosting else
               f"The host, {info.host}, decides while at the table." if host_here else
               "The host is away: the players here decide by majority (Enter adds your voice).")
        self.query_one("#panel-who", Plain).update(who + " Esc: back to the table.")
        listing = self.query_one("#panel-steers", OptionList)
        highlighted = listing.highlighted
        listing.clear_options()
        self._steers = steers(info)
        for i, (words, _) in enumerate(self._steers):
            listing.add_option(Option(words, id=str(i)))
        if self._steers:
            listing.highlighted = min(highlighted or 0, len(self._steers) - 1)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        words, fields = self._steers[int(event.option.id or 0)]
        if fields["action"] == "end" and not self._confirm_end:
            self._confirm_end = True
            self.notify("Press Enter again to end the table for everyone.", severity="warning")
            return
        self._confirm_end = False
        self.remote.steer(**fields)
        self.notify(f"Asked: {words}.", timeout=3)

    def action_close(self) -> None:
        self.dismiss()
