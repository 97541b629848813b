""""Show me": short narrated scenes, one per rule a player acts by, played on a real
board from a prepared position.

A game's scenes (``inkterm/assets/<game>/scenes.json``, beside its lesson) are data:
a scene names the rules section it shows (its ``topic``, as a decision's topic names
one), the game it starts from (seats, seed and the ``setup`` keys that reach the
prepared position) and its steps: each a choice ``key``, what to ``say`` about it, and
words the choice's events must contain (``shows``), so the narration cannot drift from
what the board does. ``check`` replays a scene and says what does not hold; a test runs
it over every scene, and the demo screen plays a scene step by step as it plays bots'.
"""
from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, field_validator
from rich.cells import cell_len

from inkterm.engine import IllegalChoice, new_game
from inkterm.content_texts import load_in_language

ASSETS = Path(__file__).resolve().parent / "assets"


class SceneStep(BaseModel):
    model_config = ConfigDict(extra="forbid")

    key: str = Field(min_length=1)
    say: str
    #: Words the choice's events must contain (what the board shows happen).
    shows: str = ""

    @field_validator("say")
    @classmethod
    def _says_something(cls, say: str) -> str:
        # Measured in cells: a Chinese or Japanese sentence says as much in fewer characters.
        if cell_len(say) < 10:
            raise ValueError("say at least 10 cells' worth")
        return say


class Scene(BaseModel):
    model_config = ConfigDict(extra="forbid")

    topic: str = Field(min_length=1)
    title: str = Field(min_length=1)
    seats: list[str] = Field(min_length=1)  # one: a solo game
    seed: int
    setup: list[str] = []
    steps: list[SceneStep] = Field(min_length=1)

    def opening(self, game: str):
        """The prepared position: the game from its seed, the setup keys played."""
        state = new_game(game, seats=list(self.seats), seed=self.seed)
        for key in self.setup:
            state.apply(key)
        return state


class Scenes(BaseModel):
    model_config = ConfigDict(extra="forbid")

    scenes: list[Scene] = Field(min_length=1)


def scenes_path(game: str) -> Path:
    return ASSETS / game / "scenes.json"


def has_scenes(game: str) -> bool:
    return scenes_path(game).is_file()


def load_scenes(game: str) -> tuple[Scene, ...]:
    """The game's scenes in the player's language (``scenes.<lang>.json``: see
    content_texts), validated (an AssetError names the file and field)."""
    if not has_scenes(game):
        return ()
    return tuple(load_in_language(scenes_path(game), Scenes).scenes)


def scene_for(game: str, topic: str) -> Scene | None:
    """The scene of the rules section ``topic`` names (a heading or its slug)."""
    from inkterm.screens.rules import find_section  # words only: no Textual there

    scenes = load_scenes(game)
    i = find_section([s.topic for s in scenes], topic)
    return scenes[i] if i is not None else None


def check(game: str, scene: Scene) -> list[str]:
    """What does not hold when ``scene`` is replayed (nothing: it plays as told)."""
    from inkterm.screens.narration import rule_for

    problems = []
    if rule_for(game, scene.topic) is None:
        problems.append(f"{scene.topic}: no rules section has this topic")
    try:
        state = scene.opening(game)
    except IllegalChoice as exc:
        return [*problems, f"{scene.topic}: the setup does not replay: {exc}"]
    for n, step in enumerate(scene.steps, 1):
        d = state.decision()
        if d is None or d.get(step.key) is None:
            problems.append(f"{scene.topic} step {n}: {step.key!r} is not a choice here")
            break
        said = " ".join(str(e.text) for e in state.apply(step.key))
        if step.shows and step.shows not in said:
            problems.append(f"{scene.topic} step {n}: {step.shows!r} is not in what happened: {said!r}")
    return problems
