"""The Voynich Puzzle, multiplayer rules, headless.

The mutable state is plain lists, dicts and tuples (fast to copy and to dump); the
content is loaded once from ``inkterm/assets/voynich`` (see ``content.py``).

A turn is a flat sequence of small decisions:

    spread:<section>                         open a double page (golden rule)
    progress:<card>:<rc>+<rc> / done         phase 1 (and 4): advance a card
    act:<card> / act:skip                    phase 2: which open card to use
    do:<code> / stop                         the next action of that card
    src:... / to:... / grow:... / cell:...   the sub-decisions of one action
    decline                                  not use an action gained as a reward
    piece:<type>:<rc>                        phase 3: place a knowledge piece
    share-move:<from>><to> / share-move:none the one research move after sharing
    slot:<P2x>                               a leaf reaching Pool 2 (its owner chooses)

Board spaces are named ``<sec>:<name>`` (``bo:STEM1``, ``as:2O2:star``, ``ba:FNL``,
``wr:W3:t1``, ``re:text:3``); puzzle cells are ``rc`` strings (``23`` = row 2, col 3).
"""
from __future__ import annotations

from typing import Any

from inkterm.engine.give import give_into
from inkterm.engine.state import GameState
from inkterm.engine.types import Choice, Decision, Event
from inkterm.engine.words import act, possessive, verb

from . import persist, scoring, view
from . import words as W
from .content import GAIN_RE, OK, SECTIONS, TYPE_NAMES, TYPES, Reward, reward_text
from .geometry import (
    CELLS, CENTRAL, IDX, LETTER, RC, VALUE, Analysis, at, step_cell, touch_cell,
)
from .tables import (
    ACTION_LABEL, ACTION_TOPIC, ALL_SPACES, BA_NEXT, BA_REWARD, BASE, BOT_FIXED, BOT_NEXT,
    BOT_REWARD, BOT_UNLIMITED, BRANCHES, BREAKS, C, CAP, COMP, CONST_NAMES, CONST_REWARD, DIRTY,
    DIRTY_REWARD, DW, END_AT, FOUNTAINS, GREY, MULT, NSECT, PLACE, POOL1, POOL2, RE_REWARD,
    RE_SPACES, RS_DIRS, SECTOR_CONSTS, STAR_REWARD, TEXT_FACE, TIPS, WR, WR_HEAD, WR_STARS, WR_TEXTS, acts_of,
    cap, cond_of, short, spot, tok_text, touch_space, where,
)
from .view import VoynichView

MAX_ROUNDS = 60  # safety net for bots that never score (see rules.md "Rulings"); greedy games end by round ~25


