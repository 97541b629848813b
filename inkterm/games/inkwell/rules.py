"""Inkwell: the rules engine (headless; no Textual).

``State`` is the game. It is put together from one class per part of the rules, each
in its own module; content (pages, bottles, techniques, workspaces) comes from
``content.py``. Where each rule lives:

    model.py       cube codes and words, a player's table, the bag's draw, a page's
                   masks (washes), technique capacity, forced Turns [R8]
    rules.py       setup: pages, displays, workspaces, score markers [R16], the
                   starting cubes; the public API's hooks
    mat.py         the mat: what a Take may take and takes, the Abbot's walk and the
                   arrows, the end-of-turn refill and top-up [R11, R12]
    placing.py     placing cubes so that the rest still fit, Spill Cloth, "auto"
    techniques.py  technique uses, grinders and the other triggered effects, and the
                   small decisions they ask for (keep, colour, Scraper, Second Helping)
    scoring.py     scoring a Turn, the Turn's gold bonus, ranking and tie-breaks, the
                   solo result [R25]
    rival.py       the solo Rival: its die, the bottles it clears, its scoring
    flow.py        the turn flow: everything automatic between decisions, Turning a
                   page, the end phase, the end of the game
    decisions.py   the decision a seat faces (sides [R15], triggered effects, a new
                   page, Take or Turn) and how its answer applies
    persist.py     snapshots, copies, and planning copies that keep the deck hidden
    work.py        the work still to do, as typed steps of the shared work queue
                   (engine/steps.py): cubes in hand, starting cubes, a technique's
                   question, triggered effects
    summary.py     summary() and view(seat); view_types.py says what they hold

One turn is a short run of decisions, with these choice keys:

    setup      "side:A" / "side:B" (each seat, in secret); starting cubes as placements
    main       "take:<bottle>" / "turn" / "use:<technique id>" (a second use, start of turn)
    keep       "tech:keep" / "tech:leave" (only with Steady Hand and a free place)
    placement  "place:<space id>" per cube, "auto" (fill a good assignment at once),
               "spill" (Spill Cloth: pour this cube back)
    triggers   "resolve:<id>" / "decline:<id>" in the player's order, then
               "colour:<K|R|Y|G|B>" (grinder with two colours, Dye Merchant),
               "move:<space>" + "place:<space>" (Scraper), "take:<bottle>" (Second
               Helping), "skip"
    turn       "page:<id>" from the display, then the gold bonus placement

The end-of-turn refill, finished players' end-phase turns and the solo Rival run
automatically inside the choice that ends a turn.
"""
from __future__ import annotations

from pathlib import Path

from inkterm.engine.give import give_into
from inkterm.engine.steps import WorkQueue
from inkterm.engine.text import Text, nmsg

from .content import GOLD, Content, content, load_content
from .decisions import Decisions
from .flow import Flow
from .mat import Mat
from .model import CODE, T_MAIN, Player, gold_bonus_words
from .persist import Persistence
from .placing import Placing
from .rival import Rival
from .scoring import Scoring
from .techniques import Techniques
from .view_types import Summary
from .work import StartCubes


