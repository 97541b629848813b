"""Inkwell: the mat — the bag, the bottles and their technique slots, the Abbot's walk
and the end-of-turn refill [R11, R12], and what a Take may take."""
from __future__ import annotations

from inkterm.engine.types import Event
from inkterm.engine.words import act

from .content import GOLD
from .fit import fits
from .model import ROMAN, Base, Player, _cubes_text


class Mat(Base):
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
