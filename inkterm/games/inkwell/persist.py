"""Inkwell: the snapshot (dump and restore), independent copies for bots, and the
planning copies that keep hidden things hidden."""
from __future__ import annotations

from typing import Any

from .model import Base, Player


class Persistence(Base):
    _SCALARS = ("abbot", "crossed", "end_phase", "over", "first", "cur", "stage",
                "supply", "take_size", "gained", "calm", "voluntary", "rival_score",
                "incoming")

    def _dump(self) -> dict[str, Any]:
        d = {k: getattr(self, k) for k in self._SCALARS}
        d.update(
            bag=list(self.bag), deck=list(self.deck), out=list(self.out),
            bottles={b: list(c) for b, c in self.bottles.items()},
            slots=dict(self.slots),
            display={str(k): list(v) for k, v in self.display.items()},
            finish_order=list(self.finish_order),
            players=[p.dump() for p in self.players],
            hand=[[list(b[0]), b[1], b[2]] for b in self.hand],
            pending=[list(x) for x in self.pending],
            sub=list(self.sub) if self.sub is not None else None,
            ground=list(self.ground),
            start_queue=[[s, list(c)] for s, c in self.start_queue],
            rival_pile=list(self.rival_pile), rival_log=[list(x) for x in self.rival_log],
        )
        return d

    def _restore(self, d: dict[str, Any]) -> None:
        for k in self._SCALARS:
            setattr(self, k, d[k])
        self.bag = [int(x) for x in d["bag"]]
        self.deck = [int(x) for x in d["deck"]]
        self.out = [int(x) for x in d["out"]]
        self.bottles = {b: [int(x) for x in c] for b, c in d["bottles"].items()}
        self.slots = {s: (None if v is None else int(v)) for s, v in d["slots"].items()}
        self.display = {int(k): list(v) for k, v in d["display"].items()}
        self.finish_order = [int(x) for x in d["finish_order"]]
        self.players = [Player.load(x) for x in d["players"]]
        for p in self.players:
            self._remask(p)
        self.hand = [[list(b[0]), b[1], int(b[2])] for b in d["hand"]]
        self.pending = [[k, int(t)] for k, t in d["pending"]]
        self.sub = list(d["sub"]) if d["sub"] is not None else None
        self.ground = [int(x) for x in d["ground"]]
        self.start_queue = [[int(s), list(c)] for s, c in d["start_queue"]]
        self.rival_pile = [int(x) for x in d["rival_pile"]]
        self.rival_log = [list(x) for x in d["rival_log"]]

    def determinize(self, seat: int, rng) -> "Persistence":
        """The technique deck's order is hidden: a planning copy gets it reshuffled
        (the bag holds counts only, and its draws come from the reseeded generator).
        So are the sides other seats have chosen until all are revealed [R15]: the
        copy guesses them."""
        other = super().determinize(seat, rng)
        rng.shuffle(other.deck)
        if other.stage == "side":
            for i, q in enumerate(other.players):
                if i != seat and q.side is not None:
                    q.side = rng.choice("AB")
        return other

    def _copy_model(self, other: "Persistence") -> None:
        for k in ("C", "n", "solo", "difficulty", "arrows", "end", "active", "active_slots",
                  "shape", "link") + self._SCALARS:
            setattr(other, k, getattr(self, k))
        other.bag = list(self.bag)
        other.deck = list(self.deck)
        other.out = list(self.out)
        other.bottles = {b: list(c) for b, c in self.bottles.items()}
        other.slots = dict(self.slots)
        other.display = {k: list(v) for k, v in self.display.items()}
        other.finish_order = list(self.finish_order)
        other.players = [p.copy() for p in self.players]
        other.hand = [[list(b[0]), b[1], b[2]] for b in self.hand]
        other.pending = [list(x) for x in self.pending]
        other.sub = list(self.sub) if self.sub is not None else None
        other.ground = list(self.ground)
        other.start_queue = [[s, list(c)] for s, c in self.start_queue]
        other.rival_pile = list(self.rival_pile)
        other.rival_log = [list(x) for x in self.rival_log]
