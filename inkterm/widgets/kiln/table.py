"""The folded table: the six zone tiles with their dice and every seat's tokens, and
every seat in two lines."""
from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from inkterm.games.kiln.content import ZONES
from inkterm.games.kiln.view import KilnView, PlayerView
from inkterm.engine.text import Msg, pmsg
from inkterm.i18n import N_, gettext as _, ngettext
from inkterm.widgets.touch import click_style

from .parts import MARK, KilnPart, blank_slots, extra_points, open_row, row_lit, tags_of

DIE_FACES = "⚀⚁⚂⚃⚄⚅"
#: The favour spaces' short names (the first: the track's start, not the button's "Start").
FAVOUR_SHORT = (pmsg("favour track", "Start"), Msg("Select"), Msg("Blank"), Msg("Reward"), Msg("Glaze"),
                Msg("Exhibit"), Msg("Tribute"))
#: Each tile's lines (title, dice, gain, tokens), cut to the width, never wrapped.
TILE_ROWS = 4
#: A main action's gain in a folded tile's width (the whole table uses the menu's words).
SHORT_GAIN = (N_("+{n} clay/glaze"), N_("+{n} money"), N_("+{n} favour"), N_("swap {n} cards"),
              N_("−{n} card cost"), N_("copy at {n}"))
#: The whole table's words, as the menu says them.
GAIN = (N_("+{n} clay/glaze"), N_("+{n} money"), N_("+{n} favour"), None, N_("a card {n} cheaper"),
        N_("copy a zone at {n}"))


def gain_words(pip: int, dice: int, short: bool = False) -> str:
    """What a main action in zone ``pip`` gives at its current strength."""
    if not dice:
        return _("closed")
    if not short:
        words = GAIN[pip - 1]
        if words is None:
            return ngettext("swap with {n} card", "swap with {n} cards", dice).format(n=dice)
        return _(words).format(n=dice)
    if pip == 4 and dice == 1:
        return _("swap 1 card")
    return _(SHORT_GAIN[pip - 1]).format(n=dice)


class ZonesView(KilnPart):
    """The six zones as the board's tiles, two rows of three: die face, name, dice as
    pips, what acting there gives now, and every seat's tokens by initial and colour."""

    READS = ("zone:",)
    KEYS = ("zones", "dice", "players")

    def data(self, view: KilnView) -> object:
        # Of the players, a tile shows only their names (as letters) and tokens.
        return (view.get("zones"), view.get("dice"),
                [(p["name"], p["tokens"]) for p in view.get("players", [])])

    def draw(self, view: KilnView, touches: frozenset[str], detail: bool) -> None:
        tags = tags_of(view)
        tiles = [self._cached_tile(view, z, tags, f"zone:{z + 1}" in touches, detail) for z in range(6)]
        if detail:
            grid = Table(box=box.ROUNDED, show_header=False, show_lines=True, expand=True,
                         padding=(0, 1), pad_edge=False)
            for _ in range(3):
                grid.add_column(ratio=1, no_wrap=True)
            grid.add_row(*tiles[:3])
            grid.add_row(*tiles[3:])
            self.show(grid, TILE_ROWS)  # the tiles' lines never wrap: a fixed height
            return
        # Folded: each row of tiles as narrow as its own contents, a column apart.
        rows = []
        for row in (tiles[:3], tiles[3:]):
            grid = Table.grid(padding=(0, 1, 0, 0), pad_edge=False)
            for _ in range(3):
                grid.add_column(no_wrap=True)
            grid.add_row(*row)
            rows.append(grid)
        self.show(Group(rows[0], Text(""), rows[1]), TILE_ROWS)

    _tiles: dict | None = None

    def _cached_tile(self, view: KilnView, z: int, tags, hi: bool, detail: bool) -> Text:
        """A tile changes only with its dice, its tokens or the highlight: moving the
        highlight between zones redraws two tiles, not six."""
        cache = self._tiles
        if cache is None or len(cache) > 256:
            cache = self._tiles = {}
        names = view.get("zones") or ZONES
        key = (z, names[z], view.get("dice", [0] * 6)[z],
               tuple(p["tokens"][z] for p in view.get("players", [])), tags, hi, detail)
        tile = cache.get(key)
        if tile is None:
            tile = cache[key] = Text("\n").join(self._tile(view, z, tags, hi, detail))
        return tile

    def notify_style_update(self) -> None:
        self._tiles = None
        super().notify_style_update()

    def _tile(self, view: KilnView, z: int, tags, hi: bool, detail: bool) -> list[Text]:
        names = view.get("zones") or list(ZONES)
        n = view.get("dice", [0] * 6)[z]
        click = click_style(f"zone:{z + 1}")
        name = _(names[z])
        title = Text(f"{MARK if hi else ' '}{DIE_FACES[z]} {z + 1} {name}" if detail
                     else f"{MARK if hi else ' '}{DIE_FACES[z]}{z + 1} {name}",
                     style=self.style("hi") if hi else self.style("head"))
        dice = Text(" ")
        if n:
            dice.append("●" * n)
            if detail:
                dice.append("  " + ngettext("{n} die", "{n} dice", n).format(n=n), style=self.style("muted"))
        else:
            dice.append(_("no dice"), style=self.style("muted"))
        gain = Text(" " + gain_words(z + 1, n, short=not detail),
                    style="" if n else self.style("muted"))
        tokens = Text(" ")
        for s, p in enumerate(view.get("players", [])):
            k = p["tokens"][z]
            if s:
                tokens.append(" ")
            tokens.append(tags[s], style=self.seat_style(s) + self.style("head"))
            tokens.append(str(k) if k else "·", style=self.seat_style(s) if k else self.style("muted"))
        out = [title, dice, gain, tokens]
        for line in out:
            line.stylize(click)
        return out


