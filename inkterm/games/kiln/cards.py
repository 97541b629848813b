"""Kiln's cards and their effects (rules 32–38): which card could do something now,
playing one, a play card's effect, tapping, persistent cards triggering.

A card whose effect could do nothing is never offered (rules.md): ``CAN_DO`` says, per
effect, when it could.
"""
from __future__ import annotations

from inkterm.engine import Choice
from inkterm.engine.steps import key_int, parse_key
from inkterm.engine.text import Msg, nmsg, Text

from .choices import count_choice, play_choice, sell_choice, super_choice, zone_pick
from .content import MONEY_CAP, N_BLANKS, Card, KilnContent
from .core import KilnCore, card_name, card_short, zone_name
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
            self._me_say(Msg("{who} has no card to play ({why}).", why=self._why(step.why)))

    def decide_play(self, step: Play) -> tuple[Text, list[Choice], tuple[tuple[str, Text, Text], ...]]:
        discount = step.discount
        p = self.me
        playable = self._playable(discount)
        out = [play_choice(self.content, cid, cost, p.blanks, p.favour, p.supply) for cid, cost in playable]
        out.append(Choice("skip", Msg("Play no card"), Msg("Keep your hand as it is.")))
        # The rest of the hand, dimmed with the reason (the menu lists them after).
        can = {cid for cid, _ in playable}
        closed = tuple(("", card_name(c), Msg("${cost}, you have ${money}", cost=cost, money=p.money)
                        if cost > p.money else Msg("it would do nothing now"))
                       for cid in p.hand if cid not in can
                       for c, cost in [(self.cards[cid], max(0, self.cards[cid].cost - discount))])
        why = self._why(step.why)
        prompt = (Msg("{why}: play a card from your hand, {n} cheaper?", why=why, n=discount) if discount
                  else Msg("{why}: play a card from your hand, full cost?", why=why))
        return prompt, out, closed

    def handle_play(self, step: Play, key: str) -> None:
        m, p = self.m, self.me
        if key == "skip":
            self._me_say(Msg("{who} plays no card ({why}).", why=self._why(step.why)))
            return
        cid = parse_key(key)[1]
        c = self.cards[cid]
        cost = max(0, c.cost - step.discount)
        p.money -= cost
        p.hand.remove(cid)
        self._me_say(Msg("{who} plays {card} for {n} money.", card=card_name(c), n=cost), "card")
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
            self._me_say(nmsg("{who} scores {n} extra point ({card}).", "{who} scores {n} extra points ({card}).", n,
                              card=card_short(c)), "score")
        elif e == "blanks":
            self._push(Blanks(n, c.name))
        elif e == "tokens_distinct":
            if p.supply:
                self._ask(Pick(c.p("count"), []))
        elif e == "tokens_all":
            placed = sum(p.place_tokens(z, n) for z in range(1, 7))
            self._me_say(nmsg("{who} places {n} token across the zones.", "{who} places {n} tokens across the zones.",
                              placed))
        elif e == "trim":
            sel = sorted((z for z in range(6) if p.tokens[z]), key=lambda z: (-p.tokens[z], z))[: c.p("zones")]
            for z in sel:
                p.tokens[z] -= 1
            p.supply += len(sel)
            if sel:
                self._me_say(Msg("{who} takes a token back to the supply from {zones} ({card}).",
                                 zones=tuple(zone_name(z + 1) for z in sel), card=card_short(c)))
            self._push(Blanks(n, c.name))
        elif e == "favour":
            self._push(Gain(n, 0))
        elif e == "money":
            self._me_say(Msg("{who} gains {n} money ({card}).", n=p.gain_money(n), card=card_short(c)))
        elif e == "materials":
            p.clay += c.p("clay")
            p.glaze += c.p("glaze")
            self._me_say(Msg("{who} gains {clay} clay and {glaze} glaze ({card}).", clay=c.p("clay"), glaze=c.p("glaze"),
                             card=card_short(c)))
        elif e == "zone_effect":
            self._ask(Super())
        elif e == "move_tokens":
            self._ask(MoveFrom(n))
        elif e == "others_lose_favour":
            for s, o in enumerate(m.players):
                if s != self.seat and o.favour:  # R8: stops at 1, nothing at 0
                    lost, o.favour = o.favour - max(1, o.favour - n), max(1, o.favour - n)
                    who = self.name(s)
                    self._say(Msg("{who} loses {n} favour to {card} (now favour {favour}).", who=who, n=lost,
                                  card=card_short(c), favour=o.favour)
                              if lost else Msg("{who} keeps favour {favour} (it stops at 1).", who=who, favour=o.favour),
                              s, "card")
        elif e == "extra_action":
            m.extra_mains += n

    # --- play cards that ask ------------------------------------------------------------
    def decide_pick(self, step: Pick) -> tuple[Text, list[Choice]]:
        return Msg("Wheel-throwing: a token on a different zone ({n} to go)", n=step.left), [
            zone_pick("place", z, Msg("{zone}: a token here", zone=zone_name(z))) for z in range(1, 7)
            if z not in step.chosen
        ]

    def handle_pick(self, step: Pick, key: str) -> None:
        z = key_int(key)
        p = self.me
        p.place_tokens(z, 1)
        self._me_say(Msg("{who} places a token on {zone}.", zone=zone_name(z)))
        if step.left > 1 and p.supply:
            self._ask(Pick(step.left - 1, step.chosen + [z]))

    def decide_super(self, step: Super) -> tuple[Text, list[Choice]]:
        return Msg("Kiln Superintendent: resolve which zone's effect?"), [
            super_choice(z, d) for z, d in self._super_zones(self.me.money, self.me.hand)
        ]

    def handle_super(self, step: Super, key: str) -> None:
        z = key_int(key)
        self._push(Effect(z, self.m.dice[z - 1], False, z, []))

    def decide_move_from(self, step: MoveFrom) -> tuple[Text, list[Choice]]:
        t = self.me.tokens
        return Msg("Porters: move tokens from which zone?"), [
            zone_pick("from", z, Msg("{zone} (you have {n})", zone=zone_name(z), n=t[z - 1])) for z in range(1, 7)
            if t[z - 1]
        ]

    def handle_move_from(self, step: MoveFrom, key: str) -> None:
        self._ask(MoveTo(step.n, key_int(key)))

    def decide_move_to(self, step: MoveTo) -> tuple[Text, list[Choice]]:
        t, src = self.me.tokens, step.src
        return Msg("Porters: move tokens from {zone} to which zone?", zone=zone_name(src)), [
            zone_pick("to", z, Msg("{zone} (you have {n})", zone=zone_name(z), n=t[z - 1])) for z in range(1, 7)
            if z != src
        ]

    def handle_move_to(self, step: MoveTo, key: str) -> None:
        self._ask(MoveCount(step.n, step.src, key_int(key)))

    def decide_move_count(self, step: MoveCount) -> tuple[Text, list[Choice]]:
        src, dst = step.src, step.dst
        most = min(step.n, self.me.tokens[src - 1])
        return Msg("Porters: how many tokens from {src} to {dst}?", src=zone_name(src), dst=zone_name(dst)), [
            count_choice(k, src, dst) for k in range(most, 0, -1)
        ]

    def handle_move_count(self, step: MoveCount, key: str) -> None:
        k = key_int(key)
        src, dst = step.src, step.dst
        t = self.me.tokens
        t[src - 1] -= k
        t[dst - 1] += k
        self._me_say(nmsg("{who} moves {n} token from {src} to {dst}.", "{who} moves {n} tokens from {src} to {dst}.",
                          k, src=zone_name(src), dst=zone_name(dst)))

    # --- tap cards (rule 38), a free action once per round ---------------------------------
    def _tap(self, p: Player, c: Card) -> None:
        m = self.m
        p.tapped.append(c.id)
        e, n = c.effect, c.p("amount")
        card = card_name(c)
        if e == "reroll_most":  # rule 38 / R29: most dice, ties to the lower pip
            self._me_say(Msg("{who} taps {card}.", card=card), "card")
            self._reroll(max(range(1, 7), key=lambda z: (m.dice[z - 1], -z)))
        elif e == "fewer_material":
            which = "clay" if p.clay < p.glaze else "glaze"
            setattr(p, which, getattr(p, which) + n)
            self._me_say(Msg("{who} taps {card}: gains {n} clay.", card=card, n=n) if which == "clay"
                         else Msg("{who} taps {card}: gains {n} glaze.", card=card, n=n), "card")
        elif e == "money":
            self._me_say(Msg("{who} taps {card}: gains {n} money.", card=card, n=p.gain_money(n)), "card")
        elif e == "convert":
            p.clay -= c.p("clay")
            p.glaze += c.p("glaze")
            self._me_say(Msg("{who} taps {card}: pays {clay} clay for {glaze} glaze.", card=card, clay=c.p("clay"),
                             glaze=c.p("glaze")), "card")
        elif e == "token_where_present":
            self._me_say(Msg("{who} taps {card}.", card=card), "card")
            self._ask(Present(n))
        elif e == "bellows":
            m.bellows += n
            self._me_say(Msg("{who} taps {card}: +{n} strength to the next main action.", card=card, n=n), "card")
        elif e == "buy_favour":
            p.money -= c.p("money")
            self._me_say(Msg("{who} taps {card}: pays {money} money for {n} favour.", card=card, money=c.p("money"),
                             n=n), "card")
            self._push(Gain(n, 0))
        else:
            self._me_say(Msg("{who} taps {card}.", card=card), "card")
            if e == "sell_materials":
                self._ask(Sell(c.p("materials"), n))

    def decide_present(self, step: Present) -> tuple[Text, list[Choice]]:
        t = self.me.tokens
        return Msg("Kiln Hand: a token on a zone where you already have one"), [
            zone_pick("place", z, Msg("{zone} (you have {n}): a token here", zone=zone_name(z), n=t[z - 1]))
            for z in range(1, 7) if t[z - 1]
        ]

    def handle_present(self, step: Present, key: str) -> None:
        z = key_int(key)
        placed = self.me.place_tokens(z, step.n)
        self._me_say(nmsg("{who} places {n} token on {zone} (Kiln Hand).", "{who} places {n} tokens on {zone} (Kiln Hand).",
                          placed, zone=zone_name(z)))

    def decide_sell(self, step: Sell) -> tuple[Text, list[Choice]]:
        p, k = self.me, step.k
        return nmsg("Broker: pay {n} material for {money} money", "Broker: pay {n} materials for {money} money", k,
                    money=step.money), [
            sell_choice(c, k) for c in range(min(k, p.clay), -1, -1) if k - c <= p.glaze
        ]

    def handle_sell(self, step: Sell, key: str) -> None:
        c, k = key_int(key), step.k
        p = self.me
        p.clay -= c
        p.glaze -= k - c
        got = p.gain_money(step.money)
        self._me_say(nmsg("{who} sells {n} material for {money} money (Broker).",
                          "{who} sells {n} materials for {money} money (Broker).", k, money=got))

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
            self._me_say(Msg("{who} gains {n} money from {card}.", n=got, card=card_short(c)), "card")
        elif e == "bonus_token":
            acting = step.acting
            placed = p.place_tokens(acting, n)
            self._me_say(nmsg("{who} places {n} extra token on {zone} ({card}).",
                              "{who} places {n} extra tokens on {zone} ({card}).", placed, zone=zone_name(acting),
                              card=card_short(c)), "card")
        elif e == "bonus_glaze":
            p.glaze += n
            self._me_say(Msg("{who} gains {n} glaze from {card}.", n=n, card=card_short(c)), "card")
        elif e == "dragon":
            if p.dragon < c.p("max"):
                p.dragon += 1
                self._me_say(Msg("{who} adds a Dragon Kiln marker to {card} ({n} of {most} now).", card=card_name(c),
                                 n=p.dragon, most=c.p("max")), "card")
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
