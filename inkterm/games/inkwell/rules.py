"""Inkwell: the rules engine (headless; no Textual).

The mutable state is plain Python lists and small objects; content comes from
``content.py``. One turn is a short run of decisions, with these choice keys:

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

from typing import Any

from inkterm.engine.give import give_into
from inkterm.engine.result import Result, Standing
from inkterm.engine.state import GameState
from inkterm.engine.types import Choice, Decision, Event
from inkterm.engine.words import act, count, possessive, verb

from .content import COLOUR_WORDS, COLOURS, CUBE_NAMES, GOLD, SPACE_GLYPH, content
from .fit import ALL, GOLD_BIT, fits, mask_counts, minus

ROMAN = {1: "I", 2: "II", 3: "III"}
CODE = {c: i for i, c in enumerate(COLOURS)}  # "K" -> 0 ...
LETTER = COLOURS + ("Au",)
GLYPH = COLOURS + ("★",)  # how cubes read in labels: the board's letters, ★ for gold
UP, ROT, DOWN = "up", "used-once", "down"
RIVAL = "the Rival"  # the solo opponent, which is not a seat

# Decision topics: slugs of headings in assets/inkwell/rules.md
T_SIDES = "workspace-sides"
T_START = "starting-cubes"
T_MAIN = "your-turn"
T_PLACE = "placing-cubes"
T_TECH = "techniques"
T_TRIG = "triggered-effects"
T_PAGE = "choosing-a-new-page"


def _cube_word(t: int) -> str:
    return CUBE_NAMES[t]


def _cube_parts(c) -> list[str]:
    return [f"{GLYPH[t]}×{c[t]}" if c[t] > 1 else GLYPH[t] for t in range(6) if c[t]]


def _cubes_text(c) -> str:
    return "{" + ",".join(_cube_parts(c)) + "}"


def _take_texts(bid: str, shape: str, c) -> tuple[str, str]:
    """An offered Take's label and hint: ``Take C1 {K,R,Y}`` and ``circle bottle: 3
    cubes K R Y; they all fit your page`` (the cubes are spelled out once for both)."""
    parts = _cube_parts(c)
    n = sum(c)
    return (f"Take {bid} {{{','.join(parts)}}}",
            f"{shape} bottle: {n} cube{'s' if n != 1 else ''} {' '.join(parts)}; "
            f"{'they all fit' if n != 1 else 'it fits'} your page")


def _by_colour(c) -> dict[str, int]:
    return {CUBE_NAMES[t]: c[t] for t in range(6)}


def gold_bonus_words(gold: int) -> str:
    return "gold bonus" if gold == 1 else f"{gold} gold bonus"


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
        self.breakdown: list[list] = []  # [label, points]
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
            "breakdown": [list(x) for x in self.breakdown], "history": list(self.history),
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
        p.breakdown = [[str(a), int(b)] for a, b in d["breakdown"]]
        p.history = [str(x) for x in d["history"]]
        return p

    def all_techs(self):
        return self.techs + self.under

    def add(self, label: str, pts: int) -> None:
        self.score += pts
        for row in self.breakdown:
            if row[0] == label:
                row[1] += pts
                return
        self.breakdown.append([label, pts])


class State(GameState):
    game_id = "inkwell"

    # ================================================================== setup
    def _setup(self) -> None:
        C = self.C = content()
        rec = self.record
        n = len(rec.seats)
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
        self.out: list[int] = []  # techniques that left the game (solo Rival)
        self.bottles = {b: [0] * 6 for b in C.order}
        self.slots: dict[str, int | None] = {s: None for s in C.slot_order}
        self.abbot = 0
        self.crossed = 0
        self.end_phase = False
        self.over = False
        self.finish_order: list[int] = []

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
        if given is not None and given.item.startswith("T"):
            self._start_with_technique(self.players[given.seat], int(given.item[1:]))

        # the Rival (solo)
        self.rival_pile = [0] * 5
        self.rival_score = 0
        self.rival_log: list[list] = []

        self._fill_mat()

        # per-turn and flow state
        self.cur = self.first
        self.stage = "side"
        self.hand: list[list] = []  # batches [cubes(6), kind "fit"|"extra", spill_left]
        self.pending: list[list] = []  # [kind "grind"|"first", tid]
        self.sub: list | None = None
        self.incoming: int | None = None  # technique arriving with this Take
        self.take_size = -1  # cubes in the bottle just taken (Hoarder)
        self.gained = 0  # colour bits gained this turn
        self.ground: list[int] = []  # grinders used this turn
        self.calm = False
        self.voluntary = False
        self.start_queue: list[list] = []
        for off in range(1, n):
            seat = (self.first + off) % n
            drawn = [0] * 6
            for _ in range(off):
                t = self._draw()
                if t is not None:
                    drawn[t] += 1
            self.start_queue.append([seat, drawn])

    @classmethod
    def give_pools(cls) -> list[list[str]]:
        C = content()
        return [sorted(C.workspaces), [f"T{t}" for t in sorted(C.techniques)]]

    def _start_with_technique(self, p: Player, tid: int) -> None:
        """An experiment's intervention: the technique starts on the seat's workspace,
        ready, as if taken before the first turn (it leaves the deck, so never reaches
        the mat). A limited one has not had its first use: the seat may make it at the
        start of any turn, as a second use is made."""
        self.deck.remove(tid)
        p.techs.append([tid, UP])
        if self.C.techniques[tid].effect.kind == "wash":
            self._remask(p)

    # ================================================================== helpers
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

    def _order(self):
        """Seats in turn order starting after the current one."""
        return [(self.cur + k) % self.n for k in range(1, self.n + 1)]

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
        return sum(e.count for _t, _s, e in self._active_kinds(p) if e.kind == "spill")

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

    def _take_paths(self, p: Player, bid: str, mc=None) -> tuple[bool, bool]:
        """(can take and keep the technique / can take and leave it) for a bottle.
        A bottle without a technique answers (ok, False)."""
        cubes = self.bottles[bid]
        if not any(cubes):
            return False, False
        if mc is None:
            mc = self._mc(p)
        if not fits(tuple(cubes), mc, self._spill(p)):
            return False, False
        slot = self.link[bid]
        tid = self.slots[slot] if slot else None
        if tid is None:
            return True, False
        keep = len(p.techs) < self.capacity(p)
        leave = self._has(p, "steady_hand")
        return keep, leave

    def legal_takes(self, seat: int | None = None, shapes=None) -> list[str]:
        p = self.players[self.cur if seat is None else seat]
        if p.page is None:
            return []
        mc = self._mc(p)
        out = []
        for b in self.active:
            if shapes and self.shape[b] not in shapes:
                continue
            k, lv = self._take_paths(p, b, mc)
            if k or lv:
                out.append(b)
        return out

    # ================================================================== mat
    def _move_abbot(self, ev: list) -> None:
        if self.abbot >= self.end:
            ev.append(Event(f"The Abbot stays on the end space ({self.end}).", None, "abbot"))
            return
        self.abbot += 1
        ev.append(Event(f"The Abbot moves to {self.abbot}.", None, "abbot"))
        for k, a in enumerate(self.arrows, start=1):
            if self.abbot == a and self.crossed < k:
                self.crossed = k
                forced = [self.players[s].name for s in range(self.n) if self.must_turn(s)]
                ev.append(Event(
                    f"The Abbot crosses arrow {ROMAN[k]}: "
                    + (", ".join(forced) + " must Turn." if forced else "nobody is forced."),
                    None, "arrow"))
                if self.solo:
                    self._rival_scores(ev, f"arrow {ROMAN[k]}", arrow=True)

    def _fill_mat(self) -> None:
        """Refill step 3 (and setup step 6): fill empty active bottles, then slots."""
        for b in self.active:
            cubes = self.bottles[b]
            if any(cubes):
                continue
            slot = self.link[b]
            if slot and self.slots[slot] is not None:
                continue  # a diamond still holding its card was topped up instead [R12]
            if self.shape[b] == "star":
                if self.supply > 0:
                    self.supply -= 1
                    cubes[GOLD] += 1
            else:
                for _ in range(self.C.bottles[b].fill):
                    t = self._draw()
                    if t is None:
                        break
                    cubes[t] += 1
        for s in self.active_slots:
            if self.slots[s] is None and any(self.bottles[self.C.slots[s].diamond]) and self.deck:
                self.slots[s] = self.deck.pop()

    def _refill(self, ev: list, skip_abbot: bool = False) -> None:
        self.reveal()
        if skip_abbot:
            ev.append(Event("Calm Abbot: the Abbot does not move this turn.", None, "abbot"))
        else:
            self._move_abbot(ev)
        for b in self.active:  # top-up [R11, R12]
            cubes = self.bottles[b]
            slot = self.link[b]
            if any(cubes) or (slot and self.slots[slot] is not None):
                t = self._draw()
                if t is None:
                    break
                cubes[t] += 1
        self._fill_mat()

    # ================================================================== flow
    def _seat_word(self, seat: int) -> str:
        return self.players[seat].name

    def _run(self, ev: list) -> None:
        """Carry out everything automatic until a seat must decide."""
        while True:
            if self.over or self.sub is not None or self.stage == "side":
                return
            p = self.players[self.cur]
            if self.hand:
                batch = self.hand[0]
                cubes = batch[0]
                if not any(cubes):
                    self.hand.pop(0)
                    continue
                if batch[1] == "extra":
                    t = self._current_type(cubes)
                    bit = 1 << t
                    if not any(f < 0 and m & bit for m, f in zip(p.masks, p.cubes)):
                        cubes[t] -= 1
                        self._return(t)
                        ev.append(Event(f"No space for the {_cube_word(t)} cube; it goes back.",
                                        self.cur, "overflow"))
                        continue
                return
            if self.stage == "start":
                self._next_start(ev)
                continue
            if self.incoming is not None:
                tid = self.incoming
                self.incoming = None
                p.techs.append([tid, UP])
                spec = self.C.techniques[tid]
                ev.append(Event(f"{act(p.name, 'puts')} {spec.name} on the workspace.", self.cur, "technique"))
                if spec.effect.kind == "wash":
                    self._remask(p)
                if spec.uses != "P":
                    self.pending.append(["first", tid])
            if self.take_size >= 0:
                size = self.take_size
                self.take_size = -1
                for _tid, _st, e in self._active_kinds(p):
                    if e.kind == "hoarder" and size >= e.min_cubes:
                        p.add("Hoarder", e.points)
                        ev.append(Event(f"Hoarder: {act(p.name, 'scores')} {e.points}.", self.cur, "score"))
            self._grinder_triggers(p)
            if self.pending:
                if len(self.pending) == 1 and self.pending[0][0] == "grind":
                    _k, tid = self.pending.pop(0)
                    self._resolve_grinder(p, tid, ev)
                    continue
                return
            # nothing pending: continue the turn
            if self.stage == "take":
                self._end_turn(ev)
                continue
            if self.stage == "use":
                self.stage = "main"
                return
            if self.stage == "bonus":
                self._end_turn(ev)
                continue
            return

    def _next_start(self, ev: list) -> None:
        if self.start_queue:
            seat, drawn = self.start_queue.pop(0)
            self.cur = seat
            p = self.players[seat]
            mc = self._mc(p)
            # [R1] a starting cube that cannot be placed goes back (cannot happen by design)
            while any(drawn) and not fits(tuple(drawn), mc):
                t = max(i for i in range(6) if drawn[i])
                drawn[t] -= 1
                self._return(t)
                ev.append(Event(f"{possessive(p.name, start=True)} starting {_cube_word(t)} cube has no space; it goes back.", seat, "overflow"))
            if any(drawn):
                self.hand.append([drawn, "fit", 0])
                ev.append(Event(f"{act(p.name, 'starts')} with {_cubes_text(drawn)} to place.", seat, "setup"))
            return
        self.stage = "main"
        self.cur = self.first
        self._new_turn()
        ev.append(Event(f"{act(self.players[self.first].name, 'plays')} first.", self.first, "turn"))

    def _new_turn(self) -> None:
        self.gained = 0
        self.ground = []
        self.calm = False
        self.voluntary = False

    def _return(self, t: int) -> None:
        if t == GOLD:
            self.supply += 1
        else:
            self.bag[t] += 1

    def _end_turn(self, ev: list) -> None:
        self._refill(ev, skip_abbot=self.calm)
        if self.solo:
            self._rival_turn(ev)
        else:
            self.cur = (self.cur + 1) % self.n
            while self.players[self.cur].finished:
                p = self.players[self.cur]
                pts = self.C.mat.end_phase_points
                p.add("End phase", pts)
                ev.append(Event(f"{act(p.name, 'is')} finished: +{count(pts, 'point')}.", self.cur, "score"))
                self._move_abbot(ev)
                self.cur = (self.cur + 1) % self.n
        self.stage = "main"
        self._new_turn()
        ev.append(Event(f"{possessive(self.players[self.cur].name, start=True)} turn.", self.cur, "turn"))

    # ================================================================== solo Rival
    def _rival_turn(self, ev: list) -> None:
        self.reveal()
        face = self._roll()
        ev.append(Event(f"The Rival rolls {face}.", None, "rival"))
        if face == "abbot":
            self._move_abbot(ev)
        else:
            cands = [b for b in self.active if self.shape[b] == face and any(self.bottles[b])]
            if not cands:
                cands = [b for b in self.active if any(self.bottles[b])]
            if cands:
                best = max(cands, key=lambda b: (sum(self.bottles[b]), -self.active.index(b)))
                cubes = self.bottles[best]
                for t in range(5):
                    self.rival_pile[t] += cubes[t]
                self.supply += cubes[GOLD]
                ev.append(Event(f"The Rival clears {best} {_cubes_text(cubes)}.", None, "rival"))
                self.bottles[best] = [0] * 6
                slot = self.link[best]
                if slot and self.slots[slot] is not None:
                    tid = self.slots[slot]
                    self.slots[slot] = None
                    self.out.append(tid)
                    ev.append(Event(f"{self.C.techniques[tid].name} leaves the game.", None, "rival"))
        self._refill(ev)

    def _roll(self) -> str:
        """The solo die."""
        return self.C.solo.die[self.rng.randrange(len(self.C.solo.die))]

    def _rival_scores(self, ev: list, why: str, arrow: bool) -> None:
        d = self.C.solo.difficulties[self.difficulty]
        pile = sum(self.rival_pile)
        pts = pile // d.pile_divisor + (d.arrow_bonus if arrow else 0)
        self.rival_score += pts
        self.rival_log.append([why, pts])
        for t in range(5):
            self.bag[t] += self.rival_pile[t]
        self.rival_pile = [0] * 5
        ev.append(Event(f"The Rival scores {pts} at {why} ({count(pile, 'cube')} back to the bag).", None, "rival"))

    # ================================================================== triggers
    def _grinder_triggers(self, p: Player) -> None:
        if not self.gained:
            return
        for tid, _st, e in self._active_kinds(p):
            if e.kind != "grinder" or tid in self.ground:
                continue
            if any(k == "grind" and t == tid for k, t in self.pending):
                continue
            if any(self.gained >> CODE[c] & 1 for c in e.colours):
                self.pending.append(["grind", tid])

    def _grinder_colours(self, tid: int) -> list[int]:
        e = self.C.techniques[tid].effect
        return [CODE[c] for c in e.colours if self.gained >> CODE[c] & 1]

    def _resolve_grinder(self, p: Player, tid: int, ev: list) -> None:
        self.ground.append(tid)
        cols = self._grinder_colours(tid)
        if len(cols) > 1:
            self.sub = ["grind", tid]
            return
        self._grind(p, tid, cols[0], ev)

    def _grind(self, p: Player, tid: int, t: int, ev: list) -> None:
        name = self.C.techniques[tid].name
        if self.bag[t] > 0:
            self.bag[t] -= 1
            c = [0] * 6
            c[t] = 1
            self.hand.append([c, "extra", 0])
            ev.append(Event(f"{name}: {act(p.name, 'searches')} the bag for a {_cube_word(t)} cube.", self.cur, "technique"))
        else:
            ev.append(Event(f"{name}: no {_cube_word(t)} cube left in the bag.", self.cur, "technique"))

    def _use(self, p: Player, tid: int, ev: list) -> None:
        """One use of a limited technique (first use on acquiring it, or second use)."""
        spec = self.C.techniques[tid]
        for row in p.all_techs():
            if row[0] == tid:
                row[1] = ROT if (spec.uses == "2" and row[1] == UP) else DOWN
        e = spec.effect
        k = e.kind
        ev.append(Event(f"{act(p.name, 'uses')} {spec.name}.", self.cur, "technique"))
        if k == "points":
            p.add(spec.name, e.points)
        elif k == "gold":
            got = min(e.count, self.supply)
            if got:
                self.supply -= got
                c = [0] * 6
                c[GOLD] = got
                self.hand.append([c, "extra", 0])
            else:
                ev.append(Event("The gold supply is empty.", self.cur, "technique"))
        elif k == "draw":
            self.reveal()
            c = [0] * 6
            for _ in range(e.count):
                t = self._draw()
                if t is not None:
                    c[t] += 1
            ev.append(Event(f"{act(p.name, 'draws')} {_cubes_text(c)}.", self.cur, "draw"))
            if any(c):
                self.hand.append([c, "extra", 0])
        elif k == "dye":
            self.sub = ["dye", tid]
        elif k == "scraper":
            if self._scrape_sources(p):
                self.sub = ["scrape", tid]
            else:
                ev.append(Event("No cube can be moved.", self.cur, "technique"))
        elif k == "second_helping":
            if self.legal_takes(shapes=("star", "circle")):
                self.sub = ["second", tid]
            else:
                ev.append(Event("No star or circle bottle fits.", self.cur, "technique"))
        elif k == "calm_abbot":
            self.calm = True

    def _scrape_sources(self, p: Player) -> list[int]:
        page = self.C.pages[p.page]
        out = []
        for i, f in enumerate(p.cubes):
            if f < 0 or i == page.mult:
                continue
            bit = 1 << f
            if any(j != i and g < 0 and p.masks[j] & bit for j, g in enumerate(p.cubes)):
                out.append(i)
        return out

    # ================================================================== taking
    def _take(self, p: Player, bid: str, ev: list, allow_tech: bool = True) -> None:
        cubes = self.bottles[bid]
        self.bottles[bid] = [0] * 6
        ev.append(Event(f"{act(p.name, 'takes')} {bid} {_cubes_text(cubes)}.", self.cur, "take"))
        self.take_size = sum(cubes)
        self.hand.append([cubes, "fit", self._spill(p)])
        slot = self.link[bid]
        tid = self.slots[slot] if slot else None
        if tid is not None and allow_tech:
            keep = len(p.techs) < self.capacity(p)
            leave = self._has(p, "steady_hand")
            if keep and leave:
                self.sub = ["keep", tid, slot]
            elif keep:
                self.slots[slot] = None
                self.incoming = tid
            else:
                ev.append(Event(f"Steady Hand: {self.C.techniques[tid].name} stays on {slot}.", self.cur, "technique"))

    @staticmethod
    def _current_type(cubes) -> int:
        for t in range(6):
            if cubes[t]:
                return t
        raise AssertionError("empty batch")

    def _place_options(self, p: Player, batch) -> tuple[list[int], bool]:
        """Spaces the current cube may go on (keeping the rest placeable), and whether
        it may be poured back (Spill Cloth)."""
        cubes, kind, spill = batch
        t = self._current_type(cubes)
        bit = 1 << t
        empties = [i for i, f in enumerate(p.cubes) if f < 0 and p.masks[i] & bit]
        if kind == "extra":
            return empties, False
        rest = list(cubes)
        rest[t] -= 1
        rest = tuple(rest)
        mc = self._mc(p)
        if not any(rest):
            ok_masks = {p.masks[i] for i in empties}
        else:
            ok_masks = set()
            for m in {p.masks[i] for i in empties}:
                if fits(rest, minus(mc, m), spill):
                    ok_masks.add(m)
        spill_ok = spill > 0 and t != GOLD and fits(rest, mc, spill - 1)
        return [i for i in empties if p.masks[i] in ok_masks], spill_ok

    def _put(self, p: Player, i: int, t: int) -> None:
        p.cubes[i] = t
        if t != GOLD and self.stage != "start":
            self.gained |= 1 << t

    def _space_rank(self, p: Player, i: int, t: int) -> float:
        page = self.C.pages[p.page]
        sp = page.spaces[i]
        m = p.masks[i]
        prog = 0.0
        if sp.illus >= 0:
            idx = page.illustrations[sp.illus][1]
            filled = sum(1 for j in idx if p.cubes[j] >= 0)
            prog = 10.0 * (filled + 1) / len(idx) + page.illustrations[sp.illus][2] / 4
        if t == GOLD:
            if m == GOLD_BIT:
                return 100 + prog
            if sp.role == "multiplier":
                return 90 if sp.accept != "?" else 5
            if sp.accept == "?":
                return 20 + prog
            return 40 + prog
        if sp.role == "multiplier":
            return 95
        if sp.accept == LETTER[t]:
            return 60 + prog
        if sp.accept == "?":
            return (30 + prog) if sp.role == "illustration" else 25
        return 50 + prog  # a wash

    def best_placement(self) -> list[tuple[str, str | None]]:
        """A good complete assignment for the batch being placed: [(cube, space id or
        None = poured back / no space)], without changing the state."""
        if not self.hand:
            return []
        p = self.players[self.cur]
        page = self.C.pages[p.page]
        saved = list(p.cubes)
        batch = [list(self.hand[0][0]), self.hand[0][1], self.hand[0][2]]
        out = []
        try:
            while any(batch[0]):
                t = self._current_type(batch[0])
                opts, spill_ok = self._place_options(p, batch)
                batch[0][t] -= 1
                if opts:
                    i = max(opts, key=lambda j: (self._space_rank(p, j, t), -j))
                    p.cubes[i] = t
                    out.append((CUBE_NAMES[t], page.spaces[i].sid))
                else:
                    if spill_ok:
                        batch[2] -= 1
                    out.append((CUBE_NAMES[t], None))
        finally:
            p.cubes = saved
        return out

    # ================================================================== scoring
    def page_score(self, seat: int, voluntary: bool | None = None) -> list[tuple[str, int]]:
        """What Turning the current page would score now: [(label, points)]."""
        p = self.players[seat]
        if p.page is None:
            return []
        if voluntary is None:
            voluntary = not self.must_turn(seat)
        page = self.C.pages[p.page]
        cubes = p.cubes
        count = [0] * 6
        for f in cubes:
            if f >= 0:
                count[f] += 1
        gold = count[GOLD]
        kinds = {e.kind: e for _t, _s, e in self._active_kinds(p)}
        ws = self.C.workspaces[p.ws]
        bkind = ws.b.kind if p.side == "B" else None
        out: list[tuple[str, int]] = []
        illus = 0
        complete = 0
        careful = 0
        grand = 0
        for _iid, idx, pts in page.illustrations:
            empty = sum(1 for j in idx if cubes[j] < 0)
            if empty == 0:
                illus += pts
                complete += 1
                gd = kinds.get("grand_design")
                if gd is not None and len(idx) >= gd.min_spaces:
                    grand += gd.points
            elif empty == 1 and "careful_hand" in kinds:
                careful += pts // 2
        out.append(("illustrations", illus))
        mcube = cubes[page.mult]
        mult = 0
        bp = ws.b.params
        gold_weight = bp["gold_weight"] if bkind == "gilder" else 1
        if mcube >= 0:
            colour = mcube if page.mult_colour == "?" else CODE[page.mult_colour]
            if colour == GOLD:
                mult = gold * gold_weight
            else:
                mult = count[colour] + gold * gold_weight
        out.append(("multiplier", mult))
        wcol = CODE[ws.colour]
        if p.side != "B":
            out.append((ws.a.name, count[wcol] + gold))
        else:
            if bkind == "scholar":
                v = bp["per_technique"] * len(p.techs)
            elif bkind == "deadline":
                lvl = page.level
                v = max(0, min(bp["cap"], self.arrows[lvl - 1] - self.abbot)) if voluntary else 0
            elif bkind == "perfectionist":
                v = bp["full_page"] if all(f >= 0 for f in cubes) else complete
            elif bkind == "rainbow":
                v = bp["per_colour"] * sum(1 for c in range(5) if count[c] + gold >= bp["at_least"])
            else:  # gilder
                v = bp["per_gold"] * gold
            out.append((ws.b.name, v))
        if careful:
            out.append((self._tech_name(p, "careful_hand"), careful))
        for kind, val in (
            ("marginalia", sum(1 for j in page.standalone if cubes[j] >= 0)),
            ("rich_pigment", kinds["rich_pigment"].points if "rich_pigment" in kinds and mcube >= 0 else 0),
            ("gold_foil", gold),
            ("study", len(p.techs)),
            ("fine_vellum", kinds["fine_vellum"].points if "fine_vellum" in kinds and voluntary else 0),
        ):
            if kind in kinds and val:
                out.append((self._tech_name(p, kind), val))
        if grand:
            out.append((self._tech_name(p, "grand_design"), grand))
        return out

    def _tech_name(self, p: Player, kind: str) -> str:
        for tid, _s, e in self._active_kinds(p):
            if e.kind == kind:
                return self.C.techniques[tid].name
        return kind

    # ================================================================== turning
    def _turn(self, p: Player, ev: list) -> None:
        seat = self.cur
        forced = self.must_turn(seat)
        self.voluntary = not forced
        page = self.C.pages[p.page]
        lines = self.page_score(seat, voluntary=not forced)
        total = sum(v for _l, v in lines)
        for label, v in lines:
            lab = f"Page {page.id}: {label}" if label in ("illustrations", "multiplier") else label
            p.add(lab, v)
        ev.append(Event(
            f"{act(p.name, 'is forced to Turn' if forced else 'Turns')} page {page.id} ({page.name})"
            f" and {verb(p.name, 'scores')} {total}: "
            + ", ".join(f"{lab} {v}" for lab, v in lines) + ".", seat, "score"))
        for f in p.cubes:
            if f >= 0:
                self._return(f)
        p.turned += 1
        p.history.append(page.id)
        if page.level == 3:
            p.finished = True
            self._set_page(p, None)
            self.finish_order.append(seat)
            p.under.extend(p.techs)
            p.techs = []
            if not self.end_phase and not self.solo:
                ev.append(Event(f"{act(p.name, 'has')} finished: the end phase begins.", seat, "end"))
            self.end_phase = True
            if self.solo:
                self._solo_end(p, ev)
                return
            if all(q.finished for q in self.players):
                self._game_over(ev)
                return
            self._end_turn(ev)
            return
        self._set_page(p, None)
        self.stage = "page"
        self._auto_page(ev)

    def _auto_page(self, ev: list) -> None:
        p = self.players[self.cur]
        level = p.turned + 1
        if len(self.display[level]) == 1:
            self._choose_page(p, self.display[level][0], ev)

    def _bonus_gold(self, p: Player, voluntary: bool) -> int:
        """Gold the Turn bonus asks of the supply: the bonus on a voluntary Turn
        (Early Riser's if more), none on a forced one unless Abbot's Blessing."""
        if not voluntary:
            return self.C.mat.gold_bonus if self._has(p, "blessing") else 0
        n = self.C.mat.gold_bonus
        for _t, _s, e in self._active_kinds(p):
            if e.kind == "early_riser":
                n = max(n, e.gold)
        return n

    def turn_bonus(self, seat: int) -> int:
        """Gold that Turning now would put on the new page (none after page III)."""
        p = self.players[seat]
        if p.page is None or self.C.pages[p.page].level == 3:
            return 0
        return min(self._bonus_gold(p, not self.must_turn(seat)), self.supply)

    def _choose_page(self, p: Player, pid: str, ev: list) -> None:
        level = self.C.pages[pid].level
        self.display[level].remove(pid)
        self._set_page(p, pid)
        ev.append(Event(f"{act(p.name, 'chooses')} page {pid} ({self.C.pages[pid].name}).", self.cur, "page"))
        n = self._bonus_gold(p, self.voluntary)
        if n:
            got = min(n, self.supply)
            if got:
                self.supply -= got
                c = [0] * 6
                c[GOLD] = got
                self.hand.append([c, "extra", 0])
                ev.append(Event(f"{act(p.name, 'gains')} {got} gold as the Turn bonus.", self.cur, "gold"))
            else:
                ev.append(Event("No gold is left for the Turn bonus.", self.cur, "gold"))
        p.under.extend(p.techs)
        p.techs = []
        self.stage = "bonus"

    def _solo_end(self, p: Player, ev: list) -> None:
        per = self.C.solo.end_points_per_space
        left = max(0, self.end - self.abbot)
        p.add("Time left", per * left)
        ev.append(Event(f"{act(p.name, 'scores')} {per * left} for {count(left, 'Abbot space')} left.", 0, "score"))
        self._rival_scores(ev, "the end", arrow=False)
        self._game_over(ev)

    def _game_over(self, ev: list) -> None:
        self.over = True
        self.stage = "over"
        self.hand = []
        self.pending = []
        self.sub = None
        r = self.ranking()
        if self.solo:
            who = self.players[0].name if self.players[0].score > self.rival_score else "the Rival"
            ev.append(Event(f"Game over: {self.players[0].score} to the Rival's {self.rival_score}; {act(who, 'wins')}.", None, "end"))
        else:
            ev.append(Event(f"Game over: {act(self.players[r[0]].name, 'wins')} with {self.players[r[0]].score}.", None, "end"))

    # ================================================================== API hooks
    @property
    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[int]:
        return [p.score for p in self.players]

    def ranking(self) -> list[int]:
        order = {s: i for i, s in enumerate(self.finish_order)}
        return sorted(range(self.n), key=lambda s: (-self.players[s].score, order.get(s, 99), s))

    def winner(self) -> int | None:
        if not self.over:
            return None
        if self.solo:
            return 0 if self.players[0].score > self.rival_score else None
        return self.ranking()[0]

    def result(self) -> Result:
        """Solo: the Rival stands in the ranking with its score, made at the arrows
        and the end; the player is first only with strictly more [R25]."""
        if not self.solo:
            return super().result()
        p = self.players[0]
        you = Standing(p.name, p.score, [(lab, pts) for lab, pts in p.breakdown], 0)
        rival = Standing(RIVAL, self.rival_score,
                         [(f"Scored at {why}", pts) for why, pts in self.rival_log])
        order = [you, rival] if self.winner() == 0 else [rival, you]
        return Result(order, [order[0].name], self.tiebreaks())

    def tiebreaks(self) -> list[str]:
        if not self.over:
            return []
        if self.solo:
            p = self.players[0]
            if p.score == self.rival_score:
                return [f"{p.name} and the Rival tie on {p.score}; the player must score more, so the Rival wins."]
            return []
        lines = []
        r = self.ranking()
        i = 0
        while i < len(r):
            j = i
            while j + 1 < len(r) and self.players[r[j + 1]].score == self.players[r[i]].score:
                j += 1
            if j > i:
                names = [self.players[s].name for s in r[i:j + 1]]
                lines.append(f"{', '.join(names)} tie on {self.players[r[i]].score}; "
                             f"ranked by who turned page III first: {' before '.join(names)}.")
            i = j + 1
        return lines

    # ------------------------------------------------------------------ decisions
    def _decide(self) -> Decision | None:
        d = self._build_decision()
        if d is not None and self.stage != "side":
            d.secret = False  # once every side is chosen [R15], nothing is hidden
        return d

    def _build_decision(self) -> Decision | None:
        if self.over:
            return None
        seat = self.cur
        p = self.players[seat]
        if self.stage == "side":
            ws = self.C.workspaces[p.ws]
            # Alone at the table there is no one to keep the side from.
            secret = "" if self.solo else ", chosen in secret"
            return Decision(seat, f"{p.name}: choose your workspace side ({ws.id}{secret})", [
                Choice("side:A", f"Side A: {ws.a.name}", ws.a.text, ("workspace",)),
                Choice("side:B", f"Side B: {ws.b.name} (harder)", ws.b.text, ("workspace",)),
            ], T_SIDES)
        if self.sub is not None:
            return self._decide_sub(p)
        if self.hand:
            return self._decide_place(p)
        if self.pending:
            ch = []
            for kind, tid in self.pending:
                spec = self.C.techniques[tid]
                if kind == "grind":
                    ch.append(Choice(f"resolve:{tid}", f"Resolve {spec.name}", spec.text, (f"tech:{tid}",)))
                else:
                    ch.append(Choice(f"resolve:{tid}", f"Use {spec.name}", spec.text, (f"tech:{tid}",)))
                    ch.append(Choice(f"decline:{tid}", f"Decline {spec.name} (the use is lost)", spec.text, (f"tech:{tid}",)))
            return Decision(seat, f"{p.name}: which triggered effect next?", ch, T_TRIG)
        if self.stage == "page":
            level = p.turned + 1
            ch = []
            for pid in self.display[level]:
                pg = self.C.pages[pid]
                pts = sum(x[2] for x in pg.illustrations)
                ch.append(Choice(f"page:{pid}", f"{pid} {pg.name}",
                                 f"{len(pg.spaces)} spaces, illustrations worth {pts}, multiplier {COLOUR_WORDS[pg.mult_colour]}",
                                 (f"page:{pid}",)))
            return Decision(seat, f"{p.name}: choose your page {ROMAN[level]}", ch, T_PAGE)
        # main action
        ch = []
        forced = self.must_turn(seat)
        if not forced:
            mc = self._mc(p)
            for b in self.active:
                keep, leave = self._take_paths(p, b, mc)
                if keep or leave:
                    cubes = self.bottles[b]
                    slot = self.link[b]
                    tid = self.slots[slot] if slot else None
                    tech = self.C.techniques[tid] if tid is not None and keep else None
                    extra = f" + {tech.name}" if tech else ""
                    touches = (f"bottle:{b}", f"slot:{slot}") if tid is not None else (f"bottle:{b}",)
                    label, hint = _take_texts(b, self.shape[b], cubes)
                    if tech:
                        hint += f"; brings {tech.name}: {tech.text}"
                    ch.append(Choice(f"take:{b}", label + extra, hint, touches))
        pv = sum(v for _l, v in self.page_score(seat, voluntary=not forced))
        gold = self.turn_bonus(seat)
        bonus = f" + {gold_bonus_words(gold)}" if gold else ""
        if forced:
            why = "Abbot's Blessing still brings the gold bonus." if gold else "no gold bonus."
            ch.append(Choice("turn", f"Turn page {p.page} (forced, scores {pv}{bonus})",
                             f"The Abbot has passed your page's arrow: you must Turn; {why}",
                             (f"page:{p.page}",)))
        else:
            ch.append(Choice("turn", f"Turn page {p.page} (scores {pv}{bonus})",
                             "Score this page, discard it and take the next level.", (f"page:{p.page}",)))
        for tid, st in p.all_techs():
            if st == ROT:
                spec = self.C.techniques[tid]
                ch.append(Choice(f"use:{tid}", f"Use {spec.name} (second use)", spec.text, (f"tech:{tid}",)))
            elif st == UP and self.given is not None:  # an experiment's technique, not used yet
                spec = self.C.techniques[tid]
                if spec.uses != "P":
                    ch.append(Choice(f"use:{tid}", f"Use {spec.name} (first use)", spec.text, (f"tech:{tid}",)))
        prompt = f"{p.name}: {'you must Turn' if forced else 'Take or Turn'}"
        return Decision(seat, prompt, ch, T_MAIN)

    def _decide_place(self, p: Player) -> Decision:
        batch = self.hand[0]
        page = self.C.pages[p.page]
        t = self._current_type(batch[0])
        opts, spill_ok = self._place_options(p, batch)
        left = sum(batch[0]) - 1
        word = _cube_word(t)
        ch = []
        for i in opts:
            sp = page.spaces[i]
            where = ("multiplier" if sp.role == "multiplier" else
                     "standalone" if sp.role == "standalone" else f"illustration {sp.sid[0]}")
            ch.append(Choice(f"place:{sp.sid}", f"{sp.sid} ({SPACE_GLYPH[sp.accept]}, {where})", "", (f"space:{sp.sid}",)))
        if spill_ok:
            ch.append(Choice("spill", f"Pour the {word} cube back into the bag (Spill Cloth)", "", ()))
        if len(ch) > 1 or left:
            ch.append(Choice("auto", "Auto-place" + (" all" if left else ""), "Fill a good assignment at once.", ()))
        topic = T_START if self.stage == "start" else T_PLACE
        more = f" ({left} more after this)" if left else ""
        return Decision(self.cur, f"{p.name}: place the {word} cube{more}", ch, topic)

    def _decide_sub(self, p: Player) -> Decision:
        kind = self.sub[0]
        seat = self.cur
        if kind == "keep":
            tid, slot = self.sub[1], self.sub[2]
            spec = self.C.techniques[tid]
            return Decision(seat, f"{p.name}: keep {spec.name}?", [
                Choice("tech:keep", f"Put {spec.name} on your workspace", spec.text, (f"slot:{slot}",)),
                Choice("tech:leave", f"Leave it on {slot} (Steady Hand)", "", (f"slot:{slot}",)),
            ], T_TECH)
        if kind == "grind":
            tid = self.sub[1]
            return Decision(seat, f"{p.name}: {self.C.techniques[tid].name}: which colour to search for?", [
                Choice(f"colour:{COLOURS[t]}", f"A {_cube_word(t)} cube", f"{self.bag[t]} in the bag")
                for t in self._grinder_colours(tid)], T_TRIG)
        if kind == "dye":
            return Decision(seat, f"{p.name}: Dye Merchant: name a colour", [
                Choice(f"colour:{c}", f"{COLOUR_WORDS[c]}", f"{self.bag[t]} in the bag")
                for t, c in enumerate(COLOURS)], T_TRIG)
        page = self.C.pages[p.page]
        if kind == "scrape":
            ch = [Choice(f"move:{page.spaces[i].sid}", f"Move the {_cube_word(p.cubes[i])} cube on {page.spaces[i].sid}",
                         "", (f"space:{page.spaces[i].sid}",)) for i in self._scrape_sources(p)]
            ch.append(Choice("skip", "Move nothing (the use is lost)"))
            return Decision(seat, f"{p.name}: Scraper: move which cube?", ch, T_TRIG)
        if kind == "scrape_to":
            src = self.sub[2]
            bit = 1 << p.cubes[src]
            ch = [Choice(f"place:{sp.sid}", f"{sp.sid} ({sp.accept})", "", (f"space:{sp.sid}",))
                  for sp in page.spaces if sp.index != src and p.cubes[sp.index] < 0 and p.masks[sp.index] & bit]
            return Decision(seat, f"{p.name}: Scraper: move it where?", ch, T_TRIG)
        if kind == "second":
            ch = [Choice(f"take:{b}", *_take_texts(b, self.shape[b], self.bottles[b]), (f"bottle:{b}",))
                  for b in self.legal_takes(shapes=("star", "circle"))]
            ch.append(Choice("skip", "Take nothing more"))
            return Decision(seat, f"{p.name}: Second Helping: take a star or circle?", ch, T_TRIG)
        raise AssertionError(kind)

    # ------------------------------------------------------------------ applying
    def _apply(self, choice: Choice) -> list[Event]:
        ev: list[Event] = []
        key = choice.key
        seat = self.cur
        p = self.players[seat]
        if self.stage == "side":
            p.side = key[-1]
            ev.append(Event(f"{act(p.name, 'has')} chosen a workspace side.", seat, "setup"))
            nxt = (seat + 1) % self.n
            if nxt == self.first:
                ev.append(Event("Workspace sides: " + ", ".join(
                    f"{q.name} {q.ws} side {q.side}" for q in self.players) + ".", None, "setup"))
                for q in self.players:
                    self._remask(q)
                self.stage = "start"
            else:
                self.cur = nxt
            self._run(ev)
            return ev
        if self.sub is not None:
            self._apply_sub(p, key, ev)
        elif self.hand:
            self._apply_place(p, key, ev)
        elif self.pending:
            kind, tid = key.split(":")
            tid = int(tid)
            for i, (_kind, t) in enumerate(self.pending):
                if t == tid:
                    pk = self.pending.pop(i)[0]
                    break
            if pk == "grind":
                self._resolve_grinder(p, tid, ev)
            elif kind == "resolve":
                self._use(p, tid, ev)
            else:
                spec = self.C.techniques[tid]
                for row in p.all_techs():
                    if row[0] == tid:
                        row[1] = ROT if (spec.uses == "2" and row[1] == UP) else DOWN
                ev.append(Event(f"{act(p.name, 'declines')} {spec.name}.", seat, "technique"))
        elif self.stage == "page":
            self._choose_page(p, key[5:], ev)
        elif key == "turn":
            self._turn(p, ev)
        elif key.startswith("take:"):
            self.stage = "take"
            self._take(p, key[5:], ev)
        elif key.startswith("use:"):
            self.stage = "use"
            self._use(p, int(key[4:]), ev)
        else:
            raise AssertionError(key)
        self._run(ev)
        return ev

    def _apply_place(self, p: Player, key: str, ev: list) -> None:
        batch = self.hand[0]
        page = self.C.pages[p.page]
        if key == "auto":
            for word, sid in self.best_placement():
                t = CUBE_NAMES.index(word)
                batch[0][t] -= 1
                if sid is None:
                    if batch[1] == "fit":
                        batch[2] -= 1
                        ev.append(Event(f"{act(p.name, 'pours')} a {word} cube back (Spill Cloth).", self.cur, "place"))
                    else:
                        ev.append(Event(f"No space for the {word} cube; it goes back.", self.cur, "overflow"))
                    self._return(t)
                else:
                    self._put(p, page.by_sid[sid], t)
                    ev.append(Event(f"{act(p.name, 'places')} {word} on {sid}.", self.cur, "place"))
            return
        t = self._current_type(batch[0])
        batch[0][t] -= 1
        if key == "spill":
            batch[2] -= 1
            self._return(t)
            ev.append(Event(f"{act(p.name, 'pours')} a {_cube_word(t)} cube back (Spill Cloth).", self.cur, "place"))
            return
        sid = key[6:]
        self._put(p, page.by_sid[sid], t)
        ev.append(Event(f"{act(p.name, 'places')} {_cube_word(t)} on {sid}.", self.cur, "place"))

    def _apply_sub(self, p: Player, key: str, ev: list) -> None:
        sub = self.sub
        self.sub = None
        kind = sub[0]
        if kind == "keep":
            tid, slot = sub[1], sub[2]
            if key == "tech:keep":
                self.slots[slot] = None
                self.incoming = tid
            else:
                ev.append(Event(f"Steady Hand: {self.C.techniques[tid].name} stays on {slot}.", self.cur, "technique"))
        elif kind == "grind":
            self._grind(p, sub[1], CODE[key[7:]], ev)
        elif kind == "dye":
            t = CODE[key[7:]]
            e = self.C.techniques[sub[1]].effect
            got = min(e.count, self.bag[t])
            self.bag[t] -= got
            ev.append(Event(f"Dye Merchant: {act(p.name, 'finds')} {count(got, _cube_word(t) + ' cube')}.", self.cur, "technique"))
            if got:
                c = [0] * 6
                c[t] = got
                self.hand.append([c, "extra", 0])
        elif kind == "scrape":
            if key != "skip":
                page = self.C.pages[p.page]
                self.sub = ["scrape_to", sub[1], page.by_sid[key[5:]]]
        elif kind == "scrape_to":
            page = self.C.pages[p.page]
            src = sub[2]
            dst = page.by_sid[key[6:]]
            p.cubes[dst] = p.cubes[src]
            p.cubes[src] = -1
            ev.append(Event(f"Scraper: {act(p.name, 'moves')} the {_cube_word(p.cubes[dst])} cube from "
                            f"{page.spaces[src].sid} to {page.spaces[dst].sid}.", self.cur, "technique"))
        elif kind == "second":
            if key != "skip":
                self._take(p, key[5:], ev, allow_tech=False)

    # ------------------------------------------------------------------ saves / copies
    _SCALARS = ("abbot", "crossed", "end_phase", "over", "first", "cur", "stage",
                "supply", "take_size", "gained", "calm", "voluntary", "rival_score",
                "incoming")

    def _dump(self) -> dict[str, Any]:
        d = {k: getattr(self, k) for k in self._SCALARS}
        d.update(
            bag=list(self.bag), deck=list(self.deck), out=list(self.out),
            bottles={b: list(c) for b, c in self.bottles.items()},
            slots=dict(self.slots),
            display={str(k): list(v) for k, v in self.display.items()},
            finish_order=list(self.finish_order),
            players=[p.dump() for p in self.players],
            hand=[[list(b[0]), b[1], b[2]] for b in self.hand],
            pending=[list(x) for x in self.pending],
            sub=list(self.sub) if self.sub is not None else None,
            ground=list(self.ground),
            start_queue=[[s, list(c)] for s, c in self.start_queue],
            rival_pile=list(self.rival_pile), rival_log=[list(x) for x in self.rival_log],
        )
        return d

    def _restore(self, d: dict[str, Any]) -> None:
        for k in self._SCALARS:
            setattr(self, k, d[k])
        self.bag = [int(x) for x in d["bag"]]
        self.deck = [int(x) for x in d["deck"]]
        self.out = [int(x) for x in d["out"]]
        self.bottles = {b: [int(x) for x in c] for b, c in d["bottles"].items()}
        self.slots = {s: (None if v is None else int(v)) for s, v in d["slots"].items()}
        self.display = {int(k): list(v) for k, v in d["display"].items()}
        self.finish_order = [int(x) for x in d["finish_order"]]
        self.players = [Player.load(x) for x in d["players"]]
        for p in self.players:
            self._remask(p)
        self.hand = [[list(b[0]), b[1], int(b[2])] for b in d["hand"]]
        self.pending = [[k, int(t)] for k, t in d["pending"]]
        self.sub = list(d["sub"]) if d["sub"] is not None else None
        self.ground = [int(x) for x in d["ground"]]
        self.start_queue = [[int(s), list(c)] for s, c in d["start_queue"]]
        self.rival_pile = [int(x) for x in d["rival_pile"]]
        self.rival_log = [list(x) for x in d["rival_log"]]

    def determinize(self, seat: int, rng) -> "State":
        """The technique deck's order is hidden: a planning copy gets it reshuffled
        (the bag holds counts only, and its draws come from the reseeded generator).
        So are the sides other seats have chosen until all are revealed [R15]: the
        copy guesses them."""
        other = super().determinize(seat, rng)
        rng.shuffle(other.deck)
        if other.stage == "side":
            for i, q in enumerate(other.players):
                if i != seat and q.side is not None:
                    q.side = rng.choice("AB")
        return other

    def _copy_model(self, other: "State") -> None:
        for k in ("C", "n", "solo", "difficulty", "arrows", "end", "active", "active_slots",
                  "shape", "link") + self._SCALARS:
            setattr(other, k, getattr(self, k))
        other.bag = list(self.bag)
        other.deck = list(self.deck)
        other.out = list(self.out)
        other.bottles = {b: list(c) for b, c in self.bottles.items()}
        other.slots = dict(self.slots)
        other.display = {k: list(v) for k, v in self.display.items()}
        other.finish_order = list(self.finish_order)
        other.players = [p.copy() for p in self.players]
        other.hand = [[list(b[0]), b[1], b[2]] for b in self.hand]
        other.pending = [list(x) for x in self.pending]
        other.sub = list(self.sub) if self.sub is not None else None
        other.ground = list(self.ground)
        other.start_queue = [[s, list(c)] for s, c in self.start_queue]
        other.rival_pile = list(self.rival_pile)
        other.rival_log = [list(x) for x in self.rival_log]

    # ------------------------------------------------------------------ summary
    def summary(self) -> dict[str, Any]:
        from .summary import build_summary

        return build_summary(self)

    def view(self, seat: int) -> dict[str, Any]:
        from .summary import build_summary

        return build_summary(self, seat)

    def describe(self, touch: str, seat: int | None = None) -> str | None:
        from .inspect import describe

        return describe(self, touch)

    def lookups(self, seat: int | None = None) -> list[tuple[str, str]]:
        from .inspect import lookups

        return lookups(self)