class SeatsView(KilnPart):
    """Every seat in two lines (the folded table): score, money, favour space,
    materials, blanks in their rows, extra points."""

    READS = ("blank", "favour:", "row:", "money")
    KEYS = ("current", "start_seat", "players")

    def data(self, view: KilnView) -> object:
        return (view.get("current"), view.get("start_seat"), [
            (p["name"], p["score"], p["money"], p["favour"], p["clay"], p["glaze"], p["blanks"],
             p["rows"]) for p in view.get("players", [])])

    def draw(self, view: KilnView, touches: frozenset[str], detail: bool) -> None:
        current, start, tags = view.get("current"), view.get("start_seat"), tags_of(view)
        lines: list[Text] = []
        for s, p in enumerate(view.get("players", [])):
            hi = touches if s == current else frozenset()
            lines.extend(self._seat(s, p, tags, s == current, s == start, hi))
        self.show(Text("\n").join(lines))

    def _seat(self, s: int, p: PlayerView, tags, mine, starter, hi) -> list[Text]:
        style_hi = self.style("hi")
        head = self.seat_label(tags, s, p["name"][:8], mine)
        if starter:
            head.append(" ⚑")
        head.append(f" ★{p['score']} ")
        head.append(f"${p['money']}", style=style_hi if "money" in hi else "")
        fav = p["favour"]
        head.append(f" ♦{fav} {FAVOUR_SHORT[fav]}",
                    style=style_hi if any(x.startswith("favour:") for x in hi) else "")
        head.append(" " + _("clay {n}").format(n=p['clay']) + " " + _("glaze {n}").format(n=p['glaze']))
        head.no_wrap, head.overflow = True, "ellipsis"
        slots = Text("   ")
        next_row = open_row(p["blanks"])
        for i, row in enumerate(blank_slots(p["blanks"])):
            if i:
                slots.append("|", style=self.style("muted"))
            lit = row_lit(hi, i, next_row)
            slots.append(row, style=style_hi if lit else "")
        slots.append(f" {p['blanks']}/20 " + _("rows {n}").format(n=p['rows']))
        extra = extra_points(p)
        if extra:
            slots.append(f" +{extra}")
        slots.no_wrap, slots.overflow = True, "ellipsis"
        return [head, slots]

