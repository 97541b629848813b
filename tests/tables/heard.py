"""What one channel session is pushed at a table, kept for a test to read: the
updates, the chat (a name and its words) and the table's own notes."""
from __future__ import annotations

import asyncio


class Heard:
    def __init__(self, client, code: str, first=None) -> None:
        self.updates, self.chat, self.notes = [first] if first else [], [], []
        client.follow(code, self.take)

    def take(self, m) -> None:
        if m.type == "update":
            self.updates.append(m)
        elif m.name:
            self.chat.append((m.name, m.text))
        else:
            self.notes.append(m.text)

    def said(self, words: str) -> bool:
        """Whether a note of the table's holds ``words``."""
        return any(words in t for t in self.notes)

    async def until(self, check, what: str, seconds: float = 5.0) -> None:
        for _ in range(int(seconds / 0.03)):
            if check():
                return
            await asyncio.sleep(0.03)
        raise AssertionError(f"never heard {what}: {self.notes} {self.chat}")
