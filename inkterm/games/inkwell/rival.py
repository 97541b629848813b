"""Inkwell: the solo Rival — its die, the bottles it clears, what it scores at the
arrows and at the end."""
from __future__ import annotations

from inkterm.engine.steps import Narration
from inkterm.engine.words import act, count

from .content import GOLD
from .model import Base, Player, _cubes_text


class Rival(Base):
    def _rival_turn(self, ev: Narration) -> None:
        self.reveal()
        face = self._roll()
        ev.say(f"The Rival rolls {face}.", None, "rival")
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
                ev.say(f"The Rival clears {best} {_cubes_text(cubes)}.", None, "rival")
                self.bottles[best] = [0] * 6
                slot = self.link[best]
                if slot and (tid := self.slots[slot]) is not None:
                    self.slots[slot] = None
                    self.out.append(tid)
                    ev.say(f"{self.C.techniques[tid].name} leaves the game.", None, "rival")
        self._refill(ev)

    def _roll(self) -> str:
        """The solo die."""
        return self.C.solo.die[self.rng.randrange(len(self.C.solo.die))]

    def _rival_scores(self, ev: Narration, why: str, arrow: bool) -> None:
        d = self.C.solo.difficulties[self.difficulty]
        pile = sum(self.rival_pile)
        pts = pile // d.pile_divisor + (d.arrow_bonus if arrow else 0)
        self.rival_score += pts
        self.rival_log.append([why, pts])
        for t in range(5):
            self.bag[t] += self.rival_pile[t]
        self.rival_pile = [0] * 5
        ev.say(f"The Rival scores {pts} at {why} ({count(pile, 'cube')} back to the bag).", None, "rival")

    def _solo_end(self, p: Player, ev: Narration) -> None:
        per = self.C.solo.end_points_per_space
        left = max(0, self.end - self.abbot)
        p.add("Time left", per * left)
        ev.say(f"{act(p.name, 'scores')} {per * left} for {count(left, 'Abbot space')} left.", 0, "score")
        self._rival_scores(ev, "the end", arrow=False)
        self._game_over(ev)
