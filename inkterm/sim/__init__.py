"""Headless games between bots, many at once, and the statistics they give:
``inkterm simulate GAME --games N --seats SPEC,SPEC,...`` (see ``cli``)."""
from .runner import GameResult, play_game, simulate
from .stats import summarize, wilson

__all__ = ["GameResult", "play_game", "simulate", "summarize", "wilson"]
