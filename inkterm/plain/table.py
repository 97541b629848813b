"""A game at this keyboard as lines of text. The ``TableDriver`` (the app's own)
decides who plays: bots, hand-offs between people, what each missed, the save after
every choice; this reads a line, applies it through the driver, and says what
happened. A line is a choice's number or a command (``help`` lists them)."""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from inkterm.engine import GAMES, IllegalChoice
from inkterm.engine.text import seat_name
from inkterm.i18n import N_, _, ngettext
from inkterm.plain.board import board_sentences, game_words
from inkterm.plain.lines import Closed, Lines
from inkterm.plain.rules import PlainRules
from inkterm.table_driver import Next, Played, SaveFile, TableDriver
from inkterm.translated import game_title

HELP = N_("""Type the number of a choice and press Enter. Other commands:
board: the table in sentences: scores, round, everything you may see.
choices, or an empty line: the current choices again.
rules: the rules for the current decision; rules TOPIC: that part of the rules; rules contents: the list of parts; rules all: the whole rules.
undo: take back your last choice, back to the last die roll or card seen.
save: save now (the game is also saved after every choice).
quit: save and stop; inkterm continue --plain resumes the game.
help: this list.""")


class Quit(Exception):
    """The player stops (quit, or the end of the input): the game is saved."""


