"""Inkwell: the model — cube codes and words, a player's table, and the base every part
of the rules builds on (the bag's draw, a page's masks, the techniques in play)."""
from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING

from inkterm.engine import steps
from inkterm.engine.state import GameState
from inkterm.engine.steps import WorkQueue
from inkterm.engine.text import Msg, Text, english, from_data, nmsg, to_data
from inkterm.i18n import N_

from .content import COLOURS, GOLD, Content, Gold, bottle_name
from .fit import ALL, GOLD_BIT, mask_counts
from .texts import CUBE, technique
from .work import Ask, Batch, StartCubes, Trigger

if TYPE_CHECKING:
    from collections.abc import Collection

    from inkterm.engine.steps import Narration
    from inkterm.engine.types import Decision

ROMAN = {1: "I", 2: "II", 3: "III"}
CODE = {c: i for i, c in enumerate(COLOURS)}  # "K" -> 0 ...
LETTER = COLOURS + ("Au",)
GLYPH = COLOURS + ("★",)  # how cubes read in labels: the board's letters, ★ for gold
UP, ROT, DOWN = "up", "used-once", "down"

# Choice keys as engine/steps.py builds them, remembered: there are few (bottles,
# spaces, techniques, pages, colours) and every decision builds several.
ckey = cache(steps.ckey)

# Decision topics: slugs of headings in assets/inkwell/rules.md
T_SIDES = "workspace-sides"
T_START = "starting-cubes"
T_MAIN = "your-turn"
T_PLACE = "placing-cubes"
T_TECH = "techniques"
T_TRIG = "triggered-effects"
T_PAGE = "choosing-a-new-page"


def _cube_word(t: int) -> Msg:
    """A cube type's colour in words ("black" … "gold")."""
    return CUBE[t]


def _cube_parts(c) -> list[str]:
    return [f"{GLYPH[t]}×{c[t]}" if c[t] > 1 else GLYPH[t] for t in range(6) if c[t]]


def _cubes_text(c, space: str = " ") -> str:
    """Cubes written as the board writes them everywhere: ``K×3 R ★`` (``space``
    NO_BREAK where a wrap must not part them)."""
    return space.join(_cube_parts(c))


def _take_texts(bid: str, shape: str, c, pour: Text = "") -> tuple[Msg, Msg]:
    """An offered Take's label and hint: ``Bottle O1: K R Y`` and ``circle bottle O1: 3
    cubes K R Y; they all fit your page`` (the cubes are spelled out once for both);
    ``pour``: the price of fitting them, when some must go back to the bag."""
    return _take_words(bid, shape, tuple(c), pour)


@lru_cache(maxsize=4096)  # a bottle's few contents come back turn after turn (decisions: the hot path)
def _take_words(bid: str, shape: str, c: tuple[int, ...], pour: Text) -> tuple[Msg, Msg]:
    cubes = _cubes_text(c)
    n = sum(c)
    fit = pour or (FITS if n != 1 else FITS_ONE)
    name = bottle_name(bid, shape)
    bottle = Msg(SHAPE_BOTTLE[shape], name=name) if shape in SHAPE_BOTTLE else name
    return (Msg("Bottle {name}: {cubes}", name=name, cubes=cubes),
            nmsg("{bottle}: {n} cube {cubes}; {fit}", "{bottle}: {n} cubes {cubes}; {fit}", n, bottle=bottle,
                 cubes=cubes, fit=fit))


SHAPE_BOTTLE = {"star": N_("star bottle {name}"), "circle": N_("circle bottle {name}"),
                "diamond": N_("diamond bottle {name}")}


FITS = Msg("they all fit your page")
FITS_ONE = Msg("it fits your page")


def gold_bonus_words(gold: int) -> Msg:
    """The Turn's gold bonus with its number: it is cubes to place, not points."""
    return nmsg("gold bonus of {n} gold cube", "gold bonus of {n} gold cubes", gold)


