"""What a bot is, and the opening every bot's ``choose()`` shares."""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

from inkterm.engine.types import BACK_KEY

if TYPE_CHECKING:
    from inkterm.engine.state import GameState
    from inkterm.engine.types import Decision


@runtime_checkable
class Bot(Protocol):
    """Fills a seat: given the state, the key of the choice it makes now."""

    name: str

    def choose(self, state: GameState) -> str: ...


def pending_decision(state: GameState) -> Decision:
    """The decision a bot is asked to make; a finished game has none to make."""
    d = state.decision()
    if d is None:
        raise ValueError("the game is over; there is nothing to choose")
    return d


def weighable_keys(d: Decision) -> list[str]:
    """The keys worth weighing: all but a sub-menu's way back (bots enter a sub-menu to
    use it), unless going back is all there is."""
    keys = d.keys
    if len(keys) > 1 and BACK_KEY in keys:
        keys.remove(BACK_KEY)
    return keys
