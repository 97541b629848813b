"""Kiln's rules: every decision, and how each choice applies.

How it runs: the work still to do sits in ``m.queue`` as typed steps (``steps.py``).
``_run`` works the queue from the top, running each ``Task``, until the top is an
``Ask``: the decision the game waits for. ``DECIDE``, ``HANDLE`` and ``RUN`` below say
which method builds each decision, applies its choice and runs each task. Once the
queue runs empty it asks ``Turn``, the open window of rule 9: main action, free
actions, blank-making, end.

Where each rule lives (rule numbers such as rule 10 or R4 refer to the Kiln rules
file in shared/rules):

- here: setup and the round (rules 3–8), the turn window (rule 9), the main action
  and the zones' effects (rules 10–17, R1–R4, R21), the Studio (rule 15, R7), the
  free actions (rules 29–31, R27);
- ``rewards.py``: materials, the favour track (rules 18–19, R5, R8, R22), blanks and
  rows (rules 22–28, 40, R9–R13, R26);
- ``cards.py``: the cards' effects, when one could do anything, playing and tapping
  (rules 32–38, R16, R20, R29) and persistent cards triggering;
- ``choices.py``: the fixed wording of choices; ``core.py``: whose turn, the queue,
  narration, dice;
- ``scoring.py``: the score, achievements and the tie-breaks (rules 41–43, R23);
- ``view.py``: ``summary()``/``view()`` and their types; ``inspect.py``: inspect texts;
- ``model.py``: the state's objects and the snapshot a save holds; ``content.py``:
  the cards and numbers from ``assets/kiln``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from inkterm.i18n import N_

from inkterm.engine import Choice, Decision, Event, GameState
from inkterm.engine.give import give_into
from inkterm.engine.steps import Narration, Step, key_int, parse_key
from inkterm.engine.text import Msg, nmsg, Text

from . import scoring
from .cards import CardRules, saggar
from .choices import (END, END_EXTRA, EXCHANGE, NO_DICE, REROLL, blank_choice, boost_decision,
                      card_choice, copy_choice, exchange_decision, free_out_of_reach, reroll_decision, tap_choice,
                      turn_prompt, zone_choice)
from .content import HAND_SIZE, N_BLANKS, N_DICE, N_ROUNDS, KilnContent, cards, read_content, rules_text
from .core import card_short, zone_name
from .model import Model, Player
from .rewards import RewardRules, blank_selection, can_make_blank
from .steps import (Act, Ask, Blanks, Boost, CardEffect, Copy, Effect, Exchange, Favour, Gain, Give, MoveCount,
                    MoveFrom, MoveTo, Offer, Persist, Pick, Place, Play, Present, Reroll, Reward, Rows, Sell,
                    Space, Split, Studio, Super, Trigger, Turn)
from .view import KilnView, phase, summary, view

__all__ = ["State"]


class State(CardRules, RewardRules):
    game_id = "kiln"
    # 3: the work queue is dumped as typed steps (2: the taken-dice area emptied each
    # round; saves before it dumped a running total).
    snapshot_shape = 3
    #: What each seat has on the table, and how events and choices write an amount of it.
    SEAT_FACTS = {
        # the first of each: how a change is said to the seat it hit (a counted message)
        "score": (nmsg("{n} point", "{n} points", 0), "{n} extra point"),
        "money": (nmsg("{n} money", "{n} money", 0), "${n}"),
        "favour": (nmsg("{n} favour", "{n} favour", 0), "favour {n}", "favour track at {n}"),
        "clay": (nmsg("{n} clay", "{n} clay", 0),),
        "glaze": (nmsg("{n} glaze", "{n} glaze", 0),),
        "blanks": (nmsg("{n} blank", "{n} blanks", 0), "a blank"),
        "tokens": (nmsg("{n} token", "{n} tokens", 0), "a token"),
        "dragon": (nmsg("{n} Dragon Kiln marker", "{n} Dragon Kiln markers", 0), "Dragon Kiln marker"),
    }

    @classmethod
    def rules_text(cls) -> str:
        return rules_text()

    @classmethod
    def read_content(cls, directory: Path) -> KilnContent:
        return read_content(directory)

    @classmethod
    def give_pools(cls) -> list[list[str]]:
        return [sorted(cards())]  # every card is dealt into the hands alike

    def dealt(self) -> list[list[str]]:
        return [list(p.hand) for p in self.m.players]

    # --- setup and the round structure --------------------------------------------------
    def _setup(self) -> None:
        n = len(self.record.seats)
        self.cards = self.content.cards
        self.m = m = Model(n)
        self._said = Narration()
        deck = sorted(self.cards)
        self.rng.shuffle(deck)
        if self.given is not None:  # an experiment deals this card to that seat
            give_into(deck, HAND_SIZE * self.given.seat, HAND_SIZE, self.given)
        for p in m.players:  # rule 3: five cards each, for the whole game
            p.hand, deck = deck[:HAND_SIZE], deck[HAND_SIZE:]
        m.deck = deck
        self._start_round()
        self._run()

    def _start_round(self) -> None:
        m, n = self.m, len(self.m.players)
        dice = [0] * 6
        rnd = self.rng.random
        for _ in range(N_DICE):  # rule 6a: all ten dice, taken ones included
            dice[int(rnd() * 6)] += 1
        m.dice = dice
        for p in m.players:  # rule 6: taken dice are back in the roll; the ledger only untaps (R18)
            p.taken_dice = 0
            p.tapped.clear()
        first = [(m.start_seat + i) % n for i in range(n)]
        m.order = first + first[::-1]  # rule 7: snake order
        m.turn = 0
        m.mains = m.extra_mains = m.bellows = 0
        self.reveal()
        self._say(
            Msg("Round {round}: {who} starts. Dice: {dice}", round=m.round, who=self.name(m.start_seat),
                dice=tuple(Msg("{zone} {n}", zone=zone_name(i + 1), n=d) for i, d in enumerate(dice) if d)),
            None,
            "round",
        )

    def _end_turn(self) -> None:
        m = self.m
        m.turn += 1
        m.mains = m.extra_mains = m.bellows = 0
        if m.turn < len(m.order):  # the log marks where the next turn begins
            nxt = m.order[m.turn]
            self._say(Msg("{who}'s turn.", who=self.name(nxt)), nxt, "turn")
            return
        if m.round == N_ROUNDS:  # rule 8: the game ends after round 10, no pass
            m.over = True
            m.turn = len(m.order) - 1  # stays on the last turn so `seat` stays valid
            ranking = self.ranking()
            scores = self.scores()
            self._say(
                Msg("Game over. {scores}. {who} wins.", who=self.name(ranking[0]),
                    scores=tuple(Msg("{name} {score}", name=self.name(s), score=scores[s]) for s in ranking)),
                None,
                "end",
            )
            return
        if m.skip_pass:  # rule 40: a 20th blank took the marker; no pass this round
            m.skip_pass = False
        else:
            m.start_seat = (m.start_seat + 1) % len(m.players)
        m.round += 1
        self._start_round()

    # --- the machinery ---------------------------------------------------------------
    def _run(self) -> None:
        m = self.m
        steps = m.queue.items  # the list itself: this loop runs for every choice of every bot game
        while not m.over:
            if not steps:
                steps.append(Turn())  # the turn's work is done: its window is open again
                return
            top = steps[-1]
            if isinstance(top, Ask):
                return
            steps.pop()
            RUN[type(top)](self, top)

    def _decide(self) -> Decision | None:
        m = self.m
        ask = m.queue.items[-1]  # _run leaves a decision on top until the game ends
        assert isinstance(ask, Ask)
        # A decider may add the zones it cannot offer (only the turn menu does).
        prompt, choices, *unavailable = DECIDE[type(ask)](self, ask)
        return Decision(m.order[m.turn], prompt, choices, ask.topic, *unavailable)

    def _apply(self, choice: Choice) -> list[Event]:
        said = self._said
        said.take()  # what was said before (setup's round start) is not this choice's
        ask = self.m.queue.items.pop()
        HANDLE[type(ask)](self, ask, choice.key)
        self._run()
        return said.events

    # --- the turn window (rule 9) ------------------------------------------------------
    def decide_turn(self, step: Turn) -> tuple[Text, list[Choice], tuple[tuple[str, Text, Text], ...]]:
        m = self.m
        seat = m.order[m.turn]
        p = m.players[seat]
        out: list[Choice] = []
        main_open = m.mains == 0 or m.extra_mains > 0
        empty: tuple[tuple[str, Text, Text], ...] = ()
        if main_open:
            for pip in range(1, 7):
                d = m.dice[pip - 1]
                if d:  # R1: only zones with dice
                    out.append(zone_choice(pip, d, d + m.bellows, p.favour, p.supply))
                else:
                    empty += (NO_DICE[pip - 1],)
        if can_make_blank(p):
            out.append(blank_choice(*blank_selection(p), p.blanks, p.favour))
        if m.mains:
            out.append(END_EXTRA if m.extra_mains else END)
        if min(filter(None, m.dice)) - saggar(p, self.content) <= p.clay:
            out.append(REROLL)
        if p.glaze >= 3 and p.supply:
            out.append(EXCHANGE)
        tap_key: str | None = "t"  # the first tappable card; others by arrows
        cards = self.cards
        for cid in p.tableau:
            c = cards[cid]
            if c.type == "tap" and cid not in p.tapped and self.can_do(p, c, p.money, p.hand):
                out.append(tap_choice(self.content, cid, tap_key))
                tap_key = None
        return turn_prompt(self.record.seats[seat], main_open, m.mains > 0), out, empty + self._free_out_of_reach(p)

    def _free_out_of_reach(self, p: Player) -> tuple[tuple[str, Text, Text], ...]:
        """The free actions this turn cannot take now, dimmed in the menu with why, so a
        new player learns they exist and what they need (rules 29–31)."""
        cheapest = min(filter(None, self.m.dice)) - saggar(p, self.content)
        return free_out_of_reach(p.blanks >= N_BLANKS, can_make_blank(p), 6 - p.tokens.count(0), cheapest, p.clay,
                                 p.glaze, p.supply > 0)

    def handle_turn(self, step: Turn, key: str) -> None:
        m, p = self.m, self.me
        kind, arg = parse_key(key)
        if kind == "zone":
            pip = int(arg)
            if m.mains:
                m.extra_mains -= 1
            m.mains += 1
            if p.money >= 1:  # rule 10b: the paid boost is offered only if affordable
                self._ask(Boost(pip))
            else:
                self._push(Act(pip, 0))
        elif kind == "blank":
            self._make_blank(p)
        elif kind == "end":
            self._me_say(Msg("{who} ends the turn."), "turn")
            self._end_turn()
        elif kind == "reroll":
            self._ask(Reroll())
        elif kind == "exchange":
            self._ask(Exchange())
        elif kind == "tap":
            self._tap(p, self.cards[arg])

    # --- the main action (rule 10) -----------------------------------------------------
    def decide_boost(self, step: Boost) -> tuple[Text, list[Choice]]:
        return boost_decision(step.pip, self.m.dice[step.pip - 1] + self.m.bellows, self.me.favour,
                              self.me.supply)

    def handle_boost(self, step: Boost, key: str) -> None:
        boost = 1 if key == "boost" else 0
        self.me.money -= boost
        self._push(Act(step.pip, boost))

    def run_act(self, step: Act) -> None:
        m, p, pip, boost = self.m, self.me, step.pip, step.boost
        s = m.dice[pip - 1] + boost + m.bellows  # R3: fixed before the die leaves
        m.bellows = 0
        placed = p.place_tokens(pip, s)
        m.dice[pip - 1] -= 1
        p.taken_dice += 1
        # R21: only cards already in front of the player trigger in this action.
        persistent = [c for c in p.tableau if self.cards[c].type == "persistent"]
        if boost:
            self._me_say(nmsg("{who} acts in {zone} at strength {s} (paid {boost} money for +{boost}): "
                              "{n} token placed, a die taken.",
                              "{who} acts in {zone} at strength {s} (paid {boost} money for +{boost}): "
                              "{n} tokens placed, a die taken.", placed, zone=zone_name(pip), s=s, boost=boost))
        else:
            self._me_say(nmsg("{who} acts in {zone} at strength {s}: {n} token placed, a die taken.",
                              "{who} acts in {zone} at strength {s}: {n} tokens placed, a die taken.", placed,
                              zone=zone_name(pip), s=s))
        self._push(Effect(pip, s, True, pip, persistent), Persist(pip, pip, persistent))

    def run_effect(self, step: Effect) -> None:
        """A zone's effect at strength s (rules 12–17); a main action's (``is_action``)
        takes the owned cards' modifiers, a card-granted one does not (R21)."""
        m, p, pip, s = self.m, self.me, step.pip, step.s
        is_action, owned = step.is_action, step.owned
        if pip == 1:
            self._ask(Split(s, N_("Materials")))
        elif pip == 2:
            got = p.gain_money(s)
            self._me_say(Msg("{who} gains {n} money (cap 20).", n=got) if got < s else Msg("{who} gains {n} money.", n=got))
        elif pip == 3:
            works = self._has(is_action, owned, "favour_boost")
            ledger = self._has(is_action, owned, "tribute_bonus")
            n = s + (works.p("amount") if works else 0)
            self._push(Gain(n, ledger.p("amount") if ledger else 0))
        elif pip == 4:
            drafts = self._has(is_action, owned, "studio_boost")
            self._studio_draw(s + (drafts.p("amount") if drafts else 0))
        elif pip == 5:
            lic = self._has(is_action, owned, "shop_discount")
            self._push(Offer(s + (lic.p("amount") if lic else 0), N_("Shop")))
        else:
            fee = 0 if self._has(is_action, owned, "free_copy") else 1
            targets = [z for z in range(1, 6) if m.dice[z - 1]]
            if not targets:
                self._me_say(Msg("{who} finds no zone with dice to copy: the Imperial Kiln does nothing."))
            elif p.money < fee:
                self._me_say(Msg("{who} cannot pay the copy fee: the Imperial Kiln does nothing."))
            else:
                self._ask(Copy(s, fee, owned))

    def decide_copy(self, step: Copy) -> tuple[Text, list[Choice], tuple[tuple[str, Text, Text], ...]]:
        s, fee = step.s, step.fee
        out = [copy_choice(z, s, fee, self.me.favour) for z in range(1, 6) if self.m.dice[z - 1]]
        out.append(Choice("skip", Msg("Copy nothing"), Msg("Keep the fee; the Imperial Kiln does nothing.")))
        # The zones without dice, dimmed with why: the five keep their board numbers.
        empty = tuple(NO_DICE[z - 1] for z in range(1, 6) if not self.m.dice[z - 1])
        return Msg("Imperial Kiln: pay {fee} money to copy a zone with dice at strength {s}?", fee=fee, s=s), out, empty

    def handle_copy(self, step: Copy, key: str) -> None:
        if key == "skip":
            self._me_say(Msg("{who} copies nothing."))
            return
        z = key_int(key)
        self.me.money -= step.fee
        self._me_say(Msg("{who} pays {n} money to copy {zone}.", n=step.fee, zone=zone_name(z)))
        # R4: pip-6 cards trigger (already scheduled) and so do the copied pip's.
        self._push(Effect(z, step.s, True, 6, step.owned), Persist(z, 6, step.owned))

    # --- the Studio (rule 15, R7) -------------------------------------------------------
    def _studio_draw(self, n: int) -> None:
        m = self.m
        n = min(n, len(m.deck))
        if not n:
            self._me_say(Msg("{who} finds the deck empty: the Studio does nothing."))
            return
        m.studio, m.deck = m.deck[:n], m.deck[n:]
        self.reveal()
        self._me_say(nmsg("{who} draws {n} card in the Studio.", "{who} draws {n} cards in the Studio.", n))
        self._ask(Studio())

    def decide_studio(self, step: Studio) -> tuple[Text, list[Choice]]:
        # "Done" first: pressing 1 repeatedly keeps the hand instead of swapping back and forth.
        out = [Choice("done", Msg("Done: return the drawn cards"), Msg("They go to the bottom of the deck."))]
        out += [card_choice(self.content, "take", "Take", cid) for cid in self.m.studio]
        return Msg("Studio: swap drawn cards with your hand, one for one"), out

    def handle_studio(self, step: Studio, key: str) -> None:
        m = self.m
        if key == "done":
            m.deck.extend(m.studio)
            self._me_say(nmsg("{who} returns {n} card to the bottom of the deck.",
                              "{who} returns {n} cards to the bottom of the deck.", len(m.studio)))
            m.studio = []
        else:
            self._ask(Give(parse_key(key)[1]))

    def decide_give(self, step: Give) -> tuple[Text, list[Choice]]:
        out = [card_choice(self.content, "give", "Give back", cid) for cid in self.me.hand]
        out.append(Choice("back", Msg("Back"), Msg("Do not take that card.")))
        return Msg("Studio: which hand card goes back for {card}?", card=card_short(self.cards[step.taken])), out

    def handle_give(self, step: Give, key: str) -> None:
        m, p = self.m, self.me
        kind, gone = parse_key(key)
        if kind == "give":
            taken = step.taken
            p.hand[p.hand.index(gone)] = taken
            m.studio[m.studio.index(taken)] = gone
            self._me_say(Msg("{who} swaps a card in the Studio."))
        self._ask(Studio())

    # --- free actions (rules 29–31) ----------------------------------------------------
    def _reroll_cost(self, p: Player, pip: int) -> int:
        # R27: the zone's dice count, never the boost; the Saggar makes it cheaper.
        return max(0, self.m.dice[pip - 1] - saggar(p, self.content))

    def decide_reroll(self, step: Reroll) -> tuple[Text, list[Choice], tuple[tuple[str, Text, Text], ...]]:
        p = self.me
        return reroll_decision(tuple(self.m.dice), saggar(p, self.content), p.clay)

    def handle_reroll(self, step: Reroll, key: str) -> None:
        if key == "back":
            return
        z = key_int(key)
        p = self.me
        cost = self._reroll_cost(p, z)
        p.clay -= cost
        self._reroll(z, cost)

    def decide_exchange(self, step: Exchange) -> tuple[Text, list[Choice]]:
        return exchange_decision(tuple(self.me.tokens))

    def handle_exchange(self, step: Exchange, key: str) -> None:
        if key == "back":
            return
        z = key_int(key)
        p = self.me
        p.glaze -= 3
        p.place_tokens(z, 1)
        self._me_say(Msg("{who} exchanges 3 glaze for a token on {zone}.", zone=zone_name(z)))

    # --- results and views -------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.m.over

    def round_number(self) -> int | None:
        return self.m.round

    def describe(self, touch: str, seat: int | None = None) -> Text | None:
        from .inspect import describe

        return describe(self, touch, seat)

    def lookups(self, seat: int | None = None) -> list[tuple[str, Text]]:
        from .inspect import lookups

        return lookups(self, seat)

    def scores(self) -> list[int]:
        return [scoring.score(p, self.cards) for p in self.m.players]

    def ranking(self) -> list[int]:
        return scoring.ranking(self.m, self.cards)

    def phase(self) -> str:
        return phase(self)

    def summary(self) -> KilnView:
        return summary(self)

    def view(self, seat: int) -> KilnView:
        return view(self, seat)

    def determinize(self, seat: int, rng) -> "State":
        """Other hands, the deck and another seat's Studio draw are shuffled together
        (sizes kept); the cards ``seat`` holds, has in front of it or sees in its own
        Studio stay put."""
        other = super().determinize(seat, rng)
        assert isinstance(other, State)
        m = other.m
        others_studio = m.studio if self.seat != seat else []
        hidden = [c for s, p in enumerate(m.players) if s != seat for c in p.hand]
        hidden += m.deck + others_studio
        rng.shuffle(hidden)
        for s, p in enumerate(m.players):
            if s != seat:
                p.hand, hidden = hidden[: len(p.hand)], hidden[len(p.hand):]
        if others_studio:
            m.studio, hidden = hidden[: len(others_studio)], hidden[len(others_studio):]
        m.deck = hidden
        return other

    # --- persistence (the model's own dump is checked by model.Snapshot) ---------------
    def _dump(self) -> dict[str, Any]:
        return self.m.dump()

    def _restore(self, data: dict[str, Any]) -> None:
        self.m = Model.load(data)
        self._said = Narration()

    def _copy_model(self, other: GameState) -> None:
        assert isinstance(other, State)
        other.cards = self.cards
        other.m = self.m.copy()
        other._said = Narration()


