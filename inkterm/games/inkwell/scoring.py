"""Inkwell: scoring a Turn, the Turn's gold bonus, the ranking and its tie-breaks, and
the solo result."""
from __future__ import annotations

from inkterm.engine.result import Result, Standing
from inkterm.engine.text import Msg, Text, render

from .content import GOLD
from .model import CODE, Base, Player
from .texts import ILLUSTRATIONS, MULTIPLIER, side_name, technique

#: The solo opponent, which is not a seat, as the result names it.
RIVAL_NAME = Msg("the Rival")


class Scoring(Base):
    def page_score(self, seat: int, voluntary: bool | None = None) -> list[tuple[Text, int]]:
        """What Turning the current page would score now: [(label, points)]; a label
        is ``ILLUSTRATIONS``, ``MULTIPLIER``, a workspace side's or a technique's name."""
        p = self.players[seat]
        if p.page is None:
            return []
        if voluntary is None:
            voluntary = not self.must_turn(seat)
        page = self.C.pages[p.page]
        cubes = p.cubes
        count = [0] * 6
        for f in cubes:
            if f >= 0:
                count[f] += 1
        gold = count[GOLD]
        kinds = {e.kind: e for _t, _s, e in self._active_kinds(p)}
        ws = self.C.workspaces[p.ws]
        bkind = ws.b.kind if p.side == "B" else None
        out: list[tuple[Text, int]] = []
        illus = 0
        complete = 0
        careful = 0
        grand = 0
        for _iid, idx, pts in page.illustrations:
            empty = sum(1 for j in idx if cubes[j] < 0)
            if empty == 0:
                illus += pts
                complete += 1
                gd = kinds.get("grand_design")
                if gd is not None and len(idx) >= gd.min_spaces:
                    grand += gd.points
            elif empty == 1 and "careful_hand" in kinds:
                careful += (pts + kinds["careful_hand"].round_up) // 2
        out.append((ILLUSTRATIONS, illus))
        mcube = cubes[page.mult]
        mult = 0
        bp = ws.b.params
        gold_weight = bp["gold_weight"] if bkind == "gilder" else 1
        if mcube >= 0:
            colour = mcube if page.mult_colour == "?" else CODE[page.mult_colour]
            if colour == GOLD:
                mult = gold * gold_weight
            else:
                mult = count[colour] + gold * gold_weight
        out.append((MULTIPLIER, mult))
        wcol = CODE[ws.colour]
        if p.side != "B":
            out.append((side_name(ws, "A"), count[wcol] + gold))
        else:
            if bkind == "scholar":
                v = bp["per_technique"] * len(p.techs)
            elif bkind == "deadline":
                lvl = page.level
                v = max(0, min(bp["cap"], self.arrows[lvl - 1] - self.abbot)) if voluntary else 0
            elif bkind == "perfectionist":
                v = bp["full_page"] if all(f >= 0 for f in cubes) else complete
            elif bkind == "rainbow":
                v = bp["per_colour"] * sum(1 for c in range(5) if count[c] + gold >= bp["at_least"])
            else:  # gilder
                v = bp["per_gold"] * gold
            out.append((side_name(ws, "B"), v))
        if careful:
            out.append((self._tech_name(p, "careful_hand"), careful))
        for kind, val in (
            ("marginalia", sum(1 for j in page.standalone if cubes[j] >= 0)),
            ("rich_pigment", kinds["rich_pigment"].points if "rich_pigment" in kinds and mcube >= 0 else 0),
            ("gold_foil", max(0, gold - kinds["gold_foil"].free) if "gold_foil" in kinds else 0),
            ("study", max(0, len(p.techs) - kinds["study"].free) if "study" in kinds else 0),
            ("fine_vellum", kinds["fine_vellum"].points if "fine_vellum" in kinds and voluntary else 0),
        ):
            if kind in kinds and val:
                out.append((self._tech_name(p, kind), val))
        if grand:
            out.append((self._tech_name(p, "grand_design"), grand))
        if voluntary:  # any card's own "+N on each voluntary Turn"
            for tid, _s, _e in self._active_kinds(p):
                spec = self.C.techniques[tid]
                if spec.turn_points:
                    out.append((technique(self.C, tid), spec.turn_points))
        return out

    def _tech_name(self, p: Player, kind: str) -> Text:
        for tid, _s, e in self._active_kinds(p):
            if e.kind == kind:
                return technique(self.C, tid)
        return kind

    def _bonus_gold(self, p: Player, voluntary: bool, level: int) -> int:
        """Gold the Turn bonus of a level-``level`` page asks of the supply: the bonus
        on a voluntary Turn (Early Riser's if more, up to its last level), none on a
        forced one unless Abbot's Blessing."""
        if not voluntary:
            return self.C.mat.gold_bonus if self._has(p, "blessing") else 0
        n = self.C.mat.gold_bonus
        for _t, _s, e in self._active_kinds(p):
            if e.kind == "early_riser" and level <= e.last_level:
                n = max(n, e.gold)
        return n

    def turn_bonus(self, seat: int) -> int:
        """Gold that Turning now would put on the new page (none after page III)."""
        p = self.players[seat]
        if p.page is None or self.C.pages[p.page].level == 3:
            return 0
        return min(self._bonus_gold(p, not self.must_turn(seat), self.C.pages[p.page].level), self.supply)

    def scores(self) -> list[int]:
        return [p.score for p in self.players]

    def ranking(self) -> list[int]:
        order = {s: i for i, s in enumerate(self.finish_order)}
        return sorted(range(self.n), key=lambda s: (-self.players[s].score, order.get(s, 99), s))

    def winner(self) -> int | None:
        if not self.over:
            return None
        if self.solo:
            return 0 if self.players[0].score > self.rival_score else None
        return self.ranking()[0]

    def result(self) -> Result:
        """Solo: the Rival stands in the ranking with its score, made at the arrows
        and the end; the player is first only with strictly more [R25]."""
        if not self.solo:
            return super().result()
        p = self.players[0]
        you = Standing(p.name, p.score, [(render(lab), pts) for lab, pts in p.breakdown], 0)
        rival = Standing(render(RIVAL_NAME), self.rival_score,
                         [(render(Msg("Scored at {when}", when=why)), pts) for why, pts in self.rival_log])
        order = [you, rival] if self.winner() == 0 else [rival, you]
        return Result(order, [order[0].name], [render(line) for line in self.tiebreaks()])

    def tiebreaks(self) -> list[Text]:
        if not self.over:
            return []
        if self.solo:
            p = self.players[0]
            if p.score == self.rival_score:
                return [Msg("{who} and the Rival tie on {n}; the player must score more, so the Rival wins.",
                            who=p.name, n=p.score)]
            return []
        lines: list[Text] = []
        r = self.ranking()
        i = 0
        while i < len(r):
            j = i
            while j + 1 < len(r) and self.players[r[j + 1]].score == self.players[r[i]].score:
                j += 1
            if j > i:
                names = tuple(self.players[s].name for s in r[i:j + 1])
                lines.append(Msg("{names} tie on {n}; ranked by who turned page III first: {order}.", names=names,
                                 n=self.players[r[i]].score, order=_before(names)))
            i = j + 1
        return lines


def _before(names: tuple[str, ...]) -> Text:
    """"a before b before c": the order of the tie-break, in the reader's words."""
    if len(names) == 1:
        return names[0]
    return Msg("{first} before {rest}", first=names[0], rest=_before(names[1:]))
