"""Which section of a game's rules a decision's topic names: the same for the rules
screen, the demos' narration and plain mode's ``rules TOPIC``. A leaf module (no
Textual), so plain mode reads the rules without loading the app."""
from __future__ import annotations

import re


def slug(text: str) -> str:
    """A heading's slug as Decision.topic names it: lowercase, every run of
    characters other than a–z/0–9 becomes "-", stripped of "-" at both ends."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _unicode_slug(text: str) -> str:
    # The same, but keeping letters of any script (a heading in Chinese).
    return re.sub(r"[\W_]+", "-", text.lower()).strip("-")


def find_section(headings: list[str], topic: str) -> int | None:
    """Index of the heading ``topic`` names: exact slug first, then a heading whose
    slug starts with or contains it (topics may drop a number prefix)."""
    if not topic:
        return None
    t = slug(topic) or _unicode_slug(topic)
    slugs = [slug(h) for h in headings]
    uslugs = [_unicode_slug(h) for h in headings]
    for pool in (slugs, uslugs):
        if t in pool:
            return pool.index(t)
    for i, s in enumerate(slugs):
        if s.endswith("-" + t) or s.startswith(t + "-"):
            return i
    for i, s in enumerate(slugs):
        if t and t in s:
            return i
    return None


def rules_text(game: str) -> str | None:
    """The game's rules Markdown, with the parts made from its data (Kiln's card list)."""
    from inkterm.engine import GAMES

    try:
        return GAMES[game].rules_text()
    except (KeyError, OSError):
        return None
