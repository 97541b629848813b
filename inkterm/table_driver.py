"""Who plays a game at a table, and when: the bots' turns, the hand-off between the
people sharing a keyboard, what each person missed since their last turn, and the
save after each change. No Textual here: the game screen draws what the driver
decides, keeps the time (a bot's pause, its thinking thread, the save after the
repaint) and asks it again after every change. A local game, a shared table's seat,
a demo and a lesson are one driver each, given their seats, bots and way of saving."""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from inkterm.bots import is_bot, make_bot
from inkterm.engine import GAMES, Choice, Decision, Event
from inkterm.engine.api import opening
from inkterm.engine.concerns import Snapshot, hits
from inkterm.engine.saves import OpenSave, SaveError, new_save_path
from inkterm.engine.text import YOU, Msg, seat_name
from inkterm.engine.words import is_you, says_bot
from inkterm.i18n import N_, _, pgettext
from inkterm.translated import game_title
from inkterm.engine.types import TO_YOU

if TYPE_CHECKING:
    from inkterm.engine import GameState
    from inkterm.engine.view import TableView


class Next(Enum):
    """What the table does after a change (see ``TableDriver.advance``)."""

    FINISH = "the game is over"
    BOT = "a bot chooses"
    HAND_OFF = "cover the table until the next person is ready"
    TAKE = "the next person has the table: show it"
    WAIT = "a person chooses"


@dataclass
class Played:
    """One choice applied: who made it, in which round, and what it did (``ends``: it
    ended a turn, whose boundary the summary keeps though not its words; ``to_you``:
    per other person at the table, what it did to them that its events do not say to
    them, found by comparing the table before and after it, ``engine/concerns.py``)."""

    seat: int
    round: int | None
    events: list[Event]
    ends: bool = False
    to_you: dict[int, list[Event]] = field(default_factory=dict)


@dataclass
class Turn:
    """One seat's run of choices in one round, as the others are told it."""

    seat: int
    round: int | None
    events: list[Event]


@dataclass
class Story:
    """What the others did while a person waited: first what happened to them (what
    the others' choices changed of theirs — favour, points, their score overtaken, a
    bottle they needed — and every event that is theirs, or names them, in another
    seat's turn), then every turn in order, each with all its events — nothing cut
    (the panel pages)."""

    to_you: list[tuple[int | None, Event]]
    turns: list[Turn]

    @classmethod
    def of(cls, played: list[Played], person: int, seats: list[str]) -> Story:
        name = re.compile(rf"(?<!\w){re.escape(seats[person])}(?!\w)") if 0 <= person < len(seats) else None
        to_you: list[tuple[int | None, Event]] = []
        turns: list[Turn] = []
        ended = True
        for p in played:
            to_you += [(p.round, e) for e in p.to_you.get(person, ())]
            if not p.events:  # a turn's end alone
                ended = ended or p.ends
                continue
            if turns and not ended and turns[-1].seat == p.seat and turns[-1].round == p.round:
                turns[-1].events.extend(p.events)
            else:
                turns.append(Turn(p.seat, p.round, list(p.events)))
            ended = p.ends
            to_you += [(p.round, e) for e in p.events if p.seat != person and (
                e.seat == person or (name is not None and name.search(str(e.text))))]
        return cls(to_you, turns)

    def __bool__(self) -> bool:
        return bool(self.turns)


def replayed(record: Any, people: list[int]) -> Iterator[Played]:
    """The game of ``record`` choice by choice, re-derived (a save keeps no narration).
    What the others' choices did to each of ``people`` since that person's own last
    choice is compared anew, table before and after, from the state after that choice
    (a copy kept as the replay passes it), and filled into the choices already given
    once the replay is through: a caller that keeps them gets it as the last one is
    asked for. Raises IllegalChoice on a record that does not replay."""
    state = opening(record)
    plays: list[Played] = []
    last: dict[int, tuple[int, GameState]] = {}  # person -> (choices before, state)
    for key in record.choices:
        d = state.decision()
        if d is None:
            raise SaveError(_("the record goes on after the game ended (a damaged save)"))
        played = Played(d.seat, state.round_number(), state.apply(key))
        plays.append(played)
        if d.seat in people:
            last[d.seat] = (len(plays), state.clone())
        yield played
    if not people or not plays:
        return
    start = min(last[h][0] if h in last else 0 for h in people)
    kept = next((s for n, s in last.values() if n == start), None)
    state = kept if kept is not None else opening(record)  # start: a last choice, or 0
    for n in range(start, len(plays)):
        played = plays[n]
        others = [h for h in people if h != played.seat and last.get(h, (0,))[0] <= n]
        before = Snapshot(state) if others else None
        state.apply(record.choices[n])
        if before is not None:
            played.to_you.update(hits(state, before, played.seat, played.events, others))