class State(Flow, Decisions, Placing, Techniques, Mat, Rival, Scoring, Persistence):
    game_id = "inkwell"
    # 2: the work queue replaced the hand/sub/start_queue lists; 3: the score breakdown's labels
    # and the Rival's log kept as texts' data too ("labels", "rival_whys": engine/text.py)
    snapshot_shape = 3
    #: What each seat has on the table, and how events and choices write an amount of it.
    SEAT_FACTS = {
        # the first: how a change is said to the seat it hit (a counted message)
        "score": (nmsg("{n} point", "{n} points", 0), "scores {n}"),
    }

    content: Content

    @classmethod
    def read_content(cls, directory: Path) -> Content:
        return load_content(directory)

    def _setup(self) -> None:
        rec = self.record
        n = len(rec.seats)
        C = self.C = self.content.for_players(n)
        self.n = n
        self.solo = n == 1
        opts = rec.options or {}
        self.difficulty = str(opts.get("difficulty", "standard"))
        if self.solo and self.difficulty not in C.solo.difficulties:
            raise ValueError(f"unknown solo difficulty {self.difficulty!r}")
        mat_n = C.solo.players_as if self.solo else n
        track = C.track(1 if self.solo else n)
        self.arrows = tuple(track.arrows)
        self.end = track.end
        self.active = C.active_bottles(mat_n)
        self.active_slots = C.active_slots(mat_n)
        self.shape = {b: C.bottles[b].shape for b in C.order}
        self.link = {b: C.bottles[b].slot for b in C.order}

        rng = self.rng
        self.bag = [C.mat.cubes.per_colour] * 5
        self.supply = C.mat.cubes.gold
        self.deck = sorted(C.techniques)
        rng.shuffle(self.deck)
        self.out = []
        self.bottles = {b: [0] * 6 for b in C.order}
        self.slots = {s: None for s in C.slot_order}
        self.abbot = 0
        self.crossed = 0
        self.end_phase = False
        self.over = False
        self.finish_order = []

        fp = str(opts.get("first_player", "random"))
        if fp == "random":
            self.first = rng.randrange(n)
        else:
            self.first = int(fp) - 1
            if not 0 <= self.first < n:
                raise ValueError(f"first_player {fp} is not a seat")

        self.players = [Player(s) for s in rec.seats]
        pages1 = rng.sample(sorted(C.pages_of_level(1)), n)
        shown = C.solo.display if self.solo else n
        self.display = {
            2: sorted(rng.sample(sorted(C.pages_of_level(2)), shown)),
            3: sorted(rng.sample(sorted(C.pages_of_level(3)), shown)),
        }
        wss = rng.sample(sorted(C.workspaces), n)
        given = self.given
        if given is not None and given.item in C.workspaces:  # an experiment deals it
            give_into(wss, given.seat, 1, given)
        for p, pg, ws in zip(self.players, pages1, wss):
            p.ws = ws
            self.bag[CODE[C.workspaces[ws].colour]] -= 1  # score marker [R16]
            self._set_page(p, pg)
        for gift in self.gifts:  # given_game lets only the techniques come several at once
            if gift.item.startswith("T"):
                self._start_with_technique(self.players[gift.seat], int(gift.item[1:]))

        # the Rival (solo)
        self.rival_pile = [0] * 5
        self.rival_score = 0
        self.rival_log = []

        self._fill_mat()

        # per-turn and flow state (the annotations in model.Base say what each is)
        self.cur = self.first
        self.stage = "side"
        self.work = WorkQueue()
        self.pending = []
        self.incoming = None
        self.take_size = -1
        self.gained = 0
        self.ground = []
        self.calm = False
        self.voluntary = False
        deal = []
        for off in range(1, n):
            seat = (self.first + off) % n
            drawn = [0] * 6
            for _ in range(off):
                t = self._draw()
                if t is not None:
                    drawn[t] += 1
            deal.append(StartCubes(seat, drawn))
        self.work.push(*deal)

    @classmethod
    def give_pools(cls) -> list[list[str]]:
        return [sorted(content().workspaces), cls.undealt_pool()]

    @classmethod
    def undealt_pool(cls) -> list[str]:
        return [f"T{t}" for t in sorted(content().techniques)]

    def dealt(self) -> list[list[str]]:
        return [[p.ws] + [f"T{t}" for t, _ in p.techs] for p in self.players]

    def summary(self) -> Summary:
        from .summary import build_summary

        return build_summary(self)

    def view(self, seat: int) -> Summary:
        from .summary import build_summary

        return build_summary(self, seat)

    def concerning(self, seat: int, before, after, by: int) -> list[Text]:
        from .concerns import concerning

        return concerning(before, after, seat, by, self.last_taken(seat))

    def last_taken(self, seat: int) -> str | None:
        """The bottle ``seat`` took at its last Take (None before its first)."""
        for (chooser, _), key in zip(reversed(self.history), reversed(self.record.choices)):
            if chooser == seat and key.startswith("take:"):
                return key.split(":", 1)[1]
        return None

    def describe(self, touch: str, seat: int | None = None) -> str | None:
        from .inspect import describe

        return describe(self, touch)

    def lookups(self, seat: int | None = None) -> list[tuple[str, str]]:
        from .inspect import lookups

        return lookups(self)


# What other parts of inkterm import from here.
__all__ = ["CODE", "GOLD", "T_MAIN", "State", "gold_bonus_words"]