# Which method builds each decision and applies its choice, and which runs each task.
DECIDE: dict[type[Step], Callable[..., tuple]] = {
    Turn: State.decide_turn, Boost: State.decide_boost, Split: State.decide_split,
    Favour: State.decide_favour, Place: State.decide_place, Play: State.decide_play,
    Copy: State.decide_copy, Studio: State.decide_studio, Give: State.decide_give,
    Pick: State.decide_pick, Super: State.decide_super, MoveFrom: State.decide_move_from,
    MoveTo: State.decide_move_to, MoveCount: State.decide_move_count,
    Present: State.decide_present, Sell: State.decide_sell, Reroll: State.decide_reroll,
    Exchange: State.decide_exchange,
}
HANDLE: dict[type[Step], Callable[..., None]] = {
    Turn: State.handle_turn, Boost: State.handle_boost, Split: State.handle_split,
    Favour: State.handle_favour, Place: State.handle_place, Play: State.handle_play,
    Copy: State.handle_copy, Studio: State.handle_studio, Give: State.handle_give,
    Pick: State.handle_pick, Super: State.handle_super, MoveFrom: State.handle_move_from,
    MoveTo: State.handle_move_to, MoveCount: State.handle_move_count,
    Present: State.handle_present, Sell: State.handle_sell, Reroll: State.handle_reroll,
    Exchange: State.handle_exchange,
}
RUN: dict[type[Step], Callable[..., None]] = {
    Act: State.run_act, Effect: State.run_effect, Persist: State.run_persist,
    Trigger: State.run_trigger, Gain: State.run_gain, Space: State.run_space,
    Blanks: State.run_blanks, Rows: State.run_rows, Reward: State.run_reward,
    Offer: State.run_offer, CardEffect: State.run_card,
}
