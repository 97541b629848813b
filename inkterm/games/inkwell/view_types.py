"""The shape of Inkwell's ``summary()`` and ``view(seat)`` (built in ``summary.py``), for
readers such as the board widget and the bots: annotations only, nothing checks them
at run time. Cube counts are by colour word (``black`` … ``blue``, ``gold``).

No ``from __future__ import annotations`` here: Python 3.11 only sees ``NotRequired``
in annotations evaluated at class creation."""

from typing import Any, NotRequired, TypedDict


class TechniqueView(TypedDict):
    id: int
    name: str
    uses: str  # "P" persistent, "1" / "2" limited uses
    kind: str  # the effect's kind
    text: str
    status: NotRequired[str]  # up / used-once / down (on or under a workspace)
    where: NotRequired[str]  # "workspace" or "under"


class SpaceView(TypedDict):
    id: str  # its key in choices ("S1")
    name: str  # what the table calls it ("margin 1")
    accept: str  # a colour letter, "?" any, "*" gold only
    accepts: str  # the same in words
    role: str  # illustration / multiplier / standalone
    illustration: str | None
    multiplier: bool
    cube: str | None  # the colour word of the cube on it
    points: int | None  # its illustration's points
    progress: list[int] | None  # [filled, size] of its illustration


class IllustrationView(TypedDict):
    id: str
    points: int
    size: int
    filled: int
    complete: bool
    spaces: list[str]


class PageView(TypedDict):
    id: str
    level: int
    level_roman: str
    name: str
    multiplier: str  # the multiplier's colour letter, or "?"
    cubes: dict[str, int]
    spaces: list[SpaceView]
    illustrations: list[IllustrationView]
    empty: int


class BottleView(TypedDict):
    id: str  # its key in choices ("C2")
    name: str  # what the table calls it ("O2": a circle)
    shape: str  # star / circle / diamond
    active: bool
    ring: int
    min_players: int
    cubes: dict[str, int]
    slot: str | None
    technique: TechniqueView | None
    takeable: bool | None  # None unless a Take is being chosen
    why_not: str | dict[str, Any] | None  # a text as data (engine/text.py to_data)


class SideView(TypedDict):
    name: str
    text: str


class WorkspaceView(TypedDict):
    id: str
    colour: str
    side: str | None  # secret until every side is chosen [R15], but to its own seat
    name: str | None
    text: str | None
    a: SideView
    b: SideView


class PlayerView(TypedDict):
    seat: int
    name: str
    score: int
    page: PageView | None
    pages_turned: int
    turned: list[str]  # pages turned, in order
    finished: bool
    finish_position: int | None
    techniques: list[TechniqueView]
    capacity: int | None
    workspace: WorkspaceView
    must_turn: bool
    turn_bonus: int
    breakdown: list[list]  # [label, points]
    turn_preview: list[list]  # [label, points] a Turn now would score


class RivalView(TypedDict):
    difficulty: str
    label: str
    score: int
    pile: dict[str, int]
    log: list[list]  # [why, points]


class PrivateView(TypedDict):
    workspace_side: str | None


class Summary(TypedDict):
    """What ``summary()`` returns; ``view(seat)`` adds ``you`` and ``private``."""

    game: str
    over: bool
    solo: bool
    end_phase: bool
    current: int | None
    first_player: int
    stage: str
    abbot: int
    arrows: list[int]
    arrows_crossed: int
    end_space: int
    end_phase_points: int
    bag: dict[str, int]
    bag_total: int
    gold: int
    deck: int
    mat: list[BottleView]
    elsewhere: dict[str, int]
    hand: dict[str, int]
    display: dict[str, list[PageView]]  # level in roman -> pages on show
    players: list[PlayerView]
    finish_order: list[int]
    scores: list[int]
    rival: NotRequired[RivalView]  # solo only
    winner: int | None
    ranking: list[int] | None
    tiebreaks: list[str]
    you: NotRequired[int]  # view(seat) only
    # Keys of the shell's TableView that Inkwell never gives (no rounds or phases; one
    # seat wins, or the Rival): declared so that this is one (engine/view.py).
    round: NotRequired[int]
    phase: NotRequired[str]
    winners: NotRequired[list[int]]
    private: NotRequired[PrivateView]  # view(seat) only
