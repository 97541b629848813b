"""Kiln's board: the six zone tiles, every player's board, the hands and the cards in play.

The widgets draw only the dict they are given (``state.summary()`` or
``state.view(seat)``) and the set of board ids the highlighted choice touches:
``zone:3``, ``card:T4``, ``blank``, ``favour:4``, ``row:2``, ``money``.
Every colour is doubled by a glyph or letter: a highlighted thing is marked ``▶``,
a seat's tokens carry its initial, tapped cards ``↷``, card types are words.
Colours and emphasis come from component classes styled in ``assets/kiln.tcss``.

At 120×40 and above the whole table shows at once; below, it folds into views that
``v`` cycles (table, boards, hand, cards) and that come forward by themselves when the
highlighted choice concerns them.
"""
from __future__ import annotations

from functools import lru_cache

from rich import box
from rich.console import Group
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll
from textual.geometry import Region

from inkterm.engine.words import possessive
from inkterm.games.kiln.content import FAVOUR_SPACES, N_BLANKS, ROW_SIZES, ZONES, cards
from inkterm.games.kiln.rules import effect_text
from inkterm.widgets.part import BoardPart
from inkterm.widgets.touch import click_style

DIE_FACES = "⚀⚁⚂⚃⚄⚅"
FAVOUR_SHORT = ("Start", "Select", "Blank", "Reward", "Glaze", "Exhibit", "Tribute")
TYPE_WORDS = {"play": "play", "tap": "tap", "persistent": "ongoing", "achievement": "achievement"}
#: What completing each row gives besides its point (rules: "Rows and their rewards").
ROW_REWARDS = ("favour space twice", "+2 clay +3 glaze", "play a card", "+2 money", "start player")
ROW_REWARDS_SHORT = ("favour twice", "+2 clay 3 glaze", "play a card", "+2 money", "start player")
MARK = "▶"
LEGEND = "⚑ starts  ★ score  ♦ favour  +N extra points"
BOARDS_LEGEND = "+N = points from cards and Tribute  ⚑ starts"
FAVOUR_LEGEND = "♦ favour spaces: " + " · ".join(f"{i} {name}" for i, name in enumerate(FAVOUR_SPACES))
#: A main action's gain in a folded tile's width (the whole table uses the menu's words).
SHORT_GAIN = ("+{} clay/glaze", "+{} money", "+{} favour", "swap {} cards", "−{} card cost", "copy at {}")
EXTRA_WORDS = "from cards and Tribute"
#: The folded views, in `v` order, and the parts each one shows.
VIEWS = {
    "table": ("kiln-head", "kiln-zones", "kiln-seats", "kiln-legend"),
    "boards": ("kiln-head", "kiln-players", "kiln-legend"),
    "hand": ("kiln-head", "kiln-hand"),
    "cards": ("kiln-head", "kiln-played"),
}
WHOLE_TABLE = ("kiln-head", "kiln-zones", "kiln-players", "kiln-legend", "kiln-hand", "kiln-played")


def gain_words(pip: int, dice: int, short: bool = False) -> str:
    """What a main action in zone ``pip`` gives at its current strength."""
    if not dice:
        return "closed"
    if not short:
        return effect_text(pip, dice)
    if pip == 4 and dice == 1:
        return "swap 1 card"
    return SHORT_GAIN[pip - 1].format(dice)


@lru_cache(maxsize=64)
def seat_tags(names: tuple[str, ...]) -> tuple[str, ...]:
    """One distinct letter per seat: the name's initial, else its next unused letter,
    else the seat number (three bots named alike still read apart)."""
    tags: list[str] = []
    for i, name in enumerate(names):
        letters = [ch.upper() for ch in name if ch.isalpha()] + [str(i + 1)]
        tags.append(next(ch for ch in letters if ch not in tags))
    return tuple(tags)


def card_type(card: dict) -> str:
    """A card's type in words: "play", "tap", "ongoing · Bank", "achievement"."""
    words = TYPE_WORDS.get(card.get("type", ""), "card")
    pip = card.get("pip")
    if card.get("type") == "persistent":
        words += f" · {ZONES[pip - 1]}" if pip else " · always on"
    return words


