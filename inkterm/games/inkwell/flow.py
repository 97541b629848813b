"""Inkwell: the turn flow — everything automatic between decisions: starting cubes,
a technique arriving, Hoarder, the grinders, the end of a turn, Turning a page, the
end of the game."""
from __future__ import annotations

from inkterm.engine.steps import Narration
from inkterm.engine.words import act, count, possessive, verb

from .content import GOLD
from .fit import fits
from .model import UP, Base, Player, _cube_word, _cubes_text
from .work import Batch, StartCubes, Trigger


class Flow(Base):
    def _run(self, ev: Narration) -> None:
        """Carry out everything automatic until a seat must decide."""
        while True:
            if self.over or self.stage == "side":
                return
            p = self.players[self.cur]
            work = self.work.items
            top = work[-1] if work else None
            if isinstance(top, StartCubes):
                self.work.pop()
                self._deal_start(top, ev)
                continue
            if isinstance(top, Batch):
                cubes = top.cubes
                if not any(cubes):
                    self.work.pop()
                    continue
                if not top.fit:
                    t = self._current_type(cubes)
                    bit = 1 << t
                    if not any(f < 0 and m & bit for m, f in zip(p.masks, p.cubes)):
                        cubes[t] -= 1
                        self._return(t)
                        ev.say(f"No space for the {_cube_word(t)} cube; it goes back.", self.cur, "overflow")
                        continue
                return
            if top is not None:  # a technique's question waits for the seat
                return
            if self.stage == "start":
                self._first_turn(ev)
                continue
            if self.incoming is not None:
                tid = self.incoming
                self.incoming = None
                p.techs.append([tid, UP])
                spec = self.C.techniques[tid]
                ev.say(f"{act(p.name, 'puts')} {spec.name} on the workspace.", self.cur, "technique")
                if spec.effect.kind == "wash":
                    self._remask(p)
                if spec.uses != "P":
                    self.pending.append(Trigger(tid, grinder=False))
            if self.take_size >= 0:
                size = self.take_size
                self.take_size = -1
                for _tid, _st, e in self._active_kinds(p):
                    if e.kind == "hoarder" and size >= e.min_cubes:
                        p.add("Hoarder", e.points)
                        ev.say(f"Hoarder: {act(p.name, 'scores')} {e.points}.", self.cur, "score")
            self._grinder_triggers(p)
            if self.pending:
                if len(self.pending) == 1 and self.pending[0].grinder:
                    self._resolve_grinder(p, self.pending.pop().tid, ev)
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

    def _deal_start(self, deal: StartCubes, ev: Narration) -> None:
        seat, drawn = deal.seat, deal.cubes
        self.cur = seat
        p = self.players[seat]
        mc = self._mc(p)
        # [R1] a starting cube that cannot be placed goes back (cannot happen by design)
        while any(drawn) and not fits(tuple(drawn), mc):
            t = max(i for i in range(6) if drawn[i])
            drawn[t] -= 1
            self._return(t)
            ev.say(f"{possessive(p.name, start=True)} starting {_cube_word(t)} cube has no space; it goes back.",
                   seat, "overflow")
        if any(drawn):
            self.work.push(Batch(drawn, fit=True))
            ev.say(f"{act(p.name, 'starts')} with {_cubes_text(drawn)} to place.", seat, "setup")

    def _first_turn(self, ev: Narration) -> None:
        """Every starting cube is placed: the first player begins."""
        self.stage = "main"
        self.cur = self.first
        self._new_turn()
        ev.say(f"{act(self.players[self.first].name, 'plays')} first.", self.first, "turn")

    def _new_turn(self) -> None:
        self.gained = 0
        self.ground = []
        self.calm = False
        self.voluntary = False

    def _end_turn(self, ev: Narration) -> None:
        self._refill(ev, skip_abbot=self.calm)
        if self.solo:
            self._rival_turn(ev)
        else:
            self.cur = (self.cur + 1) % self.n
            while self.players[self.cur].finished:
                p = self.players[self.cur]
                pts = self.C.mat.end_phase_points
                p.add("End phase", pts)
                ev.say(f"{act(p.name, 'is')} finished: +{count(pts, 'point')}.", self.cur, "score")
                self._move_abbot(ev)
                self.cur = (self.cur + 1) % self.n
        self.stage = "main"
        self._new_turn()
        ev.say(f"{possessive(self.players[self.cur].name, start=True)} turn.", self.cur, "turn")

    def _turn(self, p: Player, ev: Narration) -> None:
        seat = self.cur
        forced = self.must_turn(seat)
        self.voluntary = not forced
        assert p.page is not None
        page = self.C.pages[p.page]
        lines = self.page_score(seat, voluntary=not forced)
        total = sum(v for _l, v in lines)
        for label, v in lines:
            lab = f"Page {page.id}: {label}" if label in ("illustrations", "multiplier") else label
            p.add(lab, v)
        ev.say(
            f"{act(p.name, 'is forced to Turn' if forced else 'Turns')} page {page.id} ({page.name})"
            f" and {verb(p.name, 'scores')} {total}: "
            + ", ".join(f"{lab} {v}" for lab, v in lines) + ".", seat, "score")
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
                ev.say(f"{act(p.name, 'has')} finished: the end phase begins.", seat, "end")
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

    def _auto_page(self, ev: Narration) -> None:
        p = self.players[self.cur]
        level = p.turned + 1
        if len(self.display[level]) == 1:
            self._choose_page(p, self.display[level][0], ev)

    def _choose_page(self, p: Player, pid: str, ev: Narration) -> None:
        level = self.C.pages[pid].level
        self.display[level].remove(pid)
        self._set_page(p, pid)
        ev.say(f"{act(p.name, 'chooses')} page {pid} ({self.C.pages[pid].name}).", self.cur, "page")
        n = self._bonus_gold(p, self.voluntary, level - 1)  # the page just turned
        if n:
            got = min(n, self.supply)
            if got:
                self.supply -= got
                self._gain(GOLD, got)
                ev.say(f"{act(p.name, 'gains')} {got} gold as the Turn bonus.", self.cur, "gold")
            else:
                ev.say("No gold is left for the Turn bonus.", self.cur, "gold")
        p.under.extend(p.techs)
        p.techs = []
        self.stage = "bonus"

    def _game_over(self, ev: Narration) -> None:
        self.over = True
        self.stage = "over"
        self.work.clear()
        self.pending = []
        r = self.ranking()
        if self.solo:
            who = self.players[0].name if self.players[0].score > self.rival_score else "the Rival"
            ev.say(f"Game over: {self.players[0].score} to the Rival's {self.rival_score}; {act(who, 'wins')}.", None, "end")
        else:
            ev.say(f"Game over: {act(self.players[r[0]].name, 'wins')} with {self.players[r[0]].score}.", None, "end")
