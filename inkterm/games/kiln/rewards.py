"""What a Kiln player gains along the way: materials, the favour track and its spaces
(rules 12, 18–19), blanks, rows and their rewards (rules 22–28, 40)."""
from __future__ import annotations

from inkterm.engine import Choice
from inkterm.engine.steps import key_int
from inkterm.engine.words import count

from .choices import favour_decision, split_decision, zone_pick
from .content import FAVOUR_SPACES, N_BLANKS, ROW_THRESHOLDS
from .core import KilnCore, zone_name
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
    def decide_split(self, step: Split) -> tuple[str, list[Choice]]:
        return split_decision(step.n, step.why)

    def handle_split(self, step: Split, key: str) -> None:
        c, n = key_int(key), step.n
        p = self.me
        p.clay += c
        p.glaze += n - c
        self._me_say(f"takes {c} clay and {n - c} glaze ({step.why}).")

    # --- the favour track -------------------------------------------------------------
    def run_gain(self, step: Gain) -> None:
        p, n = self.me, step.n
        if p.favour == 0:  # rule 18: from the start medal the move is forced
            land = min(6, n)
            p.favour = land
            self._me_say(f"moves onto the favour track at {land} ({FAVOUR_SPACES[land]}).")
            self._push(Space(land, step.tribute_bonus))
        else:
            self._ask(Favour(n, step.tribute_bonus))

    def decide_favour(self, step: Favour) -> tuple[str, list[Choice]]:
        return favour_decision(self.me.favour, step.n, self.me.blanks)

    def handle_favour(self, step: Favour, key: str) -> None:
        p, n = self.me, step.n
        p.favour = min(6, p.favour + n) if key == "forward" else max(1, p.favour - n)
        self._me_say(f"moves {key} to favour {p.favour} ({FAVOUR_SPACES[p.favour]}).")
        self._push(Space(p.favour, step.tribute_bonus))

    def run_space(self, step: Space) -> None:
        """Rule 19: resolve a favour space; every resolution is a claim (R22)."""
        p, space = self.me, step.space
        p.claims += 1
        if space == 1:
            if p.supply:
                self._ask(Place(3, "Select materials"))
            else:
                self._me_say("has no tokens left to place (Select materials).")
        elif space == 2:
            self._push(Blanks(1, "the favour track"))
        elif space == 3:
            got = p.gain_money(3)
            self._me_say(f"gains {got} money (Reward).")
        elif space == 4:
            p.clay += 1
            p.glaze += 2
            self._me_say("gains 1 clay and 2 glaze (Prepare glaze).")
        elif space == 5:
            self._push(Offer(0, "Exhibition"))
        else:
            p.extra += 1 + step.tribute_bonus
            self._me_say(f"scores {count(1 + step.tribute_bonus, 'extra point')} (Tribute).", "score")

    def decide_place(self, step: Place) -> tuple[str, list[Choice]]:
        mine = self.me.tokens
        return f"{step.why}: place {count(step.n, 'token')} on which zone?", [
            zone_pick("place", z, f"{zone_name(z)} (you have {mine[z - 1]}): {count(step.n, 'token')} here")
            for z in range(1, 7)
        ]

    def handle_place(self, step: Place, key: str) -> None:
        z = key_int(key)
        placed = self.me.place_tokens(z, step.n)
        self._me_say(f"places {count(placed, 'token')} on {zone_name(z)} ({step.why}).")

    # --- blanks and rows (rules 22–28) ----------------------------------------------------
    def _make_blank(self, p: Player) -> None:
        sel, y = blank_selection(p)
        for z in sel:  # R9: removed tokens go back to supply
            p.tokens[z - 1] -= 1
        p.supply += len(sel)
        gained = min(N_BLANKS, p.blanks + y) - p.blanks
        points = f" (+{count(gained, 'point')})" if gained else ""
        self._me_say(
            f"makes {'2 blanks (bonus)' if y == 2 else 'a blank'}{points}, a token back to the supply from "
            + ", ".join(zone_name(z) for z in sel)
            + "."
        )
        self._push(Blanks(y, "blank-making"))

    def run_blanks(self, step: Blanks) -> None:
        m, p = self.m, self.me
        before = p.blanks
        p.blanks = min(N_BLANKS, before + step.n)  # R11: blanks past slot 20 are lost
        if step.source != "blank-making":
            got = p.blanks - before
            points = f" (+{count(got, 'point')})" if got else ""
            self._me_say(f"places {count(got, 'blank')} ({step.source}){points}.")
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
        self._me_say(f"completes row {row} (+1 point).", "score")
        if row == 1:
            if p.favour:  # R5: twice, without moving; nothing at the start medal
                self._push(Space(p.favour, 0), Space(p.favour, 0))
        elif row == 2:
            p.clay += 2
            p.glaze += 3
            self._me_say("gains 2 clay and 3 glaze (row 2).")
        elif row == 3:
            self._push(Offer(0, "Row 3"))
        elif row == 4:
            got = p.gain_money(2)
            self._me_say(f"gains {got} money (row 4).")
        else:  # rule 40 / R13: the marker moves now; this round's pass is skipped
            m.start_seat = self.seat
            m.skip_pass = True
            self._me_say("takes the start-player marker (row 5).")