def card_facts(card: dict) -> dict:
    """A card dict with cost, pip and text filled in from the card list (the public
    tableau entries carry only id, name, type and tapped state)."""
    if "text" in card:
        return card
    known = cards().get(card.get("id", ""))
    if known is None:
        return card
    return {**card, "cost": known.cost, "pip": known.pip, "text": known.text}


def blank_slots(blanks: int) -> list[str]:
    """The 20 slots in rows of 6/5/4/3/2: ■ filled, □ empty."""
    rows, left = [], blanks
    for size in ROW_SIZES:
        filled = max(0, min(size, left))
        left -= filled
        rows.append("■" * filled + "□" * (size - filled))
    return rows


def extra_points(p: dict) -> int:
    """Points beyond blanks and rows: favour space 6, cards, achievements."""
    return p["score"] - min(p["blanks"], N_BLANKS) - p["rows"]


class KilnPart(BoardPart):
    """A piece of the board that renders Rich text with styles from the stylesheet."""

    COMPONENT_CLASSES = {
        "kiln--hi",
        "kiln--head",
        "kiln--muted",
        "kiln--tapped",
        "kiln--seat-0",
        "kiln--seat-1",
        "kiln--seat-2",
        "kiln--seat-3",
        "kiln--current",
    }

    STYLE_PREFIX = "kiln"

    def seat_style(self, seat: int):
        return self.style(f"seat-{seat % 4}")

    def seat_tag(self, tags, seat: int) -> Text:
        tag = Text()
        tag.append(tags[seat], style=self.seat_style(seat) + self.style("head"))
        return tag

    def seat_label(self, tags, seat: int, name: str, mine: bool | None) -> Text:
        """"▶A Ann": whose turn (when ``mine`` is not None), initial, name, in colour."""
        label = Text()
        if mine is not None:
            label.append(MARK if mine else " ", style=self.style("current") if mine else "")
        label.append_text(self.seat_tag(tags, seat))
        label.append(f" {name}", style=self.seat_style(seat) + self.style("head"))
        return label


def _tags(view: dict) -> tuple[str, ...]:
    return seat_tags(tuple(p["name"] for p in view.get("players", [])))


class FollowsView(KilnPart):
    """A part whose text depends on which folded view is on (the board sets it)."""

    READS = ()
    view_name = ""


class HeadView(FollowsView):
    """The round, the deck and, when folded, which view is on and that `v` changes it."""

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        head = Text.assemble((f"Round {view.get('round', '?')}/10", self.style("head")))
        bonus = turn_bonus(view)
        if bonus:  # pending Bellows or Rush Order: the turn holds more than the menu shows
            head.append(bonus, style=self.style("hi"))
        if detail:
            head.append(f"   deck {view.get('deck', '?')}   discard {len(view.get('discard', []))}")
        else:
            head.append("   v: ", style=self.style("muted"))
            for name in VIEWS:
                on = name == self.view_name
                head.append(f"{MARK if on else ' '}{name.capitalize()} ",
                            style=self.style("head") if on else self.style("muted"))
        self.update(head)


