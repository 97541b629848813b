"""The small value types every game speaks: choices, decisions, events."""
from __future__ import annotations

from dataclasses import dataclass

from .text import Msg, Term, Text  # noqa: F401  (pydantic resolves Text's parts by name)

#: The key of a sub-menu's way back to the menu it came from. Bots know it: they open a
#: sub-menu to use it, so they never weigh going back while anything else is offered.
BACK_KEY = "back"


class IllegalChoice(ValueError):
    """A key that is not among the current decision's choices (the state is untouched)."""


@dataclass(slots=True, eq=False, repr=False)
class Choice:
    """One legal option. ``key`` is stable and unique within its decision.

    ``touches`` names board elements the choice concerns (e.g. ``"zone:3"``), so a
    board can highlight them; it carries no rules meaning. ``shortcut`` is the key that
    picks it in a menu when the board prints one (a zone's pip, a letter for a free
    action); ``None`` leaves the menu to number it by position. ``label`` and ``hint``
    are texts (``engine/text.py``): ``str()`` gives them in the reader's language;
    equality is by their data, never by a language.

    A plain dataclass (slots, no validation: the rules build thousands a second), which
    is also the one schema every front end receives: a shared table's messages carry
    it as it is (pydantic validates dataclasses), so a field added here reaches them.
    """

    key: str
    label: Text
    hint: Text = ""
    touches: tuple[str, ...] = ()
    shortcut: str | None = None

    def __repr__(self) -> str:
        return f"Choice({self.key!r}, {self.label!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Choice) and (self.key, self.label, self.hint) == (
            other.key,
            other.label,
            other.hint,
        )

    __hash__ = None  # type: ignore[assignment]


@dataclass(slots=True, eq=False, repr=False)
class Decision:
    """What one seat must decide now: a prompt and a flat list of legal choices.

    ``topic`` names the rules section that explains this decision (for ``?``).
    ``unavailable`` lists the places of a fixed set that cannot be chosen now, as
    ``(shortcut, label, reason)``, so a menu can show them dimmed; they are not choices.
    ``secret`` says whether the chooser's own view holds anything another seat must
    not see (a hand of cards): a table hands over between people only then.
    """

    seat: int
    prompt: Text
    choices: list[Choice]
    topic: str = ""
    unavailable: tuple[tuple[str, Text, Text], ...] = ()
    secret: bool = True

    def get(self, key: str) -> Choice | None:
        # A scan beats building a dict: decisions are short and mostly asked once.
        for c in self.choices:
            if c.key == key:
                return c
        return None

    @property
    def keys(self) -> list[str]:
        return [c.key for c in self.choices]

    def __repr__(self) -> str:
        return f"Decision(seat={self.seat}, {self.prompt!r}, {self.keys})"


#: The kind of an event only its own seat may read (as ``view(seat)`` alone shows
#: that seat's hand): e.g. the card a player keeps from a secret draw, named.
SECRET_EVENT = "secret"
#: The kind of an event that tells one seat, in words for it, what another seat's
#: choice did to it (``engine/concerns.py``): only that seat reads it.
TO_YOU = "to-you"


@dataclass(slots=True, eq=False, repr=False)
class Event:
    """Narration of what happened, for the log, demos and replays. Events are public
    narration, like ``summary()``, except those of kind ``SECRET_EVENT``, which, like
    the private part of ``view(seat)``, only their ``seat`` may read (and ``TO_YOU``,
    said to their ``seat`` alone)."""

    text: Text
    seat: int | None = None
    kind: str = "info"

    def seen_by(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: a watcher, or a table with several people at one
        screen) may read this event: the same rule as ``view(seat)``."""
        return self.kind not in (SECRET_EVENT, TO_YOU) or (seat is not None and seat == self.seat)

    def __repr__(self) -> str:
        return f"Event({self.kind}, {self.seat}, {self.text!r})"
