"""Inkwell: the snapshot (dump and restore), independent copies for bots, and the
planning copies that keep hidden things hidden."""
from __future__ import annotations

from typing import Any

from inkterm.engine.state import GameState
from inkterm.engine.steps import WorkQueue
from inkterm.engine.text import english, from_data, to_data

from .model import Base, Player
from .work import KINDS, Trigger, copy_step


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
            work=self.work.dump(),
            pending=[x.as_dict() for x in self.pending],
            ground=list(self.ground),
            rival_pile=list(self.rival_pile), rival_log=[[english(why), pts] for why, pts in self.rival_log],
            rival_whys=[to_data(why) for why, _pts in self.rival_log],
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
        self.work = WorkQueue.load(d["work"], KINDS)
        self.pending = []
        for x in d["pending"]:
            trig = KINDS.load(x)
            if not isinstance(trig, Trigger):
                raise ValueError(f"the snapshot's pending effects hold a {trig.kind!r} step")
            self.pending.append(trig)
        self.ground = [int(x) for x in d["ground"]]
        self.rival_pile = [int(x) for x in d["rival_pile"]]
        whys = d.get("rival_whys") or [why for why, _pts in d["rival_log"]]  # none before they were texts
        self.rival_log = [[from_data(why), pts] for why, (_w, pts) in zip(whys, d["rival_log"])]

    def determinize(self, seat: int, rng) -> "Persistence":
        """The technique deck's order is hidden: a planning copy gets it reshuffled
        (the bag holds counts only, and its draws come from the reseeded generator).
        So are the sides other seats have chosen until all are revealed [R15]: the
        copy guesses them."""
        other = super().determinize(seat, rng)
        assert isinstance(other, Persistence)
        rng.shuffle(other.deck)
        if other.stage == "side":
            for i, q in enumerate(other.players):
                if i != seat and q.side is not None:
                    q.side = rng.choice("AB")
        return other

    def _copy_model(self, other: GameState) -> None:
        assert isinstance(other, Persistence)
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
        other.work = WorkQueue([copy_step(s) for s in self.work.items])
        other.pending = list(self.pending)  # triggers are never changed, only removed
        other.ground = list(self.ground)
        other.rival_pile = list(self.rival_pile)
        other.rival_log = [list(x) for x in self.rival_log]
