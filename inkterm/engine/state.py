"""The base every game's state derives from: the public rules API of DESIGN.md §2.

A game supplies the rules through a handful of hooks (``_setup``, ``_decide``,
``_apply``, ``_dump``/``_restore``, ``_copy_model``, ``read_content``, scoring and
views); this class owns what is the same for every game: the record, the content of
the record's version, the seeded generator, the decision cache, key validation, undo
bookkeeping, saves and clones.
"""
from __future__ import annotations

import json
import random
from pathlib import Path
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from .content_versions import content_for
from .give import Give
from .record import Record
from .result import Result, result_from_ranking
from .text import Msg, Text
from .types import Choice, Decision, Event, IllegalChoice

if TYPE_CHECKING:
    from .view import TableView

def _flatten(value: Any, path: str, into: dict[str, int]) -> None:
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, int):
        into[path] = value
    elif isinstance(value, dict):
        for k, v in value.items():
            _flatten(v, f"{path}.{k}", into)
    elif isinstance(value, list) and all(isinstance(v, int) for v in value):
        for i, v in enumerate(value):
            _flatten(v, f"{path}.{i}", into)


def fact_family(path: str, facts: dict[str, Any]) -> str | None:
    """The ``SEAT_FACTS`` entry a flattened path falls under: itself, else its nearest parent."""
    parts = path.split(".")
    for n in range(len(parts), 0, -1):
        if ".".join(parts[:n]) in facts:
            return ".".join(parts[:n])
    return None


SAVE_FORMAT = "inkterm-save"
#: 2: the record names its content version (1: none; such a save is matched to one).
SAVE_VERSION = 2


