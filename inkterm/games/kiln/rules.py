"""Kiln's rules: every decision, and how each choice applies.

How it runs: work still to be done sits on ``m.stack`` as small lists such as
``["effect", pip, S, is_action, acting_pip, cards]``; ``_run`` pops and executes them
(``_t_<name>``) until one needs a player's input, which it records in ``m.pending``
(``["<kind>", *args]``). The pending kind names the decision builder ``_d_<kind>`` and
the handler ``_h_<kind>``. With nothing left on the stack the current player is in an
open window of their turn (``["turn"]``): main action, free actions, blank-making, end.
Rule numbers (rule 10, R4 …) refer to the Kiln rules file in shared/rules.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from inkterm.engine import Choice, Decision, Event, GameState
from inkterm.engine.give import give_into
from inkterm.engine.words import act, count

from . import scoring
from .content import (
    FAVOUR_SPACES,
    HAND_SIZE,
    MONEY_CAP,
    N_BLANKS,
    N_DICE,
    N_ROUNDS,
    ROW_THRESHOLDS,
    ZONES,
    Card,
    cards,
    rules_text,
)
from .model import Model, Player

CARDS = cards()
SAGGARS = frozenset(c.id for c in CARDS.values() if c.effect == "saggar")
BACK = Choice("back", "Back", "Change your mind: return to the turn menu.")
TOPIC = {
    "turn": "your-turn",
    "boost": "paying-for-strength",
    "split": "materials-1",
    "favour": "the-favour-track",
    "place": "the-favour-track",
    "play": "playing-cards",
    "copy": "imperial-kiln-6",
    "studio": "studio-4",
    "give": "studio-4",
    "pick": "card-list",
    "super": "card-list",
    "move_from": "card-list",
    "move_to": "card-list",
    "move_count": "card-list",
    "present": "card-list",
    "sell": "card-list",
    "reroll": "free-actions",
    "exchange": "free-actions",
}


def zone_name(pip: int) -> str:
    return ZONES[pip - 1]


def effect_text(pip: int, s: int) -> str:
    return (
        f"+{s} clay/glaze",
        f"+{s} money",
        f"+{s} favour",
        f"swap with {count(s, 'card')}",
        f"a card {s} cheaper",
        f"copy a zone at {s}",
    )[pip - 1]


# Free actions answer to letters, so the digits stay the zones' pips.
END = Choice("end", "End turn", "Pass play to the next player.", shortcut="e")
END_EXTRA = Choice("end", "End turn (forgo the extra action)", "Rush Order's extra action is lost.", shortcut="e")
REROLL = Choice("reroll", "Reroll a zone's dice (pay clay)…", "Costs clay equal to the zone's dice count.", shortcut="r")
EXCHANGE = Choice("exchange", "Exchange 3 glaze for a token…", "Place 1 token on any zone; no die, no effect.", shortcut="x")
#: Zones that cannot take the main action now, for the menu to show dimmed.
NO_DICE = tuple((str(pip), name, "no dice") for pip, name in enumerate(ZONES, 1))


@lru_cache(maxsize=None)
def zone_choice(pip: int, dice: int, s: int) -> Choice:
    """The main-action choice for a zone (cached: choices are never mutated)."""
    return Choice(
        f"zone:{pip}",
        f"{zone_name(pip)} ({dice}): {effect_text(pip, s)}",
        f"Main action at strength {s} ({count(dice, 'die')}"
        f"{' + Bellows' if s > dice else ''}): place {count(s, 'token')} on {zone_name(pip)}, "
        f"take a die, then {effect_text(pip, s)}.",
        (f"zone:{pip}",),
        str(pip),
    )


@lru_cache(maxsize=None)
def blank_choice(sel: tuple[int, ...], y: int) -> Choice:
    return Choice(
        "blank",
        f"Make {'2 blanks (bonus)' if y == 2 else 'a blank'} from your top five zones",
        "Removes one of your tokens from each of " + ", ".join(zone_name(z) for z in sel) + ".",
        tuple(f"zone:{z}" for z in sel) + ("blank",),
        "b",
    )


@lru_cache(maxsize=None)
def tap_choice(cid: str, shortcut: str | None = "t") -> Choice:
    c = CARDS[cid]
    return Choice(
        f"tap:{c.id}", f"Tap {c.name} {c.zh}", f"{c.text} Once per round, a free action.", (f"card:{c.id}",), shortcut
    )


def blank_selection(p: Player) -> tuple[tuple[int, ...], int]:
    """Rule 23/24 and R10/R11: the five zones with most tokens (ties: lower pip) and
    the yield, 2 if at least three of them hold 3+ tokens before removal."""
    sel = sorted(range(6), key=lambda i: (-p.tokens[i], i))[:5]
    rich = sum(1 for i in sel if p.tokens[i] >= 3)
    return tuple(i + 1 for i in sel), (2 if rich >= 3 else 1)


def can_make_blank(p: Player) -> bool:
    return p.blanks < N_BLANKS and p.tokens.count(0) <= 1  # tokens on 5+ zones


class State(GameState):
    game_id = "kiln"
    # 2: the taken-dice area is emptied each round (saves before it dumped a running total).
    snapshot_shape = 2
    m: Model

    @classmethod
    def rules_text(cls) -> str:
        return rules_text()

    @classmethod
    def give_pools(cls) -> list[list[str]]:
        return [sorted(CARDS)]  # every card is dealt into the hands alike

    # --- setup and the round structure --------------------------------------------------
    def _setup(self) -> None:
        n = len(self.record.seats)
        self.m = m = Model(n)
        self._events: list[Event] = []
        deck = sorted(CARDS)
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
            f"Round {m.round}: {act(self.name(m.start_seat), 'starts')}. Dice: "
            + ", ".join(f"{zone_name(i + 1)} {d}" for i, d in enumerate(dice) if d),
            None,
            "round",
        )

    def _end_turn(self) -> None:
        m = self.m
        m.turn += 1
        m.mains = m.extra_mains = m.bellows = 0
        if m.turn < len(m.order):
            return
        if m.round == N_ROUNDS:  # rule 8: the game ends after round 10, no pass
            m.over = True
            m.turn = len(m.order) - 1  # stays on the last turn so `seat` stays valid
            ranking = self.ranking()
            self._say(
                "Game over. "
                + ", ".join(f"{self.name(s)} {self.scores()[s]}" for s in ranking)
                + f". {act(self.name(ranking[0]), 'wins')}.",
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
    @property
    def seat(self) -> int:
        m = self.m
        return m.order[m.turn]

    @property
    def me(self) -> Player:
        return self.m.players[self.seat]

    def name(self, seat: int) -> str:
        return self.record.seats[seat]

    def _say(self, text: str, seat: int | None = None, kind: str = "info") -> None:
        self._events.append(Event(text, seat, kind))

    def _me_say(self, text: str, kind: str = "action") -> None:
        s = self.seat
        self._events.append(Event(act(self.name(s), text), s, kind))

    def _push(self, *tasks: list[Any]) -> None:
        """Schedule tasks to run in the order given."""
        self.m.stack.extend(reversed(tasks))

    def _ask(self, *pending: Any) -> None:
        self.m.pending = list(pending)

    def _run(self) -> None:
        m = self.m
        while m.pending is None and not m.over:
            if m.stack:
                name, *args = m.stack.pop()
                TASK[name](self, *args)
            else:
                m.pending = ["turn"]

    def _decide(self) -> Decision | None:
        m = self.m
        kind, *args = m.pending
        # A decider may add the zones it cannot offer (only the turn menu does).
        prompt, choices, *unavailable = DECIDE[kind](self, *args)
        return Decision(m.order[m.turn], prompt, choices, TOPIC.get(kind, "your-turn"), *unavailable)

    def _apply(self, choice: Choice) -> list[Event]:
        m = self.m
        self._events = []
        kind, *args = m.pending
        m.pending = None
        HANDLE[kind](self, choice.key, *args)
        self._run()
        return self._events

    # --- the turn window (rule 9) ------------------------------------------------------
    def main_open(self) -> bool:
        m = self.m
        return m.mains == 0 or m.extra_mains > 0

    def _d_turn(self) -> tuple[str, list[Choice], tuple[tuple[str, str, str], ...]]:
        m = self.m
        seat = m.order[m.turn]
        p = m.players[seat]
        out: list[Choice] = []
        main_open = m.mains == 0 or m.extra_mains > 0
        empty: tuple[tuple[str, str, str], ...] = ()
        if main_open:
            for pip in range(1, 7):
                d = m.dice[pip - 1]
                if d:  # R1: only zones with dice
                    out.append(zone_choice(pip, d, d + m.bellows))
                else:
                    empty += (NO_DICE[pip - 1],)
        if can_make_blank(p):
            out.append(blank_choice(*blank_selection(p)))
        if m.mains:
            out.append(END_EXTRA if m.extra_mains else END)
        if min(filter(None, m.dice)) - self._saggar(p) <= p.clay:
            out.append(REROLL)
        if p.glaze >= 3 and p.supply:
            out.append(EXCHANGE)
        tap_key: str | None = "t"  # the first tappable card; others by arrows
        for cid in p.tableau:
            c = CARDS[cid]
            if c.type == "tap" and cid not in p.tapped and self.can_do(p, c, p.money, p.hand):
                out.append(tap_choice(cid, tap_key))
                tap_key = None
        who = self.record.seats[seat]
        if main_open:
            prompt = f"{who}: choose a zone for your {'extra ' if m.mains else ''}main action"
        else:
            prompt = f"{who}: free actions, or end your turn"
        return prompt, out, empty

    def _h_turn(self, key: str) -> None:
        m, p = self.m, self.me
        if key.startswith("zone:"):
            pip = int(key[5:])
            if m.mains:
                m.extra_mains -= 1
            m.mains += 1
            if p.money >= 1:  # rule 10b: the paid boost is offered only if affordable
                self._ask("boost", pip)
            else:
                self._push(["act", pip, 0])
        elif key == "blank":
            self._make_blank(p)
        elif key == "end":
            self._me_say("ends the turn.", "turn")
            self._end_turn()
        elif key == "reroll":
            self._ask("reroll")
        elif key == "exchange":
            self._ask("exchange")
        elif key.startswith("tap:"):
            self._tap(p, CARDS[key[4:]])

    # --- the main action (rule 10) -----------------------------------------------------
    def _d_boost(self, pip: int) -> tuple[str, list[Choice]]:
        return boost_decision(pip, self.m.dice[pip - 1] + self.m.bellows)

    def _h_boost(self, key: str, pip: int) -> None:
        boost = 1 if key == "boost" else 0
        self.me.money -= boost
        self._push(["act", pip, boost])

    def _t_act(self, pip: int, boost: int) -> None:
        m, p = self.m, self.me
        s = m.dice[pip - 1] + boost + m.bellows  # R3: fixed before the die leaves
        m.bellows = 0
        placed = p.place_tokens(pip, s)
        m.dice[pip - 1] -= 1
        p.taken_dice += 1
        # R21: only cards already in front of the player trigger in this action.
        persistent = [c for c in p.tableau if CARDS[c].type == "persistent"]
        self._me_say(
            f"acts in {zone_name(pip)} at strength {s}{' (paid boost)' if boost else ''}: "
            f"{count(placed, 'token')} placed, a die taken."
        )
        self._push(["effect", pip, s, 1, pip, persistent], ["persist", pip, pip, persistent])

    @staticmethod
    def _has(is_action: int, owned: list[str], effect: str) -> Card | None:
        if is_action:
            for cid in owned:
                if CARDS[cid].effect == effect:
                    return CARDS[cid]
        return None

    def _t_effect(self, pip: int, s: int, is_action: int, acting: int, owned: list[str]) -> None:
        """A zone's effect at strength s (rules 12–17). is_action: a main action (card
        modifiers apply), not a card-granted effect (R21)."""
        m, p = self.m, self.me
        if pip == 1:
            self._ask("split", s, "Materials")
        elif pip == 2:
            got = p.gain_money(s)
            self._me_say(f"gains {got} money{' (cap 20)' if got < s else ''}.")
        elif pip == 3:
            works = self._has(is_action, owned, "favour_boost")
            ledger = self._has(is_action, owned, "tribute_bonus")
            n = s + (works.p("amount") if works else 0)
            self._push(["gain", n, ledger.p("amount") if ledger else 0])
        elif pip == 4:
            drafts = self._has(is_action, owned, "studio_boost")
            self._studio_draw(s + (drafts.p("amount") if drafts else 0))
        elif pip == 5:
            lic = self._has(is_action, owned, "shop_discount")
            self._push(["offer", s + (lic.p("amount") if lic else 0), "Shop"])
        else:
            fee = 0 if self._has(is_action, owned, "free_copy") else 1
            targets = [z for z in range(1, 6) if m.dice[z - 1]]
            if not targets:
                self._me_say("finds no zone with dice to copy: the Imperial Kiln does nothing.")
            elif p.money < fee:
                self._me_say("cannot pay the copy fee: the Imperial Kiln does nothing.")
            else:
                self._ask("copy", s, fee, owned)

    def _d_copy(self, s: int, fee: int, owned: list[str]) -> tuple[str, list[Choice]]:
        out = [
            Choice(f"copy:{z}", f"Copy {zone_name(z)}: {effect_text(z, s)}", f"Pay {fee} money.", (f"zone:{z}",), str(z))
            for z in range(1, 6)
            if self.m.dice[z - 1]
        ]
        out.append(Choice("skip", "Copy nothing", "Keep the fee; the Imperial Kiln does nothing."))
        return f"Imperial Kiln: pay {fee} money to copy a zone with dice at strength {s}?", out

    def _h_copy(self, key: str, s: int, fee: int, owned: list[str]) -> None:
        if key == "skip":
            self._me_say("copies nothing.")
            return
        z = int(key[5:])
        self.me.money -= fee
        self._me_say(f"pays {fee} to copy {zone_name(z)}.")
        # R4: pip-6 cards trigger (already scheduled) and so do the copied pip's.
        self._push(["effect", z, s, 1, 6, owned], ["persist", z, 6, owned])

    def _t_persist(self, pip: int, acting: int, owned: list[str]) -> None:
        self._push(*(["trigger", c, acting] for c in owned if CARDS[c].pip == pip))

    def _t_trigger(self, cid: str, acting: int) -> None:
        c, p = CARDS[cid], self.me
        e, n = c.effect, c.p("amount")
        if e == "bonus_material":
            self._ask("split", n, c.name)
        elif e == "bonus_money":
            got = p.gain_money(n)
            self._me_say(f"gains {got} money from {c.name}.", "card")
        elif e == "bonus_token":
            placed = p.place_tokens(acting, n)
            self._me_say(f"places {count(placed, 'extra token')} on {zone_name(acting)} ({c.name}).", "card")
        elif e == "bonus_glaze":
            p.glaze += n
            self._me_say(f"gains {n} glaze from {c.name}.", "card")
        elif e == "dragon":
            if p.dragon < c.p("max"):
                p.dragon += 1
                self._me_say(f"adds a Dragon Kiln marker ({p.dragon}).", "card")
        # favour_boost, tribute_bonus, studio_boost, shop_discount, free_copy change
        # values inside the effect itself and do nothing afterwards.

    # --- materials, favour, tokens -----------------------------------------------------
    def _d_split(self, n: int, why: str) -> tuple[str, list[Choice]]:
        return split_decision(n, why)

    def _h_split(self, key: str, n: int, why: str) -> None:
        c = int(key[6:])
        p = self.me
        p.clay += c
        p.glaze += n - c
        self._me_say(f"takes {c} clay and {n - c} glaze ({why}).")

    def _t_gain(self, n: int, tribute_bonus: int) -> None:
        p = self.me
        if p.favour == 0:  # rule 18: from the start medal the move is forced
            land = min(6, n)
            p.favour = land
            self._me_say(f"moves onto the favour track at {land} ({FAVOUR_SPACES[land]}).")
            self._push(["space", land, tribute_bonus])
        else:
            self._ask("favour", n, tribute_bonus)

    def _d_favour(self, n: int, tribute_bonus: int) -> tuple[str, list[Choice]]:
        return favour_decision(self.me.favour, n)

    def _h_favour(self, key: str, n: int, tribute_bonus: int) -> None:
        p = self.me
        p.favour = min(6, p.favour + n) if key == "forward" else max(1, p.favour - n)
        self._me_say(f"moves {key} to favour {p.favour} ({FAVOUR_SPACES[p.favour]}).")
        self._push(["space", p.favour, tribute_bonus])

    def _t_space(self, space: int, tribute_bonus: int) -> None:
        """Rule 19: resolve a favour space; every resolution is a claim (R22)."""
        p = self.me
        p.claims += 1
        if space == 1:
            if p.supply:
                self._ask("place", 3, "Select materials")
            else:
                self._me_say("has no tokens left to place (Select materials).")
        elif space == 2:
            self._push(["blanks", 1, "the favour track"])
        elif space == 3:
            got = p.gain_money(3)
            self._me_say(f"gains {got} money (Reward).")
        elif space == 4:
            p.clay += 1
            p.glaze += 2
            self._me_say("gains 1 clay and 2 glaze (Prepare glaze).")
        elif space == 5:
            self._push(["offer", 0, "Exhibition"])
        else:
            p.extra += 1 + tribute_bonus
            self._me_say(f"scores {count(1 + tribute_bonus, 'extra point')} (Tribute).", "score")

    def _d_place(self, n: int, why: str) -> tuple[str, list[Choice]]:
        mine = self.me.tokens
        return f"{why}: place {count(n, 'token')} on which zone?", [
            Choice(f"place:{z}", f"{zone_name(z)} (you have {mine[z - 1]})", "", (f"zone:{z}",), str(z))
            for z in range(1, 7)
        ]

    def _h_place(self, key: str, n: int, why: str) -> None:
        z = int(key[6:])
        placed = self.me.place_tokens(z, n)
        self._me_say(f"places {count(placed, 'token')} on {zone_name(z)} ({why}).")

    # --- blanks and rows (rules 22–28) -------------------------------------------------
    def _make_blank(self, p: Player) -> None:
        sel, y = blank_selection(p)
        for z in sel:  # R9: removed tokens go back to supply
            p.tokens[z - 1] -= 1
        p.supply += len(sel)
        self._me_say(
            f"makes {'2 blanks (bonus)' if y == 2 else 'a blank'} from "
            + ", ".join(zone_name(z) for z in sel)
            + "."
        )
        self._push(["blanks", y, "blank-making"])

    def _t_blanks(self, n: int, source: str) -> None:
        m, p = self.m, self.me
        before = p.blanks
        p.blanks = min(N_BLANKS, before + n)  # R11: blanks past slot 20 are lost
        if source != "blank-making":
            self._me_say(f"places {count(p.blanks - before, 'blank')} ({source}).")
        done = [i + 1 for i, t in enumerate(ROW_THRESHOLDS) if before < t <= p.blanks]
        if done:
            m.rows_queue.extend(done)  # R26: queued behind any reward in progress
            if not m.rows_active:
                m.rows_active = True
                self._push(["rows"])

    def _t_rows(self) -> None:
        m = self.m
        if m.rows_queue:
            self._push(["reward", m.rows_queue.pop(0)], ["rows"])
        else:
            m.rows_active = False

    def _t_reward(self, row: int) -> None:
        m, p = self.m, self.me
        self._me_say(f"completes row {row} (+1 point).", "score")
        if row == 1:
            if p.favour:  # R5: twice, without moving; nothing at the start medal
                self._push(["space", p.favour, 0], ["space", p.favour, 0])
        elif row == 2:
            p.clay += 2
            p.glaze += 3
            self._me_say("gains 2 clay and 3 glaze (row 2).")
        elif row == 3:
            self._push(["offer", 0, "Row 3"])
        elif row == 4:
            got = p.gain_money(2)
            self._me_say(f"gains {got} money (row 4).")
        else:  # rule 40 / R13: the marker moves now; this round's pass is skipped
            m.start_seat = self.seat
            m.skip_pass = True
            self._me_say("takes the start-player marker (row 5).")

    # --- cards (rules 32–37); one that could do nothing is never offered (rules.md) ---
    def can_do(self, p: Player, c: Card, money: int, hand: list[str]) -> bool:
        """Whether resolving ``c`` now could change anything for ``p``, with ``money``
        left once it is paid for and ``hand`` the cards still in hand. Tableau cards
        (persistent, achievement) always can: entering the tableau is their effect."""
        check = CAN_DO.get(c.effect)
        return check is None or check(self, p, c, money, hand)

    def zone_can_do(self, p: Player, pip: int, s: int, money: int, hand: list[str]) -> bool:
        """Whether zone ``pip``'s effect at strength ``s``, granted by a card (no
        modifiers, R21), could change anything."""
        if pip == 2:
            return money < MONEY_CAP
        if pip == 4:
            return bool(self.m.deck) and bool(hand)
        if pip == 5:
            return bool(self._playable(s, money, hand))
        return True  # materials and favour always move something

    def _playable(self, discount: int, money: int | None = None,
                  hand: list[str] | None = None) -> list[tuple[str, int]]:
        """(card, cost) for every hand card that is affordable and could do something."""
        p = self.me
        money = p.money if money is None else money
        hand = p.hand if hand is None else hand
        out = []
        for cid in hand:
            c = CARDS[cid]
            cost = max(0, c.cost - discount)
            if cost <= money and self.can_do(p, c, money - cost, [h for h in hand if h != cid]):
                out.append((cid, cost))
        return out

    def _t_offer(self, discount: int, why: str) -> None:
        """R20: a card play may be declined; with nothing affordable nothing is asked."""
        if self._playable(discount):
            self._ask("play", discount, why)
        else:
            self._me_say(f"has no card to play ({why}).")

    def _d_play(self, discount: int, why: str) -> tuple[str, list[Choice]]:
        out = []
        for cid, cost in self._playable(discount):
            c = CARDS[cid]
            out.append(Choice(f"play:{cid}", f"{c.name} {c.zh} for ${cost}", card_hint(c), (f"card:{cid}",)))
        out.append(Choice("skip", "Play no card", "Keep your hand as it is."))
        cheaper = f", {discount} cheaper" if discount else ", full cost"
        return f"{why}: play a card from your hand{cheaper}?", out

    def _h_play(self, key: str, discount: int, why: str) -> None:
        m, p = self.m, self.me
        if key == "skip":
            self._me_say(f"plays no card ({why}).")
            return
        cid = key[5:]
        c = CARDS[cid]
        cost = max(0, c.cost - discount)
        p.money -= cost
        p.hand.remove(cid)
        self._me_say(f"plays {c.name} {c.zh} for {cost} money.", "card")
        if c.type == "play":  # R16: play cards resolve once, then to the discard pile
            m.discard.append(cid)
            self._push(["card", cid])
        else:
            p.tableau.append(cid)

    def _t_card(self, cid: str) -> None:
        c, p, m = CARDS[cid], self.me, self.m
        e, n = c.effect, c.p("amount")
        if e == "points":
            p.extra += n
        elif e == "blanks":
            self._push(["blanks", n, c.name])
        elif e == "tokens_distinct":
            if p.supply:
                self._ask("pick", c.p("count"), [])
        elif e == "tokens_all":
            placed = sum(p.place_tokens(z, n) for z in range(1, 7))
            self._me_say(f"places {count(placed, 'token')} across the zones.")
        elif e == "trim":
            sel = sorted((z for z in range(6) if p.tokens[z]), key=lambda z: (-p.tokens[z], z))[: c.p("zones")]
            for z in sel:
                p.tokens[z] -= 1
            p.supply += len(sel)
            self._push(["blanks", n, c.name])
        elif e == "favour":
            self._push(["gain", n, 0])
        elif e == "money":
            p.gain_money(n)
        elif e == "materials":
            p.clay += c.p("clay")
            p.glaze += c.p("glaze")
        elif e == "zone_effect":
            self._ask("super")
        elif e == "move_tokens":
            self._ask("move_from", n)
        elif e == "others_lose_favour":
            for s, o in enumerate(m.players):
                if s != self.seat and o.favour:  # R8: stops at 1, nothing at 0
                    o.favour = max(1, o.favour - n)
        elif e == "extra_action":
            m.extra_mains += n

    def _d_pick(self, left: int, chosen: list[int]) -> tuple[str, list[Choice]]:
        return f"Wheel-throwing: a token on a different zone ({left} to go)", [
            Choice(f"place:{z}", zone_name(z), "", (f"zone:{z}",), str(z)) for z in range(1, 7) if z not in chosen
        ]

    def _h_pick(self, key: str, left: int, chosen: list[int]) -> None:
        z = int(key[6:])
        p = self.me
        p.place_tokens(z, 1)
        self._me_say(f"places a token on {zone_name(z)}.")
        if left > 1 and p.supply:
            self._ask("pick", left - 1, chosen + [z])

    def _d_super(self) -> tuple[str, list[Choice]]:
        return "Kiln Superintendent: resolve which zone's effect?", [
            Choice(f"effect:{z}", f"{zone_name(z)}: {effect_text(z, d)}", "No tokens, no die.", (f"zone:{z}",), str(z))
            for z, d in self._super_zones(self.me.money, self.me.hand)
        ]

    def _super_zones(self, money: int, hand: list[str]) -> list[tuple[int, int]]:
        """(zone, dice) the Kiln Superintendent may resolve: 1-5 with dice (R1), where
        the effect could do something."""
        p = self.me
        return [(z, d) for z, d in enumerate(self.m.dice[:5], 1)
                if d and self.zone_can_do(p, z, d, money, hand)]

    def _h_super(self, key: str) -> None:
        z = int(key[7:])
        self._push(["effect", z, self.m.dice[z - 1], 0, z, []])

    def _d_move_from(self, n: int) -> tuple[str, list[Choice]]:
        t = self.me.tokens
        return "Porters: move tokens from which zone?", [
            Choice(f"from:{z}", f"{zone_name(z)} (you have {t[z - 1]})", "", (f"zone:{z}",), str(z)) for z in range(1, 7) if t[z - 1]
        ]

    def _h_move_from(self, key: str, n: int) -> None:
        self._ask("move_to", n, int(key[5:]))

    def _d_move_to(self, n: int, src: int) -> tuple[str, list[Choice]]:
        t = self.me.tokens
        return f"Porters: move tokens from {zone_name(src)} to which zone?", [
            Choice(f"to:{z}", f"{zone_name(z)} (you have {t[z - 1]})", "", (f"zone:{z}",), str(z)) for z in range(1, 7) if z != src
        ]

    def _h_move_to(self, key: str, n: int, src: int) -> None:
        self._ask("move_count", n, src, int(key[3:]))

    def _d_move_count(self, n: int, src: int, dst: int) -> tuple[str, list[Choice]]:
        most = min(n, self.me.tokens[src - 1])
        return f"Porters: how many tokens from {zone_name(src)} to {zone_name(dst)}?", [
            Choice(f"count:{k}", count(k, 'token'), "", (f"zone:{src}", f"zone:{dst}"))
            for k in range(most, 0, -1)
        ]

    def _h_move_count(self, key: str, n: int, src: int, dst: int) -> None:
        k = int(key[6:])
        t = self.me.tokens
        t[src - 1] -= k
        t[dst - 1] += k
        self._me_say(f"moves {count(k, 'token')} from {zone_name(src)} to {zone_name(dst)}.")

    # --- the Studio (rule 15, R7) -------------------------------------------------------
    def _studio_draw(self, n: int) -> None:
        m = self.m
        n = min(n, len(m.deck))
        if not n:
            self._me_say("finds the deck empty: the Studio does nothing.")
            return
        m.studio, m.deck = m.deck[:n], m.deck[n:]
        self.reveal()
        self._me_say(f"draws {count(n, 'card')} in the Studio.")
        self._ask("studio")

    def _d_studio(self) -> tuple[str, list[Choice]]:
        # "Done" first: pressing 1 repeatedly keeps the hand instead of swapping back and forth.
        out = [Choice("done", "Done: return the drawn cards", "They go to the bottom of the deck.")]
        out += [
            Choice(f"take:{cid}", f"Take {CARDS[cid].name} {CARDS[cid].zh}", card_hint(CARDS[cid]), (f"card:{cid}",))
            for cid in self.m.studio
        ]
        return "Studio: swap drawn cards with your hand, one for one", out

    def _h_studio(self, key: str) -> None:
        m = self.m
        if key == "done":
            m.deck.extend(m.studio)
            self._me_say(f"returns {count(len(m.studio), 'card')} to the bottom of the deck.")
            m.studio = []
        else:
            self._ask("give", key[5:])

    def _d_give(self, taken: str) -> tuple[str, list[Choice]]:
        out = [
            Choice(f"give:{cid}", f"Give back {CARDS[cid].name} {CARDS[cid].zh}", card_hint(CARDS[cid]), (f"card:{cid}",))
            for cid in self.me.hand
        ]
        out.append(Choice("back", "Back", "Do not take that card."))
        return f"Studio: which hand card goes back for {CARDS[taken].name}?", out

    def _h_give(self, key: str, taken: str) -> None:
        m, p = self.m, self.me
        if key.startswith("give:"):
            gone = key[5:]
            p.hand[p.hand.index(gone)] = taken
            m.studio[m.studio.index(taken)] = gone
            self._me_say("swaps a card in the Studio.")
        self._ask("studio")

    # --- free actions (rules 29–31) ----------------------------------------------------
    @staticmethod
    def _saggar(p: Player) -> int:
        if not p.tableau:
            return 0
        return sum(CARDS[c].p("amount") for c in p.tableau if c in SAGGARS)

    def _reroll_cost(self, p: Player, pip: int) -> int:
        # R27: the zone's dice count, never the boost; the Saggar makes it cheaper.
        return max(0, self.m.dice[pip - 1] - self._saggar(p))

    def _reroll(self, pip: int) -> None:
        m = self.m
        n = m.dice[pip - 1]
        m.dice[pip - 1] = 0
        rnd = self.rng.random
        rolled = [int(rnd() * 6) + 1 for _ in range(n)]
        for r in rolled:
            m.dice[r - 1] += 1
        self.reveal()
        self._me_say(f"rerolls {zone_name(pip)}: {', '.join(map(str, rolled))}.")

    def _d_reroll(self) -> tuple[str, list[Choice]]:
        p = self.me
        out = [
            Choice(f"reroll:{z}", f"{zone_name(z)} ({count(d, 'die')}) for {self._reroll_cost(p, z)} clay", "", (f"zone:{z}",), str(z))
            for z, d in enumerate(self.m.dice, 1)
            if d and self._reroll_cost(p, z) <= p.clay
        ]
        return f"Reroll which zone? (you have {p.clay} clay)", out + [BACK]

    def _h_reroll(self, key: str) -> None:
        if key == "back":
            return
        z = int(key[7:])
        p = self.me
        p.clay -= self._reroll_cost(p, z)
        self._reroll(z)

    def _d_exchange(self) -> tuple[str, list[Choice]]:
        t = self.me.tokens
        return "Exchange 3 glaze: place a token on which zone?", [
            Choice(f"exchange:{z}", f"{zone_name(z)} (you have {t[z - 1]})", "", (f"zone:{z}",), str(z)) for z in range(1, 7)
        ] + [BACK]

    def _h_exchange(self, key: str) -> None:
        if key == "back":
            return
        z = int(key[9:])
        p = self.me
        p.glaze -= 3
        p.place_tokens(z, 1)
        self._me_say(f"exchanges 3 glaze for a token on {zone_name(z)}.")

    def _tap(self, p: Player, c: Card) -> None:
        m = self.m
        p.tapped.append(c.id)
        e, n = c.effect, c.p("amount")
        self._me_say(f"taps {c.name} {c.zh}.", "card")
        if e == "reroll_most":  # rule 38 / R29: most dice, ties to the lower pip
            self._reroll(max(range(1, 7), key=lambda z: (m.dice[z - 1], -z)))
        elif e == "fewer_material":
            if p.clay < p.glaze:
                p.clay += n
            else:
                p.glaze += n
        elif e == "money":
            p.gain_money(n)
        elif e == "convert":
            p.clay -= c.p("clay")
            p.glaze += c.p("glaze")
        elif e == "token_where_present":
            self._ask("present", n)
        elif e == "bellows":
            m.bellows += n
        elif e == "buy_favour":
            p.money -= c.p("money")
            self._push(["gain", n, 0])
        elif e == "sell_materials":
            self._ask("sell", c.p("materials"), n)

    def _d_present(self, n: int) -> tuple[str, list[Choice]]:
        t = self.me.tokens
        return "Kiln Hand: a token on a zone where you already have one", [
            Choice(f"place:{z}", f"{zone_name(z)} (you have {t[z - 1]})", "", (f"zone:{z}",), str(z)) for z in range(1, 7) if t[z - 1]
        ]

    def _h_present(self, key: str, n: int) -> None:
        self._h_place(key, n, "Kiln Hand")

    def _d_sell(self, k: int, money: int) -> tuple[str, list[Choice]]:
        p = self.me
        return f"Broker: pay {count(k, 'material')} for {money} money", [
            Choice(f"sell:{c}", f"{c} clay + {k - c} glaze", "")
            for c in range(min(k, p.clay), -1, -1)
            if k - c <= p.glaze
        ]

    def _h_sell(self, key: str, k: int, money: int) -> None:
        c = int(key[5:])
        p = self.me
        p.clay -= c
        p.glaze -= k - c
        got = p.gain_money(money)
        self._me_say(f"sells {count(k, 'material')} for {got} money (Broker).")

    # --- results and views -------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.m.over

    def round_number(self) -> int | None:
        return self.m.round

    def describe(self, touch: str, seat: int | None = None) -> str | None:
        from .inspect import describe

        return describe(self, touch, seat)

    def lookups(self, seat: int | None = None) -> list[tuple[str, str]]:
        from .inspect import lookups

        return lookups(self, seat)

    def scores(self) -> list[int]:
        return [scoring.score(p) for p in self.m.players]

    def ranking(self) -> list[int]:
        return scoring.ranking(self.m)

    def phase(self) -> str:
        m = self.m
        if m.over:
            return "game over"
        kind = m.pending[0] if m.pending else "turn"
        if kind == "turn":
            return "before the main action" if m.mains == 0 else "after the main action"
        return "resolving"

    def summary(self) -> dict[str, Any]:
        m = self.m
        players = []
        for s, p in enumerate(m.players):
            players.append(
                {
                    "name": self.name(s),
                    "score": scoring.score(p),
                    "money": p.money,
                    "favour": p.favour,
                    "claims": p.claims,
                    "clay": p.clay,
                    "glaze": p.glaze,
                    "blanks": p.blanks,
                    "rows": p.rows,
                    "extra": p.extra,
                    "dragon": p.dragon,
                    "hand": len(p.hand),
                    "tokens": p.tokens[:],
                    "supply": p.supply,
                    "taken_dice": p.taken_dice,
                    "cards": [CARDS[c].label for c in p.tableau],
                    "tableau": [
                        {"id": c, "name": CARDS[c].label, "type": CARDS[c].type, "tapped": c in p.tapped}
                        for c in p.tableau
                    ],
                    "breakdown": scoring.breakdown(p),
                }
            )
        return {
            "game": "kiln",
            "round": m.round,
            "start_seat": m.start_seat,
            "over": m.over,
            "order": m.order[:],
            "turn": m.turn,
            "current": None if m.over else self.seat,
            "phase": self.phase(),
            "extra_actions": m.extra_mains,  # Rush Order's main actions still to come this turn
            "bellows": m.bellows,  # free strength waiting for this turn's next main action
            "dice": m.dice[:],
            "deck": len(m.deck),
            "discard": [CARDS[c].label for c in m.discard],
            "zones": list(ZONES),
            "players": players,
            "tiebreaks": scoring.tiebreak_lines(m, self.record.seats) if m.over else [],
            "winner": self.ranking()[0] if m.over else None,
        }

    def view(self, seat: int) -> dict[str, Any]:
        v = self.summary()
        v["you"] = seat
        v["players"][seat]["hand_cards"] = [card_dict(c) for c in self.m.players[seat].hand]
        if self.m.studio and not self.m.over and self.seat == seat:
            v["studio"] = [card_dict(c) for c in self.m.studio]
        return v

    def determinize(self, seat: int, rng) -> "State":
        """Other hands, the deck and another seat's Studio draw are shuffled together
        (sizes kept); the cards ``seat`` holds, has in front of it or sees in its own
        Studio stay put."""
        other = super().determinize(seat, rng)
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

    # --- persistence --------------------------------------------------------------------
    def _dump(self) -> dict[str, Any]:
        return self.m.dump()

    def _restore(self, data: dict[str, Any]) -> None:
        self.m = Model.load(data)
        self._events = []

    def _copy_model(self, other: "GameState") -> None:
        other.m = self.m.copy()
        other._events = []


# Decisions whose wording depends only on their arguments are built once: choices are
# never mutated, and the engine asks for these thousands of times in bot games.
@lru_cache(maxsize=None)
def boost_decision(pip: int, s: int) -> tuple[str, list[Choice]]:
    return f"{zone_name(pip)} at strength {s}: pay 1 money for strength {s + 1}?", [
        Choice("noboost", f"Keep strength {s}", f"Then {effect_text(pip, s)}.", (f"zone:{pip}",)),
        Choice("boost", f"Pay 1 money: strength {s + 1}", f"Then {effect_text(pip, s + 1)}.", (f"zone:{pip}", "money")),
    ]


@lru_cache(maxsize=None)
def split_decision(n: int, why: str) -> tuple[str, list[Choice]]:
    return f"{why}: split {count(n, 'material')} between clay and glaze", [
        Choice(f"split:{c}", f"{c} clay + {n - c} glaze", "Clay pays for rerolls; 3 glaze buys a token.")
        for c in range(n, -1, -1)
    ]


@lru_cache(maxsize=None)
def favour_decision(f: int, n: int) -> tuple[str, list[Choice]]:
    fwd, back = min(6, f + n), max(1, f - n)
    return f"Favour +{n} from {f}: forward or back?", [
        Choice("forward", f"Forward to {fwd}: {FAVOUR_SPACES[fwd]}", SPACE_HINT[fwd], (f"favour:{fwd}",)),
        Choice("back", f"Back to {back}: {FAVOUR_SPACES[back]}", SPACE_HINT[back], (f"favour:{back}",)),
    ]


# effect -> whether it could do anything now, given (state, player, card, money left
# after paying, cards left in hand). Effects not listed always can: points, favour,
# materials, the extra action, Kiln Fire's reroll, the White Clay Mine.
CAN_DO = {
    "blanks": lambda st, p, c, money, hand: p.blanks < N_BLANKS,
    "tokens_distinct": lambda st, p, c, money, hand: p.supply > 0,
    "tokens_all": lambda st, p, c, money, hand: p.supply > 0,
    # Without room for the blank the tokens would come off for nothing.
    "trim": lambda st, p, c, money, hand: (
        p.blanks < N_BLANKS and sum(1 for t in p.tokens if t) >= c.p("zones")),
    "money": lambda st, p, c, money, hand: money < MONEY_CAP,  # Merchant Guild, Counting House
    "zone_effect": lambda st, p, c, money, hand: bool(st._super_zones(money, hand)),
    "move_tokens": lambda st, p, c, money, hand: any(p.tokens),
    # R8: losing favour stops at 1 and does nothing at the medal.
    "others_lose_favour": lambda st, p, c, money, hand: any(
        o.favour > 1 for o in st.m.players if o is not p),
    "convert": lambda st, p, c, money, hand: p.clay >= c.p("clay"),
    "buy_favour": lambda st, p, c, money, hand: money >= c.p("money"),
    # At the cap the Broker would take the materials and pay nothing.
    "sell_materials": lambda st, p, c, money, hand: (
        p.clay + p.glaze >= c.p("materials") and money < MONEY_CAP),
    "token_where_present": lambda st, p, c, money, hand: p.supply > 0 and any(p.tokens),
    "bellows": lambda st, p, c, money, hand: st.main_open(),
}


def _table(prefix: str) -> dict:
    return {k[len(prefix):]: v for k, v in vars(State).items() if k.startswith(prefix)}


# kind -> method: builds the decision (_d_), applies its choice (_h_), runs a task (_t_)
DECIDE, HANDLE, TASK = _table("_d_"), _table("_h_"), _table("_t_")


TYPE_WORDS = {"play": "Play card", "tap": "Tap card", "persistent": "Persistent card",
              "achievement": "Achievement"}


def card_hint(c: Card) -> str:
    zone = f", {zone_name(c.pip)}" if c.pip else ""
    return f"{TYPE_WORDS[c.type]}{zone} (cost {c.cost}): {c.text}"


def card_dict(cid: str) -> dict[str, Any]:
    c = CARDS[cid]
    return {"id": c.id, "name": c.label, "type": c.type, "cost": c.cost, "pip": c.pip, "text": c.text}


SPACE_HINT = {
    1: "Select materials: place 3 tokens on any zone.",
    2: "Blank: place 1 blank.",
    3: "Reward: +3 money.",
    4: "Prepare glaze: +1 clay, +2 glaze.",
    5: "Exhibition: you may play a card at full cost.",
    6: "Tribute: +1 point.",
}
