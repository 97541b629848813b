"""Every seat at a glance: the standing strip (always on screen below 120×40), the
players table (points, page and progress, pages turned, what a Turn scores now, desk
colour and side, techniques; first player, forced and finished in words), the solo
Rival as a seat, and the supply (bag, gold, deck)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text

from inkterm.games.inkwell.texts import rival_level
from inkterm.i18n import gettext as _, ngettext

from .common import (CODE_OF_WORD, FIRST, MARK, ROMAN, InkPart, abbot_words, desk_name, line,
                     next_arrow, ordinal, page_progress, pile_size, scored_total, tech_name, techniques, wrap)


def seat_table(part: InkPart, view: dict, compact: bool) -> Table:
    """Every seat on a line: to choose (▶), name, points, page and progress, pages
    turned, then (in full) what a Turn scores now, desk and techniques; last the
    first player / forced / finished in words. The solo Rival is a seat too."""
    current = view.get("current")
    first = view.get("first_player")
    t = Table(box=None, padding=(0, 1, 0, 0), pad_edge=False, show_header=not compact,
              header_style=part.style("head"), expand=False)
    t.add_column("", width=1, no_wrap=True)
    t.add_column(_("Player"), no_wrap=True, max_width=8 if compact else 12, overflow="ellipsis")
    t.add_column(_("Pts"), justify="right", no_wrap=True)
    t.add_column(_("Page"), no_wrap=True)
    t.add_column(_("Turned"), justify="right", no_wrap=True)
    if not compact:
        t.add_column(_("Turn now"), justify="right", no_wrap=True)
        t.add_column(_("Desk"), no_wrap=True)
        t.add_column(_("Tech"), justify="right", no_wrap=True)
    # The notes give way first: the columns before them never shrink.
    t.add_column("", no_wrap=False)
    for s, p in enumerate(view.get("players", [])):
        mine = s == current
        page = p.get("page")
        where = page_progress(page) if page else _("finished") if p.get("finished") else _("choosing")
        note = Text(no_wrap=True, overflow="ellipsis")
        standing = p.get("finished") or p.get("must_turn")
        if s == first:  # the word too when there is room for it
            note.append(f"{FIRST} " if standing and compact else FIRST + _("first") + " ", style=part.style("muted"))
        if p.get("finished"):
            note.append(f"✓{ordinal(p.get('finish_position') or 0)}", style=part.style("done"))
        elif p.get("must_turn"):
            note.append("!" + _("must Turn"), style=part.style("forced"))
        turned = p.get("pages_turned", 0)
        cells: list = [
            Text(MARK if mine else " ", style=part.style("current")),
            Text(p["name"], style=part.seat_style(s) + (part.style("head") if mine else Style())),
            _("{n}pt").format(n=p['score']) if compact else str(p["score"]),
            where,
            _("{n} turned").format(n=turned) if compact else str(turned),
        ]
        if not compact:
            preview = p.get("turn_preview") or []
            ws = p["workspace"]
            code = CODE_OF_WORD.get(ws["colour"], "?")
            desk = Text()
            desk.append(code, style=part.style(f"cube-{code}"))
            desk.append(f" {desk_name(ws) or '?'}")  # by its name, as the players call it
            cells += [f"+{scored_total(preview)}" if preview else "", desk,
                      str(len(p.get("techniques") or []))]
        t.add_row(*cells, note)
    rival = view.get("rival")
    if rival:
        pile = pile_size(rival)
        nxt = next_arrow(view)
        when = _("at arrow {arrow}").format(arrow=ROMAN[nxt[0]]) if nxt else _("at the end")
        note = Text((_("pile {n} {when}") if compact else _("pile {n} scores {when}")).format(n=pile, when=when)
                    if pile else "",
                    style=part.style("muted"), no_wrap=True, overflow="ellipsis")
        cells = [Text(" "), Text(_("Rival"), style=part.style("head")),
                 _("{n}pt").format(n=rival.get('score', 0)) if compact else str(rival.get("score", 0)),
                 Text(rival_level(rival), style=part.style("muted")), ""]
        if not compact:
            cells += ["", "", ""]
        t.add_row(*cells, note)
    return t


class StripView(InkPart):
    """Always on screen below 120×40: where the Abbot is and how far the next arrow,
    the gold left, and every seat's points, page, Turns and standing."""

    READS = ()
    VIEW = None  # in every view
    KEYS = ("abbot", "end_space", "arrows", "arrows_crossed", "gold", "current", "first_player", "rival")

    def data(self, view: Mapping[str, Any]):
        return super().data(view), tuple(
            (p["name"], p["score"], page_progress(p.get("page")), p.get("pages_turned"),
             p.get("finished"), p.get("finish_position"), p.get("must_turn"))
            for p in view.get("players", []))

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        head = line((abbot_words(view, short=True), self.style("head")), "  " + _("gold") + " ",
                    ("★", self.style("cube-Au")), str(view.get("gold", 0)))
        self.update(Group(head, seat_table(self, view, compact=True)))