class ZonesView(KilnPart):
    """The six zones as the board's tiles, two rows of three: die face, name, dice as
    pips, what acting there gives now, and every seat's tokens by initial and colour."""

    READS = ("zone:",)

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        tags = _tags(view)
        tiles = [self._cached_tile(view, z, tags, f"zone:{z + 1}" in touches, detail) for z in range(6)]
        if detail:
            grid = Table(box=box.ROUNDED, show_header=False, show_lines=True, expand=True,
                         padding=(0, 1), pad_edge=False)
            for _ in range(3):
                grid.add_column(ratio=1, no_wrap=True)
            grid.add_row(*tiles[:3])
            grid.add_row(*tiles[3:])
            self.update(grid)
            return
        # Folded: each row of tiles as narrow as its own contents, a column apart.
        rows = []
        for row in (tiles[:3], tiles[3:]):
            grid = Table.grid(padding=(0, 1, 0, 0), pad_edge=False)
            for _ in range(3):
                grid.add_column(no_wrap=True)
            grid.add_row(*row)
            rows.append(grid)
        self.update(Group(rows[0], Text(""), rows[1]))

    _tiles: dict | None = None

    def _cached_tile(self, view, z: int, tags, hi: bool, detail: bool) -> Text:
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

    def _tile(self, view, z: int, tags, hi: bool, detail: bool) -> list[Text]:
        names = view.get("zones") or list(ZONES)
        n = view.get("dice", [0] * 6)[z]
        click = click_style(f"zone:{z + 1}")
        title = Text(f"{MARK if hi else ' '}{DIE_FACES[z]} {z + 1} {names[z]}" if detail
                     else f"{MARK if hi else ' '}{DIE_FACES[z]}{z + 1} {names[z]}",
                     style=self.style("hi") if hi else self.style("head"))
        dice = Text(" ")
        if n:
            dice.append("●" * n)
            if detail:
                dice.append(f"  {n} {'die' if n == 1 else 'dice'}", style=self.style("muted"))
        else:
            dice.append("no dice", style=self.style("muted"))
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

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        current, start, tags = view.get("current"), view.get("start_seat"), _tags(view)
        lines: list[Text] = []
        for s, p in enumerate(view.get("players", [])):
            hi = touches if s == current else frozenset()
            lines.extend(self._seat(s, p, tags, s == current, s == start, hi))
        self.update(Text("\n").join(lines))

    def _seat(self, s, p, tags, mine, starter, hi) -> list[Text]:
        style_hi = self.style("hi")
        head = self.seat_label(tags, s, p["name"][:8], mine)
        if starter:
            head.append(" ⚑")
        head.append(f" ★{p['score']} ")
        head.append(f"${p['money']}", style=style_hi if "money" in hi else "")
        fav = p["favour"]
        head.append(f" ♦{fav} {FAVOUR_SHORT[fav]}",
                    style=style_hi if any(x.startswith("favour:") for x in hi) else "")
        head.append(f" clay {p['clay']} glaze {p['glaze']}")
        head.no_wrap, head.overflow = True, "ellipsis"
        slots = Text("   ")
        next_row = _next_row(p["blanks"])
        for i, row in enumerate(blank_slots(p["blanks"])):
            if i:
                slots.append("|", style=self.style("muted"))
            lit = _row_lit(hi, i, next_row)
            slots.append(row, style=style_hi if lit else "")
        slots.append(f" {p['blanks']}/20 rows {p['rows']}")
        extra = extra_points(p)
        if extra:
            slots.append(f" +{extra}")
        slots.no_wrap, slots.overflow = True, "ellipsis"
        return [head, slots]


def turn_bonus(view: dict) -> str:
    """What this turn still holds for its player beyond the menu: Bellows strength
    waiting for the main action, Rush Order's extra main action."""
    parts = []
    if view.get("bellows"):
        parts.append(f"Bellows +{view['bellows']}")
    if view.get("extra_actions"):
        parts.append(f"+{view['extra_actions']} main action")
    return "".join(f"  {p}" for p in parts)