class Chooser(Protocol):
    """A bot, or anything that plays a seat as one (a lesson's scripted opponent)."""

    def choose(self, state: Any) -> str: ...


class Saver(Protocol):
    #: The words before the reason when a save fails (marked with N_, translated when said).
    failed: str

    def write(self, state: GameState) -> None: ...  # raises OSError or SaveError
    def close(self) -> None: ...


class SaveFile:
    """A local game's save file, taken (with its lock) at the first write unless the
    session already holds it (a continued game)."""

    failed = N_("Autosave failed")

    def __init__(self, path: Path | None = None, opened: OpenSave | None = None) -> None:
        self.path = opened.path if opened is not None else path
        self.opened = opened

    def write(self, state: GameState) -> None:
        if self.opened is None:
            self.path = self.path or new_save_path(state.record.game)
            self.opened = OpenSave(self.path)
        self.opened.write(state)

    def close(self) -> None:
        if self.opened is not None:
            self.opened.close()


class TableDriver:
    """``state`` is a GameState or anything that answers as one (a shared table's
    RemoteTable); ``bots`` plays the seats it names; the other seats are people."""

    def __init__(self, state: Any, bots: Mapping[int, Chooser], humans: list[int] | None = None, *,
                 handoff: str = "auto", saver: Saver | None = None) -> None:
        self.state = state
        self.bots = bots
        self.humans = humans if humans is not None else [
            i for i in range(len(state.seats)) if i not in bots]
        #: The seat whose private view is shown (None: only public facts). With one
        #: person it is always theirs; with several it is dropped as their choosing
        #: ends and given to the next person directly, or through a hand-off.
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        #: The person who last had the table: giving it back to them needs no hand-off.
        self.at_keyboard: int | None = self.viewer
        #: A hand-off covers the table: nothing private shows, nobody chooses.
        self.covered = False
        #: When the table is covered between people: "auto" (only if the next person
        #: would see a secret), "always" or "never".
        self.handoff = handoff
        #: Per person: what the others did since they last chose (their choice clears it).
        self.missed: dict[int, list[Played]] = {i: [] for i in self.humans}
        #: Per person: what they were last told (recalled once their choosing began).
        self.told: dict[int, list[Played]] = {i: [] for i in self.humans}
        self.saver = saver
        self.save_error: str | None = None
        self.save_due = False

    @classmethod
    def local(cls, state: GameState, saver: Saver) -> TableDriver:
        """A game at this keyboard: its bot seats by their specs, the rest people."""
        bots = {i: make_bot(spec, seed=state.record.seed * 10 + i)
                for i, spec in enumerate(state.seats) if is_bot(spec)}
        return cls(state, bots, saver=saver)

    # --- who is at the table --------------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        return self.state.decision()

    def view(self) -> TableView:
        """What the table shows: the viewer's view, or the public facts."""
        if self.viewer is not None and not self.covered:
            return self.state.view(self.viewer)
        return self.state.summary()

    def choosing(self) -> bool:
        """A person may choose now: their turn, with their view on the table."""
        d = self.decision
        return d is not None and d.seat not in self.bots and not self.covered and self.viewer == d.seat

    def advance(self) -> Next:
        """After any change: what the table does next."""
        d = self.decision
        if d is None or self.state.is_over:
            return Next.FINISH
        if d.seat in self.bots:
            return Next.BOT
        if self.viewer == d.seat or self.covered:
            return Next.WAIT
        if self.needs_handoff(d):
            return Next.HAND_OFF
        self.viewer = self.at_keyboard = d.seat
        return Next.TAKE

    def needs_handoff(self, d: Decision) -> bool:
        """Whether the table must be covered before ``d``'s chooser sees it: someone
        else had it and (unless the table asks for a pause always, or never) the
        chooser's view holds a secret the other person must not read."""
        if len(self.humans) < 2 or d.seat == self.at_keyboard:
            return False
        return self.handoff == "always" or (self.handoff == "auto" and d.secret)

    def cover(self) -> str:
        """A hand-off begins: nothing private on the table while it changes hands.
        Returns what the cover says about whose turn ended."""
        self.covered, self.viewer = True, None
        before = self.at_keyboard
        if before is None:
            return ""
        name = self.state.seats[before]
        return _("Your turn is over.") if is_you(name) else _("{name}'s turn is over.").format(name=name)

    def uncover(self, seat: int) -> None:
        self.covered = False
        self.viewer = self.at_keyboard = seat

    def turn_passed(self) -> None:
        """The moment a person's choosing ends, their private view leaves the table
        (before any bot thinks), unless they are the only person at it."""
        d = self.decision
        if len(self.humans) >= 2 and (d is None or d.seat != self.viewer):
            self.viewer = None

    # --- choices ----------------------------------------------------------------------------
    def apply(self, key: str) -> Played:
        """Apply a choice and keep it for the others' "since your last turn".
        Raises IllegalChoice (and changes nothing)."""
        st = self.state
        d = st.decision()
        assert d is not None  # a choice is applied to a pending decision
        played = Played(d.seat, st.round_number(), [])
        others = [h for h in self.humans if h != d.seat]
        before = Snapshot(st) if others else None
        played.events = st.apply(key)
        if before is not None:
            self.tell_what_hit(played, before, others)
        self.remember(played)
        return played

    def tell_what_hit(self, played: Played, before: Snapshot, people: list[int]) -> None:
        """Keep with ``played`` what it did to each of ``people`` (the state is after it)."""
        played.to_you.update(hits(self.state, before, played.seat, played.events, people))

    def bots_play(self) -> Iterator[Played]:
        """The bots' choices, one after another, until a person (or nobody) is next."""
        d = self.decision
        while d is not None and d.seat in self.bots:
            yield self.apply(self.bots[d.seat].choose(self.state))
            d = self.decision

    def still(self, seat: int, at: int) -> bool:
        """Nothing changed since a bot began to think at choice ``at`` (an undo, a resume)."""
        d = self.decision
        return d is not None and d.seat == seat and len(self.state.record.choices) == at

    def history(self) -> Iterator[Played]:
        """The game so far, re-derived from the record (a save keeps no narration), each
        choice remembered as it was played (see ``replayed``). Raises IllegalChoice on a
        record that does not replay."""
        for played in replayed(self.state.record, list(self.missed)):
            self.remember(played)
            yield played

    def undo(self) -> None:
        self.state = self.state.undo()

    # --- since your last turn ---------------------------------------------------------------
    def remember(self, played: Played) -> None:
        # Turn boundaries ("ends the turn.") would crowd out what was done.
        done = Played(played.seat, played.round, [e for e in played.events if e.kind != "turn"],
                      any(e.kind == "turn" for e in played.events), played.to_you)
        for person, missed in self.missed.items():
            if person == played.seat:
                if missed:  # their own choice: they have seen what came before
                    self.told[person] = list(missed)
                    missed.clear()
            elif done.events or done.ends or done.to_you:
                missed.append(done)

    def since(self, person: int) -> Story:
        """What ``person`` is told when their turn comes: what the others did since
        their last choice, or (once they chose) what they were told before it."""
        return Story.of(self.missed.get(person) or self.told.get(person) or [], person, self.state.seats)

    # --- saving -----------------------------------------------------------------------------
    def save_soon(self) -> bool:
        """A save is due; True if it was not already (the screen writes it after the
        next repaint: the player sees the move at once, the write follows in a frame)."""
        due, self.save_due = self.save_due, True
        return not due

    def save(self) -> str | None:
        """Write the game now. Returns the problem to tell, the first time saving fails."""
        self.save_due = False
        if self.saver is None:
            return None
        try:
            self.saver.write(self.state)
        except (OSError, SaveError) as exc:
            first, self.save_error = self.save_error is None, str(exc)
            return _("{failed}: {problem}").format(failed=_(self.saver.failed), problem=exc) if first else None
        self.save_error = None
        return None

    def taken_over(self) -> str | None:
        """None while this session holds its save; once another session has taken it
        over, the words that say so (nothing is saved here from then on)."""
        opened = self.saver.opened if isinstance(self.saver, SaveFile) else None
        if opened is None or opened.held:
            return None
        owner = opened.taken_by()
        unsaved = self.save_error is not None or self.save_due
        self.save_due = False
        said = (_("Another session (process {pid}) took this game over, so this terminal now only "
                  "watches it: your keys here change nothing.").format(pid=owner) if owner else
                _("Another session took this game over, so this terminal now only watches it: your "
                  "keys here change nothing."))
        return _("{said} The last choice made here was not saved.").format(said=said) if unsaved else said

    def close(self) -> None:
        """Let go of the save (its lock)."""
        if self.saver is not None:
            self.saver.close()

    # --- words --------------------------------------------------------------------------------
    def prompt(self, show_bot_choices: bool = False) -> tuple[str, list[Choice], tuple[tuple[str, str, str], ...]]:
        """What the side shows: the prompt, the choices to list and the closed places."""
        d = self.decision
        if d is None:
            return _("The game is over."), [], ()
        who = self.state.seats[d.seat]
        prompt = str(d.prompt)  # the engine's texts render in this process's language
        # The seat as this reader reads it: a seat named You is "你" in Chinese.
        said = prompt if names_the_seat(prompt, who) else str(Msg("{name}: {text}", name=who, text=prompt))
        if d.seat in self.bots:
            if not says_bot(who):  # "bot: …", not "(bot) bot: …"
                said = _("(bot) {prompt}").format(prompt=said)
            return said, d.choices if show_bot_choices else [], ()
        if self.covered or self.viewer != d.seat:
            return self.waiting(d), [], ()
        return said, d.choices, tuple((sc, str(label), str(why)) for sc, label, why in d.unavailable)

    def waiting(self, d: Decision) -> str:
        """The prompt while someone else (or nobody yet, behind a hand-off) chooses."""
        return _("Waiting for {name}…").format(name=seat_name(self.state.seats[d.seat]))

    def status(self, view: TableView) -> str:
        """The status line: the game, the round, who chooses, the phase."""
        spec = GAMES.get(self.state.record.game)
        parts = [game_title(spec) if spec else self.state.record.game]
        if "round" in view:
            parts.append(_("round {n}").format(n=view["round"]))
        d = self.decision
        if d is not None:
            name = self.state.seats[d.seat]
            if d.seat in self.bots and says_bot(name):  # "bot to choose", not "bot (bot) to choose"
                said = pgettext("a bot whose name says so", "{name} to choose")
            elif d.seat in self.bots:
                said = _("{name} (bot) to choose")
            elif is_you(name):  # the reader's own seat: "あなたが選択中", not "あなたさんが…"
                said, name = pgettext("the reader chooses", "{name} to choose"), seat_name(name)
            else:
                said = _("{name} to choose")
            parts.append(said.format(name=name))
        phase = view.get("phase")
        if phase:  # a message, or the view's English N_-marked by the game
            parts.append(_(phase) if isinstance(phase, str) else str(phase))
        return " · ".join(parts)