class GameState:
    game_id: ClassVar[str] = ""
    #: An intervention of a balance experiment (``engine/give.py``); None in real games.
    given: "Give | None" = None
    #: Every intervention of the experiment, ``given`` first (several only from
    #: ``undealt_pool``: an item for every seat).
    gifts: "tuple[Give, ...]" = ()
    #: The shape of this game's ``_dump()``. A game that changes what it dumps raises it,
    #: so a save written before is replayed from its record without a false "does not
    #: match" warning (the record is the truth; the snapshot is only a check).
    snapshot_shape: ClassVar[int] = 1
    #: The facts of each seat in ``summary()["players"]`` that a player sees change on
    #: the table (money, favour, score…), by their path there ("knowledge.astrology";
    #: a list's items as "tokens.3" under "tokens"), each with the ways events and
    #: choices write an amount of it ("{n}★", "${n}", "{n} favour"; the first a counted
    #: message, which says a change to the seat it hit in the reader's language). Every
    #: change of one is told by an event that names the seat, and every choice says the
    #: amounts it brings (tests/engine/test_story.py holds every game to both).
    SEAT_FACTS: ClassVar[dict[str, tuple["Msg | str", ...]]] = {}

    @classmethod
    def fact_ways(cls) -> dict[str, tuple[str, ...]]:
        """``SEAT_FACTS`` as the English templates the events are read with ("{n} point")."""
        return {f: tuple(t.id if isinstance(t, Msg) else t for t in ways) for f, ways in cls.SEAT_FACTS.items()}

    # --- construction -----------------------------------------------------------------
    def __init__(self, record: Record, given: "Give | tuple[Give, ...] | None" = None):
        self.record = record
        #: The designed numbers of the record's content version (``read_content``),
        #: shared with every state of that version; the rules read them from here.
        self.content = content_for(type(self), record.content_version)
        if given is not None:
            self.gifts = given if isinstance(given, tuple) else (given,)
            self.given = self.gifts[0]
        self.rng = random.Random(record.seed)
        # One entry per applied choice: (seat that chose, whether it revealed news).
        self.history: list[tuple[int, bool]] = []
        self._decision: Decision | None = None
        self._decided = False
        self._revealed = False
        self._setup()

    # --- hooks a game implements -------------------------------------------------------
    @classmethod
    def read_content(cls, directory: Path) -> Any:
        """The game's content as its rules read it, from the files of one content
        version in ``directory`` (validated: a bad file names itself). Read once per
        version and shared, so it must never change. None: no versioned content."""
        return None

    def _setup(self) -> None:  # build the opening position from self.record / self.rng
        raise NotImplementedError

    @classmethod
    def give_pools(cls) -> list[list[str]]:
        """The items an experiment may give a seat at setup, in groups dealt alike (a
        control item is drawn from the same group); empty: the game takes no ``Give``."""
        return []

    @classmethod
    def undealt_pool(cls) -> list[str]:
        """Items the rules do not deal (they are taken in play), of which an experiment
        may start every seat with its own (Inkwell's techniques); empty: none."""
        return []

    def dealt(self) -> list[list[str]]:
        """Per seat, the items of ``give_pools`` it holds now; read at setup it is
        what the deal gave each seat (the simulator's randomized-deal experiment)."""
        return [[] for _ in self.record.seats]

    def _decide(self) -> Decision | None:
        raise NotImplementedError

    def _apply(self, choice: Choice) -> list[Event]:
        raise NotImplementedError

    def _dump(self) -> dict[str, Any]:
        raise NotImplementedError

    def _restore(self, data: dict[str, Any]) -> None:
        raise NotImplementedError

    def _copy_model(self, other: "GameState") -> None:
        """Copy the game's own model into ``other`` (deeply enough to be independent)."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def scores(self) -> list[int]:
        raise NotImplementedError

    def ranking(self) -> list[int]:
        raise NotImplementedError

    # Each game returns its own TypedDict, which must also be the shell's TableView.
    def summary(self) -> TableView:
        raise NotImplementedError

    def view(self, seat: int) -> TableView:
        return self.summary()

    def result(self) -> Result:
        """The final standings for the game-over screen (see ``engine/result.py``);
        a game whose table holds more than its seats overrides this."""
        return result_from_ranking(self)

    def seat_facts(self, view: "TableView | None" = None) -> list[dict[str, int]]:
        """Per seat, the ``SEAT_FACTS`` it has now (or in ``view``, a ``summary()``), by path."""
        out = []
        for player in (view if view is not None else self.summary()).get("players", []):  # type: ignore[attr-defined]
            facts: dict[str, int] = {}
            for path in self.SEAT_FACTS:
                _flatten(player.get(path.split(".")[0]), path.split(".")[0], facts)
            out.append({k: v for k, v in facts.items() if fact_family(k, self.SEAT_FACTS)})
        return out

    def concerning(self, seat: int, before: "TableView", after: "TableView", by: int) -> list["Text"]:
        """What the choice ``by`` just made did to ``seat`` that the table's own record
        cannot see, in words for that seat ("Bob took bottle O2: its red was for your
        page"), first in its "since your last turn". ``before`` and ``after`` are
        ``summary()`` before and after the choice (this state is after it). The changes of ``seat``'s
        ``SEAT_FACTS`` and its place in the scores are told without this (see
        ``engine/concerns.py``); a game adds what only it knows is yours."""
        return []

    def round_number(self) -> int | None:
        """The round being played, for labelling events; None in a game without rounds."""
        return None

    # --- inspect: words for what a choice touches (asked on a key press, never in play) ---
    def describe(self, touch: str, seat: int | None = None) -> Text | None:
        """The full text and state of one board element a choice touches (``"card:T3"``,
        ``"zone:4"``), as ``seat`` may know it (a text, read with ``str``); None if the
        game has nothing to add."""
        return None

    def lookups(self, seat: int | None = None) -> Sequence[tuple[str, Text]]:
        """Everything ``seat`` may look up at any time, as ``(touch, label)``: every card
        in front of anyone, and their own hand."""
        return []

    @classmethod
    def rules_text(cls) -> str:
        """The game's rules as Markdown (``inkterm/assets/<game>/rules.md``); a game may
        fill in parts made from its data."""
        from importlib import resources

        return (resources.files("inkterm.assets") / cls.game_id / "rules.md").read_text(encoding="utf-8")

    # --- helpers for games -------------------------------------------------------------
    def reveal(self) -> None:
        """Mark the choice being applied as one that revealed new information
        (a die roll, a card seen): undo never steps back over it."""
        self._revealed = True

    # --- the public API ----------------------------------------------------------------
    def decision(self) -> Decision | None:
        if not self._decided:
            self._decision = None if self.is_over else self._decide()
            self._decided = True
        return self._decision

    def apply(self, key: str) -> list[Event]:
        d = self.decision()
        if d is None:
            raise IllegalChoice(f"the game is over; {key!r} cannot be applied")
        choice = d.get(key)
        if choice is None:
            raise IllegalChoice(
                f"{key!r} is not a legal choice now ({d.prompt}); legal: {', '.join(d.keys)}"
            )
        self._revealed = False
        events = self._apply(choice)
        self.record.choices.append(key)
        self.history.append((d.seat, self._revealed))
        self._decided = False
        self._decision = None
        return events

    @property
    def seats(self) -> list[str]:
        return self.record.seats

    def can_undo(self) -> bool:
        """The last choice can be taken back: it was the current chooser's own and
        revealed nothing new."""
        d = self.decision()
        if not self.history or d is None:
            return False
        seat, revealed = self.history[-1]
        return seat == d.seat and not revealed

    def undo(self) -> "GameState":
        """A new state one choice earlier, replayed from the record (the record is the
        truth; its choices all replayed once, so no check is needed)."""
        if not self.can_undo():
            raise IllegalChoice("nothing of yours to undo since the last new information")
        earlier = type(self)(self.record.prefix(0))
        for key in self.record.choices[:-1]:
            earlier.apply(key)
        return earlier

    # --- saves and copies --------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        if self.given is not None:
            raise ValueError("a game with an experiment's intervention cannot be saved: "
                             "its record does not replay it")
        version, internal, gauss = self.rng.getstate()
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game_id,
            "record": self.record.to_dict(),
            "over": self.is_over,
            "snapshot": {
                "rng": [version, list(internal), gauss],
                "history": [[s, r] for s, r in self.history],
                "model": self._dump(),
                **({"shape": self.snapshot_shape} if self.snapshot_shape > 1 else {}),
            },
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False)

    def restore_snapshot(self, snap: dict[str, Any]) -> None:
        version, internal, gauss = snap["rng"]
        self.rng.setstate((version, tuple(internal), gauss))
        self.history = [(int(s), bool(r)) for s, r in snap["history"]]
        self._restore(snap["model"])
        self._decided = False
        self._decision = None

    def clone(self) -> "GameState":
        other = object.__new__(type(self))
        other.record = self.record.prefix(len(self.record.choices))
        other.content = self.content
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.history = list(self.history)
        if self.given is not None:
            other.given = self.given
            other.gifts = self.gifts
        other._decision = None
        other._decided = False
        other._revealed = False
        self._copy_model(other)
        return other

    def determinize(self, seat: int, rng: random.Random) -> "GameState":
        """A copy consistent with what ``seat`` can see, with everything hidden from it
        (future dice, the order of the deck, other seats' secret cards) drawn afresh
        from ``rng``. Search bots plan on such copies so they never read secrets.
        Games with hidden cards extend this."""
        other = self.clone()
        other.rng.seed(rng.getrandbits(64))
        return other

    def position(self) -> str:
        """The whole model (hidden parts too) as one string: equal strings, equal
        positions. Bots' loop guard compares positions by it: it tells apart all that
        any seat's view does (a view is made from the model) at a fraction of a view's
        cost, which renders words."""
        return json.dumps(self._dump(), sort_keys=True, separators=(",", ":"), default=str)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game_id} seats={self.seats} choices={len(self.record.choices)}>"