class PlayersView(KilnPart):
    """Each player's board: money and materials, supply, this round's dice, the favour
    track, the 20 slots in rows of 6/5/4/3/2 with each row's reward, extra points
    explained, and (whole table) the cards in front of them. Two boards a row."""

    READS = ("blank", "favour:", "row:", "card:", "money")

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        current, start, tags = view.get("current"), view.get("start_seat"), _tags(view)
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
        self.update(grid)

    def _board(self, s, p, tags, mine, starter, hi, detail):
        title = self.seat_label(tags, s, p["name"], mine)
        if starter:
            title.append(" ⚑ starts" if detail else " ⚑")
        title.append(f" ★{p['score']}")
        extra = extra_points(p)
        if not detail:
            if extra:
                title.append(f" +{extra}")
            return Group(title, *self._folded_lines(p, hi))
        return Panel(Group(*self._whole_lines(p, hi, extra)), title=title, title_align="left",
                     box=box.ROUNDED, padding=(0, 1), border_style=self.seat_style(s))

    def _money(self, p, hi, gap: str) -> Text:
        money = Text()
        money.append(f"${p['money']}", style=self.style("hi") if "money" in hi else "")
        money.append(f"{gap}clay {p['clay']}{gap}glaze {p['glaze']}")
        return money

    def _folded_lines(self, p, hi) -> list[Text]:
        """Ten lines in a 22-column board: four seats fit 80×24."""
        lines = [self._money(p, hi, " "), Text(f"supply {p['supply']} hand {p['hand']}"),
                 self._favour(p["favour"], hi, False), *self._rows(p, hi, False),
                 Text(f"dice this round {p['taken_dice']}")]
        for line in lines:
            line.no_wrap, line.overflow = True, "ellipsis"
        return lines

    def _whole_lines(self, p, hi, extra: int) -> list[Text]:
        money = self._money(p, hi, "  ")
        money.append(f"  hand {p['hand']}")
        lines = [money, Text(f"supply {p['supply']}  dice this round {p['taken_dice']}"),
                 self._favour(p["favour"], hi, True), *self._rows(p, hi, True)]
        for line in lines:
            line.no_wrap, line.overflow = True, "ellipsis"
        if extra:
            lines.append(Text(f"+{extra} {EXTRA_WORDS}"))
        return lines + self._tableau(p, hi)

    def _favour(self, favour: int, hi, detail: bool) -> Text:
        lit = {int(x[7:]) for x in hi if x.startswith("favour:")}
        if not detail:
            line = Text("♦ ")
            line.append(f"{favour} {FAVOUR_SPACES[favour]}", style=self.style("hi") if lit else "")
            return line
        line = Text()
        for i in range(7):
            if i:
                line.append("·", style=self.style("muted"))
            label = f"[{i}]" if i == favour else str(i)
            line.append(label, style=self.style("hi") if i in lit else (
                self.style("head") if i == favour else self.style("muted")))
        line.append(f" {FAVOUR_SPACES[favour]}")
        return line

    def _rows(self, p, hi, detail: bool) -> list[Text]:
        out = []
        next_row = _next_row(p["blanks"])
        for i, row in enumerate(blank_slots(p["blanks"])):
            lit = _row_lit(hi, i, next_row)
            line = Text(f"{row:<6}", style=self.style("hi") if lit else "")
            done = i < p["rows"]
            mark = "✓" if done else " "
            reward = ROW_REWARDS[i] if detail else ROW_REWARDS_SHORT[i]
            line.append(f" {mark} {reward}" if detail else f"{mark}{reward}",
                        style=self.style("muted") if done else "")
            out.append(line)
        return out

    def _tableau(self, p, hi) -> list[Text]:
        items = p.get("tableau") or []
        if not items:
            return [Text("no cards in front", style=self.style("muted"))]
        out = []
        for c in map(card_facts, items):
            line = Text(c["name"], style=self.style("tapped") if c.get("tapped") else "")
            line.append(f" · {TYPE_WORDS.get(c.get('type', ''), 'card')}", style=self.style("muted"))
            if c.get("tapped"):
                line.append(" ↷ tapped")
            if f"card:{c['id']}" in hi:
                line.stylize(self.style("hi"))
            line.stylize(click_style(f"card:{c['id']}"))
            out.append(line)
        return out


def _row_lit(touches, row: int, next_row: int) -> bool:
    """A row is lit when a choice names it, or places a blank into it."""
    return f"row:{row + 1}" in touches or ("blank" in touches and row == next_row)


def _next_row(blanks: int) -> int:
    total = 0
    for i, size in enumerate(ROW_SIZES):
        total += size
        if blanks < total:
            return i
    return -1