class PlainTable:
    """Plays ``driver``'s game reading ``inp`` and writing to ``out``."""

    def __init__(self, driver: TableDriver, inp: TextIO | None = None, out: Lines | None = None) -> None:
        self.driver = driver
        self.inp = inp or sys.stdin
        self.out = out or Lines()
        self.game = driver.state.record.game
        self._rules: PlainRules | None = None
        #: The game's texts in words (its glyphs said), for prompts, choices and events.
        self.words = game_words(self.game)
        #: The decision last listed (by the number of choices made), so it is listed once.
        self._listed: tuple[int, int] | None = None
        #: A resumed game tells its chooser what they missed before their first choice.
        self._resumed = False

    @property
    def state(self):
        return self.driver.state

    # --- the game -------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the game ends or the player stops; 0 either way (the game is saved)."""
        try:
            self.begin()
            while True:
                step = self.driver.advance()
                if step is Next.FINISH:
                    self.finish()
                    return 0
                if step is Next.BOT:
                    self.bots()
                elif step is Next.HAND_OFF:
                    self.hand_off()
                elif step is Next.TAKE:
                    # The next person takes the table, uncovered: what the others did
                    # was said as it happened (a hand-off repeats it for who arrives).
                    continue
                elif not self.turn():
                    return 1
        except Quit:
            self.stop()
            return 0
        except Closed:  # nobody reads: the game is kept all the same
            self.save()
            return 0
        except KeyboardInterrupt:
            self.out.say()
            self.stop()
            return 0
        finally:
            self.driver.close()

    def begin(self) -> None:
        st = self.state
        spec = GAMES.get(self.game)
        self.out.say(_("{title}: {seats} (seed {seed}). Plain mode: type the number of a choice and "
                       "press Enter; help lists the other commands.").format(
                         title=game_title(spec) if spec else self.game, seats=_(", ").join(st.seats),
                         seed=st.record.seed))
        if n := len(st.record.choices):
            try:  # the game so far: what each person missed since their last choice
                for _played in self.driver.history():
                    pass
            except IllegalChoice as exc:
                self.out.say(_("The earlier history cannot be told: {problem}").format(problem=exc))
            self.out.say(ngettext("Resumed after {n} choice.", "Resumed after {n} choices.", n).format(n=n))
            self._resumed = True

    def turn(self) -> bool:
        """A person's decision: list it (once), read a line, act on it. False when this
        session may no longer play (another session took the game over)."""
        if self._resumed:
            self._resumed = False
            self.since_last_turn()
        d = self.driver.decision
        assert d is not None
        at = (len(self.state.record.choices), d.seat)
        if self._listed != at:
            self._listed = at
            self.list_choices()
        line = self.read()
        word, _space, rest = line.strip().partition(" ")
        word = word.lower()
        if word.isascii() and word.isdigit():  # not "²", which int() refuses
            return self.choose(int(word))
        command = COMMANDS.get(word)
        if command is None:
            self.out.say(_("\u201c{typed}\u201d is neither a choice nor a command. Type a number from 1 "
                           "to {n}, or help.").format(typed=line.strip(), n=len(d.choices)))
            return True
        command(self, rest.strip())
        return True

    def list_choices(self, _arg: str = "") -> None:
        said, choices, closed = self.driver.prompt()
        self.out.say()
        words = self.words
        self.out.say(words(said))
        for i, choice in enumerate(choices, 1):
            text = _("{n}. {label}").format(n=i, label=words(str(choice.label)))
            if choice.hint and choice.hint != choice.label:
                text = _("{choice} — {hint}").format(choice=text, hint=words(str(choice.hint)))
            self.out.say(text, indent=len(str(i)) + 2)
        for _shortcut, label, reason in closed:
            self.out.say(_("Not open now: {place}, {reason}.").format(
                place=words(str(label)), reason=words(str(reason)).rstrip(".")), indent=2)

    def choose(self, number: int) -> bool:
        d = self.driver.decision
        assert d is not None
        if not 1 <= number <= len(d.choices):
            self.out.say(_("There is no choice {number}: type a number from 1 to {n}.").format(
                number=number, n=len(d.choices)))
            return True
        if (told := self.driver.taken_over()) is not None:
            self.out.say(told)
            return False
        try:
            played = self.driver.apply(d.choices[number - 1].key)
        except IllegalChoice as exc:
            self.out.say(str(exc))
            return True
        self.tell(played)
        self.driver.turn_passed()
        self.save()
        return True

    def bots(self) -> None:
        """The bots' choices until a person (or nobody) is next, told as they are made."""
        try:
            for played in self.driver.bots_play():
                self.tell(played)
        except IllegalChoice as exc:  # a bot bug must not loop for ever
            self.out.say(_("A bot made a choice the game refused: {problem}").format(problem=exc))
            raise Quit from exc
        self.save()

    def hand_off(self) -> None:
        """Between people at one keyboard: nothing private is said until the next
        person says they are there."""
        d = self.driver.decision
        assert d is not None
        note = self.driver.cover()
        name = self.state.seats[d.seat]
        self.out.say()
        said = _("Pass the keyboard to {name}. {name}, press Enter when you are ready.").format(name=name)
        self.out.say(_("{sentence} {next}").format(sentence=note, next=said) if note else said)
        word = self.read().strip().lower()
        if COMMANDS.get(word) is PlainTable.quit:
            raise Quit
        self.driver.uncover(d.seat)
        self.since_last_turn()

    def since_last_turn(self) -> None:
        """What the others did since the person now choosing last chose: told to who
        takes the table after a hand-off, and in a resumed game."""
        d = self.driver.decision
        if d is None:
            return
        lines = [str(e.text) for p in self.driver.missed.get(d.seat, []) for e in p.events if e.seen_by(d.seat)]
        if lines:
            self.out.say(_("Since your last turn, {name}:").format(name=self.state.seats[d.seat]))
            for text in lines:
                self.out.say(self.words(text), indent=2)

    def tell(self, played: Played) -> None:
        """What a choice did, as far as whoever has the table may know."""
        reader = None if self.driver.covered else self.driver.viewer
        for event in played.events:
            if event.seen_by(reader):
                self.out.say(self.words(str(event.text)), indent=2)

    def finish(self) -> None:
        self.save()
        result = self.state.result()
        self.out.say()
        self.out.say(_("The game is over: {headline}.").format(headline=result.headline))
        for place, standing in enumerate(result.standings, 1):
            parts = _(", ").join(_("{label} {points}").format(label=label, points=points)
                                 for label, points in standing.breakdown)
            self.out.say((ngettext("{place}. {name}: {score} point ({parts}).",
                                   "{place}. {name}: {score} points ({parts}).", standing.score) if parts else
                          ngettext("{place}. {name}: {score} point.", "{place}. {name}: {score} points.", standing.score)).format(
                place=place, name=seat_name(standing.name), score=standing.score, parts=parts), indent=3)
        for line in result.tiebreaks:
            self.out.say(str(line))

    # --- saving and stopping ------------------------------------------------------------------
    def save(self) -> bool:
        problem = self.driver.save()
        if problem:
            self.out.say(problem)
        return self.driver.save_error is None

    def stop(self) -> None:
        """The player stops before the end: the game is saved and can be resumed."""
        if self.state.is_over:
            return
        if self.save() and (path := self.save_path) is not None:
            self.out.say(_("The game is saved as {name}; inkterm continue --plain {name} resumes it "
                           "(in plain mode or not).").format(name=path.name.removesuffix(".save.json")))
        elif self.driver.save_error is not None:
            self.out.say(_("The game could not be saved: {problem}").format(problem=self.driver.save_error))

    @property
    def save_path(self) -> Path | None:
        saver = self.driver.saver
        return saver.path if isinstance(saver, SaveFile) else None

    # --- reading ------------------------------------------------------------------------------
    def read(self) -> str:
        """One line typed; the end of the input stops the game (saved)."""
        line = self.out.read(self.inp)
        if line is None:
            self.out.say(_("The input has ended."))
            raise Quit
        return line

    # --- commands -----------------------------------------------------------------------------
    def help(self, _arg: str = "") -> None:
        for line in _(HELP).split("\n"):
            self.out.say(line, indent=2)

    def board(self, _arg: str = "") -> None:
        # The status line's parts (game, round, who chooses, phase) as one sentence.
        status = self.driver.status(self.driver.view()).replace(" · ", _(", "))
        self.out.say(_("{sentence}.").format(sentence=status))
        for sentence in board_sentences(self.game, self.driver.view()):
            self.out.say(sentence, indent=2)

    def rules(self, topic: str) -> None:
        if self._rules is None:
            self._rules = PlainRules(self.game)
        rules = self._rules
        if not rules.sections:
            self.out.say(_("There is no rules text for this game."))
            return
        d = self.driver.decision
        if topic.lower() in ("contents", "topics", "list"):
            self.out.say(_("The parts of the rules: {titles}.").format(titles=_("; ").join(rules.titles())))
            return
        if topic.lower() == "all":
            paragraphs = rules.whole()
        else:
            found = rules.section(topic or (d.topic if d else ""))
            if found is None:
                titles = _("; ").join(rules.titles())
                self.out.say(_("No part of the rules is called \u201c{topic}\u201d. The parts of the rules: {titles}.").format(
                    topic=topic, titles=titles) if topic else
                    _("The parts of the rules: {titles}.").format(titles=titles))
                return
            paragraphs = found
        for text, indent in paragraphs:
            self.out.say(text, indent=indent)

    def undo(self, _arg: str = "") -> None:
        if not self.driver.choosing() or not self.state.can_undo():
            self.out.say(_("Nothing of yours to undo since the last new information."))
            return
        self.driver.undo()
        self.save()
        self.out.say(_("Undone."))

    def save_now(self, _arg: str = "") -> None:
        if self.save() and (path := self.save_path) is not None:
            self.out.say(_("Saved as {name}.").format(name=path.name.removesuffix(".save.json")))

    def quit(self, _arg: str = "") -> None:
        raise Quit


COMMANDS: dict[str, Callable[[PlainTable, str], None]] = {
    "help": PlainTable.help, "h": PlainTable.help, "?": PlainTable.help,
    "board": PlainTable.board, "b": PlainTable.board,
    "choices": PlainTable.list_choices, "c": PlainTable.list_choices, "": PlainTable.list_choices,
    "rules": PlainTable.rules, "r": PlainTable.rules,
    "undo": PlainTable.undo, "u": PlainTable.undo,
    "save": PlainTable.save_now, "s": PlainTable.save_now,
    "quit": PlainTable.quit, "q": PlainTable.quit, "exit": PlainTable.quit,
}

