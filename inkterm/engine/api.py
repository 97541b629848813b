"""new_game / load_game / replay: the ways into a game state."""
from __future__ import annotations

import json
from typing import Any, Iterator

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
    if not spec.min_players <= len(seats) <= spec.max_players:
        raise ValueError(
            f"{spec.title} takes {spec.min_players}–{spec.max_players} seats, not {len(seats)}"
        )
    opts = spec.default_options()
    for k, v in (options or {}).items():
        if k not in opts:
            raise ValueError(f"{spec.title} has no option {k!r}")
        opts[k] = v
    return spec.state_class()(Record(game, list(seats), int(seed), opts, []))


def replay(record: Record) -> GameState:
    """Rebuild a state from its record alone."""
    state = new_game(record.game, record.seats, record.seed, record.options)
    for i, key in enumerate(record.choices):
        try:
            state.apply(key)
        except IllegalChoice as exc:
            raise SaveError(f"choice {i + 1} ({key!r}) does not replay: {exc}") from None
    return state


def replay_events(record: Record) -> Iterator[tuple[int, int | None, list[Event]]]:
    """The game's narration, re-derived from its record: for each choice, the seat
    that made it, the round it was made in, and the events it produced."""
    state = new_game(record.game, record.seats, record.seed, record.options)
    for key in record.choices:
        seat, round_no = state.decision().seat, state.round_number()
        yield seat, round_no, state.apply(key)


def load_game(text: str, *, trust_snapshot: bool = True) -> GameState:
    """The state a save describes. The snapshot is used when present (fast); without
    it, or with ``trust_snapshot=False``, the record is replayed."""
    try:
        raw = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
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
    if save.game not in GAMES or save.record.game != save.game:
        raise SaveError(f"unknown game {save.game!r}")
    rec = Record(**save.record.model_dump())
    if save.snapshot is None or not trust_snapshot:
        return replay(rec)
    spec = GAMES[save.game]
    state = spec.state_class()(Record(rec.game, rec.seats, rec.seed, rec.options, []))
    state.record = rec
    try:
        state.restore_snapshot(save.snapshot)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise SaveError(f"bad snapshot: {exc}") from None
    if len(state.history) != len(rec.choices):
        raise SaveError("snapshot and record disagree on the number of choices")
    return state
