"""Inkwell: the solo Rival — its die, the bottles it clears, what it scores at the
arrows and at the end."""
from __future__ import annotations

from inkterm.engine.steps import Narration
from inkterm.engine.text import Msg, Text, nmsg, sentences

from .content import GOLD, bottle_name
from .model import ROMAN, Base, Player, _cubes_text
from .texts import technique

#: What the solo die rolled, by its face.
ROLLS = {"star": Msg("The Rival rolls star."), "circle": Msg("The Rival rolls circle."),
         "diamond": Msg("The Rival rolls diamond."), "abbot": Msg("The Rival rolls abbot.")}
AT_THE_END = Msg("the end")
TIME_LEFT = Msg("Time left")


class Rival(Base):
    def _rival_turn(self, ev: Narration) -> None:
        self.reveal()
        face = self._roll()
        ev.say(ROLLS[face], None, "rival")
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
                ev.say(Msg("The Rival clears {bottle} {cubes}.", bottle=bottle_name(best, self.shape[best]),
                           cubes=_cubes_text(cubes)), None, "rival")
                self.bottles[best] = [0] * 6
                slot = self.link[best]
                if slot and (tid := self.slots[slot]) is not None:
                    self.slots[slot] = None
                    self.out.append(tid)
                    ev.say(Msg("{technique} leaves the game.", technique=technique(self.C, tid)), None, "rival")
        self._refill(ev)

    def _roll(self) -> str:
        """The solo die."""
        return self.C.solo.die[self.rng.randrange(len(self.C.solo.die))]

    def _rival_scores(self, ev: Narration, why: Text, arrow: bool, arrows: int = 0) -> None:
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
        back = nmsg("{n} cube back to the bag", "{n} cubes back to the bag", pile)
        if not arrow and arrows:
            back = nmsg("{back}, {bonus} of it for {n} arrow not crossed", "{back}, {bonus} of it for {n} arrows not crossed",
                        arrows, back=back, bonus=bonus)
        ev.say(Msg("The Rival scores {n} at {when} ({back}).", n=pts, when=why, back=back), None, "rival")

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

    def solo_turn_texts(self, p: Player, page_points: int) -> tuple[Text, Text]:
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
                return Msg("scores {n}", n=page_points), ""
            k = self.crossed + 1
            return (Msg("scores {n}", n=page_points),
                    Msg("The Rival scores its pile (now {pile}) + {bonus} when the Abbot crosses arrow {arrow} (space "
                        "{space}; he is on {abbot}).", pile=pile, bonus=d.arrow_bonus, arrow=ROMAN[k],
                        space=self.arrows[k - 1], abbot=self.abbot))
        per = self.C.solo.end_points_per_space
        left = max(0, self.end - self.abbot)
        end = per * left
        capped = self.C.solo.end_points_at_most_score and end > p.score + page_points
        if capped:
            end = max(0, p.score + page_points)
        mine = p.score + page_points + end
        arrows = self.arrows_left()
        rival = self.rival_score + pile + d.arrow_bonus * arrows
        ends = (Msg("The game ends: {n} to the Rival's {rival} (you win).", n=mine, rival=rival) if mine > rival else
                Msg("The game ends: {n} to the Rival's {rival} (the Rival wins).", n=mine, rival=rival))
        bonus = (nmsg("End bonus: {per} a space for the {n} space the Abbot has left ({all}), but at most your score "
                      "before it: {end}.",
                      "End bonus: {per} a space for the {n} spaces the Abbot has left ({all}), but at most your score "
                      "before it: {end}.", left, per=per, all=per * left, end=end) if capped else
                 nmsg("End bonus: {per} a space for the {n} space the Abbot has left: {end}.",
                      "End bonus: {per} a space for the {n} spaces the Abbot has left: {end}.", left, per=per, end=end))
        theirs = (nmsg("The Rival scores its pile ({pile}) and {bonus} for each of the {n} arrow the Abbot has not "
                       "crossed.",
                       "The Rival scores its pile ({pile}) and {bonus} for each of the {n} arrows the Abbot has not "
                       "crossed.", arrows, pile=pile, bonus=d.arrow_bonus) if arrows and d.arrow_bonus else
                  Msg("The Rival scores its pile ({pile}).", pile=pile))
        return (Msg("scores {n} + {end} end bonus = {total}", n=page_points, end=end, total=page_points + end),
                sentences(ends, bonus, theirs))

    def _solo_end(self, p: Player, ev: Narration) -> None:
        pts, left = self.end_bonus(p)
        p.add(TIME_LEFT, pts)
        if pts < self.C.solo.end_points_per_space * left:
            ev.say(nmsg("{who} scores {points} for {n} Abbot space left (at most the score before it).",
                        "{who} scores {points} for {n} Abbot spaces left (at most the score before it).", left,
                        who=p.name, points=pts), 0, "score")
        else:
            ev.say(nmsg("{who} scores {points} for {n} Abbot space left.", "{who} scores {points} for {n} Abbot spaces left.",
                        left, who=p.name, points=pts), 0, "score")
        self._rival_scores(ev, AT_THE_END, arrow=False, arrows=self.arrows_left())
        self._game_over(ev)
