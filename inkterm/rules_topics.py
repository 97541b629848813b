"""Which section of a game's rules a decision's topic names: the same for the rules
screen, the demos' narration and plain mode's ``rules TOPIC``. A leaf module (no
Textual), so plain mode reads the rules without loading the app.

A game's rules topics (``inkterm/assets/<game>/rules_topics.json``) say what its rules
teach by doing: the sections that describe something a player does (``acts``: each has
a "show me" scene), the sections that only list content a decision may name (``lists``:
Kiln's card list), and its core actions (``core``: what every lesson has the learner
do, each named with the choice keys that make it).
"""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, field_validator

ASSETS = Path(__file__).resolve().parent / "assets"


class CoreAction(BaseModel):
    model_config = ConfigDict(extra="forbid")

    #: The action in a player's words ("reroll a zone's dice").
    name: str = Field(min_length=3)
    #: A regular expression a choice key making it matches in full ("reroll:\\d").
    keys: str = Field(min_length=1)
    #: The rules section that explains it (a heading's slug).
    section: str = Field(min_length=1)

    @field_validator("keys")
    @classmethod
    def _a_pattern(cls, v: str) -> str:
        try:
            re.compile(v)
        except re.error as exc:
            raise ValueError(f"not a regular expression: {exc}") from None
        return v

    def made_by(self, key: str) -> bool:
        return re.fullmatch(self.keys, key) is not None


class RulesTopics(BaseModel):
    model_config = ConfigDict(extra="forbid")

    acts: list[str] = Field(min_length=1)
    lists: list[str] = []
    core: list[CoreAction] = Field(min_length=1)


def rules_topics_path(game: str) -> Path:
    return ASSETS / game / "rules_topics.json"


@cache
def rules_topics(game: str) -> RulesTopics | None:
    """The game's rules topics, validated (an AssetError names the file and field);
    None for a game without them."""
    from inkterm.engine.assets import load_asset

    path = rules_topics_path(game)
    return load_asset(path, RulesTopics) if path.is_file() else None


def slug(text: str) -> str:
    """A heading's slug as Decision.topic names it: lowercase, every run of
    characters other than a–z/0–9 becomes "-", stripped of "-" at both ends."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _unicode_slug(text: str) -> str:
    # The same, but keeping letters of any script (a heading in Chinese).
    return re.sub(r"[\W_]+", "-", text.lower()).strip("-")


#: A heading of rules written in another language -> the English heading at its place.
#: A topic names an English heading; rules in Chinese or Japanese keep the English
#: sections' order and depth, so a topic finds its section there by this (filled
#: whenever such rules are read: ``remember_headings``).
_ENGLISH_HEADING: dict[str, str] = {}
HEADING = re.compile(r"^(#{1,6}) +(.+?) *#* *$", re.M)
_FENCE = re.compile(r"^```.*?^```", re.M | re.S)


def headings(markdown: str) -> list[tuple[int, str]]:
    """The (depth, text) of each heading of ``markdown`` (none inside a code block)."""
    return [(len(m[1]), m[2].strip()) for m in HEADING.finditer(_FENCE.sub("", markdown))]


def remember_headings(english: str, translated: str) -> None:
    """Pair the headings of ``translated`` with the English ones at the same places."""
    ours, theirs = headings(english), headings(translated)
    if [d for d, _ in ours] == [d for d, _ in theirs]:
        _ENGLISH_HEADING.update((t, e) for (_, e), (_, t) in zip(ours, theirs))


def find_section(headings: list[str], topic: str) -> int | None:
    """Index of the heading ``topic`` names: exact slug first, then a heading whose
    slug starts with or contains it (topics may drop a number prefix). A heading of
    rules in another language answers to the English heading at its place."""
    if not topic:
        return None
    written = [_unicode_slug(h) for h in headings]  # as the reader reads them: 原料所（1）
    headings = [_ENGLISH_HEADING.get(h, h) for h in headings]
    t = slug(topic) or _unicode_slug(topic)
    slugs = [slug(h) for h in headings]
    uslugs = [_unicode_slug(h) for h in headings]
    for pool in (slugs, uslugs, written):
        if t in pool:
            return pool.index(t)
    for pool in (slugs, written):  # a person types a heading without its number: 原料所
        for i, s in enumerate(pool):
            if s.endswith("-" + t) or s.startswith(t + "-"):
                return i
    for pool in (slugs, written):
        for i, s in enumerate(pool):
            if t and t in s:
                return i
    return None


#: A ``Term``'s kind naming a rules section by its topic (engine/text.py): a shared
#: table says what a seat is choosing about in each reader's language.
TOPIC = "topic"


@cache
def heading_in(game: str, topic: str, lang: str) -> str | None:
    """The heading of the section ``topic`` names in the rules in ``lang`` (the rules
    files do not change while inkterm runs); None where no section answers."""
    from inkterm.engine import GAMES
    from inkterm.translated import rules_text as in_language

    try:
        markdown = in_language(GAMES[game], lang)
    except (KeyError, OSError):
        return None
    found = [text for _, text in headings(markdown)]
    i = find_section(found, topic)
    return _ZONE_NUMBER.sub("", found[i]) if i is not None else None


#: A heading's number in brackets ("Materials (1)"): said within brackets already.
_ZONE_NUMBER = re.compile(r"\s*[(（]\d+[)）]$")


def rules_text(game: str) -> str | None:
    """The game's rules Markdown in the reader's language (``rules.<lang>.md`` where
    there is one), with the parts made from its data (Kiln's card list)."""
    from inkterm.engine import GAMES

    from inkterm.translated import rules_text as in_language

    try:
        return in_language(GAMES[game])
    except (KeyError, OSError):
        return None
