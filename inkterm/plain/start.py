"""How a plain game begins: a new game, a save continued, or (``inkterm --plain``,
an SSH login's ``plain``) a short numbered menu of both."""
from __future__ import annotations

import os
import random
import sys
from pathlib import Path
from typing import TextIO

from inkterm.i18n import _
from inkterm.plain.lines import Closed, Lines


class Refused(Exception):
    """A game that cannot start, in one line for the player."""


def play_new(game: str, seats: list[str], seed: int, options: dict | None = None, *,
             handoff: str = "auto", inp: TextIO | None = None, out: Lines | None = None) -> int:
    from inkterm.engine import new_game
    from inkterm.plain.table import PlainTable
    from inkterm.table_driver import SaveFile, TableDriver

    try:
        state = new_game(game, seats=seats, seed=seed, options=options)
    except (ValueError, ImportError) as exc:
        raise Refused(str(exc)) from None
    driver = TableDriver.local(state, SaveFile())
    driver.handoff = handoff
    return PlainTable(driver, inp, out).run()


def play_save(path: Path, *, handoff: str = "auto", take_over: bool = False,
              inp: TextIO | None = None, out: Lines | None = None) -> int:
    """Continue a save, as the app does: read (replayed from its record), locked, played."""
    from inkterm.engine.saves import OpenSave, SaveError, SaveInUse, read_save
    from inkterm.plain.table import PlainTable
    from inkterm.table_driver import SaveFile, TableDriver

    notes: list[str] = []
    try:
        state = read_save(path, notes)
        if state.is_over:
            raise Refused(_("{file}: that game is already over").format(file=path.name))
        opened = OpenSave(path, take_over=take_over)
    except SaveInUse as exc:
        raise Refused(_("{file} is open in another session (process {pid}); only one may play it")
                      .format(file=path.name, pid=exc.pid)) from None
    except SaveError as exc:
        raise Refused(str(exc)) from None
    out = out or Lines()
    for note in notes:
        out.say(note)
    driver = TableDriver.local(state, SaveFile(opened=opened))
    driver.handoff = handoff
    return PlainTable(driver, inp, out).run()


def menu(inp: TextIO | None = None, out: Lines | None = None) -> int:
    """A new game of any game, or an unfinished save, chosen by number."""
    try:
        return _menu(inp, out)
    except Closed:  # nobody reads any more
        return 0


def _menu(inp: TextIO | None, out: Lines | None) -> int:
    from inkterm.cli import CliError, parse_seats
    from inkterm.engine import GAMES
    from inkterm.engine.registry import GameSpec
    from inkterm.engine.saves import SaveInfo, list_saves
    from inkterm.engine.text import seat_name
    from inkterm.screens.saved_games import describe_save, save_name
    from inkterm.session_env import USER_ENV
    from inkterm.translated import game_title

    inp = inp or sys.stdin
    out = out or Lines()
    me = os.environ.get(USER_ENV) or "You"  # the reader, named in their language (seat_name)
    entries: list[tuple[str, GameSpec | SaveInfo | None]] = [
        (_("A new game of {title} ({low} to {high} players).").format(
            title=game_title(spec), low=spec.min_players, high=spec.max_players), spec) for spec in GAMES.values()]
    entries += [(_("Continue {name}: {about}.").format(name=save_name(info.path), about=describe_save(info)), info)
                for info in list_saves() if info.state is not None and info.unfinished]
    entries.append((_("Quit."), None))
    out.say(_("inkterm in plain mode. Type a number and press Enter."))
    while True:
        for i, (label, _what) in enumerate(entries, 1):
            out.say(_("{n}. {label}").format(n=i, label=label), indent=len(str(i)) + 2)
        picked = _read_number(inp, out, len(entries))
        what = None if picked is None else entries[picked - 1][1]
        try:
            if isinstance(what, SaveInfo):
                return play_save(what.path, inp=inp, out=out)
            if not isinstance(what, GameSpec):
                return 0  # Quit, or the end of the input
            out.say(_("Who plays? The seats in order, separated by commas: a person's name, or a bot "
                      "(bot, random, greedy, search). An empty line: {me} against one bot.").format(me=seat_name(me)))
            line = out.read(inp)
            if line is None:
                return 0
            seats = parse_seats(line.strip() or f"{me},bot", what)
            return play_new(what.id, seats, random.randrange(1, 100_000), inp=inp, out=out)
        except (Refused, CliError) as exc:
            out.say(str(exc))


def _read_number(inp: TextIO, out: Lines, n: int) -> int | None:
    """A number from 1 to ``n``; None at the end of the input."""
    while True:
        line = out.read(inp)
        if line is None:
            return None
        text = line.strip()
        if text.isascii() and text.isdigit() and 1 <= int(text) <= n:
            return int(text)
        out.say(_("Type a number from 1 to {n}.").format(n=n))
