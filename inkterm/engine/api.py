"""new_game / load_game / replay: the ways into a game state."""
from __future__ import annotations

import dataclasses
import json
from typing import Any, Iterator

from inkterm.i18n import gettext as _

from . import content_versions
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
    """A new game under the current content version (it records that version)."""
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
    return Record(spec.id, list(seats), int(seed), opts, [], content_versions.current_version(spec.id))


def opening(record: Record) -> GameState:
    """The game's first position: ``record``'s game, seats, seed and options under its
    content version (the current one when it names none)."""
    spec = _spec(record.game)
    rec = _record(spec, record.seats, record.seed, record.options)
    if record.content_version is not None:
        rec.content_version = record.content_version
    try:
        return spec.state_class()(rec)
    except content_versions.UnknownVersion as exc:
        raise SaveError(str(exc)) from None


class _NoLongerReplays(SaveError):
    def __init__(self, at: int):
        # Words for the player, not the choice key: the Continue list shows this line.
        super().__init__(_("made by an older inkterm whose rules differ, or damaged: its choice "
                           "{n} no longer replays, so it cannot be continued").format(n=at))
        self.at = at


def _replay_under(record: Record) -> GameState:
    state = opening(record)
    for i, key in enumerate(record.choices):
        try:
            state.apply(key)
        except IllegalChoice:
            raise _NoLongerReplays(i + 1) from None
    return state


def replay(record: Record) -> GameState:
    """Rebuild a state from its record alone, under the record's content version. A
    record from before versions were recorded is played under the newest version its
    choices replay under (``load_game`` also weighs the save's snapshot)."""
    return _rebuild(record, None)


def _rebuild(record: Record, save: Any) -> GameState:
    if record.content_version is None and content_versions.manifest(record.game) is not None:
        return _matched(record, save)
    return _replay_under(record)


def replay_events(record: Record) -> Iterator[tuple[int, int | None, list[Event]]]:
    """The game's narration, re-derived from its record: for each choice, the seat
    that made it, the round it was made in, and the events it produced."""
    state = opening(record)
    for key in record.choices:
        d = state.decision()
        if d is None:
            raise SaveError(_("the record goes on after the game ended (a damaged save)"))
        yield d.seat, state.round_number(), state.apply(key)


def load_game(text: str, *, trust_snapshot: bool = True, notes: list[str] | None = None) -> GameState:
    """The state a save describes, rebuilt from its record (the record is the truth).

    The snapshot never decides what happened. It helps only to find the content
    version of a save from before versions were recorded (``_matched``). When
    ``notes`` is given it is compared with the replay, and one that disagrees adds a
    one-line warning there (the game is the record's either way);
    ``trust_snapshot=False`` skips that comparison. Every problem is a one-line
    ``SaveError``."""
    save = parse_save(text)
    rec = Record(**save.record.model_dump())
    try:
        state = _rebuild(rec, save)
    except SaveError:
        raise
    except ValueError as exc:  # seats or options the game does not take
        raise SaveError(_("bad record: {problem}").format(problem=exc)) from None
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
        raise SaveError(_("not JSON: {problem}").format(problem=exc)) from None
    if not isinstance(raw, dict) or raw.get("format") != SAVE_FORMAT:
        raise SaveError(_("not an inkterm save (no 'format': 'inkterm-save')"))
    from pydantic import ValidationError  # imported late: the engine starts without it

    from .assets import first_error
    from .saveformat import SaveModel

    try:
        save = SaveModel.model_validate(raw)
    except ValidationError as exc:
        raise SaveError(_("bad save {problem}").format(problem=first_error(exc))) from None
    if save.version > SAVE_VERSION:
        raise SaveError(_("save version {n} is newer than this inkterm ({mine})").format(
            n=save.version, mine=SAVE_VERSION))
    if save.version < 1:
        raise SaveError(_("made by an older inkterm (save version {n}); this one reads version 1 "
                          "to {mine}").format(n=save.version, mine=SAVE_VERSION))
    if save.game not in GAMES:
        raise SaveError(_("unknown game {game}").format(game=repr(save.game)))
    if save.record.game != save.game:
        raise SaveError(_("the save is of {game} but its record is of {other}").format(
            game=repr(save.game), other=repr(save.record.game)))
    return save


def _matched(record: Record, save: Any) -> GameState:
    """``record`` (which names no content version) replayed under the version it was
    made with, as far as its choices and ``save``'s snapshot tell: the newest version
    whose replay matches the snapshot, else the one that differs least from it (the
    newest of those), else the newest that replays at all. At most one replay per
    shipped version; a version whose replay fails stops at the failing choice."""
    closest: tuple[int, GameState] | None = None
    furthest: _NoLongerReplays | None = None
    for version in content_versions.versions_newest_first(record.game):
        try:
            state = _replay_under(dataclasses.replace(record, content_version=version))
        except _NoLongerReplays as exc:
            if furthest is None or exc.at > furthest.at:
                furthest = exc
            continue
        if save is None or save.snapshot is None:
            return state
        differences = _differences(state, save.snapshot, save.over)
        if differences == 0:
            return state
        if closest is None or differences < closest[0]:
            closest = (differences, state)
    if closest is not None:
        return closest[1]
    assert furthest is not None  # a game with versions has at least one
    raise furthest


def _differences(state: GameState, snapshot: dict[str, Any], over: bool) -> int:
    """How far a save's snapshot is from ``state`` (0: it matches). A snapshot of this
    game's dump shape must equal it exactly; one of an older shape is compared on the
    facts both shapes hold (the same keys, where their values have the same shape)."""
    expected = json.loads(state.to_json())  # as it would be written: tuples are lists
    if snapshot.get("shape", 1) == type(state).snapshot_shape:
        if snapshot == expected["snapshot"] and over == expected["over"]:
            return 0
        return max(1, _leaf_differences(snapshot, expected["snapshot"])) + (over != expected["over"])
    return _leaf_differences(snapshot, expected["snapshot"]) + (over != expected["over"])


def _leaf_differences(a: Any, b: Any) -> int:
    if isinstance(a, dict) and isinstance(b, dict):
        return sum(_leaf_differences(a[k], b[k]) for k in a.keys() & b.keys())
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return 1
        return sum(_leaf_differences(x, y) for x, y in zip(a, b))
    return 0 if a == b else 1


def _snapshot_problem(state: GameState, snapshot: dict[str, Any], over: bool) -> str | None:
    """Why a save's snapshot is not the replayed state's, or None. One check for every
    game: the snapshot must be exactly what the record produces (compared as JSON, as
    it was written)."""
    if snapshot.get("shape", 1) != type(state).snapshot_shape:
        return None  # written by an inkterm that dumped this game differently: nothing to compare
    expected = json.loads(state.to_json())
    if snapshot != expected["snapshot"] or over != expected["over"]:
        # a damaged file, or an inkterm whose rules or card numbers were not today's
        return _("the board it saved differs from a replay of its moves (a damaged file, or "
                 "other rules or card numbers than today's): continued from the replay")
    return None
