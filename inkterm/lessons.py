"""Guided first games: a short scripted game that teaches one idea at a time.

A lesson (``inkterm/assets/<game>/lessons.json``) is a fixed-seed game against
scripted opponents and a list of steps. A step says something, points at parts of
the board (the ids a choice's ``touches`` use, e.g. ``zone:3``) and, if it lists the
keys it ``accept``s, waits for the learner to make that kind of choice: any other
choice is explained (``wrong``) and not applied; the right one is applied and what
it did is said (``then``). A step without ``accept`` is read and left with Enter.

The ``Tutor`` runs a lesson without any UI (the learn screen wraps it) and keeps
the learner's place in the data directory, so a lesson left is resumed.
"""
from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

from inkterm.engine import IllegalChoice, new_game
from inkterm.content_texts import in_language
from inkterm.engine.saves import save_dir, write_atomic
from inkterm.home import read_file
from inkterm.i18n import language

ASSETS = Path(__file__).resolve().parent / "assets"
#: A lesson's kept place is a few hundred bytes; anything far larger is not ours.
MAX_PROGRESS_BYTES = 1_000_000
ANY_OTHER = "*"  # the ``wrong`` entry for a choice not named there


class Step(BaseModel):
    model_config = ConfigDict(extra="forbid")

    say: str = Field(min_length=1)
    point: list[str] = []
    accept: list[str] = []
    wrong: dict[str, str] = {}
    then: str = ""

    @model_validator(mode="after")
    def _a_wrong_choice_is_always_explained(self) -> "Step":
        if self.accept and ANY_OTHER not in self.wrong:
            raise ValueError(f'a step that asks for a choice needs a "{ANY_OTHER}" entry in wrong')
        if not self.accept and (self.wrong or self.then):
            raise ValueError("only a step that asks for a choice has wrong or then")
        return self

    @property
    def asks(self) -> bool:
        return bool(self.accept)

    def explain_wrong(self, key: str) -> str:
        return self.wrong.get(key, self.wrong[ANY_OTHER])


class Lesson(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: str
    seats: list[str] = Field(min_length=2)
    seed: int
    learner: int = 0
    opponents: dict[str, list[str]] = {}  # seat number -> the keys it plays, in order
    steps: list[Step] = Field(min_length=1)
    done: str


def lesson_path(game: str) -> Path:
    return ASSETS / game / "lessons.json"


def has_lesson(game: str) -> bool:
    return lesson_path(game).is_file()


def load_lesson(game: str) -> Lesson:
    """The game's lesson in the player's language (``lessons.<lang>.json``: see
    content_texts), validated (an AssetError names the file and field)."""
    return in_language(lesson_path(game), Lesson, language())


def progress_path(game: str) -> Path:
    return save_dir().parent / "lessons" / f"{game}.json"


class ScriptedOpponent:
    """Plays its seat's keys from the lesson in order; once they run out, or if one
    is not legal, the fallback bot plays (the lesson goes on as a real game)."""

    name = "scripted"

    def __init__(self, seat: int, keys: list[str], fallback) -> None:
        self.seat = seat
        self.keys = keys
        self.fallback = fallback

    def choose(self, state) -> str:
        # Counted from the history, so a resumed lesson picks up where it was.
        n = sum(1 for seat, _ in state.history if seat == self.seat)
        d = state.decision()
        if n < len(self.keys) and d.get(self.keys[n]) is not None:
            return self.keys[n]
        return self.fallback.choose(state)


class Tutor:
    """Where the learner is in a lesson: the game so far and the current step."""

    def __init__(self, game: str, lesson: Lesson, state=None, step: int = 0) -> None:
        self.game = game
        self.lesson = lesson
        self.state = state or new_game(game, seats=list(lesson.seats), seed=lesson.seed)
        self.step = step
        #: What the last right choice did (the step's ``then``), to say next.
        self.said = ""

    @classmethod
    def start(cls, game: str, *, restart: bool = False, play_on: bool = False) -> "Tutor":
        """The lesson where the learner left it (from the beginning if ``restart``, or
        if the kept place no longer replays). A finished lesson starts over, unless
        ``play_on``: then its game against the coach goes on from where it stopped."""
        lesson = load_lesson(game)
        if not restart:
            resumed = cls._resume(game, lesson, play_on)
            if resumed is not None:
                return resumed
        return cls(game, lesson)

    @classmethod
    def can_play_on(cls, game: str) -> bool:
        """The lesson was finished and its game is not over: Learn may offer to play on."""
        try:
            kept = json.loads(read_file(progress_path(game), MAX_PROGRESS_BYTES))
        except (OSError, ValueError):
            return False
        if not isinstance(kept, dict) or not kept.get("finished"):
            return False
        tutor = cls._resume(game, load_lesson(game), play_on=True)
        return tutor is not None and not tutor.state.is_over

    @classmethod
    def _resume(cls, game: str, lesson: Lesson, play_on: bool = False) -> "Tutor | None":
        try:
            kept = json.loads(read_file(progress_path(game), MAX_PROGRESS_BYTES))
            if kept.get("finished") and not play_on:
                return None
            state = new_game(game, seats=list(lesson.seats), seed=lesson.seed)
            for key in kept["choices"]:
                state.apply(key)
            return cls(game, lesson, state, min(int(kept["step"]), len(lesson.steps)))
        except (OSError, ValueError, KeyError, TypeError, AttributeError, IllegalChoice):
            return None

    @property
    def current(self) -> Step | None:
        return self.lesson.steps[self.step] if self.step < len(self.lesson.steps) else None

    @property
    def finished(self) -> bool:
        return self.current is None

    def learner_to_choose(self) -> bool:
        d = self.state.decision()
        return d is not None and d.seat == self.lesson.learner

    def refusal(self, key: str) -> str | None:
        """Why the learner may not make this choice now (None: they may)."""
        step = self.current
        if step is None or not self.learner_to_choose():
            return None
        if not step.asks:
            return "Read this step first; Enter goes on."
        if key not in step.accept:
            return step.explain_wrong(key)
        return None

    def chose(self, key: str) -> None:
        """The learner's choice ``key`` was applied: an asking step is passed."""
        step = self.current
        if step is not None and step.asks and key in step.accept:
            self.said = step.then
            self.step += 1

    def go_on(self) -> None:
        """Leave a telling step."""
        step = self.current
        if step is not None and not step.asks:
            self.said = ""
            self.step += 1

    def save(self) -> None:
        """Keep the learner's place (atomically, as saves are written)."""
        write_atomic(progress_path(self.game), json.dumps({
            "step": self.step,
            "choices": list(self.state.record.choices),
            "finished": self.finished,
        }))
