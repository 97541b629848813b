"""Inkwell: techniques — their uses, the triggered effects (grinders) and the small
decisions a technique asks for (keep it, which colour, Scraper, Second Helping)."""
from __future__ import annotations

from inkterm.engine.types import Choice, Decision, Event
from inkterm.engine.words import act, count

from .content import COLOUR_WORDS, COLOURS, GOLD
from .model import CODE, DOWN, ROT, T_TECH, T_TRIG, UP, Base, Player, _cube_word, _cubes_text, _take_texts


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
