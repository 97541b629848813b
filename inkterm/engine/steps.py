"""One way for a game to say "the pending decision and the work still to do".

A game's turn is a chain of small steps (roll, pick a zone, boost it, split the gain,
place a blank …), some of which wait for a player. A game keeps them in a
``WorkQueue`` of typed ``Step``s — dataclasses with named fields, never positional
lists or short-key dicts — and works the queue from the top until a step needs input;
that step is the pending decision. Three small helpers go with it:

- ``StepKinds``: every step class a game uses, so a queue survives a snapshot
  (``dump``/``load`` by the class's ``kind``) and a bad snapshot says what is wrong.
- ``ckey``/``parse_key``/``key_args``/``key_int``: choice keys are ``kind`` or
  ``kind:arg`` (an argument may itself hold ``:``, e.g. ``piece:As:3``); build and
  read them here instead of by fixed slices.
- ``Narration``: the events a choice produces, collected as the rules say them.

The choice keys themselves never change shape: saves and outside checks use them.
"""
from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar, Iterator, TypeVar

from .text import Msg, Term, Text
from .text import from_data as text_from_data
from .text import to_data as text_to_data
from .types import Event

S = TypeVar("S", bound="Step")


# --- choice keys ---------------------------------------------------------------------
def ckey(kind: str, *args: object) -> str:
    """``ckey("zone", 3)`` → ``"zone:3"``; with no arguments just the kind. (Hot: the
    games build every choice's key with it, so the common cases skip the join.)"""
    if len(args) == 1:
        return f"{kind}:{args[0]}"
    if not args:
        return kind
    return kind + ":" + ":".join(map(str, args))


def parse_key(key: str) -> tuple[str, str]:
    """``"piece:As:3"`` → ``("piece", "As:3")``; a bare ``"done"`` → ``("done", "")``."""
    kind, _, arg = key.partition(":")
    return kind, arg


def key_args(key: str) -> list[str]:
    """Every argument of a key: ``"progress:BO3:2"`` → ``["BO3", "2"]``."""
    arg = parse_key(key)[1]
    return arg.split(":") if arg else []


def key_int(key: str, index: int = 0) -> int:
    """An argument read as a number: ``key_int("zone:3")`` → 3."""
    return int(key_args(key)[index])


# --- typed steps ---------------------------------------------------------------------
@dataclass
class Step:
    """One piece of work still to do. A subclass names its ``kind`` (stable: it is
    written into snapshots) and declares its fields; JSON-able values only."""

    kind: ClassVar[str] = ""

    def as_dict(self) -> dict[str, Any]:
        # A field may hold a text (``engine/text.py``): it is written as its data.
        return {"kind": self.kind, **{k: text_to_data(v) if isinstance(v, (Msg, Term)) else v
                                      for k, v in dataclasses.asdict(self).items()}}


class StepKinds:
    """The step classes one game uses, for snapshots of its queue."""

    def __init__(self, *classes: type[Step]):
        self.by_kind: dict[str, type[Step]] = {}
        for cls in classes:
            if not cls.kind or cls.kind in self.by_kind:
                raise ValueError(f"step class {cls.__name__} needs a kind of its own")
            self.by_kind[cls.kind] = cls

    def load(self, data: dict[str, Any]) -> Step:
        if not isinstance(data, dict) or "kind" not in data:
            raise ValueError(f"a step in the snapshot has no kind: {data!r:.80}")
        fields = {k: text_from_data(v) if isinstance(v, dict) and "msg" in v else v
                  for k, v in data.items()}
        kind = str(fields.pop("kind"))
        cls = self.by_kind.get(kind)
        if cls is None:
            raise ValueError(f"the snapshot names an unknown step {kind!r}")
        try:
            return cls(**fields)
        except TypeError as exc:
            raise ValueError(f"the snapshot's {kind!r} step does not fit: {exc}") from None


class WorkQueue:
    """A stack of steps: ``top`` is what happens next; pushing puts work in front of
    what was already waiting (an effect that triggers another runs that one first)."""

    def __init__(self, steps: list[Step] | None = None):
        self.items: list[Step] = list(steps or [])

    def push(self, *steps: Step) -> None:
        """Push steps so that the first given runs first."""
        self.items.extend(reversed(steps))

    def pop(self) -> Step:
        return self.items.pop()

    @property
    def top(self) -> Step | None:
        return self.items[-1] if self.items else None

    def top_as(self, cls: type[S]) -> S | None:
        """The top step if it is a ``cls``, else None."""
        top = self.top
        return top if isinstance(top, cls) else None

    def clear(self) -> None:
        self.items.clear()

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self) -> Iterator[Step]:
        """From the top down (the order the work will be done)."""
        return reversed(self.items)

    def copy(self) -> WorkQueue:
        return WorkQueue(copy.deepcopy(self.items))

    def dump(self) -> list[dict[str, Any]]:
        return [s.as_dict() for s in self.items]

    @classmethod
    def load(cls, data: list, kinds: StepKinds) -> WorkQueue:
        if not isinstance(data, list):
            raise ValueError("the snapshot's work queue is not a list")
        return cls([kinds.load(d) for d in data])


# --- narration -----------------------------------------------------------------------
class Narration:
    """The events the current choice produces, in the order the rules say them."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def say(self, text: Text, seat: int | None = None, kind: str = "info") -> None:
        self.events.append(Event(text, seat, kind))

    def take(self) -> list[Event]:
        """The events said since the last take, and start afresh."""
        out, self.events = self.events, []
        return out
