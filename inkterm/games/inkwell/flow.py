"""Inkwell: the turn flow — everything automatic between decisions: starting cubes,
a technique arriving, Hoarder, the grinders, the end of a turn, Turning a page, the
end of the game."""
from __future__ import annotations

from inkterm.engine.types import Event
from inkterm.engine.words import act, count, possessive, verb

from .content import GOLD
from .fit import fits
from .model import UP, Base, Player, _cube_word, _cubes_text


class Flow(Base):
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
