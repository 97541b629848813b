"""The Voynich Puzzle, multiplayer rules, headless: the game's ``State``.

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

Where each rule lives (numbers as in the rules spec, voynich.md: §1 rules, §2 rulings):

    setup (1.2), gains and breakthroughs (1.6), the end trigger (1.15),
    rewards and their actions (rulings 37–39), the turn's order (1.3)  this module
    the phases: double page, card and actions (1.3), sharing (1.13)    turn.py
    progression (1.4), research actions (1.7)                         research.py
    Botany (1.8)       botany.py        Baths (1.10)      baths.py
    Astrology (1.9)    astrology.py     Writing (1.11)    writing.py
    Recipes (1.12)     recipes.py
    tokens and their sources (1.5), what every action has             actions.py
    the work queue's steps (an action under way, a Pool 2 entry)      tasks.py
    the puzzle and the condition icons (1.14, rulings 4–6)            geometry.py
    the board's printed spaces and rewards, words for codes           tables.py
    final scoring and the tie-break (1.15, ruling 43)                 scoring.py
    summary()/view() and their types (ruling 44: nothing hidden)      view.py
    snapshots and clones                                              persist.py
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from inkterm.engine.give import give_into
from inkterm.engine.state import GameState
from inkterm.engine.steps import Narration, WorkQueue
from inkterm.engine.types import Choice, Decision, Event
from inkterm.engine.text import Msg, Text, nmsg, sentences

from . import astrology, baths, botany, persist, recipes, research, scoring, view, writing
from . import words as W
from .actions import Action
from .content import (GAIN_RE, LEVELS, OK, SECTIONS, TYPE_NAMES, TYPES, Content, Reward, content, read_content,
                      reward_text)
from .geometry import CENTRAL, IDX, LETTER, Analysis
from .tables import (
    ALL_SPACES, BASE, BREAKS, CAP, COMP, DIRTY, DW, END_AT, GREY, NSECT, POOL1, TEXT_FACE,
)
from .tasks import Pool2Entry, Task
from .turn import PHASES
from .view import VoynichView

MAX_ROUNDS = 60  # safety net for bots that never score (see rules.md "Rulings"); greedy games end by round ~25

# Every action code (and the Pool 2 entry) to the section object that owns its rules.
ACTIONS: dict[str, Action] = {
    **botany.ACTIONS, **astrology.ACTIONS, **baths.ACTIONS, **writing.ACTIONS, **recipes.ACTIONS, **research.ACTIONS,
}


DECLINE = Choice("decline", Msg("Do not use this reward action"), Msg("The action is lost."), ())


class State(GameState):
    game_id = "voynich"
    snapshot_shape = 2  # 2: the work queue is dumped as typed steps (1: short-key task dicts)
    #: What each seat has on the table, and how events and choices write an amount of it
    #: (the score is the OK until the end).
    SEAT_FACTS = {
        # the first of each: how a change is said to the seat it hit (a counted message)
        "ok": (nmsg("{n} OK", "{n} OK", 0),),
        "knowledge.botany": (Msg("{n}♣", n=0),),
        "knowledge.astrology": (Msg("{n}★", n=0),),
        "knowledge.baths": (Msg("{n}≈", n=0),),
        "knowledge.writing": (Msg("{n}¶", n=0),),
    }
    content: Content

    @classmethod
    def read_content(cls, directory: Path) -> Content:
        return read_content(directory)

    @classmethod
    def give_pools(cls) -> list[list[str]]:
        """A card goes into a book in place of one of the same deck (two per deck)."""
        return [[c.id for c in content().cards_model.cards if c.deck == sec] for sec in SECTIONS]

    def dealt(self) -> list[list[str]]:
        return [[cid for cid, _ in book] for book in self.book]

    # ================================================================= setup
    def _setup(self) -> None:
        n = len(self.record.seats)
        rng = self.rng
        C = self.content
        self.n = n
        self.colours = COMP.colours[:n]
        self.spaces: dict[str, list[tuple]] = {s: [] for s in ALL_SPACES}
        self.grid = [-1] * 64
        for i in CENTRAL:
            self.grid[i] = 4
        self.psupply = [[C.pieces.counts[t][L] for L in LEVELS] for t in TYPES]
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
        self.work = WorkQueue()  # the actions under way, the top one pending (tasks.py)
        self.placed: list[int] = []
        self.end_triggered = False
        self.trigger_round: int | None = None
        self.over = False
        self.final: list[dict] | None = None
        self._pending: Decision | None = None
        self.narration = Narration()
        self._advance()

    # ================================================================= helpers
    def an(self) -> Analysis:
        if self._an is None:
            self._an = Analysis(self.grid)
        return self._an

    def name(self, p: int) -> Text:
        if p == GREY:
            return Msg("Grey")
        if p == DIRTY:
            return Msg("dirty water")
        return self.record.seats[p]

    def say(self, text: Text, seat: int | None = None, kind: str = "info") -> None:
        self.narration.say(text, seat, kind)

    def gain(self, p: int, vec, why: Text | None = "") -> None:
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
                        self.say(Msg("{who} reaches a breakthrough in {kind}: 1 sharing token", who=self.name(p),
                                     kind=W.KIND_NAME[TYPE_NAMES[t]]), p, "breakthrough")
        if vec[OK]:
            self.ok[p] += vec[OK]
            if not self.end_triggered and self.ok[p] >= END_AT:
                self.end_triggered = True
                self.trigger_round = self.round
                self.say(Msg("{who} reaches {n} OK: the game ends after round {round}", who=self.name(p), n=END_AT,
                             round=self.round + 1), p, "end")
        if why is not None:
            gained = reward_text(Reward((tuple(vec), ())))
            self.say(Msg("{who} gains {reward} ({why})", who=self.name(p), reward=gained, why=why) if why else
                     Msg("{who} gains {reward}", who=self.name(p), reward=gained), p, "gain")

    def reward(self, p: int, r: Reward, why: Text = "", excl: str | None = None) -> None:
        """Gain a printed reward. Action parts become optional follow-up decisions for the
        acting player (ruling 38/39); off-turn rewards never carry actions (ruling 37)."""
        self.gain(p, r.gains, why)
        if r.actions and p == self.cur and not self.over:
            self.work.push(*(Task(code, p, optional=True, excl=excl) for code in r.actions))

    def text_value(self, tok) -> Reward:
        return TEXT_FACE[tok[2]][1 if tok[3] else 0]

    def open_cards(self, p: int) -> list[list]:
        assert self.open is not None
        i = SECTIONS.index(self.open)
        return self.book[p][2 * i : 2 * i + 2]

    def action(self, code: str) -> Action:
        return ACTIONS[code]

    def feasible(self, code: str, p: int, excl: str | None = None) -> bool:
        """Whether seat ``p`` can carry out an action now (a gain always can)."""
        return True if GAIN_RE.match(code) else ACTIONS[code].feasible(self, p, excl)

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
        step = self.work.top
        if step is not None:
            assert isinstance(step, (Task, Pool2Entry))  # the only steps (tasks.STEP_KINDS)
            return self._step_decision(step)
        return PHASES[self.phase].decide(self)

    def _step_decision(self, step: Task | Pool2Entry) -> Decision | None:
        handler = ACTIONS[step.code]
        ch = handler.choices(self, step)  # type: ignore[arg-type]
        if not ch:
            return None
        if step.optional:
            ch.append(DECLINE)
        return Decision(step.seat, handler.prompt(self, step), ch, handler.topic)  # type: ignore[arg-type]

    def _advance(self) -> None:
        """Move through steps with nothing to decide until a real decision is pending."""
        self._pending = None
        for _ in range(10000):
            if self.over:
                return
            step = self.work.top
            if step is not None:
                key = ACTIONS[step.code].auto(self, step)  # type: ignore[attr-defined, arg-type]
                if key is not None:
                    self._work_apply(key)
                    continue
                d = self._step_decision(step)  # type: ignore[arg-type]
                if d is None:
                    self.work.pop()  # lost (1.5.6)
                    continue
                self._pending = d
                return
            d = PHASES[self.phase].decide(self)
            if d is not None:
                self._pending = d
                return
            self.next_phase()
        raise RuntimeError("voynich: no progress while advancing")

    def next_phase(self) -> None:
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
                self.say(Msg("{who} has no legal place for the remaining sharing tokens; they are returned",
                             who=self.name(p)), p)
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
            if self.end_triggered and self.round > self.trigger_round + 1:  # type: ignore[operator]
                self._finish()

    # ================================================================= applying
    def _apply(self, choice: Choice) -> list[Event]:
        self.narration.take()  # what was said outside a choice (setup) is no choice's news
        if self.work:
            self._work_apply(choice.key)
        else:
            PHASES[self.phase].apply(self, choice.key)
        self._advance()
        return self.narration.take()

    def _work_apply(self, key: str) -> None:
        """The top step's choice: the step leaves the queue (its action puts it back if it
        asks again); a declined reward action is simply dropped (ruling 38)."""
        step = self.work.pop()
        if key != "decline":
            ACTIONS[step.code].apply(self, step, key)  # type: ignore[attr-defined, arg-type]

    # ================================================================= end and scoring
    def _finish(self) -> None:
        self.over = True
        self.work.clear()
        self.final = [scoring.final_score(self, p) for p in range(self.n)]
        self.say(Msg("The game is over"), None, "end")
        for p, final in enumerate(self.final):  # the end's scoring, said like any gain
            rows = tuple(Msg("{row} {points}", row=scoring.row_words(label), points=pts) for label, pts in final["breakdown"][1:] if pts)
            more = final["total"] - self.ok[p]
            self.say(Msg("{who} scores {n} at the end ({rows}): {total} in all", who=self.name(p), n=more, rows=rows,
                         total=final["total"]) if rows else
                     Msg("{who} scores {n} at the end: {total} in all", who=self.name(p), n=more, total=final["total"]),
                     p, "gain")

    @property
    def is_over(self) -> bool:
        return self.over

    def round_number(self) -> int | None:
        return self.round

    def concerning(self, seat: int, before, after, by: int) -> list[Text]:
        from .concerns import concerning

        return concerning(before, after, seat, by)

    def describe(self, touch: str, seat: int | None = None) -> str | None:
        """A card in words, all four steps: what each does, scores and needs."""
        kind, _, cid = touch.partition(":")
        C = self.content
        if kind != "card" or cid not in C.cards:
            return None
        card = C.cards[cid]
        kinds = tuple(Msg("{glyph} {kind}", glyph=W.GLYPH[t], kind=W.SECTION_NAME[W.KNOWLEDGE[t]]) for t in card.scores)
        lines: list[Text] = [Msg("{card}: a {deck} card; its steps score {kinds}.", card=W.card_words(cid),
                                 deck=W.SECTION_NAME[card.deck], kinds=kinds[0] if len(kinds) == 1 else
                                 Msg("{either} or {other}", either=kinds[0], other=kinds[1]))]
        prev: list[str] = []
        for step in range(1, 5):
            acts = C.acts(cid, step)
            new = acts[len(prev):] if prev and acts[: len(prev)] == prev else acts
            score = Msg("scores ×{n}", n=C.mult[step]) if C.mult[step] else Msg("scores nothing")
            args: dict[str, Any] = dict(step=step, dots=W.steps(step), actions=W.actions_words(new), score=score)
            line: Text = (Msg("Step {step} {dots}: adds {actions}; {score}.", **args) if new is not acts else
                          Msg("Step {step} {dots}: does {actions}; {score}.", **args))
            if step < 4:
                line = sentences(line, Msg("To advance ({arrow}): {condition}.", arrow=W.TURN[C.cards_model.arrows[step - 1]],
                                           condition=W.condition_words(C.cond(cid, step))))
            lines.append(line)
            prev = acts
        lines += [Msg("In {who}'s book, on step {step}.", who=self.name(p), step=step) for p in range(self.n)
                  for c, step in self.book[p] if c == cid]
        return "\n".join(map(str, lines))

    def lookups(self, seat: int | None = None) -> list[tuple[str, Text]]:
        """Every card in every book (nothing in this game is hidden)."""
        return [(f"card:{cid}", Msg("{who}: {card}", who=self.name(p), card=Msg("{card} {steps}", card=W.card_words(cid),
                                                                                   steps=W.steps(step))))
                for p in range(self.n) for cid, step in self.book[p]]

    def scores(self) -> list[int]:
        return scoring.scores(self)

    def ranking(self) -> list[int]:
        return scoring.ranking(self)


    # ================================================================= views and persistence
    def summary(self) -> VoynichView:
        return view.summary(self)

    def view(self, seat: int) -> VoynichView:
        return view.summary(self)  # ruling 44: nothing is hidden

    def _dump(self) -> dict[str, Any]:
        return persist.dump(self)

    def _restore(self, data: dict[str, Any]) -> None:
        persist.restore(self, data)

    def _copy_model(self, other: GameState) -> None:
        assert isinstance(other, State)
        persist.copy_model(self, other)
