"""The saved games a player can continue, in words: the title's Continue list and
the command line's ``inkterm continue NAME`` share these lines."""
from __future__ import annotations

import time
from pathlib import Path

from inkterm.i18n import _, ngettext
from inkterm.screens.picker import Picker

SUFFIX = ".save.json"


def resumable_saves(saves: list | None = None) -> list:
    """The unfinished saves that load, newest first, from ``saves`` (a save listing;
    default: the save directory's). Loading each one reads and replays it: call this
    off the UI thread. A save that fails to load gets its error on its ``SaveInfo``."""
    if saves is None:
        from inkterm.engine.saves import list_saves

        saves = list_saves()
    return [info for info in saves if info.unfinished and info.state is not None]


def save_name(path: Path) -> str:
    """A save's name as a player types it: the file name without ``.save.json``."""
    return path.name.removesuffix(SUFFIX)


def describe_save(info) -> str:
    """One line about a save that loads: which game, who, how far, when it was last
    saved."""
    from inkterm.engine import GAMES
    from inkterm.engine.text import seat_name
    from inkterm.translated import game_title

    state = info.state
    spec = GAMES.get(state.record.game)
    parts = [game_title(spec) if spec else state.record.game, _(", ").join(map(seat_name, state.record.seats))]
    try:
        summary = state.summary()
        if "round" in summary:
            parts.append(_("round {n}").format(n=summary["round"]))
    except Exception:  # a summary problem must not hide the save
        pass
    n = len(state.record.choices)
    parts.append(ngettext("{n} choice", "{n} choices", n).format(n=n))
    parts.append(time.strftime("%Y-%m-%d %H:%M", time.localtime(info.mtime)))
    if state.is_over:
        parts.append(_("game over"))
    return " · ".join(parts)


def short_error(error: str) -> str:
    """A save's error with the file name instead of its full path (errors start with
    the path; the file name is what the player needs)."""
    head, sep, rest = error.partition(": ")
    return f"{Path(head).name}: {rest}" if sep else error


class SavePicker(Picker):
    """Which unfinished game to continue: ``items`` are (key, line) pairs — a seat at a
    shared table (its key marked so) or a save's path — in the order shown; dismisses
    with the key picked."""

    def __init__(self, items: list[tuple[str, str]]) -> None:
        super().__init__(_("Continue which game?"), items)