class CardList(KilnPart):
    """Cards in full: name, type in words, cost, and the effect text, wrapped."""

    READS = ("card:",)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        #: card id -> (first row, rows) in this part as last drawn: for scrolling to it.
        self.card_rows: dict[str, tuple[int, int]] = {}
        self._names: dict[int, str] = {}  # id(name line) -> card id, while drawing

    def card_lines(self, cards_: list[dict], hi) -> list:
        """Each card as its name line and, indented below, its type and effect."""
        out = []
        for c in map(card_facts, cards_):
            lit = f"card:{c['id']}" in hi
            click = click_style(f"card:{c['id']}")
            name = Text(MARK if lit else " ")
            name.append(c["name"], style=self.style("head"))
            if "cost" in c:
                name.append(f"  ${c['cost']}")
            if c.get("tapped"):
                name.append("  ↷ tapped", style=self.style("tapped"))
            effect = Text(card_type(c), style=self.style("muted"))
            effect.append(f": {c.get('text', '')}")
            for t in (name, effect):
                if lit:
                    t.stylize(self.style("hi"))
                t.stylize(click)
            out.append(name)
            out.append(Padding(effect, (0, 0, 0, 3)))
            self._names[id(name)] = c["id"]
        return out

    def show_cards(self, parts: list) -> None:
        """Show ``parts`` and note the rows each card takes (wrapped at this width)."""
        width = max(10, self.content_size.width or 45)
        console = self.app.console
        rows: dict[str, tuple[int, int]] = {}
        row, last = 0, None
        for r in parts:
            text, indent = (r.renderable, 3) if isinstance(r, Padding) else (r, 0)
            n = len(text.wrap(console, width - indent))
            cid = self._names.get(id(r))
            if cid is not None:
                last = cid
                rows[cid] = (row, n)
            elif isinstance(r, Padding) and last is not None:
                rows[last] = (rows[last][0], rows[last][1] + n)
            row += n
        self.card_rows, self._names = rows, {}
        self.update(Group(*parts))


class HandView(CardList):
    """The viewer's hand (from their own view only) and, during their Studio swap,
    the drawn cards."""

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        you = view.get("you")
        if you is None:
            self.show_cards([Text("Hands are hidden.", style=self.style("muted"))])
            return
        me = view["players"][you]
        hi = touches if view.get("current") == you else frozenset()
        parts: list = [Text(f"{possessive(me['name'], start=True)} hand (secret)", style=self.style("head"))]
        parts.extend(self.card_lines(me.get("hand_cards", []), hi) or
                     [Text("  (no cards)", style=self.style("muted"))])
        studio = view.get("studio")
        if studio:
            parts.append(Text("Drawn in the Studio (swap any one-for-one)", style=self.style("head")))
            parts.extend(self.card_lines(studio, hi))
        self.show_cards(parts)


class PlayedView(CardList):
    """Every card in front of anyone, in full: the folded view's way to read them."""

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        tags, current = _tags(view), view.get("current")
        parts: list = [Text("Cards in front of the players", style=self.style("head"))]
        for s, p in enumerate(view.get("players", [])):
            head = self.seat_label(tags, s, p["name"], None)
            items = p.get("tableau") or []
            if not items:
                head.append("  no cards", style=self.style("muted"))
            parts.append(head)
            parts.extend(self.card_lines(items, touches if s == current else frozenset()))
        self.show_cards(parts)


class LegendView(FollowsView):
    """One line that explains the board's glyphs."""

    def draw(self, view: dict, touches: frozenset[str], detail: bool) -> None:
        if detail:
            text = f"{LEGEND} ({EXTRA_WORDS})\n{FAVOUR_LEGEND}"
        else:
            text = BOARDS_LEGEND if self.view_name == "boards" else LEGEND
        self.update(Text(text, style=self.style("muted")))


