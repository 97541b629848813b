"""The game-agnostic core: the public rules API. Imports no Textual."""
from .api import SaveError, given_game, load_game, new_game, replay, replay_events
from .give import Give
from .record import Record
from .registry import GAMES, GameSpec, OptionSpec, register, register_package
from .result import Result, Standing
from .state import GameState
from .types import BACK_KEY, Choice, Decision, Event, IllegalChoice

__all__ = [
    "BACK_KEY",
    "GAMES",
    "Choice",
    "Decision",
    "Event",
    "GameSpec",
    "GameState",
    "Give",
    "IllegalChoice",
    "OptionSpec",
    "Record",
    "Result",
    "SaveError",
    "Standing",
    "given_game",
    "load_game",
    "new_game",
    "register",
    "register_package",
    "replay",
    "replay_events",
]
