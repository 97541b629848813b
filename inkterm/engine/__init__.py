"""The game-agnostic core: the public rules API. Imports no Textual."""
from .api import SaveError, load_game, new_game, replay
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
    "IllegalChoice",
    "OptionSpec",
    "Record",
    "Result",
    "SaveError",
    "Standing",
    "load_game",
    "new_game",
    "register",
    "register_package",
    "replay",
]
