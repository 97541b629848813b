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

from inkterm.engine import GAMES
from inkterm.engine.words import says_bot
from inkterm.i18n import _, ngettext
from inkterm.screens import SCREENS_CSS, TABLES_CSS
from inkterm.tables.protocol import SeatInfo, TableInfo
from inkterm.translated import game_title
from inkterm.widgets.plain import Plain, PlainOptionList

#: The idle rule's choices, in minutes (0: wait for them).
IDLE_STEPS = (0, 2, 5, 10, 30)


def ago(when: float | None, now: float | None = None) -> str:
    """How long ago, in words a table reads at a glance."""
    if when is None:
        return _("not yet")
    secs = max(0.0, (now or time.time()) - when)
    n = int(secs)
    if secs >= 86400:
        return ngettext("{n} day ago", "{n} days ago", n // 86400).format(n=n // 86400)
    if secs >= 3600:
        return ngettext("{n} hour ago", "{n} hours ago", n // 3600).format(n=n // 3600)
    if secs >= 60:
        return ngettext("{n} minute ago", "{n} minutes ago", n // 60).format(n=n // 60)
    return _("just now")


def table_title(info: TableInfo) -> str:
    """The table's game by its title in the reader's language (the server sends English)."""
    spec = GAMES.get(info.game)
    return game_title(spec) if spec else info.title


def rules_line(info: TableInfo) -> str:
    """The table's rules in words."""
    parts = [_("turn-based") if info.turn_based else _("live")]
    if info.time_bank_days:
        parts.append(_("time bank {days} days a player").format(days=f"{info.time_bank_days:g}"))
    parts.append(ngettext("a bot plays for an idle player after {n} minute",
                          "a bot plays for an idle player after {n} minutes", info.idle_minutes).format(
                              n=info.idle_minutes)
                 if info.idle_minutes else _("idle players are waited for"))
    parts.append(_("undo on") if info.undo else _("undo off"))
    return " · ".join(parts)


def seat_who(seat: SeatInfo) -> str:
    """A seat's name, with "(bot)" for a bot whose name does not say so already."""
    if seat.kind == "bot" and not says_bot(seat.name):
        return _("{name} (bot)").format(name=seat.name)
    return seat.name


def seat_lines(info: TableInfo, you: int | None) -> list[str]:
    lines = []
    for i, s in enumerate(info.seats):
        if s.kind == "open":
            lines.append(_("Seat {n}: (open)").format(n=i + 1))
            continue
        who = seat_who(s)
        if s.name == info.host:
            who = _("{name} (host)").format(name=who)
        parts = [_("Seat {n}: {who}").format(n=i + 1, who=who)]
        state = s.status() or (_("here") if s.kind == "player" else "")
        if state:
            parts.append(state)
        if info.turn == i:
            parts.append(_("to choose"))
        parts.append(_("moved {when}").format(when=ago(s.moved)) if s.moved is not None else _("not moved yet"))
        line = " · ".join(parts)
        lines.append(_("{line}  ← you").format(line=line) if i == you else line)
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
            out.append((_("A bot plays {name}'s seat now (until they come back)").format(name=name),
                        {"action": "bot", "seat": i}))
        for asker in info.asking:
            out.append((_("Give {name}'s seat to {asker}").format(name=name, asker=asker), {"action": "give", "seat": i, "name": asker}))
    for asker in info.asking:
        out.append((_("Decline {asker}'s request to join").format(asker=asker), {"action": "decline", "name": asker}))
    now = info.idle_minutes or 0
    nxt = IDLE_STEPS[(IDLE_STEPS.index(now) + 1) % len(IDLE_STEPS)] if now in IDLE_STEPS else 0
    then = (ngettext("a bot plays after {n} minute", "a bot plays after {n} minutes", nxt).format(n=nxt)
            if nxt else _("wait for idle players"))
    now_words = ngettext("{n} minute", "{n} minutes", now).format(n=now) if now else _("wait")
    out.append((_("Idle rule: {then} (now: {now})").format(then=then, now=now_words),
                {"action": "idle", "minutes": nxt}))
    out.append((_("Undo: turn it off") if info.undo else _("Undo: turn it on"),
                {"action": "undo", "on": not info.undo}))
    out.append((_("End the table now (its game is kept, as ended by agreement)"), {"action": "end"}))
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
            _("Table {code} · {game} · host {host} · {kind}").format(
                code=info.code, game=table_title(info), host=info.host,
                kind=_("private") if info.private else _("open")))
        self.query_one("#panel-rules", Plain).update(rules_line(info))
        seats = seat_lines(info, remote.you)
        if info.asking:
            seats.append(_("Asking to join: {names}").format(names=_(", ").join(info.asking)))
        self.query_one("#panel-seats", Plain).update(Text("\n".join(seats)))
        host_here = any(s.name == info.host and s.kind == "player" and not s.away for s in info.seats)
        who = (_("You are the host: Enter does it.") if remote.hosting else
               _("The host, {host}, decides while at the table.").format(host=info.host) if host_here else
               _("The host is away: the players here decide by majority (Enter adds your voice)."))
        self.query_one("#panel-who", Plain).update(_("{who} Esc: back to the table.").format(who=who))
        listing = self.query_one("#panel-steers", OptionList)
        highlighted = listing.highlighted
        listing.clear_options()
        self._steers = steers(info)
        for i, (words, _fields) in enumerate(self._steers):
            listing.add_option(Option(words, id=str(i)))
        if self._steers:
            listing.highlighted = min(highlighted or 0, len(self._steers) - 1)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        words, fields = self._steers[int(event.option.id or 0)]
        if fields["action"] == "end" and not self._confirm_end:
            self._confirm_end = True
            self.notify(_("Press Enter again to end the table for everyone."), severity="warning")
            return
        self._confirm_end = False
        self.remote.steer(**fields)
        self.notify(_("Asked: {what}.").format(what=words), timeout=3)

    def action_close(self) -> None:
        self.dismiss()
