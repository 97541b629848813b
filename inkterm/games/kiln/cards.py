"""Kiln's cards and their effects (rules 32–38): which card could do something now,
playing one, a play card's effect, tapping, persistent cards triggering.

A card whose effect could do nothing is never offered (rules.md): ``CAN_DO`` says, per
effect, when it could.
"""
from __future__ import annotations

from inkterm.engine import Choice
from inkterm.engine.steps import key_int, parse_key
from inkterm.engine.words import count

from .choices import count_choice, play_choice, sell_choice, super_choice, zone_pick
from .content import MONEY_CAP, N_BLANKS, Card, KilnContent
from .core import KilnCore, zone_name
from .model import Player
from .steps import (Blanks, CardEffect, Effect, Gain, MoveCount, MoveFrom, MoveTo, Offer, Persist, Pick,
                    Play, Present, Sell, Split, Super, Trigger)

def saggar(p: Player, k: KilnContent) -> int:
    """How much cheaper the player's Saggars make a reroll (R27)."""
    if not p.tableau:
        return 0
    return sum(k.cards[c].p("amount") for c in p.tableau if c in k.saggars)


class CardRules(KilnCore):
    # --- what could do something ----------------------------------------------------
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
        cards = self.cards
        for cid in hand:
            c = cards[cid]
            cost = max(0, c.cost - discount)
            if cost <= money and self.can_do(p, c, money - cost, [h for h in hand if h != cid]):
                out.append((cid, cost))
        return out

    def _super_zones(self, money: int, hand: list[str]) -> list[tuple[int, int]]:
        """(zone, dice) the Kiln Superintendent may resolve: 1-5 with dice (R1), where
        the effect could do something."""
        p = self.me
        return [(z, d) for z, d in enumerate(self.m.dice[:5], 1)
                if d and self.zone_can_do(p, z, d, money, hand)]

    # --- playing a card (R20, R16) ------------------------------------------------------
    def run_offer(self, step: Offer) -> None:
        """R20: a card play may be declined; with nothing affordable nothing is asked."""
        if self._playable(step.discount):
            self._ask(Play(step.discount, step.why))
        else:
            self._me_say(f"has no card to play ({step.why}).")

    def decide_play(self, step: Play) -> tuple[str, list[Choice], tuple[tuple[str, str, str], ...]]:
        discount = step.discount
        p = self.me
        playable = self._playable(discount)
        out = [play_choice(self.content, cid, cost, p.blanks, p.favour, p.supply) for cid, cost in playable]
        out.append(Choice("skip", "Play no card", "Keep your hand as it is."))
        cheaper = f", {discount} cheaper" if discount else ", full cost"
        # The rest of the hand, dimmed with the reason (the menu lists them after).
        can = {cid for cid, _ in playable}
        closed = tuple(("", f"{c.name} {c.zh}", f"${cost}, you have ${p.money}" if cost > p.money
                        else "it would do nothing now")
                       for cid in p.hand if cid not in can
                       for c, cost in [(self.cards[cid], max(0, self.cards[cid].cost - discount))])
        return f"{step.why}: play a card from your hand{cheaper}?", out, closed

    def handle_play(self, step: Play, key: str) -> None:
        m, p = self.m, self.me
        if key == "skip":
            self._me_say(f"plays no card ({step.why}).")
            return
        cid = parse_key(key)[1]
        c = self.cards[cid]
        cost = max(0, c.cost - step.discount)
        p.money -= cost
        p.hand.remove(cid)
        self._me_say(f"plays {c.name} {c.zh} for {cost} money.", "card")
        if c.type == "play":  # R16: play cards resolve once, then to the discard pile
            m.discard.append(cid)
            self._push(CardEffect(cid))
        else:
            p.tableau.append(cid)

    def run_card(self, step: CardEffect) -> None:
        c, p, m = self.cards[step.cid], self.me, self.m
        e, n = c.effect, c.p("amount")
        if e == "points":
            p.extra += n
            self._me_say(f"scores {count(n, 'extra point')} ({c.name}).", "score")
        elif e == "blanks":
            self._push(Blanks(n, c.name))
        elif e == "tokens_distinct":
            if p.supply:
                self._ask(Pick(c.p("count"), []))
        elif e == "tokens_all":
            placed = sum(p.place_tokens(z, n) for z in range(1, 7))
            self._me_say(f"places {count(placed, 'token')} across the zones.")
        elif e == "trim":
            sel = sorted((z for z in range(6) if p.tokens[z]), key=lambda z: (-p.tokens[z], z))[: c.p("zones")]
            for z in sel:
                p.tokens[z] -= 1
            p.supply += len(sel)
            if sel:
                self._me_say(f"takes a token back to the supply from {', '.join(zone_name(z + 1) for z in sel)} "
                             f"({c.name}).")
            self._push(Blanks(n, c.name))
        elif e == "favour":
            self._push(Gain(n, 0))
        elif e == "money":
            self._me_say(f"gains {p.gain_money(n)} money ({c.name}).")
        elif e == "materials":
            p.clay += c.p("clay")
            p.glaze += c.p("glaze")
            self._me_say(f"gains {c.p('clay')} clay and {c.p('glaze')} glaze ({c.name}).")
        elif e == "zone_effect":
            self._ask(Super())
        elif e == "move_tokens":
            self._ask(MoveFrom(n))
        elif e == "others_lose_favour":
            for s, o in enumerate(m.players):
                if s != self.seat and o.favour:  # R8: stops at 1, nothing at 0
                    lost, o.favour = o.favour - max(1, o.favour - n), max(1, o.favour - n)
                    who = self.name(s)
                    self._say(f"{who} loses {lost} favour to {c.name} (now favour {o.favour})."
                              if lost else f"{who} keeps favour {o.favour} (it stops at 1).", s, "card")
        elif e == "extra_action":
            m.extra_mains += n

    # --- play cards that ask ------------------------------------------------------------
    def decide_pick(self, step: Pick) -> tuple[str, list[Choice]]:
        return f"Wheel-throwing: a token on a different zone ({step.left} to go)", [
            zone_pick("place", z, f"{zone_name(z)}: a token here") for z in range(1, 7) if z not in step.chosen
        ]

    def handle_pick(self, step: Pick, key: str) -> None:
        z = key_int(key)
        p = self.me
        p.place_tokens(z, 1)
        self._me_say(f"places a token on {zone_name(z)}.")
        if step.left > 1 and p.supply:
            self._ask(Pick(step.left - 1, step.chosen + [z]))

    def decide_super(self, step: Super) -> tuple[str, list[Choice]]:
        return "Kiln Superintendent: resolve which zone's effect?", [
            super_choice(z, d) for z, d in self._super_zones(self.me.money, self.me.hand)
        ]

    def handle_super(self, step: Super, key: str) -> None:
        z = key_int(key)
        self._push(Effect(z, self.m.dice[z - 1], False, z, []))

    def decide_move_from(self, step: MoveFrom) -> tuple[str, list[Choice]]:
        t = self.me.tokens
        return "Porters: move tokens from which zone?", [
            zone_pick("from", z, f"{zone_name(z)} (you have {t[z - 1]})") for z in range(1, 7) if t[z - 1]
        ]

    def handle_move_from(self, step: MoveFrom, key: str) -> None:
        self._ask(MoveTo(step.n, key_int(key)))

    def decide_move_to(self, step: MoveTo) -> tuple[str, list[Choice]]:
        t, src = self.me.tokens, step.src
        return f"Porters: move tokens from {zone_name(src)} to which zone?", [
            zone_pick("to", z, f"{zone_name(z)} (you have {t[z - 1]})") for z in range(1, 7) if z != src
        ]

    def handle_move_to(self, step: MoveTo, key: str) -> None:
        self._ask(MoveCount(step.n, step.src, key_int(key)))

    def decide_move_count(self, step: MoveCount) -> tuple[str, list[Choice]]:
        src, dst = step.src, step.dst
        most = min(step.n, self.me.tokens[src - 1])
        return f"Porters: how many tokens from {zone_name(src)} to {zone_name(dst)}?", [
            count_choice(k, src, dst) for k in range(most, 0, -1)
        ]

    def handle_move_count(self, step: MoveCount, key: str) -> None:
        k = key_int(key)
        src, dst = step.src, step.dst
        t = self.me.tokens
        t[src - 1] -= k
        t[dst - 1] += k
        self._me_say(f"moves {count(k, 'token')} from {zone_name(src)} to {zone_name(dst)}.")

    # --- tap cards (rule 38), a free action once per round ---------------------------------
    def _tap(self, p: Player, c: Card) -> None:
        m = self.m
        p.tapped.append(c.id)
        e, n = c.effect, c.p("amount")
        tapped = f"taps {c.name} {c.zh}"
        if e == "reroll_most":  # rule 38 / R29: most dice, ties to the lower pip
            self._me_say(f"{tapped}.", "card")
            self._reroll(max(range(1, 7), key=lambda z: (m.dice[z - 1], -z)))
        elif e == "fewer_material":
            which = "clay" if p.clay < p.glaze else "glaze"
            setattr(p, which, getattr(p, which) + n)
            self._me_say(f"{tapped}: gains {n} {which}.", "card")
        elif e == "money":
            self._me_say(f"{tapped}: gains {p.gain_money(n)} money.", "card")
        elif e == "convert":
            p.clay -= c.p("clay")
            p.glaze += c.p("glaze")
            self._me_say(f"{tapped}: pays {c.p('clay')} clay for {c.p('glaze')} glaze.", "card")
        elif e == "token_where_present":
            self._me_say(f"{tapped}.", "card")
            self._ask(Present(n))
        elif e == "bellows":
            m.bellows += n
            self._me_say(f"{tapped}: +{n} strength to the next main action.", "card")
        elif e == "buy_favour":
            p.money -= c.p("money")
            self._me_say(f"{tapped}: pays {c.p('money')} money for {n} favour.", "card")
            self._push(Gain(n, 0))
        else:
            self._me_say(f"{tapped}.", "card")
            if e == "sell_materials":
                self._ask(Sell(c.p("materials"), n))

    def decide_present(self, step: Present) -> tuple[str, list[Choice]]:
        t = self.me.tokens
        return "Kiln Hand: a token on a zone where you already have one", [
            zone_pick("place", z, f"{zone_name(z)} (you have {t[z - 1]}): a token here") for z in range(1, 7) if t[z - 1]
        ]

    def handle_present(self, step: Present, key: str) -> None:
        z = key_int(key)
        placed = self.me.place_tokens(z, step.n)
        self._me_say(f"places {count(placed, 'token')} on {zone_name(z)} (Kiln Hand).")

    def decide_sell(self, step: Sell) -> tuple[str, list[Choice]]:
        p, k = self.me, step.k
        return f"Broker: pay {count(k, 'material')} for {step.money} money", [
            sell_choice(c, k) for c in range(min(k, p.clay), -1, -1) if k - c <= p.glaze
        ]

    def handle_sell(self, step: Sell, key: str) -> None:
        c, k = key_int(key), step.k
        p = self.me
        p.clay -= c
        p.glaze -= k - c
        got = p.gain_money(step.money)
        self._me_say(f"sells {count(k, 'material')} for {got} money (Broker).")

    # --- persistent cards (R4, R21) ------------------------------------------------------
    def _has(self, is_action: bool, owned: list[str], effect: str) -> Card | None:
        """The owned card with this modifier, if the effect is part of a main action."""
        if is_action:
            cards = self.cards
            for cid in owned:
                if cards[cid].effect == effect:
                    return cards[cid]
        return None

    def run_persist(self, step: Persist) -> None:
        self._push(*(Trigger(c, step.acting) for c in step.owned if self.cards[c].pip == step.pip))

    def run_trigger(self, step: Trigger) -> None:
        c, p = self.cards[step.cid], self.me
        e, n = c.effect, c.p("amount")
        if e == "bonus_material":
            self._ask(Split(n, c.name))
        elif e == "bonus_money":
            got = p.gain_money(n)
            self._me_say(f"gains {got} money from {c.name}.", "card")
        elif e == "bonus_token":
            acting = step.acting
            placed = p.place_tokens(acting, n)
            self._me_say(f"places {count(placed, 'extra token')} on {zone_name(acting)} ({c.name}).", "card")
        elif e == "bonus_glaze":
            p.glaze += n
            self._me_say(f"gains {n} glaze from {c.name}.", "card")
        elif e == "dragon":
            if p.dragon < c.p("max"):
                p.dragon += 1
                self._me_say(f"adds a Dragon Kiln marker to {c.name} {c.zh} ({p.dragon} of {c.p('max')} now).", "card")
        # favour_boost, tribute_bonus, studio_boost, shop_discount, free_copy change
        # values inside the effect itself and do nothing afterwards.


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