class Player:
    __slots__ = ("name", "ws", "side", "score", "page", "cubes", "masks", "turned",
                 "finished", "techs", "under", "breakdown", "history")

    def __init__(self, name: str):
        self.name = name
        self.ws = ""  # workspace id
        self.side: str | None = None
        self.score = 0
        self.page: str | None = None
        self.cubes: list[int] = []  # per space: -1 empty or cube type 0..5
        self.masks: list[int] = []  # per space: accepted cube types (bitmask)
        self.turned = 0
        self.finished = False
        self.techs: list[list] = []  # [tid, status] placed on the workspace this page
        self.under: list[list] = []  # [tid, status] under the workspace
        self.breakdown: list[list] = []  # [label (a text), points]
        self.history: list[str] = []  # pages turned, in order

    def copy(self) -> "Player":
        o = Player.__new__(Player)
        o.name = self.name
        o.ws = self.ws
        o.side = self.side
        o.score = self.score
        o.page = self.page
        o.cubes = list(self.cubes)
        o.masks = list(self.masks)
        o.turned = self.turned
        o.finished = self.finished
        o.techs = [list(x) for x in self.techs]
        o.under = [list(x) for x in self.under]
        o.breakdown = [list(x) for x in self.breakdown]
        o.history = list(self.history)
        return o

    def dump(self) -> dict:
        return {
            "name": self.name, "ws": self.ws, "side": self.side, "score": self.score,
            "page": self.page, "cubes": list(self.cubes), "turned": self.turned,
            "finished": self.finished, "techs": [list(x) for x in self.techs],
            "under": [list(x) for x in self.under],
            # the labels in English as before (a save's check compares them), and as data
            "breakdown": [[english(lab), pts] for lab, pts in self.breakdown],
            "labels": [to_data(lab) for lab, _pts in self.breakdown], "history": list(self.history),
        }

    @classmethod
    def load(cls, d: dict) -> "Player":
        p = cls(str(d["name"]))
        p.ws = str(d["ws"])
        p.side = d["side"]
        p.score = int(d["score"])
        p.page = d["page"]
        p.cubes = [int(x) for x in d["cubes"]]
        p.turned = int(d["turned"])
        p.finished = bool(d["finished"])
        p.techs = [[int(a), str(b)] for a, b in d["techs"]]
        p.under = [[int(a), str(b)] for a, b in d["under"]]
        labels = d.get("labels") or [a for a, _b in d["breakdown"]]  # none before labels were texts
        p.breakdown = [[from_data(lab), int(b)] for lab, (_a, b) in zip(labels, d["breakdown"])]
        p.history = [str(x) for x in d["history"]]
        return p

    def all_techs(self):
        return self.techs + self.under

    def add(self, label: Text, pts: int) -> None:
        self.score += pts
        for row in self.breakdown:
            if row[0] == label:
                row[1] += pts
                return
        self.breakdown.append([label, pts])