class KilnBoard(VerticalScroll):
    """The whole Kiln table; ``show(view, touches)`` redraws it."""

    can_focus = False

    def __init__(self, seats: list[str], **kwargs) -> None:
        super().__init__(**kwargs)
        self.seats = seats
        self.view_name = "table"
        self._view: dict | None = None
        self._touches: frozenset[str] = frozenset()
        self._parts: list[KilnPart] = []
        self._studio_open = False

    def compose(self):
        yield HeadView(id="kiln-head")
        yield ZonesView(id="kiln-zones")
        yield SeatsView(id="kiln-seats")
        yield PlayersView(id="kiln-players")
        yield LegendView(id="kiln-legend")  # under the boards: in sight above the hand
        yield HandView(id="kiln-hand")
        yield PlayedView(id="kiln-played")

    def on_mount(self) -> None:
        self._parts = list(self.query(KilnPart))

    @property
    def detail(self) -> bool:
        screen = self.screen
        return screen.has_class("-wide") and screen.has_class("-tall")

    @property
    def has_views(self) -> bool:
        """Whether `v` has something to show: the folded views, or on a whole table
        taller than the screen (four seats), the parts below the fold."""
        return self.is_mounted and (not self.detail or self.max_scroll_y > 0)

    def next_view(self) -> None:
        if self.detail:
            self._scroll_to_next_part()
            return
        if self.scroll_offset.y < self.max_scroll_y:
            # A long hand or many cards in play: v pages down before moving on.
            self.scroll_page_down(animate=False)
            return
        names = list(VIEWS)
        self.view_name = names[(names.index(self.view_name) + 1) % len(names)]
        self.scroll_home(animate=False)
        if self._view is not None:
            self.show(self._view, self._touches)

    def _scroll_to_next_part(self) -> None:
        top = self.scroll_offset.y
        below = [p for p in self._parts if p.display and p.virtual_region.y > top
                 and p.virtual_region.y <= self.max_scroll_y]
        if below:
            self.scroll_to(y=below[0].virtual_region.y, animate=False)
        else:
            self.scroll_home(animate=False)

    def show(self, view: dict, touches: frozenset[str] = frozenset()) -> None:
        detail = self.detail
        studio = bool(view.get("studio"))
        if not detail and studio and not self._studio_open:
            self.view_name = "hand"  # the drawn cards are what the swap is about
        self._studio_open = studio
        moved = touches and touches != self._touches
        if not detail and moved:
            self._front(view, touches)
        self._view, self._touches = view, touches
        shown = WHOLE_TABLE if detail else VIEWS[self.view_name]
        for part in self._parts or self.query(KilnPart):
            on = part.id in shown
            part.display = on
            if not on:
                continue
            if isinstance(part, FollowsView) and part.view_name != self.view_name:
                part.view_name = self.view_name
                part._drawn = None
            part.redraw(view, touches, detail)
        if moved and any(t.startswith("card:") for t in touches):
            self.call_after_refresh(self._scroll_to_card, touches)

    def _scroll_to_card(self, touches: frozenset[str]) -> None:
        """Keep the highlighted card's lines in sight (a long hand, a big Studio draw,
        a whole table taller than the screen)."""
        ids = [t[5:] for t in touches if t.startswith("card:")]
        for part in self._parts:
            if isinstance(part, CardList) and part.display:
                for cid in ids:
                    if cid in part.card_rows:
                        row, n = part.card_rows[cid]
                        top = part.virtual_region.y + row
                        self.scroll_to_region(Region(0, top, 1, n), animate=False)
                        return

    def _front(self, view: dict, touches: frozenset[str]) -> None:
        """Bring forward the view that shows what the highlighted choice touches."""
        if any(t.startswith("zone:") for t in touches):
            self.view_name = "table"
            return
        if any(t.startswith("card:") for t in touches):
            self.view_name = "hand" if _touches_own_cards(view, touches) else "cards"


def _touches_own_cards(view: dict, touches: frozenset[str]) -> bool:
    """Whether a touched card is in the viewer's hand or Studio draw (else in front of
    someone)."""
    ids = {t[5:] for t in touches if t.startswith("card:")}
    you = view.get("you")
    players = view.get("players", [])
    private = list(view.get("studio") or [])
    if you is not None and you < len(players):
        private += players[you].get("hand_cards", [])
    return any(c["id"] in ids for c in private)