def names_the_seat(prompt: str, who: str) -> bool:
    """Whether a prompt begins with the seat it asks, as this reader reads the seat's
    name (a seat named You is the reader: "你", "あなた" in Chinese and Japanese)."""
    said = prompt.casefold()
    return said.startswith(who.casefold()) or (is_you(who) and said.startswith(_(YOU).casefold()))


class SharedSeat(TableDriver):
    """A seat at a shared table (``state`` is its RemoteTable): the server plays the
    bots, applies every choice and saves; this session only chooses for its own seat
    (None: watching) and never hands over."""

    def __init__(self, remote: Any) -> None:
        super().__init__(remote, {}, [] if remote.you is None else [remote.you])
        self.viewer = remote.you
        #: How much of the table's story is remembered for "since your last turn".
        self.heard = 0

    def advance(self) -> Next:
        return Next.FINISH if self.state.is_over else Next.WAIT

    def choosing(self) -> bool:
        # A choice sent: nothing more to pick until the server answers.
        return not self.state.pending and super().choosing()

    def history(self) -> Iterator[Played]:
        """The game so far as the server rebuilt it for this seat (the keys chosen stay
        there; each seat reads only its own secrets), each choice remembered as a local
        table's is, with what it did to this seat (the server compared the table before
        and after it, as a local driver does: its "to you" events)."""
        self.heard = 0
        yield from self.catch_up()

    def catch_up(self) -> list[Played]:
        """What the table's story gained since last asked (a move heard from the
        server), remembered for "since your last turn"."""
        story = self.state.story
        self.heard = min(self.heard, len(story))  # a story sent anew
        out = [self._played(told) for told in story[self.heard:]]
        self.heard = len(story)
        for played in out:
            if played.seat >= 0:  # a choice, not a note of the table's
                self.remember(played)
        return out

    def _played(self, told: Any) -> Played:
        you = self.state.you
        mine = [e for e in told.events if e.kind == TO_YOU]
        return Played(told.seat if told.seat is not None else -1, told.round,
                      [e for e in told.events if e.kind != TO_YOU],
                      to_you={you: mine} if mine and you is not None else {})

    def undo(self) -> None:
        """Ask the server to take the choice back; its update redraws the table."""
        self.state.take_back()

    def waiting(self, d: Decision) -> str:
        return str(d.prompt)  # the server's words (who chooses, what about), in this reader's language