class State(GameState):
    game_id = "voynich"

    @classmethod
    def give_pools(cls) -> list[list[str]]:
        """A card goes into a book in place of one of the same deck (two per deck)."""
        return [[c.id for c in C.cards_model.cards if c.deck == sec] for sec in SECTIONS]

    # ================================================================= setup
    def _setup(self) -> None:
        n = len(self.record.seats)
        rng = self.rng
        self.n = n
        self.colours = COMP.colours[:n]
        self.spaces: dict[str, list[tuple]] = {s: [] for s in ALL_SPACES}
        self.grid = [-1] * 64
        for i in CENTRAL:
            self.grid[i] = 4
        self.psupply = [[C.pieces.counts[t][L] for L in "ABCD"] for t in TYPES]
        self.pv = 0
        self._an: Analysis | None = None
        self.goat = rng.randint(1, NSECT)
        dirt = list(range(1, 9))
        rng.shuffle(dirt)
        for d in dirt[:7]:
            self.spaces[POOL1].append((DIRTY, "drop", d, False))
        self.spaces[DW].append((DIRTY, "drop", dirt[7], False))
        # books: 2 cards of each deck per player, in section order, all on step 1
        self.book: list[list[list]] = [[] for _ in range(n)]
        for sec in SECTIONS:
            deck = [c.id for c in C.cards_model.cards if c.deck == sec]
            rng.shuffle(deck)
            given = self.given
            if given is not None and given.item in deck:  # an experiment deals it
                give_into(deck, 2 * given.seat, 2, given)
            for p in range(n):
                for cid in deck[2 * p : 2 * p + 2]:
                    self.book[p].append([cid, 1])
        # the neutral player (Grey)
        self.neutral: list[str] = []
        grey_texts = list(range(1, COMP.text + 1))
        for sec in C.neutral.sections_by_players[str(n)]:
            card = rng.choice(C.neutral.cards[sec])
            self.neutral.append(card.id)
            for kind, sid in card.tokens:
                if kind == "text":
                    tid = grey_texts.pop(rng.randrange(len(grey_texts)))
                    self.spaces[sid].append((GREY, "text", tid, False))
                else:
                    self.spaces[sid].append((GREY, kind, 0, False))
            if card.piece:
                t, rc = card.piece
                i = IDX[rc]
                ti = TYPES.index(t)
                self.grid[i] = ti
                self.psupply[ti]["ABCD".index(LETTER[i])] -= 1
        self.start = rng.randrange(n)
        self.cur = self.start
        self.round = 1
        # players
        self.know = [[0, 0, 0, 0] for _ in range(n)]
        self.ok = [0] * n
        self.share = [[0, 0, 0, 0] for _ in range(n)]
        self.last: list[str | None] = [None] * n
        self.research = [list(CENTRAL) for _ in range(n)]
        self.supply = [{"leaf": COMP.leaf - 1, "drop": COMP.drop, "star": COMP.star} for _ in range(n)]
        self.tsupply = [list(range(1, COMP.text + 1)) for _ in range(n)]
        for p in range(n):
            self.spaces[BASE].append((p, "leaf", 0, False))
        # turn
        self.phase = "spread"
        self.open: str | None = None
        self.acting: str | None = None
        self.items: list[tuple[str, ...]] = []
        self.tasks: list[dict] = []
        self.placed: list[int] = []
        self.end_triggered = False
        self.trigger_round: int | None = None
        self.over = False
        self.final: list[dict] | None = None
        self._pending: Decision | None = None
        self._ev: list[Event] = []
        self._advance()

    # ================================================================= helpers
    def an(self) -> Analysis:
        if self._an is None:
            self._an = Analysis(self.grid)
        return self._an

    def name(self, p: int) -> str:
        if p == GREY:
            return "Grey"
        if p == DIRTY:
            return "dirty water"
        return self.record.seats[p]

    def say(self, text: str, seat: int | None = None, kind: str = "info") -> None:
        self._ev.append(Event(text, seat, kind))

    def gain(self, p: int, vec, why: str = "") -> None:
        """Knowledge/OK gains with breakthroughs (1.6) and the end trigger (1.15)."""
        if p < 0 or not any(vec):
            return
        know = self.know[p]
        for t in range(4):
            v = vec[t]
            if v:
                old = know[t]
                new = old + v
                if new > CAP:
                    new = CAP
                know[t] = new
                for b in BREAKS:
                    if old < b <= new:
                        self.share[p][t] += 1
                        self.say(f"{act(self.name(p), 'reaches')} a breakthrough in {TYPE_NAMES[t]}: 1 sharing token", p, "breakthrough")
        if vec[OK]:
            self.ok[p] += vec[OK]
            if not self.end_triggered and self.ok[p] >= END_AT:
                self.end_triggered = True
                self.trigger_round = self.round
                self.say(f"{act(self.name(p), 'reaches')} {END_AT} OK: the game ends after round {self.round + 1}", p, "end")
        if why is not None:
            self.say(f"{act(self.name(p), 'gains')} {reward_text(Reward((tuple(vec), ())))}{' ' + why if why else ''}", p, "gain")

    def reward(self, p: int, r: Reward, why: str = "", excl: str | None = None) -> None:
        """Gain a printed reward. Action parts become optional follow-up decisions for the
        acting player (ruling 38/39); off-turn rewards never carry actions (ruling 37)."""
        self.gain(p, r.gains, why)
        if r.actions and p == self.cur and not self.over:
            for code in reversed(r.actions):
                self.tasks.append({"k": code, "p": p, "st": 0, "opt": True, "excl": excl})

    # --- tokens ---------------------------------------------------------------------------
    def sources(self, p: int, kind: str, sec: str, excl: str | None, supply: bool = True):
        """(key, label, touches) for every legal source of a token (1.5)."""
        out = []
        if supply:
            if kind == "text":
                for tid in self.tsupply[p]:
                    out.append((f"src:supply:t{tid}", f"Your text {tid} from supply ({reward_text(TEXT_FACE[tid][0])})", ()))
            elif self.supply[p][kind] > 0:
                out.append(("src:supply", f"A {kind} from your supply", ()))
        seen = set()
        spaces = self.spaces
        for sid in ALL_SPACES:
            toks = spaces[sid]
            if not toks or sid == excl or sid[:2] == sec or sid in seen:
                continue
            for tok in toks:
                if tok[0] == p and tok[1] == kind:
                    seen.add(sid)
                    what = tok_text(tok)
                    out.append((f"src:{sid}", f"Your {what} from {where(sid)}", (touch_space(sid),)))
                    break
        return out

    def take(self, p: int, kind: str, src: str):
        """Remove the token named by a ``src:`` key and return it."""
        if src.startswith("supply"):
            if kind == "text":
                tid = int(src.split(":")[1][1:])
                self.tsupply[p].remove(tid)
                return (p, "text", tid, False)
            self.supply[p][kind] -= 1
            return (p, kind, 0, False)
        toks = self.spaces[src]
        for k, tok in enumerate(toks):
            if tok[0] == p and tok[1] == kind:
                del toks[k]
                return tok
        raise AssertionError(f"no {kind} of seat {p} on {src}")

    def to_supply(self, tok) -> None:
        owner, kind, tid, _ = tok
        if owner < 0:
            return
        if kind == "text":
            self.tsupply[owner].append(tid)
            self.tsupply[owner].sort()
        else:
            self.supply[owner][kind] += 1

    # --- botany ---------------------------------------------------------------------------
    def _flow(self, s: str, kind: str, out: list[str]) -> None:
        """Landing spaces one grow away from ``s``, skipping occupied spaces (1.8.3)."""
        spaces = self.spaces
        for nx in BOT_NEXT[s]:
            if nx in BRANCHES:
                out.extend(slot for slot in BRANCHES[nx] if not spaces[slot])  # ruling 25
            elif nx in BOT_UNLIMITED:
                if nx == BASE and kind == "drop":
                    self._flow(nx, kind, out)
                else:
                    out.append(nx)
            elif not spaces[nx]:
                out.append(nx)
            else:
                self._flow(nx, kind, out)

    def grow_moves(self, p: int):
        out = []
        seen = set()
        for sid in ALL_SPACES:
            if sid[:2] != "bo" or sid in BOT_FIXED:
                continue
            for tok in self.spaces[sid]:
                if tok[0] == p and (sid, tok[1]) not in seen:
                    seen.add((sid, tok[1]))
                    lands: list[str] = []
                    self._flow(sid, tok[1], lands)
                    for to in lands:
                        out.append((sid, tok[1], to))
        return out

    def drop_landings(self):
        out = []
        for tip in TIPS:
            if not self.spaces[tip]:
                out.append((tip, tip))
            else:
                lands: list[str] = []
                self._flow(tip, "drop", lands)
                out.extend((tip, to) for to in lands)
        return out

    # --- astrology ------------------------------------------------------------------------
    def astro_dests(self, kind: str):
        part = "star" if kind == "star" else "text"
        out = []
        for k in CONST_NAMES:
            sid = f"as:{k}:{part}"
            if self.spaces[sid]:
                continue
            if not k.endswith("I") and not self.spaces[f"as:{k[0]}I:{part}"]:
                continue  # gating (1.9.4)
            out.append(sid)
        return out

    def complete(self, const: str) -> None:
        star = self.spaces[f"as:{const}:star"]
        text = self.spaces[f"as:{const}:text"]
        if star and text:
            r = CONST_REWARD[const]
            a, b = star[0][0], text[0][0]
            self.gain(a, r.gains, f"({W.constellation(const)})")
            if b != a:
                self.gain(b, r.gains, f"({W.constellation(const)})")

    def goat_step(self, p: int) -> None:
        self.goat = self.goat % NSECT + 1
        self.say(f"The goat turns to sector {self.goat}", p)
        for k in SECTOR_CONSTS[self.goat]:
            if self.spaces[f"as:{k}:star"] or self.spaces[f"as:{k}:text"]:
                self.gain(p, CONST_REWARD[k].gains, f"(the goat, {W.constellation(k)})")

    # --- baths ----------------------------------------------------------------------------
    def _bath_put(self, sid: str, tok, pushed: bool, log: list) -> None:
        if sid == POOL1:
            if tok[1] == "leaf":
                self._bath_put(BA_NEXT[POOL1], tok, True, log)  # ruling 28
            else:
                self.spaces[POOL1].append(tok)
            return
        if sid == "ba:POOL2":
            log.append((tok, "POOL2"))
            return
        occ = self.spaces[sid]
        old = occ[0] if occ else None
        self.spaces[sid] = [tok]
        if pushed:
            log.append((tok, sid))
        if old is not None:
            self._bath_put(BA_NEXT[sid], old, True, log)

    def bath_chain(self, sid: str, tok) -> None:
        """Put ``tok`` on ``sid`` (its placer is paid elsewhere), resolve the push chain,
        then pay every pushed token in push order (ruling 27), then Pool 2 entries."""
        log: list = []
        self._bath_put(sid, tok, False, log)
        for t, dest in log:
            if dest == "POOL2":
                self.pool2_enter(t)
            elif t[0] >= 0:
                self.gain(t[0], BA_REWARD[dest].gains, f"({tok_text(t)} pushed to {spot(dest)})")
        self.recycle()

    def pool2_enter(self, tok) -> None:
        free = [s for s in POOL2 if not self.spaces[s]]
        owner = tok[0]
        if not free:
            self.to_supply(tok)  # ruling 29
            self.say(f"Pool 2 is full: {possessive(self.name(owner))} leaf returns to supply", owner)
        elif len(free) == 1 or owner < 0:
            self.spaces[free[0]].append(tok)
            self.gain(owner, BA_REWARD[free[0]].gains, f"(leaf into {spot(free[0])})")
        else:
            self.tasks.append({"k": "pool2", "p": owner, "st": 0, "opt": False, "excl": None, "tok": list(tok)})

    def recycle(self) -> None:
        """2 players: two Grey drops in Pool 1 go back to the fountains (1.10.6, ruling 33)."""
        if self.n != 2:
            return
        guard = 0
        while guard < 20:
            greys = [t for t in self.spaces[POOL1] if t[0] == GREY]
            if len(greys) < 2:
                return
            guard += 1
            pool = self.spaces[POOL1]
            pool.remove(greys[0])
            pool.remove(greys[1])
            self.say("Two Grey drops in Pool 1 return to the fountains")
            self.bath_chain(FOUNTAINS[0], greys[0])
            self.bath_chain(FOUNTAINS[1], greys[1])

    # --- writing --------------------------------------------------------------------------
    def row_of(self, sid: str) -> str:
        return sid.split(":")[1]

    def text_value(self, tok) -> Reward:
        return TEXT_FACE[tok[2]][1 if tok[3] else 0]

    # --- research -------------------------------------------------------------------------
    def rs_moves(self, p: int, dirs):
        an = self.an()
        out = []
        for i in sorted(set(self.research[p])):
            for d in dirs:
                j = step_cell(i, d)
                if j is not None and an.present[j]:
                    out.append((i, j, d))
        return out

    # ================================================================= feasibility
    def feasible(self, code: str, p: int, excl: str | None = None) -> bool:
        if GAIN_RE.match(code):
            return True
        if code in PLACE:
            kind, sec = PLACE[code]
            return self.has_dest(code) and self.has_source(p, kind, sec, excl, sec != "re")
        if code == "bo.grow":
            return bool(self.grow_moves(p))
        if code == "as.goat":
            return True
        if code == "ba.purify":
            return any(t[0] == DIRTY for t in self.spaces[POOL1])
        if code == "ba.transform":
            return bool(self.own_bath_drops(p)) and self.has_source(p, "leaf", "ba", excl)
        if code == "wr.translate":
            return bool(self.untranslated())
        if code in ("rs.centre", "rs.any"):
            return len(self.research[p]) < COMP.research
        if code in RS_DIRS:
            return bool(self.rs_moves(p, RS_DIRS[code]))
        if code == "rs.step":
            return bool(self.rs_moves(p, "NESW"))
        if code == "re.any":
            return any(self.feasible(c, p, excl) for c in ("re.leaf", "re.star", "re.drop", "re.text"))
        raise AssertionError(code)

    def has_source(self, p: int, kind: str, sec: str, excl: str | None, supply: bool = True) -> bool:
        if supply and (self.tsupply[p] if kind == "text" else self.supply[p][kind] > 0):
            return True
        spaces = self.spaces
        for sid in ALL_SPACES:
            toks = spaces[sid]
            if toks and sid != excl and sid[:2] != sec:
                for tok in toks:
                    if tok[0] == p and tok[1] == kind:
                        return True
        return False

    def has_dest(self, code: str) -> bool:
        sp = self.spaces
        if code == "bo.leaf" or code == "ba.drop":
            return True
        if code == "bo.drop":
            for tip in TIPS:
                if not sp[tip]:
                    return True
            return bool(self.drop_landings())
        if code == "as.star" or code == "as.text":
            return bool(self.astro_dests(PLACE[code][0]))
        if code == "wr.text":
            return any(not sp[s] for r in WR for s in WR_TEXTS[r])
        if code == "wr.star":
            return any(not sp[s] for r in WR for s in WR_STARS[r])
        return any(not sp[s] for s in RE_SPACES[code[3:]])

    def dests(self, code: str):
        """Destination (key, label, touches, payload) for a placement action."""
        sp = self.spaces
        if code == "bo.leaf":
            return [("to:BASE", "the Botany base, where leaves start", (touch_space(BASE),), BASE)]
        if code == "bo.drop":
            return [
                (
                    f"to:{short(tip)}" if tip == to else f"to:{short(tip)}>{short(to)}",
                    spot(tip) + ("" if tip == to else f", flowing on to {spot(to)}")
                    + f" ({reward_text(BOT_REWARD[to])})",
                    (touch_space(tip), touch_space(to)),
                    to,
                )
                for tip, to in self.drop_landings()
            ]
        if code in ("as.star", "as.text"):
            out = []
            for sid in self.astro_dests(PLACE[code][0]):
                k = self.row_of(sid)
                extra = f" ({reward_text(STAR_REWARD[k])})" if code == "as.star" else ""
                out.append((f"to:{k}", f"{W.constellation(k)}{extra}", (touch_space(sid),), sid))
            return out
        if code == "ba.drop":
            return [
                (f"to:{short(f)}", f"{spot(f)} ({reward_text(BA_REWARD[f])})", (touch_space(f),), f)
                for f in FOUNTAINS
            ]
        if code == "wr.text":
            out = []
            for r in WR:
                for s in WR_TEXTS[r]:
                    if not sp[s]:
                        out.append((f"to:{r}", f"{W.space('writing', r)}, slot {s[-1]} (head {reward_text(WR_HEAD[r])})", (touch_space(s),), s))
                        break
            return out
        if code == "wr.star":
            out = []
            for r in WR:
                for s in WR_STARS[r]:
                    if not sp[s]:
                        out.append((f"to:{r}", f"{W.space('writing', r)} (head {reward_text(WR_HEAD[r])} + its texts)", (touch_space(s),), s))
                        break
            return out
        if code.startswith("re."):
            row = code[3:]
            out = []
            for s in RE_SPACES[row]:
                if not sp[s]:
                    rw = RE_REWARD[s]
                    what = f"the text ×{rw}" if row == "text" else reward_text(rw)
                    out.append((f"to:{row}:{s[-1]}", f"{row} row space {s[-1]} ({what})", (touch_space(s),), s))
            return out
        raise AssertionError(code)

    def own_bath_drops(self, p: int):
        out = []
        for sid in ALL_SPACES:
            if sid[:2] == "ba" and any(t[0] == p and t[1] == "drop" for t in self.spaces[sid]):
                out.append(sid)
        return out

    def untranslated(self):
        out = []
        for r in WR:
            for s in WR_TEXTS[r]:
                toks = self.spaces[s]
                if toks and not toks[0][3]:
                    out.append(s)
        return out

    # ================================================================= progression
    def open_cards(self, p: int) -> list[list]:
        i = SECTIONS.index(self.open)
        return self.book[p][2 * i : 2 * i + 2]

    def progress_options(self, p: int, entry: list):
        cid, step = entry
        if step >= 4:
            return []
        return self.an().options(cond_of(cid, step), tuple(sorted(set(self.research[p]))))

    # ================================================================= decisions
    def _decide(self) -> Decision | None:
        d = self._pending
        self._pending = None
        if d is None:
            d = self._build()
        if d is not None:
            d.secret = False  # nothing in this game is hidden from anyone
        return d

    def _build(self) -> Decision | None:
        """The decision for the current state, or None if this step has nothing to decide."""
        if self.over:
            return None
        if self.tasks:
            return self._task_decision(self.tasks[-1])
        p = self.cur
        ph = self.phase
        who = self.name(p)
        if ph == "spread":
            # The double pages answer to their place in the book, 1–5.
            ch = [
                Choice(f"spread:{s}", f"Open {s.capitalize()}", self._spread_hint(p, s), (f"book:{s}",), str(n))
                for n, s in enumerate(SECTIONS, 1)
                if s != self.last[p]
            ]
            shut: tuple[tuple[str, str, str], ...] = ()
            rule = ""
            if self.last[p]:
                shut = ((str(SECTIONS.index(self.last[p]) + 1), self.last[p].capitalize(), "opened last turn"),)
                rule = f" (not {self.last[p].capitalize()}, opened last turn)"
            return Decision(p, f"{who}: open a double page{rule}", ch, "choosing-a-double-page", shut)
        if ph in ("prog1", "prog2"):
            ch = []
            for entry in self.open_cards(p):
                cid, step = entry
                for combo in self.progress_options(p, entry):
                    gain = sum(VALUE[c] for c in combo)
                    cells = "+".join(RC[c] for c in combo)
                    ch.append(
                        Choice(
                            f"progress:{cid}:{cells}",
                            f"Advance {W.card(cid)} to step {step + 1}: lift tokens on {', '.join(at(c) for c in combo)}",
                            f"needs {W.condition(cond_of(cid, step))}; gain {gain} OK",
                            tuple(touch_cell(c) for c in combo) + (f"card:{cid}",),
                        )
                    )
            if not ch:
                return None
            ch.append(Choice("done", "Stop advancing cards", "", ()))
            return Decision(p, f"{who}: advance an open card?", ch, "progression")
        if ph == "pick":
            ch = []
            for cid, step in self.open_cards(p):
                acts = acts_of(cid, step)
                if any(self.feasible(a, p) for it in acts for a in it.split("/")):
                    ch.append(Choice(f"act:{cid}", f"Use {W.card(cid)} (step {step})", W.actions(acts), (f"card:{cid}",)))
            if not ch:
                return None
            ch.append(Choice("act:skip", "Take no actions", "", ()))
            return Decision(p, f"{who}: which open card do you use?", ch, "acting")
        if ph == "act":
            codes = []
            for it in self.items:
                for a in it:
                    if a not in codes and self.feasible(a, p):
                        codes.append(a)
            if not codes:
                return None
            ch = [Choice(f"do:{a}", self._action_label(a), self._left(a), ()) for a in codes]
            ch.append(Choice("stop", "End your actions", "unused actions are lost", ()))
            return Decision(p, f"{who}: next action of {W.card(self.acting)}", ch, self._topic(codes[0]))
        if ph == "share":
            ch = self._share_choices(p)
            if not ch:
                return None
            return Decision(p, f"{who}: place a knowledge piece (sharing)", ch, "knowledge-sharing")
        if ph == "move":
            an = self.an()
            ch = []
            for i in sorted(set(self.research[p])):
                for j in self.placed:
                    if j != i and an.present[j]:
                        ch.append(
                            Choice(
                                f"share-move:{RC[i]}>{RC[j]}",
                                f"Move a research token from {at(i)} to the new piece on {at(j)}",
                                "",
                                (touch_cell(i), touch_cell(j)),
                            )
                        )
            if not ch:
                return None
            ch.append(Choice("share-move:none", "Move no research token", "", ()))
            return Decision(p, f"{who}: move one research token onto a new piece?", ch, "knowledge-sharing")
        raise AssertionError(ph)

    def _spread_hint(self, p: int, s: str) -> str:
        i = SECTIONS.index(s)
        return ", ".join(f"{W.card(cid)} on step {st}" for cid, st in self.book[p][2 * i : 2 * i + 2])

    def _action_label(self, a: str) -> str:
        if GAIN_RE.match(a):
            return f"Gain {W.reward(a)}"
        if a == "re.any":
            return "Move any token to Recipes"
        return ACTION_LABEL[a]

    def _left(self, a: str) -> str:
        n = sum(1 for it in self.items if a in it)
        return f"{n} use{'s' if n > 1 else ''} left" if n > 1 else ""

    def _topic(self, a: str) -> str:
        if GAIN_RE.match(a):
            return "acting"
        return ACTION_TOPIC[a[:2]]

    def _share_choices(self, p: int):
        an = self.an()
        held = [t for t in range(4) if self.share[p][t] > 0]
        if not held:
            return []
        cells = an.frontier
        ch = []
        for t in held:
            for i in cells:
                L = "ABCD".index(LETTER[i])
                if self.psupply[t][L] > 0:
                    ch.append(
                        Choice(
                            f"piece:{TYPES[t]}:{RC[i]}",
                            f"{TYPE_NAMES[t].capitalize()} piece {LETTER[i]} on {at(i)}",
                            f"{self.psupply[t][L]} left",
                            (touch_cell(i),),
                        )
                    )
        return ch

    def _task_decision(self, task: dict) -> Decision | None:
        ch = self._task_choices(task)
        if not ch:
            return None
        k = task["k"]
        p = task["p"]
        if task["opt"]:
            ch.append(Choice("decline", "Do not use this reward action", "", ()))
        if k == "pool2":
            return Decision(p, f"{self.name(p)}: your leaf reaches Pool 2; choose a slot", ch, "baths")
        prompt = f"{self.name(p)}: {self._action_label(k)}"
        if task["st"] == 0 and (k in PLACE or k == "ba.transform" and task.get("from")):
            prompt += ": take which token?"
        return Decision(p, prompt, ch, self._topic(k))

    def _task_choices(self, task: dict) -> list[Choice]:
        k = task["k"]
        p = task["p"]
        if k == "pool2":
            return [
                Choice(f"slot:{short(s)}", f"{spot(s)} ({reward_text(BA_REWARD[s])})", "", (touch_space(s),))
                for s in POOL2
                if not self.spaces[s]
            ]
        if k == "re.any":
            return [
                Choice(f"pick:{c}", ACTION_LABEL[c], "", ())
                for c in ("re.leaf", "re.star", "re.drop", "re.text")
                if self.feasible(c, p, task["excl"])
            ]
        if k in PLACE:
            kind, sec = PLACE[k]
            if task["st"] == 0:
                if not self.has_dest(k):
                    return []
                return [Choice(key, cap(label), "", t) for key, label, t in self.sources(p, kind, sec, task["excl"], sec != "re")]
            return [Choice(key, cap(label), "", t) for key, label, t, _ in self.dests(k)]
        if k == "bo.grow":
            return [
                Choice(
                    f"grow:{short(a)}>{short(b)}",
                    f"Grow your {kind} from {spot(a)} to {spot(b)} ({reward_text(BOT_REWARD[b])})",
                    "",
                    (touch_space(a), touch_space(b)),
                )
                for a, kind, b in self.grow_moves(p)
            ]
        if k == "ba.purify":
            return [
                Choice(f"dirty:d{t[2]}", f"Purify dirty drop {t[2]} ({reward_text(DIRTY_REWARD[t[2]])})", "",
                       (touch_space(POOL1), f"baths:dirty:d{t[2]}"))
                for t in sorted(set(self.spaces[POOL1]))
                if t[0] == DIRTY
            ]
        if k == "ba.transform":
            if task["st"] == 0:
                if not self.has_source(p, "leaf", "ba", task["excl"]):
                    return []
                return [
                    Choice(f"from:{short(s)}", f"Transform your drop on {spot(s)}", "", (touch_space(s),))
                    for s in self.own_bath_drops(p)
                ]
            return [Choice(key, cap(label), "", t) for key, label, t in self.sources(p, "leaf", "ba", task["excl"])]
        if k == "wr.translate":
            out = []
            for s in self.untranslated():
                tok = self.spaces[s][0]
                r = self.row_of(s)
                out.append(
                    Choice(
                        f"text:{r}:{s[-1]}",
                        f"Translate {possessive(self.name(tok[0]))} text {tok[2]} in {W.space('writing', r)} ({reward_text(TEXT_FACE[tok[2]][1])} + {reward_text(WR_HEAD[r])})",
                        "",
                        (touch_space(s),),
                    )
                )
            return out
        if k == "rs.centre" or k == "rs.any":
            if len(self.research[p]) >= COMP.research:
                return []
            an = self.an()
            cells = CENTRAL if k == "rs.centre" else [i for i in CELLS if an.present[i]]
            return [Choice(f"cell:{RC[i]}", f"Research token onto {at(i)}", f"worth {VALUE[i]} OK when lifted", (touch_cell(i),)) for i in cells]
        if k in RS_DIRS or k == "rs.step":
            dirs = RS_DIRS.get(k, "NESW")
            return [
                Choice(f"move:{RC[i]}>{RC[j]}", f"Move a research token {at(i)} → {at(j)} ({W.DIRECTION[d]})", "", (touch_cell(i), touch_cell(j)))
                for i, j, d in self.rs_moves(p, dirs)
            ]
        raise AssertionError(k)

    # ================================================================= advancing
    def _advance(self) -> None:
        """Move through steps with nothing to decide until a real decision is pending."""
        self._pending = None
        for _ in range(10000):
            if self.over:
                return
            if self.tasks:
                task = self.tasks[-1]
                # a single source is taken without asking
                if task["st"] == 0 and task["k"] in PLACE:
                    kind, sec = PLACE[task["k"]]
                    if self.has_dest(task["k"]):
                        srcs = self.sources(task["p"], kind, sec, task["excl"], sec != "re")
                        if len(srcs) == 1 and not task["opt"]:
                            self._task_apply(task, srcs[0][0])
                            continue
                if task["st"] == 1 and task["k"] in PLACE and not task["opt"]:
                    ds = self.dests(task["k"])
                    if len(ds) == 1:  # e.g. a leaf can only go to BASE
                        self._task_apply(task, ds[0][0])
                        continue
                d = self._build()
                if d is None:
                    self.tasks.pop()  # lost (1.5.6)
                    continue
                self._pending = d
                return
            d = self._build()
            if d is not None:
                self._pending = d
                return
            self._next_phase()
        raise RuntimeError("voynich: no progress while advancing")

    def _next_phase(self) -> None:
        ph = self.phase
        p = self.cur
        if ph == "prog1":
            self.phase = "pick"
        elif ph in ("pick", "act"):
            self.phase = "share"
            self.acting = None
            self.items = []
        elif ph == "share":
            if any(self.share[p]):
                self.say(f"{act(self.name(p), 'has')} no legal place for the remaining sharing tokens; they are returned", p)
                self.share[p] = [0, 0, 0, 0]
            self.phase = "move"
        elif ph == "move":
            self.placed = []
            self.phase = "prog2"
        elif ph == "prog2":
            self._end_turn()
        else:
            raise AssertionError(ph)

    def _end_turn(self) -> None:
        p = self.cur
        self.last[p] = self.open
        self.open = None
        self.cur = (p + 1) % self.n
        self.phase = "spread"
        if self.cur == self.start:
            self.round += 1
            if not self.end_triggered and self.round > MAX_ROUNDS:
                self.end_triggered = True
                self.trigger_round = self.round - 1
            if self.end_triggered and self.round > self.trigger_round + 1:
                self._finish()

    # ================================================================= applying
    def _apply(self, choice: Choice) -> list[Event]:
        self._ev = []
        key = choice.key
        if self.tasks:
            self._task_apply(self.tasks[-1], key)
        else:
            getattr(self, "_ap_" + self.phase)(key)
        self._advance()
        return self._ev

    def _ap_spread(self, key: str) -> None:
        sec = key.split(":")[1]
        self.open = sec
        self.phase = "prog1"
        self.say(f"{act(self.name(self.cur), 'opens')} {sec.capitalize()}", self.cur, "turn")

    def _ap_prog1(self, key: str) -> None:
        if key == "done":
            self._next_phase()
            return
        _, cid, cells = key.split(":")
        p = self.cur
        entry = next(e for e in self.open_cards(p) if e[0] == cid)
        gain = 0
        for rc in cells.split("+"):
            i = IDX[rc]
            self.research[p].remove(i)
            gain += VALUE[i]
        entry[1] += 1
        self.say(f"{act(self.name(p), 'lifts')} research tokens on {', '.join(W.cell(c) for c in cells.split('+'))} and {verb(self.name(p), 'advances')} {W.card(cid)} to step {entry[1]}", p, "progress")
        self.gain(p, (0, 0, 0, 0, gain), "(research)")

    _ap_prog2 = _ap_prog1

    def _ap_pick(self, key: str) -> None:
        cid = key.split(":")[1]
        if cid == "skip":
            self._next_phase()
            return
        step = next(st for c, st in self.open_cards(self.cur) if c == cid)
        self.acting = cid
        self.items = [tuple(it.split("/")) for it in acts_of(cid, step)]
        self.phase = "act"
        self.say(f"{act(self.name(self.cur), 'uses')} {W.card(cid)}", self.cur)

    def _ap_act(self, key: str) -> None:
        if key == "stop":
            self._next_phase()
            return
        code = key[3:]
        best = min((it for it in self.items if code in it), key=len)
        self.items.remove(best)
        p = self.cur
        m = GAIN_RE.match(code)
        if m:
            vec = [0, 0, 0, 0, 0]
            kind = m.group(2)
            vec[OK if kind == "OK" else TYPES.index(kind)] = int(m.group(1))
            self.gain(p, vec, f"({W.card(self.acting)})")
        elif code == "as.goat":
            self.goat_step(p)
        else:
            self.tasks.append({"k": code, "p": p, "st": 0, "opt": False, "excl": None})

    def _ap_share(self, key: str) -> None:
        _, t, rc = key.split(":")
        p = self.cur
        ti = TYPES.index(t)
        i = IDX[rc]
        self.share[p][ti] -= 1
        self.psupply[ti]["ABCD".index(LETTER[i])] -= 1
        self.grid[i] = ti
        self.pv += 1
        self._an = None
        self.placed.append(i)
        self.say(f"{act(self.name(p), 'shares')} {TYPE_NAMES[ti]} knowledge: a piece on {W.cell(rc)}", p, "share")

    def _ap_move(self, key: str) -> None:
        p = self.cur
        if key != "share-move:none":
            a, b = key.split(":")[1].split(">")
            self.research[p].remove(IDX[a])
            self.research[p].append(IDX[b])
            self.say(f"{act(self.name(p), 'moves')} a research token from {W.cell(a)} to {W.cell(b)}", p)
        self._next_phase()

    # --- tasks ----------------------------------------------------------------------------
    def _task_apply(self, task: dict, key: str) -> None:
        k = task["k"]
        p = task["p"]
        if key == "decline":
            self.tasks.pop()
            return
        if k == "pool2":
            self.tasks.pop()
            s = "ba:" + key.split(":")[1]
            tok = tuple(task["tok"])
            self.spaces[s].append(tok)
            self.gain(p, BA_REWARD[s].gains, f"(leaf into {spot(s)})")
            return
        if k == "re.any":
            task["k"] = key.split(":")[1]
            return
        if k in PLACE:
            if task["st"] == 0:
                task["src"] = key[4:]
                task["st"] = 1
                return
            self.tasks.pop()
            kind, sec = PLACE[k]
            payload = next(d[3] for d in self.dests(k) if d[0] == key)
            tok = self.take(p, kind, task["src"])
            self._place(k, p, tok, payload, key)
            return
        self.tasks.pop()
        if k == "bo.grow":
            a, b = key[5:].split(">")
            a, b = "bo:" + a, "bo:" + b
            kind = next(kd for x, kd, y in self.grow_moves(p) if x == a and y == b)
            tok = self.take(p, kind, a)
            self.spaces[b].append(tok)
            self.say(f"{act(self.name(p), 'grows')} a {kind} from {spot(a)} to {spot(b)}", p)
            self.reward(p, BOT_REWARD[b], f"({spot(b)})")
        elif k == "ba.purify":
            d = int(key.split(":")[1][1:])
            pool = self.spaces[POOL1]
            tok = next(t for t in pool if t[0] == DIRTY and t[2] == d)
            pool.remove(tok)
            self.say(f"{act(self.name(p), 'purifies')} dirty drop {d}", p)
            self.gain(p, DIRTY_REWARD[d].gains, f"(dirty drop {d})")
            self.bath_chain(DW, tok)
            self.reward(p, Reward(((0, 0, 0, 0, 0), DIRTY_REWARD[d].actions)))
        elif k == "ba.transform":
            if "from" not in task:
                task["from"] = "ba:" + key.split(":")[1]
                task["st"] = 1
                self.tasks.append(task)
                srcs = self.sources(p, "leaf", "ba", task["excl"])
                if len(srcs) == 1:
                    self.tasks.pop()
                    self._transform(p, task["from"], srcs[0][0][4:])
                return
            self._transform(p, task["from"], key[4:])
        elif k == "wr.translate":
            _, r, slot = key.split(":")
            s = f"wr:{r}:t{slot}"
            owner, kind, tid, _ = self.spaces[s][0]
            self.spaces[s] = [(owner, kind, tid, True)]
            self.say(f"{act(self.name(p), 'translates')} {possessive(self.name(owner))} text {tid} in {W.space('writing', r)}", p)
            self.reward(p, TEXT_FACE[tid][1], f"(text {tid} translated)")
            self.reward(p, WR_HEAD[r], f"({W.space('writing', r)})")
        elif k in ("rs.centre", "rs.any"):
            i = IDX[key.split(":")[1]]
            self.research[p].append(i)
            self.say(f"{act(self.name(p), 'places')} a research token on {at(i)}", p)
        elif k in RS_DIRS or k == "rs.step":
            a, b = key.split(":")[1].split(">")
            self.research[p].remove(IDX[a])
            self.research[p].append(IDX[b])
            self.say(f"{act(self.name(p), 'moves')} a research token {W.cell(a)} → {W.cell(b)}", p)
        else:
            raise AssertionError(k)

    def _transform(self, p: int, where: str, src: str) -> None:
        toks = self.spaces[where]
        k = next(n for n, t in enumerate(toks) if t[0] == p and t[1] == "drop")
        drop = toks.pop(k)
        self.to_supply(drop)
        leaf = self.take(p, "leaf", src)
        self.say(f"{act(self.name(p), 'transforms')} a drop on {spot(where)} into a leaf", p)
        if where == POOL1:
            self.bath_chain(BA_NEXT[POOL1], leaf)
            # the leaf's own move is a push-like landing: pay its owner (1.10.5)
            self.gain(p, BA_REWARD[BA_NEXT[POOL1]].gains, "(leaf leaves Pool 1)")
        else:
            self.spaces[where].append(leaf)  # ruling 30: no reward for the placement itself

    def _place(self, code: str, p: int, tok, sid: str, key: str) -> None:
        who = self.name(p)
        if code == "bo.leaf":
            self.spaces[BASE].append(tok)
            self.say(f"{act(who, 'adds')} a leaf to the Botany base", p)
        elif code == "bo.drop":
            self.spaces[sid].append(tok)
            self.say(f"{act(who, 'adds')} a drop, which lands on {spot(sid)}", p)
            self.reward(p, BOT_REWARD[sid], f"({spot(sid)})")
        elif code in ("as.star", "as.text"):
            self.spaces[sid].append(tok)
            const = self.row_of(sid)
            self.say(f"{act(who, 'places')} a {tok_text(tok)} on {W.constellation(const)}", p)
            if code == "as.star":
                self.reward(p, STAR_REWARD[const], f"(star, {W.constellation(const)})", excl=sid)
            else:
                self.reward(p, self.text_value(tok), f"({tok_text(tok)})")
            self.complete(const)
        elif code == "ba.drop":
            self.say(f"{act(who, 'adds')} a drop to {spot(sid)}", p)
            self.gain(p, BA_REWARD[sid].gains, f"({spot(sid)})")
            self.bath_chain(sid, tok)
        elif code == "wr.text":
            self.spaces[sid].append(tok)
            r = self.row_of(sid)
            self.say(f"{act(who, 'writes')} {tok_text(tok)} into {W.space('writing', r)}", p)
            self.reward(p, self.text_value(tok), f"({tok_text(tok)})")
            self.reward(p, WR_HEAD[r], f"({W.space('writing', r)})")
        elif code == "wr.star":
            self.spaces[sid].append(tok)
            r = self.row_of(sid)
            self.say(f"{act(who, 'puts')} a star on {W.space('writing', r)}", p)
            vec = [0, 0, 0, 0, 0]
            for s in WR_TEXTS[r]:
                for t in self.spaces[s]:
                    for j, v in enumerate(self.text_value(t).gains):
                        vec[j] += v
            self.gain(p, vec, f"(texts of {W.space('writing', r)})")
            self.reward(p, WR_HEAD[r], f"({W.space('writing', r)})")
        elif code.startswith("re."):
            self.spaces[sid].append(tok)
            self.say(f"{act(who, 'moves')} a {tok_text(tok)} to Recipes ({spot(sid)})", p)
            rw = RE_REWARD[sid]
            if code == "re.text":
                base = self.text_value(tok).gains
                self.gain(p, tuple(v * rw for v in base), f"({tok_text(tok)} ×{rw})")
            else:
                self.reward(p, rw, f"({spot(sid)})")
        else:
            raise AssertionError(code)

    # ================================================================= end and scoring
    def _finish(self) -> None:
        self.over = True
        self.tasks = []
        self.final = [scoring.final_score(self, p) for p in range(self.n)]
        self.say("The game is over", None, "end")

    @property
    def is_over(self) -> bool:
        return self.over

    def round_number(self) -> int | None:
        return self.round

    def describe(self, touch: str, seat: int | None = None) -> str | None:
        """A card in words, all four steps: what each does, scores and needs."""
        kind, _, cid = touch.partition(":")
        if kind != "card" or cid not in C.cards:
            return None
        card = C.cards[cid]
        kinds = " or ".join(f"{W.GLYPH[t]} {W.KNOWLEDGE[t].capitalize()}" for t in card.scores)
        lines = [f"{W.card(cid)}: a {card.deck.capitalize()} card; its steps score {kinds}."]
        prev: list[str] = []
        for step in range(1, 5):
            acts = acts_of(cid, step)
            new = acts[len(prev):] if prev and acts[: len(prev)] == prev else acts
            score = f"scores ×{MULT[step]}" if MULT[step] else "scores nothing"
            line = f"Step {step} {W.steps(step)}: {'adds' if new is not acts else 'does'} {W.actions(new)}; {score}."
            if step < 4:
                line += f" To advance ({C.cards_model.arrows[step - 1]}): {W.condition(cond_of(cid, step))}."
            lines.append(line)
            prev = acts
        lines += [f"In {possessive(self.name(p))} book, on step {step}." for p in range(self.n)
                  for c, step in self.book[p] if c == cid]
        return "\n".join(lines)

    def lookups(self, seat: int | None = None) -> list[tuple[str, str]]:
        """Every card in every book (nothing in this game is hidden)."""
        return [(f"card:{cid}", f"{self.name(p)}: {W.card(cid)} {W.steps(step)}")
                for p in range(self.n) for cid, step in self.book[p]]

    def scores(self) -> list[int]:
        return scoring.scores(self)

    def ranking(self) -> list[int]:
        return scoring.ranking(self)

    # ================================================================= views and persistence
    def summary(self) -> VoynichView:
        return view.summary(self)

    def view(self, seat: int) -> VoynichView:  # type: ignore[override]
        return view.summary(self)  # ruling 44: nothing is hidden

    def _dump(self) -> dict[str, Any]:
        return persist.dump(self)

    def _restore(self, data: dict[str, Any]) -> None:
        persist.restore(self, data)

    def _copy_model(self, other: GameState) -> None:
        assert isinstance(other, State)
        persist.copy_model(self, other)
