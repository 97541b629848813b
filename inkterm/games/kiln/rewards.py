"""What a Kiln player gains along the way: materials, the favour track and its spaces
(rules 12, 18–19), blanks, rows and their rewards (rules 22–28, 40)."""
from __future__ import annotations

from inkterm.engine import Choice
from inkterm.engine.steps import key_int
from inkterm.engine.text import Msg, nmsg, Text
from inkterm.i18n import N_

from .choices import favour_decision, place_decision, split_decision
from .content import N_BLANKS, ROW_THRESHOLDS
from .core import SPACE_NAMES, KilnCore, zone_name
from .model import Player
from .steps import Blanks, Favour, Gain, Offer, Place, Reward, Rows, Space, Split


def blank_selection(p: Player) -> tuple[tuple[int, ...], int]:
    """Rule 23/24 and R10/R11: the five zones with most tokens (ties: lower pip) and
    the yield, 2 if at least three of them hold 3+ tokens before removal."""
    sel = sorted(range(6), key=lambda i: (-p.tokens[i], i))[:5]
    rich = sum(1 for i in sel if p.tokens[i] >= 3)
    return tuple(i + 1 for i in sel), (2 if rich >= 3 else 1)


def can_make_blank(p: Player) -> bool:
    return p.blanks < N_BLANKS and p.tokens.count(0) <= 1  # tokens on 5+ zones


