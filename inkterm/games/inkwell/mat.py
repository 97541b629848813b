"""Inkwell: the mat — the bag, the bottles and their technique slots, the Abbot's walk
and the end-of-turn refill [R11, R12], and what a Take may take."""
from __future__ import annotations

from collections.abc import Collection

from inkterm.engine.steps import Narration
from inkterm.engine.text import NO_BREAK, Msg, Text

from .content import GOLD, bottle_name
from .fit import fits
from .model import ROMAN, Base, Player, _cubes_text
from .texts import technique
from .work import Batch, Keep


class Mat(Base):
    def _move_abbot(self, ev: Narration) -> None:
        if self.abbot >= self.end:
            ev.say(Msg("The Abbot stays on the end space ({n}).", n=self.end), None, "abbot")
            return
        self.abbot += 1
        ev.say(Msg("The Abbot moves to {n}.", n=self.abbot), None, "abbot")
        for k, a in enumerate(self.arrows, start=1):
            if self.abbot == a and self.crossed < k:
                self.crossed = k
                forced = [self.players[s].name for s in range(self.n) if self.must_turn(s)]
                ev.say(Msg("The Abbot crosses arrow {arrow}: {names} must Turn.", arrow=ROMAN[k], names=tuple(forced))
                       if forced else Msg("The Abbot crosses arrow {arrow}: nobody is forced.", arrow=ROMAN[k]),
                       None, "arrow")
                self._arrow_blessings(ev)
                if self.solo:
                    self._rival_scores(ev, Msg("arrow {arrow}", arrow=ROMAN[k]), arrow=True)

    def _blessing_ahead(self, seat: int) -> Text:
        """What Abbot's Blessing pays ``seat`` when this turn ends, if the Abbot's next
        step crosses an arrow ("" if nothing)."""
        if self.calm or self.abbot >= self.end:
            return ""
        for k, a in enumerate(self.arrows, start=1):
            if self.abbot + 1 == a and self.crossed < k:
                pts = sum(e.arrow_points for _t, _s, e in self._active_kinds(self.players[seat])
                          if e.kind == "blessing" and e.arrow_points)
                if pts:
                    return Msg("When your turn ends the Abbot crosses arrow {arrow}: Abbot's Blessing scores {n}.",
                               arrow=ROMAN[k], n=pts)
        return ""

    def _arrow_blessings(self, ev: Narration) -> None:
        """Abbot's Blessing pays its holders as the Abbot crosses an arrow, so that it
        acts in games where nobody is forced."""
        for s, p in enumerate(self.players):
            for tid, _st, e in self._active_kinds(p):
                if e.kind == "blessing" and e.arrow_points:
                    name = technique(self.C, tid)
                    p.add(name, e.arrow_points)
                    ev.say(Msg("{technique}: {who} scores {n}.", technique=name, who=p.name, n=e.arrow_points), s, "score")

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

    def _refill(self, ev: Narration, skip_abbot: bool = False) -> None:
        self.reveal()
        if skip_abbot:
            ev.say(Msg("Calm Abbot: the Abbot does not move this turn."), None, "abbot")
        else:
            self._move_abbot(ev)
        before = {b: list(self.bottles[b]) for b in self.active}  # for _say_refill
        empty_slots = {s for s in self.active_slots if self.slots[s] is None}
        for b in self.active:  # top-up [R11, R12]
            cubes = self.bottles[b]
            slot = self.link[b]
            if any(cubes) or (slot and self.slots[slot] is not None):
                t = self._draw()
                if t is None:
                    break
                cubes[t] += 1
        self._fill_mat()
        self._say_refill(ev, before, empty_slots)

    def _say_refill(self, ev: Narration, before: dict[str, list[int]], empty_slots: set[str]) -> None:
        """What the refill drew, bottle by bottle ("O1+G", "O3=K×2 R B": no space after
        the name, and no-break spaces between the cubes, so a wrapped line never parts a
        bottle from its cubes), and which techniques it dealt: the mat changes between
        turns, and a player who waited should read how, not find other cubes in the
        bottles."""
        changes = []
        for b in self.active:
            now, was = self.bottles[b], before[b]
            if now == was:
                continue
            name = bottle_name(b, self.shape[b])
            if any(was):
                changes.append(f"{name}+{_cubes_text([n - w for n, w in zip(now, was)], NO_BREAK)}")
            else:
                changes.append(f"{name}={_cubes_text(now, NO_BREAK)}")
        if changes:
            ev.say(Msg("Refill: {changes}.", changes=tuple(changes)), None, "refill")
        for s in self.active_slots:
            if s in empty_slots and self.slots[s] is not None:
                ev.say(Msg("A new technique on {slot}: {technique}.", slot=s,
                           technique=technique(self.C, self.slots[s])), None, "refill")

    def _take_options(self, p: Player, shapes: Collection[str] | None = None,
                      most: int | None = None) -> list[tuple[str, bool]]:
        """The bottles ``p`` may Take now, each with whether its technique (if any) may
        be kept: every cube must fit [R2], and a bottle with a technique needs a free
        place on the desk for it or Steady Hand to leave it. ``shapes`` and ``most``
        (cubes at most) narrow it for Second Helping."""
        mc = self._mc(p)
        spill = self._spill(p)
        room = leave = None  # asked once, and only when a bottle brings a technique
        out = []
        for b in self.active:
            if shapes and self.shape[b] not in shapes:
                continue
            cubes = self.bottles[b]
            if not any(cubes) or (most is not None and sum(cubes) > most) or not fits(tuple(cubes), mc, spill):
                continue
            slot = self.link[b]
            if not slot or self.slots[slot] is None:
                out.append((b, True))
                continue
            if room is None:
                room = len(p.techs) < self.capacity(p)
                leave = self._has(p, "steady_hand")
            if room or leave:
                out.append((b, room))
        return out

    def legal_takes(self, seat: int | None = None, shapes: Collection[str] | None = None,
                    most: int | None = None) -> list[str]:
        p = self.players[self.cur if seat is None else seat]
        if p.page is None:
            return []
        return [b for b, _keep in self._take_options(p, shapes, most)]

    def _take(self, p: Player, bid: str, ev: Narration, allow_tech: bool = True) -> None:
        cubes = self.bottles[bid]
        self.bottles[bid] = [0] * 6
        ev.say(Msg("{who} takes bottle {bottle}: {cubes}.", who=p.name, bottle=bottle_name(bid, self.shape[bid]),
                   cubes=_cubes_text(cubes)), self.cur, "take")
        self.take_size = sum(cubes)
        self.work.push(Batch(cubes, fit=True, spill=self._spill(p)))
        slot = self.link[bid]
        tid = self.slots[slot] if slot else None
        if tid is not None and allow_tech:
            assert slot  # a technique lies only on a bottle's slot
            keep = len(p.techs) < self.capacity(p)
            leave = self._has(p, "steady_hand")
            if keep and leave:
                self.work.push(Keep(tid, slot))  # asked before the cubes are placed
            elif keep:
                self.slots[slot] = None
                self.incoming = tid
            else:
                ev.say(Msg("Steady Hand: {technique} stays on {slot}.", technique=technique(self.C, tid), slot=slot),
                       self.cur, "technique")
