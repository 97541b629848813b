"""Watch a game that another session is playing: its save, read only, following the
choices as they are saved. Only public facts are shown, as in a replay."""
from __future__ import annotations

from pathlib import Path

from inkterm.engine import IllegalChoice, Record
from inkterm.i18n import N_
from inkterm.screens.replay import ReplayScreen

#: Seconds between looks at the save file.
POLL = 1.0


class WatchScreen(ReplayScreen):
    MODE = N_("Watching")

    def __init__(self, path: Path, record: Record) -> None:
        super().__init__(record)
        self.path = path

    def on_mount(self) -> None:
        self.action_go(-1)
        self.set_interval(POLL, self.follow)

    def follow(self) -> None:
        """Take in what the player has saved since; stay at the latest choice if the
        watcher was there. The envelope alone is read (no replay of the whole game)."""
        from inkterm.engine.saves import SaveError, parse_save, read_text

        try:
            saved = parse_save(read_text(self.path)).record
        except SaveError:
            return  # gone or unreadable for now: look again next time
        choices = list(saved.choices)
        if choices == self.record.choices or (saved.seats, saved.seed) != (
                self.record.seats, self.record.seed):
            return
        at_end = self.at == self.total
        kept = 0
        while kept < min(len(choices), len(self.record.choices)) and choices[kept] == self.record.choices[kept]:
            kept += 1
        del self.states[kept + 1:]  # an undo on the other side: drop what it took back
        del self.notes[kept:]
        self.record = self.record.with_choices(choices)
        try:
            self.action_go(-1 if at_end else min(self.at, kept))
        except IllegalChoice:  # a damaged file: show what replays, keep looking
            self.record = self.record.prefix(len(self.states) - 1)
            self.action_go(min(self.at, self.total))
