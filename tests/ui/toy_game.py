"""A tiny game for testing the app shell without a real game's rules, and the fourth
game every generic test runs on (a game the tests add, as a new game package would).

"Toy race": seats take turns adding 1–3 to a shared counter; at every multiple of
5 a die is rolled (new information: undo stops there); each seat holds a secret
card. The game ends when the counter reaches 12; the highest running total wins.
"""
from __future__ import annotations

from inkterm.engine import Choice, Decision, Event, GameSpec, GameState
from inkterm.engine.words import act

# Declared as a game package declares it; tests/conftest.py registers it by name. Its
# secret cards are hidden information, dealt rather than chosen: no secret topics.
GAME = GameSpec(id="toy", title="Toy race", min_players=2, max_players=4,
                module=__name__, blurb="A test game.", hidden_information=True,
                order=1000)  # after every game inkterm ships

RULES = """# Toy race

A test game: seats take turns adding to a shared counter.

## Adding

On your turn add 1, 2 or 3 to the counter; your running total grows by as much.

## The die

Whenever the counter passes a multiple of 5, a die is rolled for all to see.

## Secret cards

Each seat is dealt a secret card (1 to 9) that only it sees.

## The end

The game ends when the counter reaches 12; the highest running total wins, the lower
seat on a tie.
"""


class State(GameState):
    game_id = "toy"

    def _setup(self):
        n = len(self.record.seats)
        self.counter = 0
        self.turn = 0
        self.totals = [0] * n
        self.secret = [self.rng.randint(1, 9) for _ in range(n)]
        self.die = 0

    def _decide(self):
        seat = self.turn % len(self.record.seats)
        choices = [
            Choice(f"add:{k}", f"Add {k}", hint=f"the counter becomes {self.counter + k}",
                   touches=(f"cell:{self.counter + k}",))
            for k in (1, 2, 3)
        ]
        return Decision(seat, "How much to add?", choices, topic="adding")

    def _apply(self, choice):
        seat = self.turn % len(self.record.seats)
        k = int(choice.key.split(":")[1])
        before = self.counter
        self.counter += k
        self.totals[seat] += k
        events = [Event(f"{act(self.record.seats[seat], f'adds {k}')} (now {self.counter})", seat)]
        if before // 5 != self.counter // 5:
            self.die = self.rng.randint(1, 6)
            self.reveal()
            events.append(Event(f"A die shows {self.die}", None, "roll"))
        self.turn += 1
        return events

    def _dump(self):
        return {"counter": self.counter, "turn": self.turn, "totals": list(self.totals),
                "secret": list(self.secret), "die": self.die}

    def _restore(self, d):
        self.counter, self.turn, self.die = d["counter"], d["turn"], d["die"]
        self.totals, self.secret = list(d["totals"]), list(d["secret"])

    def _copy_model(self, other):
        other._restore(self._dump())

    @classmethod
    def rules_text(cls):
        return RULES

    def determinize(self, seat, rng):
        """The other seats' secret cards, redrawn: all that ``seat`` cannot see."""
        other = super().determinize(seat, rng)
        other.secret = [n if s == seat else rng.randint(1, 9) for s, n in enumerate(self.secret)]
        return other

    def lookups(self, seat=None):
        return [] if seat is None else [("card:secret", "Your secret card")]

    def describe(self, touch, seat=None):
        if touch == "card:secret" and seat is not None:
            return f"Your secret card: {self.secret[seat]}."
        return None

    @property
    def is_over(self):
        return self.counter >= 12

    def scores(self):
        return list(self.totals)

    def ranking(self):
        return sorted(range(len(self.totals)), key=lambda s: (-self.totals[s], s))

    def summary(self):
        return {
            "game": "toy",
            "round": self.turn // len(self.record.seats) + 1,
            "counter": self.counter,
            "die": self.die,
            "players": [{"name": n, "score": t, "breakdown": [["Added", t]]}
                        for n, t in zip(self.record.seats, self.totals)],
            "tiebreaks": ["lower seat wins ties"] if self.is_over else [],
        }

    def view(self, seat):
        v = self.summary()
        v["you"] = seat
        v["secret"] = self.secret[seat]
        return v

