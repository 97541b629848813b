"""Inkwell: the decision a seat faces now (sides, triggered effects, a new page, Take
or Turn) and how its answer applies; placement and technique decisions live with
their rules."""
from __future__ import annotations

from inkterm.engine.steps import Narration, parse_key
from inkterm.engine.text import Msg, Text, nmsg, sentences
from inkterm.engine.types import Choice, Decision, Event

from .content import bottle_name
from .fit import fits
from .model import ROMAN, ROT, T_MAIN, T_PAGE, T_SIDES, T_TRIG, UP, Base, _take_texts, ckey, gold_bonus_words
from .summary import _why_not
from .texts import COLOUR, page, side_name, side_text, technique, technique_text
from .work import Ask, Batch

#: What a Turn's hint says of the page (the last page, or one with a next level).
TURN_LAST = Msg("Score this page, your last.")
TURN_NEXT = Msg("Score this page, discard it and take the next level.")
FORCED = {True: Msg("The Abbot has passed your page's arrow: you must Turn; Abbot's Blessing still brings the gold "
                    "bonus."),
          False: Msg("The Abbot has passed your page's arrow: you must Turn; no gold bonus.")}


class Decisions(Base):
    def _decide(self) -> Decision | None:
        d = self._build_decision()
        if d is not None and self.stage != "side":
            d.secret = False  # once every side is chosen [R15], nothing is hidden
        return d

    def _build_decision(self) -> Decision | None:
        if self.over:
            return None
        seat = self.cur
        p = self.players[seat]
        if self.stage == "side":
            ws = self.C.workspaces[p.ws]
            # Alone at the table there is no one to keep the side from.
            prompt = (Msg("choose a side of your {colour} workspace", colour=COLOUR[ws.colour])
                      if self.solo else
                      Msg("choose a side of your {colour} workspace, chosen in secret",
                          colour=COLOUR[ws.colour]))
            return Decision(seat, prompt, [
                Choice(ckey("side", "A"), Msg("Side A: {name}", name=side_name(ws, "A")), side_text(ws, "A"),
                       ("workspace",)),
                Choice(ckey("side", "B"), Msg("Side B: {name} (harder)", name=side_name(ws, "B")), side_text(ws, "B"),
                       ("workspace",)),
            ], T_SIDES)
        top = self.work.top
        if isinstance(top, Batch):
            return self._decide_place(p, top)
        if isinstance(top, Ask):
            return self._decide_ask(p, top)
        if self.pending:
            ch = []
            for trig in self.pending:
                tid = trig.tid
                name, text = technique(self.C, tid), technique_text(self.C, tid)
                if trig.grinder:
                    ch.append(Choice(ckey("resolve", tid), Msg("Resolve {technique}", technique=name), text,
                                     (f"tech:{tid}",)))
                    continue
                price = self.use_price(tid)
                hint: Text = text
                if self.can_pay(p, price):
                    ch.append(Choice(ckey("resolve", tid), Msg("Use {technique}", technique=name), text, (f"tech:{tid}",)))
                else:
                    hint = _cannot_pay(p.score, price)
                ch.append(Choice(ckey("decline", tid), Msg("Decline {technique} (the use is lost)", technique=name), hint,
                                 (f"tech:{tid}",)))
            return Decision(seat, Msg("which triggered effect next?"), ch, T_TRIG)
        if self.stage == "page":
            level = p.turned + 1
            ch = []
            for pid in self.display[level]:
                pg = self.C.pages[pid]
                pts = sum(x[2] for x in pg.illustrations)
                ch.append(Choice(ckey("page", pid), Msg("{id} {name}", id=pid, name=page(self.C, pid)),
                                 nmsg("{n} space, illustrations worth {points}, multiplier {colour}",
                                      "{n} spaces, illustrations worth {points}, multiplier {colour}", len(pg.spaces),
                                      points=pts, colour=COLOUR[pg.mult_colour]),
                                 (f"page:{pid}",)))
            return Decision(seat, Msg("choose your page {level}", level=ROMAN[level]), ch, T_PAGE)
        # main action
        ch = []
        forced = self.must_turn(seat)
        if not forced:
            for b, keep in self._take_options(p):
                slot = self.link[b]
                on_slot = self.slots[slot] if slot else None
                label, hint = _take_texts(b, self.shape[b], self.bottles[b], self._pour_price(p, b))
                touches = (f"bottle:{b}", f"slot:{slot}") if on_slot is not None else (f"bottle:{b}",)
                if on_slot is not None and keep:
                    tech = technique(self.C, on_slot)
                    label = Msg("{take} + {technique}", take=label, technique=tech)
                    hint = Msg("{hint}; brings {technique}: {text}", hint=hint, technique=tech,
                               text=technique_text(self.C, on_slot))
                ch.append(Choice(ckey("take", b), label, hint, touches))
        pv = sum(v for _l, v in self.page_score(seat, voluntary=not forced))
        gold = self.turn_bonus(seat)
        scores: Text = Msg("scores {n}", n=pv)
        first: Text = ""
        if self.solo:
            scores, first = self.solo_turn_texts(p, pv)
        if gold:
            scores = Msg("{scores} + {bonus}", scores=scores, bonus=gold_bonus_words(gold))
        if forced:
            ch.append(Choice("turn", Msg("Turn page {page} (forced, {scores})", page=p.page, scores=scores),
                             sentences(first, FORCED[bool(gold)], self._blessing_ahead(seat)),
                             (f"page:{p.page}",)))
        else:
            last = p.page is not None and self.C.pages[p.page].level == 3
            ch.append(Choice("turn", Msg("Turn page {page} ({scores})", page=p.page, scores=scores),
                             sentences(first, TURN_LAST if last else TURN_NEXT, self._blessing_ahead(seat)),
                             (f"page:{p.page}",)))
        for tid, st in p.all_techs():
            if not self.can_pay(p, self.use_price(tid)):
                continue  # a price in points is offered only to a seat that has them
            if st == ROT:
                ch.append(Choice(ckey("use", tid), Msg("Use {technique} (second use)", technique=technique(self.C, tid)),
                                 technique_text(self.C, tid), (f"tech:{tid}",)))
            elif st == UP and self.given is not None:  # an experiment's technique, not used yet
                if self.C.techniques[tid].uses != "P":
                    ch.append(Choice(ckey("use", tid), Msg("Use {technique} (first use)", technique=technique(self.C, tid)),
                                     technique_text(self.C, tid), (f"tech:{tid}",)))
        prompt = Msg("you must Turn") if forced else Msg("Take or Turn")
        d = Decision(seat, prompt, ch, T_MAIN)
        # The bottles in play that cannot be taken now, dimmed in the menu with why.
        offered = {parse_key(c.key)[1] for c in ch if c.key.startswith("take:")}
        d.unavailable = tuple(("", Msg("Bottle {name}", name=bottle_name(b, self.shape[b])), _why_not(self, d, b))
                              for b in self.active if b not in offered)
        return d

    def _pour_price(self, p, b: str) -> Text:
        """"" if bottle ``b``'s cubes all fit ``p``'s page; else what fitting them
        costs: the fewest cubes poured back (Spill Cloth) and their points."""
        cubes, mc = tuple(self.bottles[b]), self._mc(p)
        if fits(cubes, mc, 0):
            return ""
        k = next(k for k in range(1, self._spill(p) + 1) if fits(cubes, mc, k))
        name, cost = self._spill_cost(p)
        if cost:
            return nmsg("they fit your page only if {n} cube goes back to the bag ({technique}, −{points})",
                        "they fit your page only if {n} cubes go back to the bag ({technique}, −{points})", k,
                        technique=name, points=nmsg("{n} point", "{n} points", k * cost))
        return nmsg("they fit your page only if {n} cube goes back to the bag ({technique})",
                    "they fit your page only if {n} cubes go back to the bag ({technique})", k, technique=name)

    def _apply(self, choice: Choice) -> list[Event]:
        ev = Narration()
        key = choice.key
        kind, arg = parse_key(key)
        seat = self.cur
        p = self.players[seat]
        if self.stage == "side":
            p.side = arg
            ev.say(Msg("{who} has chosen a workspace side.", who=p.name), seat, "setup")
            nxt = (seat + 1) % self.n
            if nxt == self.first:
                sides = tuple(Msg("{who} {colour} side {side}", who=q.name, colour=COLOUR[self.C.workspaces[q.ws].colour],
                                  side=q.side) for q in self.players)
                ev.say(Msg("Workspace sides: {sides}.", sides=sides), None, "setup")
                for q in self.players:
                    self._remask(q)
                self.stage = "start"
            else:
                self.cur = nxt
            self._run(ev)
            return ev.take()
        top = self.work.top
        if isinstance(top, Batch):
            self._apply_place(p, top, kind, arg, ev)
        elif isinstance(top, Ask):
            self._apply_ask(p, kind, arg, ev)
        elif self.pending:
            tid = int(arg)
            trig = self.pending.pop(next(i for i, x in enumerate(self.pending) if x.tid == tid))
            if trig.grinder:
                self._resolve_grinder(p, tid, ev)
            elif kind == "resolve":
                self._use(p, tid, ev)
            else:
                self._spend_use(p, tid)
                ev.say(Msg("{who} declines {technique}.", who=p.name, technique=technique(self.C, tid)), seat, "technique")
        elif self.stage == "page":
            self._choose_page(p, arg, ev)
        elif kind == "turn":
            self._turn(p, ev)
        elif kind == "take":
            self.stage = "take"
            self._take(p, arg, ev)
        elif kind == "use":
            self.stage = "use"
            self._use(p, int(arg), ev)
        else:
            raise AssertionError(key)
        self._run(ev)
        return ev.take()


def _cannot_pay(score: int, price: int) -> Msg:
    """Why a use is not offered: its price in points is more than the seat has."""
    return nmsg("It costs {n} point and you have {score}: only declining is open.",
                "It costs {n} points and you have {score}: only declining is open.", price, score=score)