class RewardRules(KilnCore):
    # --- materials ------------------------------------------------------------------
    def decide_split(self, step: Split) -> tuple[Text, list[Choice]]:
        return split_decision(step.n, self._why(step.why))

    def handle_split(self, step: Split, key: str) -> None:
        c, n = key_int(key), step.n
        p = self.me
        p.clay += c
        p.glaze += n - c
        self._me_say(Msg("{who} takes {clay} clay and {glaze} glaze ({why}).", clay=c, glaze=n - c,
                         why=self._why(step.why)))

    # --- the favour track -------------------------------------------------------------
    def run_gain(self, step: Gain) -> None:
        p, n = self.me, step.n
        if p.favour == 0:  # rule 18: from the start medal the move is forced
            land = min(6, n)
            p.favour = land
            self._me_say(Msg("{who} moves onto the favour track at {n} ({space}).", n=land, space=SPACE_NAMES[land]))
            self._push(Space(land, step.tribute_bonus))
        else:
            self._ask(Favour(n, step.tribute_bonus))

    def decide_favour(self, step: Favour) -> tuple[Text, list[Choice]]:
        return favour_decision(self.me.favour, step.n, self.me.blanks)

    def handle_favour(self, step: Favour, key: str) -> None:
        p, n = self.me, step.n
        p.favour = min(6, p.favour + n) if key == "forward" else max(1, p.favour - n)
        moved = (Msg("{who} moves forward to favour {n} ({space}).") if key == "forward"
                 else Msg("{who} moves back to favour {n} ({space})."))
        moved.args.update(n=p.favour, space=SPACE_NAMES[p.favour])
        self._me_say(moved)
        self._push(Space(p.favour, step.tribute_bonus))

    def run_space(self, step: Space) -> None:
        """Rule 19: resolve a favour space; every resolution is a claim (R22)."""
        p, space = self.me, step.space
        p.claims += 1
        if space == 1:
            if p.supply:
                self._ask(Place(3, N_("Select materials")))
            else:
                self._me_say(Msg("{who} has no tokens left to place (Select materials)."))
        elif space == 2:
            self._push(Blanks(1, N_("the favour track")))
        elif space == 3:
            got = p.gain_money(3)
            self._me_say(Msg("{who} gains {n} money (Reward).", n=got))
        elif space == 4:
            p.clay += 1
            p.glaze += 2
            self._me_say(Msg("{who} gains 1 clay and 2 glaze (Prepare glaze)."))
        elif space == 5:
            self._push(Offer(0, N_("Exhibition")))
        else:
            p.extra += 1 + step.tribute_bonus
            self._me_say(nmsg("{who} scores {n} extra point (Tribute).", "{who} scores {n} extra points (Tribute).",
                              1 + step.tribute_bonus), "score")

    def decide_place(self, step: Place) -> tuple[Text, list[Choice]]:
        return place_decision(step.n, self._why(step.why), tuple(self.me.tokens))

    def handle_place(self, step: Place, key: str) -> None:
        z = key_int(key)
        placed = self.me.place_tokens(z, step.n)
        self._me_say(nmsg("{who} places {n} token on {zone} ({why}).", "{who} places {n} tokens on {zone} ({why}).",
                          placed, zone=zone_name(z), why=self._why(step.why)))

    # --- blanks and rows (rules 22–28) ----------------------------------------------------
    def _make_blank(self, p: Player) -> None:
        sel, y = blank_selection(p)
        for z in sel:  # R9: removed tokens go back to supply
            p.tokens[z - 1] -= 1
        p.supply += len(sel)
        gained = min(N_BLANKS, p.blanks + y) - p.blanks
        zones = tuple(zone_name(z) for z in sel)
        if y == 2:
            made = (nmsg("{who} makes 2 blanks (bonus) (+{n} point), a token back to the supply from {zones}.",
                         "{who} makes 2 blanks (bonus) (+{n} points), a token back to the supply from {zones}.",
                         gained, zones=zones) if gained
                    else Msg("{who} makes 2 blanks (bonus), a token back to the supply from {zones}.", zones=zones))
        else:
            made = (nmsg("{who} makes a blank (+{n} point), a token back to the supply from {zones}.",
                         "{who} makes a blank (+{n} points), a token back to the supply from {zones}.",
                         gained, zones=zones) if gained
                    else Msg("{who} makes a blank, a token back to the supply from {zones}.", zones=zones))
        self._me_say(made)
        self._push(Blanks(y, N_("blank-making")))

    def run_blanks(self, step: Blanks) -> None:
        m, p = self.m, self.me
        before = p.blanks
        p.blanks = min(N_BLANKS, before + step.n)  # R11: blanks past slot 20 are lost
        if step.source != "blank-making":
            got = p.blanks - before
            why = self._why(step.source)
            self._me_say(nmsg("{who} places {n} blank ({why}) (+{n} point).",
                              "{who} places {n} blanks ({why}) (+{n} points).", got, why=why) if got
                         else Msg("{who} places 0 blanks ({why}).", why=why))
        done = [i + 1 for i, t in enumerate(ROW_THRESHOLDS) if before < t <= p.blanks]
        if done:
            m.rows_queue.extend(done)  # R26: queued behind any reward in progress
            if not m.rows_active:
                m.rows_active = True
                self._push(Rows())

    def run_rows(self, step: Rows) -> None:
        m = self.m
        if m.rows_queue:
            self._push(Reward(m.rows_queue.pop(0)), Rows())
        else:
            m.rows_active = False

    def run_reward(self, step: Reward) -> None:
        m, p, row = self.m, self.me, step.row
        self._me_say(Msg("{who} completes row {row} (+1 point).", row=row), "score")
        if row == 1:
            if p.favour:  # R5: twice, without moving; nothing at the start medal
                self._push(Space(p.favour, 0), Space(p.favour, 0))
        elif row == 2:
            p.clay += 2
            p.glaze += 3
            self._me_say(Msg("{who} gains 2 clay and 3 glaze (row 2)."))
        elif row == 3:
            self._push(Offer(0, N_("Row 3")))
        elif row == 4:
            got = p.gain_money(2)
            self._me_say(Msg("{who} gains {n} money (row 4).", n=got))
        else:  # rule 40 / R13: the marker moves now; this round's pass is skipped
            m.start_seat = self.seat
            m.skip_pass = True
            self._me_say(Msg("{who} takes the start-player marker (row 5)."))