class Base(GameState):
    """The state every part of the rules works on (set up in ``rules.State._setup``)."""

    # The game in play
    C: Content
    n: int
    solo: bool
    difficulty: str
    arrows: tuple[int, ...]
    end: int
    active: list[str]  # bottles in play
    active_slots: list[str]
    shape: dict[str, str]  # bottle -> star / circle / diamond
    link: dict[str, str | None]  # bottle -> its technique slot
    # The table
    bag: list[int]  # normal cubes by colour (counts; the bag has no order)
    supply: int  # gold cubes
    deck: list[int]
    out: list[int]  # techniques that left the game (solo Rival)
    bottles: dict[str, list[int]]
    slots: dict[str, int | None]
    display: dict[int, list[str]]  # level -> pages on show
    players: list[Player]
    abbot: int
    crossed: int  # arrows the Abbot has crossed
    end_phase: bool
    over: bool
    finish_order: list[int]
    first: int
    rival_pile: list[int]
    rival_score: int
    rival_log: list[list]  # [why, points]
    # The turn
    cur: int
    stage: str  # side / start / main / take / use / page / bonus / over
    work: WorkQueue  # see work.py
    pending: list[Trigger]  # triggered effects, in the order they arose
    incoming: int | None  # technique arriving with this Take
    take_size: int  # cubes in the bottle just taken (Hoarder); -1: none
    gained: int  # colour bits gained this turn
    ground: list[int]  # grinders used this turn
    calm: bool
    voluntary: bool

    @property
    def hand(self) -> list[Batch]:
        """The cubes in hand, still to place."""
        return [s for s in self.work.items if isinstance(s, Batch)]

    @property
    def start_queue(self) -> list[StartCubes]:
        """The starting cubes still to deal, next first."""
        return [s for s in self.work if isinstance(s, StartCubes)]

    @property
    def asking(self) -> Ask | None:
        """The technique's question waiting for the seat, if any."""
        return self.work.top_as(Ask)

    def _draw(self) -> int | None:
        """One random normal cube from the bag (None when empty)."""
        bag = self.bag
        total = bag[0] + bag[1] + bag[2] + bag[3] + bag[4]
        if total <= 0:
            return None
        r = self.rng.randrange(total)
        for t in range(5):
            if r < bag[t]:
                bag[t] -= 1
                return t
            r -= bag[t]
        raise AssertionError("bag walk")

    def _set_page(self, p: Player, pid: str | None) -> None:
        p.page = pid
        if pid is None:
            p.cubes = []
            p.masks = []
            return
        p.cubes = [-1] * len(self.C.pages[pid].spaces)
        self._remask(p)

    def _active_kinds(self, p: Player):
        T = self.C.techniques
        for tid, st in p.techs:
            yield tid, st, T[tid].effect
        for tid, st in p.under:
            yield tid, st, T[tid].effect

    def second_helping(self, p: Player) -> tuple[tuple[str, ...], int | None]:
        """The bottle shapes ``p``'s Second Helping may take as well, and the most
        cubes that bottle may hold at this table (None: any number) — its data's."""
        for _tid, _st, e in self._active_kinds(p):
            if e.kind == "second_helping":
                return e.shapes, e.most_cubes
        return ("star", "circle"), None

    def _has(self, p: Player, kind: str) -> bool:
        T = self.C.techniques
        for tid, _st in p.techs:
            if T[tid].effect.kind == kind:
                return True
        for tid, _st in p.under:
            if T[tid].effect.kind == kind:
                return True
        return False

    def _remask(self, p: Player) -> None:
        if p.page is None:
            p.masks = []
            return
        page = self.C.pages[p.page]
        washes = [(e.source, e.target) for _t, _s, e in self._active_kinds(p) if e.kind == "wash"]
        masks = []
        for sp in page.spaces:
            a = sp.accept
            if a == "?":
                m = ALL
            elif a == "*":
                m = GOLD_BIT
            else:
                m = (1 << CODE[a]) | GOLD_BIT
                if sp.role != "multiplier":
                    for src, dst in washes:
                        if dst == a:
                            m |= 1 << CODE[src]
            masks.append(m)
        p.masks = masks

    def _spill(self, p: Player) -> int:
        """Cubes of one Take that ``p`` may pour back: the cloth's count, and no more
        than ``p`` can pay for where a price in points must be paid from points held."""
        n = sum(e.count for _t, _s, e in self._active_kinds(p) if e.kind == "spill")
        cost = self._spill_cost(p)[1] if n else 0
        if cost and self.C.mat.point_price_needs_points:
            n = min(n, p.score // cost)
        return n

    def can_pay(self, p: Player, points: int) -> bool:
        """Whether ``p`` may be offered a price of ``points`` (see ``point_price_needs_points``)."""
        return points <= 0 or p.score >= points or not self.C.mat.point_price_needs_points

    def use_price(self, tid: int) -> int:
        """The points one use of technique ``tid`` would cost now: a gold's price while
        the supply has gold (none is paid without gold)."""
        e = self.C.techniques[tid].effect
        return e.cost if isinstance(e, Gold) and self.supply > 0 else 0

    def _spill_cost(self, p: Player) -> tuple[Text, int]:
        """The name of ``p``'s pouring technique and the points one cube poured back
        costs at this table (Spill Cloth's data)."""
        for tid, _s, e in self._active_kinds(p):
            if e.kind == "spill":
                return technique(self.C, tid), e.cost
        return "", 0

    def capacity(self, p: Player) -> int:
        cap = self.C.mat.technique_capacity
        b = self.C.workspaces[p.ws].b
        if p.side == "B" and b.kind == "scholar":
            cap = b.params["capacity"]
        cap += sum(e.count for _t, _s, e in self._active_kinds(p) if e.kind == "extra_desk")
        return cap

    def must_turn(self, seat: int) -> bool:
        """Forced [R8]: not finished and the current page's level is at most the
        highest arrow crossed."""
        p = self.players[seat]
        if p.finished or p.page is None:
            return False
        return self.C.pages[p.page].level <= self.crossed

    def _mc(self, p: Player):
        return mask_counts(p.masks, p.cubes)

    def _gain(self, t: int, n: int) -> None:
        """``n`` cubes of type ``t`` come into hand as extras (a space each, or back)."""
        c = [0] * 6
        c[t] = n
        self.work.push(Batch(c, fit=False))

    def _return(self, t: int) -> None:
        if t == GOLD:
            self.supply += 1
        else:
            self.bag[t] += 1

    @staticmethod
    def _current_type(cubes) -> int:
        for t in range(6):
            if cubes[t]:
                return t
        raise AssertionError("empty batch")

    @property
    def is_over(self) -> bool:
        return self.over

    if TYPE_CHECKING:
        # What the parts call on each other: each is defined in one part's module
        # (named), and declared here so that every part type-checks on its own.
        # mat.py
        def _move_abbot(self, ev: Narration) -> None: ...
        def _refill(self, ev: Narration, skip_abbot: bool = False) -> None: ...
        def _take_options(self, p: Player, shapes: Collection[str] | None = None) -> list[tuple[str, bool]]: ...
        def legal_takes(self, seat: int | None = None, shapes: Collection[str] | None = None,
                        most: int | None = None) -> list[str]: ...
        def _take(self, p: Player, bid: str, ev: Narration, allow_tech: bool = True) -> None: ...
        def _blessing_ahead(self, seat: int) -> Text: ...
        # placing.py
        def _decide_place(self, p: Player, batch: Batch) -> Decision: ...
        def _apply_place(self, p: Player, batch: Batch, kind: str, sid: str, ev: Narration) -> None: ...
        # techniques.py
        def _grinder_triggers(self, p: Player) -> None: ...
        def _resolve_grinder(self, p: Player, tid: int, ev: Narration) -> None: ...
        def _spend_use(self, p: Player, tid: int) -> None: ...
        def _use(self, p: Player, tid: int, ev: Narration) -> None: ...
        def _decide_ask(self, p: Player, ask: Ask) -> Decision: ...
        def _apply_ask(self, p: Player, kind: str, arg: str, ev: Narration) -> None: ...
        # scoring.py
        def page_score(self, seat: int, voluntary: bool | None = None) -> list[tuple[Text, int]]: ...
        def _bonus_gold(self, p: Player, voluntary: bool, level: int) -> int: ...
        def turn_bonus(self, seat: int) -> int: ...
        # rival.py
        def _rival_turn(self, ev: Narration) -> None: ...
        def _rival_scores(self, ev: Narration, why: Text, arrow: bool, arrows: int = 0) -> None: ...
        def end_bonus(self, p: Player) -> tuple[int, int]: ...
        def solo_turn_texts(self, p: Player, page_points: int) -> tuple[Text, Text]: ...
        def arrows_left(self) -> int: ...
        def _solo_end(self, p: Player, ev: Narration) -> None: ...
        # flow.py
        def _run(self, ev: Narration) -> None: ...
        def _turn(self, p: Player, ev: Narration) -> None: ...
        def _choose_page(self, p: Player, pid: str, ev: Narration) -> None: ...
        def _game_over(self, ev: Narration) -> None: ...
