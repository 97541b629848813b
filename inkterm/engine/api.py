"""new_game / load_game / replay: the ways into a game state."""
from __future__ import annotations

import json
from typing import Any, Iterator

from .give import Give
from .record import Record
from .registry import GAMES
from .state import SAVE_FORMAT, SAVE_VERSION, GameState
from .types import Event, IllegalChoice


class SaveError(ValueError):
    """A save that cannot be read: not JSON, not ours, or inconsistent."""


def _spec(game: str):
    try:
        return GAMES[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r}; known: {', '.join(sorted(GAMES))}") from None


def new_game(
    game: str,
    seats: list[str],
    seed: int = 0,
    options: dict[str, Any] | None = None,
) -> GameState:
    spec = _spec(game)
    return spec.state_class()(_record(spec, seats, seed, options))


def given_game(game: str, seats: list[str], seed: int, given: Give | tuple[Give, ...],
               options: dict[str, Any] | None = None) -> GameState:
    """A new game in which ``given.seat`` is dealt ``given.item`` (a balance
    experiment's intervention, ``engine/give.py``), or each of several gifts to its
    own seat where the game allows it; it cannot be saved."""
    spec = _spec(game)
    cls = spec.state_class()
    gifts = given if isinstance(given, tuple) else (given,)
    if not gifts:
        raise ValueError("nothing to give")
    if len(gifts) > 1 and not all(g.item in cls.undealt_pool() for g in gifts):
        raise ValueError(f"{spec.title} gives several seats only items its rules do not deal")
    if len({g.seat for g in gifts}) < len(gifts) or len({g.item for g in gifts}) < len(gifts):
        raise ValueError("each gift goes to its own seat and is its own item")
    for g in gifts:
        if not any(g.item in pool for pool in cls.give_pools()):
            raise ValueError(f"{spec.title} cannot give {g.item!r} at setup")
        if not 0 <= g.seat < len(seats):
            raise ValueError(f"no seat {g.seat + 1} among {len(seats)}")
    return cls(_record(spec, seats, seed, options), gifts if len(gifts) > 1 else gifts[0])


def _record(spec, seats: list[str], seed: int, options: dict[str, Any] | None) -> Record:
    if not spec.min_players <= len(seats) <= spec.max_players:
        raise ValueError(
            f"{spec.title} takes {spec.min_players}–{spec.max_players} seats, not {len(seats)}"
        )
    opts = spec.default_options()
    known = {o.name: o for o in spec.options}
    for k, v in (options or {}).items():
        if k not in known:
            raise ValueError(f"{spec.title} has no option {k!r}")
        if known[k].choices and v not in known[k].choices:
            raise ValueError(f"{spec.title} option {k!r} is one of "
                             f"{', '.join(map(str, known[k].choices))}, not {v!r}")
        opts[k] = v
    return Record(spec.id, list(seats), int(seed), opts, [])


def replay(record: Record) -> GameState:
    """Rebuild a state from its record alone."""
    state = new_game(record.game, record.seats, record.seed, record.options)
    for i, key in enumerate(record.choices):
        try:
            state.apply(key)
        except IllegalChoice:
            # Words for the player, not the choice key: the Continue list shows this line.
            raise SaveError(f"made by an older inkterm whose rules differ, or damaged: its choice "
                            f"{i + 1} no longer replays, so it cannot be continued") from None
    return state


def replay_events(record: Record) -> Iterator[tuple[int, int | None, list[Event]]]:
    """The game's narration, re-derived from its record: for each choice, the seat
    that made it, the round it was made in, and the events it produced."""
    state = new_game(record.game, record.seats, record.seed, record.options)
    for key in record.choices:
        d = state.decision()
        if d is None:
            raise SaveError("the record goes on after the game ended (a damaged save)")
        yield d.seat, state.round_number(), state.apply(key)


def load_game(text: str, *, trust_snapshot: bool = True, notes: list[str] | None = None) -> GameState:
    """The state a save describes, rebuilt from its record (the record is the truth).

    The snapshot never decides anything. When ``notes`` is given it is compared with
    the replay, and one that disagrees adds a one-line warning there (the game is
    the record's either way); ``trust_snapshot=False`` skips that comparison. Every
    problem is a one-line ``SaveError``."""
    save = parse_save(text)
    rec = Record(**save.record.model_dump())
    try:
        state = replay(rec)
    except SaveError:
        raise
    except ValueError as exc:  # seats or options the game does not take
        raise SaveError(f"bad record: {exc}") from None
    if trust_snapshot and save.snapshot is not None and notes is not None:
        problem = _snapshot_problem(state, save.snapshot, save.over)
        if problem:
            notes.append(problem)  # it says what was done instead
    return state


def parse_save(text: str):
    """The envelope, validated: bounded before parsing, then typed by pydantic."""
    from .savetext import shape_problem

    problem = shape_problem(text)
    if problem:
        raise SaveError(problem)
    try:
        raw = json.loads(text)
    except ValueError as exc:  # JSONDecodeError, or an integer too long to convert
        raise SaveError(f"not JSON: {exc}") from None
    if not isinstance(raw, dict) or raw.get("format") != SAVE_FORMAT:
        raise SaveError("not an inkterm save (no 'format': 'inkterm-save')")
    from pydantic import ValidationError  # imported late: the engine starts without it

    from .assets import first_error
    from .saveformat import SaveModel

    try:
        save = SaveModel.model_validate(raw)
    except ValidationError as exc:
        raise SaveError(f"bad save {first_error(exc)}") from None
    if save.version > SAVE_VERSION:
        raise SaveError(f"save version {save.version} is newer than this inkterm ({SAVE_VERSION})")
    if save.version < 1:
        raise SaveError(f"made by an older inkterm (save version {save.version}); "
                        f"this one reads version 1 to {SAVE_VERSION}")
    if save.game not in GAMES:
        raise SaveError(f"unknown game {save.game!r}")
    if save.record.game != save.game:
        raise SaveError(f"the save is of {save.game!r} but its record is of {save.record.game!r}")
    return save


def _snapshot_problem(state: GameState, snapshot: dict[str, Any], over: bool) -> str | None:
    """Why a save's snapshot is not the replayed state's, or None. One check for every
    game: the snapshot must be exactly what the record produces (compared as JSON, as
    it was written)."""
    if snapshot.get("shape", 1) != type(state).snapshot_shape:
        return None  # written by an inkterm that dumped this game differently: nothing to compare
    expected = json.loads(state.to_json())
    if snapshot != expected["snapshot"] or over != expected["over"]:
        # a damaged file, or an inkterm whose rules or card numbers were not today's
        return ("the board it saved differs from a replay of its moves (a damaged file, or "
                "other rules or card numbers than today's): continued from the replay")
    return None
