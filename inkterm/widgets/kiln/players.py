"""Each player's board: money and materials, the favour track, the 20 slots in rows
with their rewards, and (whole table) the cards in front of them."""
from __future__ import annotations

from rich import box
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from inkterm.engine.steps import key_int
from inkterm.games.kiln.core import SPACE_NAMES
from inkterm.games.kiln.view import KilnView, PlayerView
from inkterm.i18n import N_, gettext as _
from inkterm.widgets.touch import click_style

from .cards import type_words
from .parts import EXTRA_WORDS, KilnPart, blank_slots, card_name, extra_points, open_row, row_lit, tags_of

#: What completing each row gives besides its point (rules: "Rows and their rewards").
ROW_REWARDS = (N_("favour space twice"), N_("+2 clay +3 glaze"), N_("play a card"), N_("+2 money"),
               N_("start player"))
ROW_REWARDS_SHORT = (N_("favour twice"), N_("+2 clay 3 glaze"), N_("play a card"), N_("+2 money"),
                     N_("start player"))


class PlayersView(KilnPart):
    """Each player's board: money and materials, supply, this round's dice, the favour
    track, the 20 slots in rows of 6/5/4/3/2 with each row's reward, extra points
    explained, and (whole table) the cards in front of them. Two boards a row."""

    READS = ("blank", "favour:", "row:", "card:", "money")
    KEYS: tuple[str, ...] = ("current", "start_seat", "players")

    def draw(self, view: KilnView, touches: frozenset[str], detail: bool) -> None:
        current, start, tags = view.get("current"), view.get("start_seat"), tags_of(view)
        boards = []
        for s, p in enumerate(view.get("players", [])):
            hi = touches if s == current else frozenset()
            boards.append(self._board(s, p, tags, s == current, s == start, hi, detail))
        grid = Table.grid(expand=True, padding=(0, 1))
        grid.add_column(ratio=1)
        grid.add_column(ratio=1)
        for i in range(0, len(boards), 2):
            pair = boards[i:i + 2]
            grid.add_row(*pair, *([""] * (2 - len(pair))))
        self.show(grid)

    def _board(self, s: int, p: PlayerView, tags, mine, starter, hi, detail):
        title = self.seat_label(tags, s, p["name"], mine)
        if starter:
            title.append(" ⚑ " + _("starts") if detail else " ⚑")
        title.append(f" ★{p['score']}")
        extra = extra_points(p)
        if not detail:
            if extra:
                title.append(f" +{extra}")
            return Group(title, *self._folded_lines(p, hi))
        return Panel(Group(*self._whole_lines(p, hi, extra)), title=title, title_align="left",
                     box=box.ROUNDED, padding=(0, 1), border_style=self.seat_style(s))

    def _money(self, p: PlayerView, hi, gap: str) -> Text:
        money = Text()
        money.append(f"${p['money']}", style=self.style("hi") if "money" in hi else "")
        money.append(gap + _("clay {n}").format(n=p['clay']) + gap + _("glaze {n}").format(n=p['glaze']))
        return money

    def _folded_lines(self, p: PlayerView, hi) -> list[Text]:
        """Ten lines in a 22-column board: four seats fit 80×24."""
        lines = [self._money(p, hi, " "),
                 Text(_("supply {n}").format(n=p['supply']) + " " + _("hand {n}").format(n=p['hand'])),
                 self._favour(p["favour"], hi, False), *self._rows(p, hi, False),
                 Text(_("dice this round {n}").format(n=p['taken_dice']))]
        for line in lines:
            line.no_wrap, line.overflow = True, "ellipsis"
        return lines

    def _whole_lines(self, p: PlayerView, hi, extra: int) -> list[Text]:
        money = self._money(p, hi, "  ")
        money.append("  " + _("hand {n}").format(n=p['hand']))
        lines = [money, Text(_("supply {n}").format(n=p['supply']) + "  "
                             + _("dice this round {n}").format(n=p['taken_dice'])),
                 self._favour(p["favour"], hi, True), *self._rows(p, hi, True)]
        for line in lines:
            line.no_wrap, line.overflow = True, "ellipsis"
        if extra:
            lines.append(Text(f"+{extra} {_(EXTRA_WORDS)}"))
        return lines + self._tableau(p, hi)

    def _favour(self, favour: int, hi, detail: bool) -> Text:
        lit = {key_int(x) for x in hi if x.startswith("favour:")}
        if not detail:
            line = Text("♦ ")
            line.append(f"{favour} {SPACE_NAMES[favour]}", style=self.style("hi") if lit else "")
            return line
        line = Text()
        for i in range(7):
            if i:
                line.append("·", style=self.style("muted"))
            label = f"[{i}]" if i == favour else str(i)
            line.append(label, style=self.style("hi") if i in lit else (
                self.style("head") if i == favour else self.style("muted")))
        line.append(f" {SPACE_NAMES[favour]}")
        return line

    def _rows(self, p: PlayerView, hi, detail: bool) -> list[Text]:
        out = []
        next_row = open_row(p["blanks"])
        for i, row in enumerate(blank_slots(p["blanks"])):
            lit = row_lit(hi, i, next_row)
            line = Text(f"{row:<6}", style=self.style("hi") if lit else "")
            done = i < p["rows"]
            mark = "✓" if done else " "
            reward = _(ROW_REWARDS[i] if detail else ROW_REWARDS_SHORT[i])
            line.append(f" {mark} {reward}" if detail else f"{mark}{reward}",
                        style=self.style("muted") if done else "")
            out.append(line)
        return out

    def _tableau(self, p: PlayerView, hi) -> list[Text]:
        items = p.get("tableau") or []
        if not items:
            return [Text(_("no cards in front"), style=self.style("muted"))]
        out = []
        for c in items:
            line = Text(card_name(c), style=self.style("tapped") if c.get("tapped") else "")
            line.append(f" · {type_words(c)}", style=self.style("muted"))
            if c.get("tapped"):
                line.append(" ↷ " + _("tapped"))
            if f"card:{c['id']}" in hi:
                line.stylize(self.style("hi"))
            line.stylize(click_style(f"card:{c['id']}"))
            out.append(line)
        return out



class SeatBoardView(PlayersView):
    """Folded, over the hand: the board of the seat whose hand it is (else the one
    acting) with the cards in front of them beside it, the way a player sees their own
    place at the table."""

    KEYS = ("you", "current", "start_seat", "players")

    def draw(self, view: KilnView, touches: frozenset[str], detail: bool) -> None:
        you, current = view.get("you"), view.get("current")
        seat = you if you is not None else current
        players = view.get("players", [])
        if seat is None or seat >= len(players):
            self.show(Text())
            return
        p, tags = players[seat], tags_of(view)
        hi = touches if seat == current else frozenset()
        board = self._board(seat, p, tags, seat == current, seat == view.get("start_seat"), hi, False)
        front = Group(Text(_("In front"), style=self.style("head")), *self._tableau(p, hi))
        grid = Table.grid(expand=True, padding=(0, 2))
        grid.add_column(no_wrap=True)  # the board as wide as its lines: never cut
        grid.add_column(ratio=1, overflow="fold")  # a long card name wraps, never cut
        grid.add_row(board, front)
        self.show(grid)
