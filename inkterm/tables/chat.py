"""A table's one-line chat: plain text only. Whatever a player types is shown as
text, never interpreted: control characters (escape sequences, bells, line breaks,
bidirectional overrides) become visible stand-ins, and markup stays as typed (the
screen writes chat as plain text). Lines are cut to a length and rate-limited."""
from __future__ import annotations

import time
from collections import deque
from typing import Callable

from inkterm.names import visible

MAX_CHAT_CHARS = 200
#: At most CHAT_BURST lines in CHAT_WINDOW seconds from one name.
CHAT_BURST, CHAT_WINDOW = 5, 10.0


def plain_text(text: str, limit: int = MAX_CHAT_CHARS) -> str:
    """``text`` with every control or format character shown as a visible stand-in
    (C0 controls as their control pictures, e.g. ESC as ␛; others as <U+XXXX>: see
    inkterm.names.visible), cut to ``limit`` characters."""
    line = visible(text).strip()
    return line if len(line) <= limit else line[: limit - 1] + "…"


class ChatLimiter:
    """Who may say something now: a sliding window per name."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._said: dict[str, deque[float]] = {}

    def allow(self, name: str) -> bool:
        now = self._clock()
        said = self._said.setdefault(name, deque())
        while said and now - said[0] > CHAT_WINDOW:
            said.popleft()
        if len(said) >= CHAT_BURST:
            return False
        said.append(now)
        return True
