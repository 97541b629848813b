"""Inkwell: techniques — their uses, the triggered effects (grinders) and the small
decisions a technique asks for (keep it, which colour, Scraper, Second Helping)."""
from __future__ import annotations

from inkterm.engine.steps import Narration
from inkterm.engine.text import Msg, nmsg
from inkterm.engine.types import Choice, Decision

from .content import COLOURS, GOLD, Counted, Grinder
from .model import CODE, DOWN, ROT, T_TECH, T_TRIG, UP, Base, Player, _cube_word, _cubes_text, _take_texts, ckey
from .texts import COLOUR, either, space, technique, technique_text
from .work import Ask, Batch, Dye, Grind, Keep, Scrape, ScrapeTo, Second, Trigger

SKIP_MOVE = Choice("skip", Msg("Move nothing (the use is lost)"))
SKIP_TAKE = Choice("skip", Msg("Take nothing more"))


class Techniques(Base):
    def _start_with_technique(self, p: Player, tid: int) -> None:
        """An experiment's intervention: the technique starts on the seat's workspace,
        ready, as if taken before the first turn (it leaves the deck, so never reaches
        the mat). A limited one has not had its first use: the seat may make it at the
        start of any turn, as a second use is made."""
        self.deck.remove(tid)
        p.techs.append([tid, UP])
        if self.C.techniques[tid].effect.kind == "wash":
            self._remask(p)

    def _grinder_triggers(self, p: Player) -> None:
        if not self.gained:
            return
        for tid, _st, e in self._active_kinds(p):
            if e.kind != "grinder" or tid in self.ground:
                continue
            if any(x.grinder and x.tid == tid for x in self.pending):
                continue
            if any(self.gained >> CODE[c] & 1 for c in e.colours):
                self.pending.append(Trigger(tid, grinder=True))

    def _grinder_colours(self, tid: int) -> list[int]:
        e = self.C.techniques[tid].effect
        assert isinstance(e, Grinder)
        return [CODE[c] for c in e.colours if self.gained >> CODE[c] & 1]

    def _resolve_grinder(self, p: Player, tid: int, ev: Narration) -> None:
        self.ground.append(tid)
        cols = self._grinder_colours(tid)
        if len(cols) > 1:
            self.work.push(Grind(tid))
            return
        self._grind(p, tid, cols[0], ev)

    def _grind(self, p: Player, tid: int, t: int, ev: Narration) -> None:
        name = technique(self.C, tid)
        if self.bag[t] > 0:
            self.bag[t] -= 1
            self._gain(t, 1)
            ev.say(Msg("{technique}: {who} searches the bag for a {colour} cube.", technique=name, who=p.name,
                       colour=_cube_word(t)), self.cur, "technique")
        else:
            ev.say(Msg("{technique}: no {colour} cube left in the bag.", technique=name, colour=_cube_word(t)),
                   self.cur, "technique")

    def _spend_use(self, p: Player, tid: int) -> None:
        """A limited technique's use is made or declined: a two-use one turns to its
        used-once side first, then face down."""
        spec = self.C.techniques[tid]
        for row in p.all_techs():
            if row[0] == tid:
                row[1] = ROT if (spec.uses == "2" and row[1] == UP) else DOWN

    def _use(self, p: Player, tid: int, ev: Narration) -> None:
        """One use of a limited technique (first use on acquiring it, or second use)."""
        spec = self.C.techniques[tid]
        self._spend_use(p, tid)
        e = spec.effect
        k = e.kind
        name = technique(self.C, tid)
        ev.say(Msg("{who} uses {technique}.", who=p.name, technique=name), self.cur, "technique")
        if e.kind == "points":
            p.add(name, e.points)
        elif e.kind == "gold":
            got = min(e.count, self.supply)
            if got:
                self.supply -= got
                if e.cost:
                    p.add(name, -e.cost)
                self._gain(GOLD, got)
            else:
                ev.say(Msg("The gold supply is empty."), self.cur, "technique")
        elif e.kind == "draw":
            self.reveal()
            c = [0] * 6
            for _ in range(e.count):
                t = self._draw()
                if t is not None:
                    c[t] += 1
            ev.say(Msg("{who} draws {cubes}.", who=p.name, cubes=_cubes_text(c)), self.cur, "draw")
            if any(c):
                self.work.push(Batch(c, fit=False))
        elif k == "dye":
            self.work.push(Dye(tid))
        elif k == "scraper":
            if self._scrape_sources(p):
                self.work.push(Scrape(tid))
            else:
                ev.say(Msg("No cube can be moved."), self.cur, "technique")
        elif e.kind == "second_helping":
            shapes, most = self.second_helping(p)
            if self.legal_takes(shapes=shapes, most=most):
                self.work.push(Second(tid))
            else:
                ev.say(Msg("No {shapes} bottle fits.", shapes=either(shapes)) if most is None else
                       Msg("No {shapes} bottle of at most {n} cubes fits.", shapes=either(shapes), n=most),
                       self.cur, "technique")
        elif e.kind == "calm_abbot":
            self.calm = True
            if e.points:
                p.add(name, e.points)

    def _scrape_sources(self, p: Player) -> list[int]:
        assert p.page is not None
        page = self.C.pages[p.page]
        out = []
        for i, f in enumerate(p.cubes):
            if f < 0 or i == page.mult:
                continue
            bit = 1 << f
            if any(j != i and g < 0 and p.masks[j] & bit for j, g in enumerate(p.cubes)):
                out.append(i)
        return out

    def _decide_ask(self, p: Player, ask: Ask) -> Decision:
        seat = self.cur
        tid = ask.tid
        if isinstance(ask, Keep):
            name = technique(self.C, tid)
            slot = ask.slot
            return Decision(seat, Msg("keep {technique}?", technique=name), [
                Choice(ckey("tech", "keep"), Msg("Put {technique} on your workspace", technique=name),
                       technique_text(self.C, tid), (f"slot:{slot}",)),
                Choice(ckey("tech", "leave"), Msg("Leave it on {slot} (Steady Hand)", slot=slot), "", (f"slot:{slot}",)),
            ], T_TECH)
        if isinstance(ask, Grind):
            return Decision(seat, Msg("{technique}: which colour to search for?",
                                      technique=technique(self.C, tid)), [
                Choice(ckey("colour", COLOURS[t]), Msg("A {colour} cube", colour=_cube_word(t)),
                       Msg("{n} in the bag", n=self.bag[t]))
                for t in self._grinder_colours(tid)], T_TRIG)
        if isinstance(ask, Dye):
            return Decision(seat, Msg("Dye Merchant: name a colour"), [
                Choice(ckey("colour", c), COLOUR[c], Msg("{n} in the bag", n=self.bag[t]))
                for t, c in enumerate(COLOURS)], T_TRIG)
        assert p.page is not None
        page = self.C.pages[p.page]
        if isinstance(ask, Scrape):
            ch = [Choice(ckey("move", page.spaces[i].sid),
                         Msg("Move the {colour} cube on {space}", colour=_cube_word(p.cubes[i]), space=space(page.spaces[i])),
                         "", (f"space:{page.spaces[i].sid}",)) for i in self._scrape_sources(p)]
            ch.append(SKIP_MOVE)
            return Decision(seat, Msg("Scraper: move which cube?"), ch, T_TRIG)
        if isinstance(ask, ScrapeTo):
            src = ask.src
            bit = 1 << p.cubes[src]
            ch = [Choice(ckey("place", sp.sid), Msg("{space} ({colour})", space=space(sp), colour=COLOUR[sp.accept]), "",
                         (f"space:{sp.sid}",))
                  for sp in page.spaces if sp.index != src and p.cubes[sp.index] < 0 and p.masks[sp.index] & bit]
            return Decision(seat, Msg("Scraper: move it where?"), ch, T_TRIG)
        if isinstance(ask, Second):
            shapes, most = self.second_helping(p)
            ch = [Choice(ckey("take", b), *_take_texts(b, self.shape[b], self.bottles[b]), (f"bottle:{b}",))
                  for b in self.legal_takes(shapes=shapes, most=most)]
            ch.append(SKIP_TAKE)
            return Decision(seat, Msg("Second Helping: take a {shapes}?", shapes=either(shapes))
                            if most is None else
                            Msg("Second Helping: take a {shapes} of at most {n} cubes?",
                                shapes=either(shapes), n=most), ch, T_TRIG)
        raise AssertionError(ask)

    def _apply_ask(self, p: Player, kind: str, arg: str, ev: Narration) -> None:
        """The answer to the question on top of the work queue, as (kind, argument)."""
        ask = self.work.pop()
        assert isinstance(ask, Ask)
        tid = ask.tid
        if isinstance(ask, Keep):
            if arg == "keep":
                self.slots[ask.slot] = None
                self.incoming = tid
            else:
                ev.say(Msg("Steady Hand: {technique} stays on {slot}.", technique=technique(self.C, tid), slot=ask.slot),
                       self.cur, "technique")
        elif isinstance(ask, Grind):
            self._grind(p, tid, CODE[arg], ev)
        elif isinstance(ask, Dye):
            t = CODE[arg]
            e = self.C.techniques[tid].effect
            assert isinstance(e, Counted)
            got = min(e.count, self.bag[t])
            self.bag[t] -= got
            ev.say(nmsg("Dye Merchant: {who} finds {n} {colour} cube.", "Dye Merchant: {who} finds {n} {colour} cubes.", got,
                        who=p.name, colour=_cube_word(t)), self.cur, "technique")
            if got:
                self._gain(t, got)
        elif isinstance(ask, Scrape):
            if kind != "skip":
                assert p.page is not None
                self.work.push(ScrapeTo(tid, self.C.pages[p.page].by_sid[arg]))
        elif isinstance(ask, ScrapeTo):
            assert p.page is not None
            page = self.C.pages[p.page]
            src = ask.src
            dst = page.by_sid[arg]
            p.cubes[dst] = p.cubes[src]
            p.cubes[src] = -1
            ev.say(Msg("Scraper: {who} moves the {colour} cube from {src} to {dst}.", who=p.name,
                       colour=_cube_word(p.cubes[dst]), src=space(page.spaces[src]), dst=space(page.spaces[dst])),
                   self.cur, "technique")
        elif isinstance(ask, Second):
            if kind != "skip":
                self._take(p, arg, ev, allow_tech=False)