class PlayersView(InkPart):
    """Everyone at a glance: the seat table in full; folded and narrow, what the
    strip above leaves out, a seat a line."""

    VIEW = "players"
    KEYS = ("players", "rival", "current", "first_player", "arrows", "arrows_crossed")

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        head = Text(_("Players"), style=self.style("head"))
        if detail:  # the table's own header says what it is
            self.update(seat_table(self, view, compact=False))
            self._shape = None  # not lines: the next lines are laid out afresh
            return
        lines = [head]
        for s, p in enumerate(view.get("players", [])):
            t = Text()
            t.append(p["name"], style=self.seat_style(s) + self.style("head"))
            t.append(_(": "))
            start = len(t)  # wrapped, a seat's line goes on under its text, not under its name
            preview = p.get("turn_preview") or []
            if preview:
                t.append(_("Turn now +{n}").format(n=scored_total(preview)) + " · ")
            t.append_text(self.desk(p["workspace"]))
            techs = p.get("techniques") or []
            t.append(f" · {techniques(len(techs))}")
            if techs:
                t.append(_(": ") + _(", ").join(tech_name(x) for x in techs), style=self.style("muted"))
            lines += wrap(self, t, self.width(), hang=start)  # desks go by name now: never cut
        rival = view.get("rival")
        if rival:
            t = Text.assemble((_("Rival"), self.style("head")),
                              _(": {n} points, pile ").format(n=rival.get('score', 0)))
            t.append_text(self.cubes(rival.get("pile", {})) or Text(_("empty")))
            lines.append(t)
        self.show_lines(lines)


class SupplyView(InkPart):
    """The bag, the gold supply and the deck; the end phase; the solo Rival."""

    VIEW = "players"
    KEYS = ("bag", "bag_total", "gold", "deck", "end_phase", "end_phase_points", "over", "rival")

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        stock = Text()
        stock.append(_("Bag") + " ", style=self.style("head"))
        stock.append(f"{view.get('bag_total', 0)}: ")
        stock.append_text(self.cubes(view.get("bag", {})))
        gold = Text.assemble((_("Gold") + " ", self.style("head")), ("★", self.style("cube-Au")),
                             " " + ngettext("{n} left", "{n} left", view.get("gold", 0)).format(n=view.get("gold", 0)), ("  " + _("Deck") + " ", self.style("head")),
                             techniques(view.get("deck", 0)))
        lines = [Text.assemble(stock, "  ", gold)] if detail else [stock, gold]
        if view.get("end_phase") and not view.get("over"):
            lines.append(Text(_("End phase: finished players score +{n} a turn.").format(
                n=view.get('end_phase_points', 3)),
                              style=self.style("muted")))
        rival = view.get("rival")
        if rival:
            score = rival.get('score', 0)
            t = Text.assemble((_("Rival") + " ", self.style("head")),
                              _("({level}): ").format(level=rival_level(rival))
                              + ngettext("{n} point", "{n} points", score).format(n=score))
            if not view.get("over"):
                t.append(" " + _("so far"))
            if pile_size(rival):
                t.append(_("; its pile "), style=self.style("muted"))
                t.append_text(self.cubes(rival.get("pile", {})))
                t.append(" " + _("scores at the next arrow"), style=self.style("muted"))
            lines.append(t)
        self.show_lines(lines)
