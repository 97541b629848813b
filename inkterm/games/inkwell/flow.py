"""Inkwell: the turn flow — everything automatic between decisions: starting cubes,
a technique arriving, Hoarder, the grinders, the end of a turn, Turning a page, the
end of the game."""
from __future__ import annotations

from inkterm.engine.steps import Narration
from inkterm.engine.text import Msg, nmsg
from inkterm.engine.words import is_you
from inkterm.i18n import N_

from .content import GOLD
from .fit import fits
from .model import UP, Base, Player, _cube_word, _cubes_text
from .texts import ILLUSTRATIONS, MULTIPLIER, technique
from .texts import page as page_name
from .work import Batch, StartCubes, Trigger


#: A Turn told: (forced, the reader named You) → the words. English gives a reader named
#: You its first verb (engine/text.py); the second is written here.
TURNS = {
    (False, False): N_("{who} Turns page {page} ({name}) and scores {n}: {parts}."),
    (True, False): N_("{who} is forced to Turn page {page} ({name}) and scores {n}: {parts}."),
    # TRANSLATORS: said to the reader (a seat named You): "You Turn page … and score 5".
    (False, True): N_("{who} Turns page {page} ({name}) and score {n}: {parts}."),
    # TRANSLATORS: said to the reader (a seat named You): "You are forced to Turn page … and score 5".
    (True, True): N_("{who} is forced to Turn page {page} ({name}) and score {n}: {parts}."),
}
#: Breakdown lines that are no technique's name.
HOARDER = Msg("Hoarder")
END_PHASE = Msg("End phase")


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
                        ev.say(Msg("No space for the {colour} cube; it goes back.", colour=_cube_word(t)), self.cur,
                               "overflow")
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
                ev.say(Msg("{who} puts {technique} on the workspace.", who=p.name, technique=technique(self.C, tid)),
                       self.cur, "technique")
                if spec.effect.kind == "wash":
                    self._remask(p)
                if spec.uses != "P":
                    self.pending.append(Trigger(tid, grinder=False))
            if self.take_size >= 0:
                size = self.take_size
                self.take_size = -1
                for _tid, _st, e in self._active_kinds(p):
                    if e.kind == "hoarder" and size >= e.min_cubes:
                        p.add(HOARDER, e.points)
                        ev.say(Msg("Hoarder: {who} scores {n}.", who=p.name, n=e.points), self.cur, "score")
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
            ev.say(Msg("{who}'s starting {colour} cube has no space; it goes back.", who=p.name, colour=_cube_word(t)),
                   seat, "overflow")
        if any(drawn):
            self.work.push(Batch(drawn, fit=True))
            ev.say(Msg("{who} starts with {cubes} to place.", who=p.name, cubes=_cubes_text(drawn)), seat, "setup")

    def _first_turn(self, ev: Narration) -> None:
        """Every starting cube is placed: the first player begins."""
        self.stage = "main"
        self.cur = self.first
        self._new_turn()
        ev.say(Msg("{who} plays first.", who=self.players[self.first].name), self.first, "turn")

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
                p.add(END_PHASE, pts)
                ev.say(nmsg("{who} is finished: +{n} point.", "{who} is finished: +{n} points.", pts, who=p.name),
                       self.cur, "score")
                self._move_abbot(ev)
                self.cur = (self.cur + 1) % self.n
        self.stage = "main"
        self._new_turn()
        ev.say(Msg("{who}'s turn.", who=self.players[self.cur].name), self.cur, "turn")

    def _turn(self, p: Player, ev: Narration) -> None:
        seat = self.cur
        forced = self.must_turn(seat)
        self.voluntary = not forced
        assert p.page is not None
        page = self.C.pages[p.page]
        lines = self.page_score(seat, voluntary=not forced)
        total = sum(v for _l, v in lines)
        for label, v in lines:
            p.add(Msg("Page {page}: {part}", page=page.id, part=label) if label is ILLUSTRATIONS or label is MULTIPLIER
                  else label, v)
        parts = tuple(Msg("{part} {n}", part=lab, n=v) for lab, v in lines)
        name = page_name(self.C, page.id)
        ev.say(Msg(TURNS[forced, is_you(p.name)], who=p.name, page=page.id, name=name, n=total, parts=parts),
               seat, "score")
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
                ev.say(Msg("{who} has finished: the end phase begins.", who=p.name), seat, "end")
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
        ev.say(Msg("{who} chooses page {page} ({name}).", who=p.name, page=pid, name=page_name(self.C, pid)), self.cur,
               "page")
        n = self._bonus_gold(p, self.voluntary, level - 1)  # the page just turned
        if n:
            got = min(n, self.supply)
            if got:
                self.supply -= got
                self._gain(GOLD, got)
                ev.say(Msg("{who} gains {n} gold as the Turn bonus.", who=p.name, n=got), self.cur, "gold")
            else:
                ev.say(Msg("No gold is left for the Turn bonus."), self.cur, "gold")
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
            me = self.players[0]
            ev.say(Msg("Game over: {n} to the Rival's {rival}; {who} wins.", n=me.score, rival=self.rival_score,
                       who=me.name) if me.score > self.rival_score else
                   Msg("Game over: {n} to the Rival's {rival}; the Rival wins.", n=me.score, rival=self.rival_score),
                   None, "end")
        else:
            ev.say(Msg("Game over: {who} wins with {n}.", who=self.players[r[0]].name, n=self.players[r[0]].score),
                   None, "end")
