"""Inkwell: the solo Rival — its die, the bottles it clears, what it scores at the
arrows and at the end."""
from __future__ import annotations

from inkterm.engine.steps import Narration
from inkterm.engine.words import act, count

from .content import GOLD
from .model import ROMAN, Base, Player, _cubes_text


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

    def _rival_scores(self, ev: Narration, why: str, arrow: bool, arrows: int = 0) -> None:
        """The Rival scores its pile at an arrow (with its bonus) or at the end (with
        its bonus for each of ``arrows`` not crossed), and the pile goes back to the bag."""
        d = self.C.solo.difficulties[self.difficulty]
        pile = sum(self.rival_pile)
        bonus = d.arrow_bonus * (1 if arrow else arrows)
        pts = pile // d.pile_divisor + bonus
        self.rival_score += pts
        self.rival_log.append([why, pts])
        for t in range(5):
            self.bag[t] += self.rival_pile[t]
        self.rival_pile = [0] * 5
        extra = "" if arrow or not arrows else f", {bonus} of it for {count(arrows, 'arrow')} not crossed"
        ev.say(f"The Rival scores {pts} at {why} ({count(pile, 'cube')} back to the bag{extra}).", None, "rival")

    def end_bonus(self, p: Player) -> tuple[int, int]:
        """(the end bonus ``p`` would score finishing now, the Abbot's spaces left)."""
        solo = self.C.solo
        left = max(0, self.end - self.abbot)
        pts = solo.end_points_per_space * left
        if solo.end_points_at_most_score:
            pts = min(pts, max(0, p.score))
        return pts, left

    def arrows_left(self) -> int:
        """The arrows the Abbot has not crossed, whose bonus the Rival scores at the end
        (``rival_bonus_for_arrows_left``; none under older data)."""
        return len(self.arrows) - self.crossed if self.C.solo.rival_bonus_for_arrows_left else 0

    def solo_turn_texts(self, p: Player, page_points: int) -> tuple[str, str]:
        """What a solo Turn scores, in words, for its choice: (the label's "scores …",
        the hint's opening sentences on the end and the Rival, first because a narrow
        hint shows only its start). Page III's Turn ends the game, so its total has the
        end bonus in it and both final scores; an earlier Turn says what the Rival
        scores at the next arrow."""
        d = self.C.solo.difficulties[self.difficulty]
        pile = sum(self.rival_pile) // d.pile_divisor
        assert p.page is not None
        if self.C.pages[p.page].level < 3:
            if self.crossed >= len(self.arrows):
                return f"scores {page_points}", ""
            k = self.crossed + 1
            return (f"scores {page_points}",
                    f"The Rival scores its pile (now {pile}) + {d.arrow_bonus} when the Abbot crosses "
                    f"arrow {ROMAN[k]} (space {self.arrows[k - 1]}; he is on {self.abbot}). ")
        per = self.C.solo.end_points_per_space
        left = max(0, self.end - self.abbot)
        end = per * left
        cap = ""
        if self.C.solo.end_points_at_most_score and end > p.score + page_points:
            end = max(0, p.score + page_points)
            cap = f" ({per * left}), but at most your score before it"
        mine = p.score + page_points + end
        arrows = self.arrows_left()
        rival = self.rival_score + pile + d.arrow_bonus * arrows
        why = (f" and {d.arrow_bonus} for each of the {count(arrows, 'arrow')} the Abbot has not crossed"
               if arrows and d.arrow_bonus else "")
        return (f"scores {page_points} + {end} end bonus = {page_points + end}",
                f"The game ends: {mine} to the Rival's {rival} ({'you win' if mine > rival else 'the Rival wins'}). "
                f"End bonus: {per} a space for the {count(left, 'space')} the Abbot has left{cap}: {end}. "
                f"The Rival scores its pile ({pile}){why}. ")

    def _solo_end(self, p: Player, ev: Narration) -> None:
        pts, left = self.end_bonus(p)
        p.add("Time left", pts)
        capped = " (at most the score before it)" if pts < self.C.solo.end_points_per_space * left else ""
        ev.say(f"{act(p.name, 'scores')} {pts} for {count(left, 'Abbot space')} left{capped}.", 0, "score")
        self._rival_scores(ev, "the end", arrow=False, arrows=self.arrows_left())
        self._game_over(ev)
