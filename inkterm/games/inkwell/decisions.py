"""Inkwell: the decision a seat faces now (sides, triggered effects, a new page, Take
or Turn) and how its answer applies; placement and technique decisions live with
their rules."""
from __future__ import annotations

from inkterm.engine.steps import Narration, parse_key
from inkterm.engine.types import Choice, Decision, Event
from inkterm.engine.words import act, count

from .content import COLOUR_WORDS, bottle_name
from .fit import fits
from .summary import _why_not
from .model import ROMAN, ROT, T_MAIN, T_PAGE, T_SIDES, T_TRIG, UP, Base, _take_texts, ckey, gold_bonus_words
from .work import Ask, Batch


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
            secret = "" if self.solo else ", chosen in secret"
            desk = f"{COLOUR_WORDS[ws.colour]} workspace"
            return Decision(seat, f"{p.name}: choose a side of your {desk}{secret}", [
                Choice(ckey("side", "A"), f"Side A: {ws.a.name}", ws.a.text, ("workspace",)),
                Choice(ckey("side", "B"), f"Side B: {ws.b.name} (harder)", ws.b.text, ("workspace",)),
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
                spec = self.C.techniques[tid]
                if trig.grinder:
                    ch.append(Choice(ckey("resolve", tid), f"Resolve {spec.name}", spec.text, (f"tech:{tid}",)))
                    continue
                price = self.use_price(tid)
                if self.can_pay(p, price):
                    ch.append(Choice(ckey("resolve", tid), f"Use {spec.name}", spec.text, (f"tech:{tid}",)))
                    hint = spec.text
                else:
                    hint = _cannot_pay(p.score, price)
                ch.append(Choice(ckey("decline", tid), f"Decline {spec.name} (the use is lost)", hint,
                                 (f"tech:{tid}",)))
            return Decision(seat, f"{p.name}: which triggered effect next?", ch, T_TRIG)
        if self.stage == "page":
            level = p.turned + 1
            ch = []
            for pid in self.display[level]:
                pg = self.C.pages[pid]
                pts = sum(x[2] for x in pg.illustrations)
                ch.append(Choice(ckey("page", pid), f"{pid} {pg.name}",
                                 f"{len(pg.spaces)} spaces, illustrations worth {pts}, multiplier {COLOUR_WORDS[pg.mult_colour]}",
                                 (f"page:{pid}",)))
            return Decision(seat, f"{p.name}: choose your page {ROMAN[level]}", ch, T_PAGE)
        # main action
        ch = []
        forced = self.must_turn(seat)
        if not forced:
            for b, keep in self._take_options(p):
                slot = self.link[b]
                on_slot = self.slots[slot] if slot else None
                tech = self.C.techniques[on_slot] if on_slot is not None and keep else None
                extra = f" + {tech.name}" if tech else ""
                touches = (f"bottle:{b}", f"slot:{slot}") if on_slot is not None else (f"bottle:{b}",)
                label, hint = _take_texts(b, self.shape[b], self.bottles[b], self._pour_price(p, b))
                if tech:
                    hint += f"; brings {tech.name}: {tech.text}"
                ch.append(Choice(ckey("take", b), label + extra, hint, touches))
        pv = sum(v for _l, v in self.page_score(seat, voluntary=not forced))
        gold = self.turn_bonus(seat)
        bonus = f" + {gold_bonus_words(gold)}" if gold else ""
        scores, first = f"scores {pv}{bonus}", ""
        if self.solo:
            scores, first = self.solo_turn_texts(p, pv)
            scores += bonus
        if forced:
            why = "Abbot's Blessing still brings the gold bonus." if gold else "no gold bonus."
            ch.append(Choice("turn", f"Turn page {p.page} (forced, {scores})",
                             f"{first}The Abbot has passed your page's arrow: you must Turn; {why}"
                             + self._blessing_ahead(seat),
                             (f"page:{p.page}",)))
        else:
            last = p.page is not None and self.C.pages[p.page].level == 3
            what = "Score this page, your last." if last else "Score this page, discard it and take the next level."
            ch.append(Choice("turn", f"Turn page {p.page} ({scores})", first + what + self._blessing_ahead(seat),
                             (f"page:{p.page}",)))
        for tid, st in p.all_techs():
            if not self.can_pay(p, self.use_price(tid)):
                continue  # a price in points is offered only to a seat that has them
            if st == ROT:
                spec = self.C.techniques[tid]
                ch.append(Choice(ckey("use", tid), f"Use {spec.name} (second use)", spec.text, (f"tech:{tid}",)))
            elif st == UP and self.given is not None:  # an experiment's technique, not used yet
                spec = self.C.techniques[tid]
                if spec.uses != "P":
                    ch.append(Choice(ckey("use", tid), f"Use {spec.name} (first use)", spec.text, (f"tech:{tid}",)))
        prompt = f"{p.name}: {'you must Turn' if forced else 'Take or Turn'}"
        d = Decision(seat, prompt, ch, T_MAIN)
        # The bottles in play that cannot be taken now, dimmed in the menu with why.
        offered = {parse_key(c.key)[1] for c in ch if c.key.startswith("take:")}
        d.unavailable = tuple(("", f"Bottle {bottle_name(b, self.shape[b])}", _why_not(self, d, b)) for b in self.active if b not in offered)
        return d

    def _pour_price(self, p, b: str) -> str:
        """"" if bottle ``b``'s cubes all fit ``p``'s page; else what fitting them
        costs: the fewest cubes poured back (Spill Cloth) and their points."""
        cubes, mc = tuple(self.bottles[b]), self._mc(p)
        if fits(cubes, mc, 0):
            return ""
        k = next(k for k in range(1, self._spill(p) + 1) if fits(cubes, mc, k))
        name, cost = self._spill_cost(p)
        price = f", −{count(k * cost, 'point')}" if cost else ""
        return f"they fit your page only if {count(k, 'cube')} go{'es' if k == 1 else ''} back to the bag ({name}{price})"

    def _apply(self, choice: Choice) -> list[Event]:
        ev = Narration()
        key = choice.key
        kind, arg = parse_key(key)
        seat = self.cur
        p = self.players[seat]
        if self.stage == "side":
            p.side = arg
            ev.say(f"{act(p.name, 'has')} chosen a workspace side.", seat, "setup")
            nxt = (seat + 1) % self.n
            if nxt == self.first:
                ev.say("Workspace sides: " + ", ".join(
                    f"{q.name} {COLOUR_WORDS[self.C.workspaces[q.ws].colour]} side {q.side}"
                    for q in self.players) + ".", None, "setup")
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
                ev.say(f"{act(p.name, 'declines')} {self.C.techniques[tid].name}.", seat, "technique")
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


def _cannot_pay(score: int, price: int) -> str:
    """Why a use is not offered: its price in points is more than the seat has."""
    return f"It costs {count(price, 'point')} and you have {score}: only declining is open."
