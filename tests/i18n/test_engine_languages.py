"""Every text a game's rules make reads in Chinese and in Japanese: a seeded random
game of each registered game, every decision's prompt, choices, hints and closed
places and every event rendered in zh and ja, what inspect says of everything one may
look up now and then, and the end's result (headline, score breakdown, tie-breaks),
holds no message the catalog leaves untranslated and no English word but the seats'
names."""
from __future__ import annotations

import random
import re

import pytest

from inkterm import i18n
from inkterm.engine import GAMES, new_game
from inkterm.engine.text import Msg, Term, render

from ..registered import games

SEATS = ["Ann", "Bob", "Cy", "Dee", "Eve"]
#: Latin letters a translated text may hold besides the names: the games' own marks
#: (a bottle's colour letter, a card's id) are one capital or a capital and digits, or
#: a level's Roman numeral as the rulebooks write it (page III, III-4).
MARKS = re.compile(r"\b[A-Z]{1,2}\d*\b|\bI{1,3}\b|\$")


#: Inspect's texts are read every so many choices (each asks for every lookup).
INSPECT_EVERY = 40


def inspect_texts(state, lang: str):
    """What inspect shows: every lookup's label and its description (asked in ``lang``,
    as the screen asks: a game may say them as strings in the reader's language)."""
    i18n.use(lang)
    try:
        for touch, label in state.lookups():
            yield str(label)
            yield str(state.describe(touch) or "")
    finally:
        i18n.use("en")


def result_texts(state, lang: str):
    """The game-over screen's texts from the rules (the result is made in ``lang``:
    a breakdown's labels come rendered in the reader's language)."""
    i18n.use(lang)
    try:
        result = state.result()
        yield str(result.headline)
        for standing in result.standings:
            for label, _points in standing.breakdown:
                yield label
        yield from result.tiebreaks
    finally:
        i18n.use("en")


def texts_of(state, events):
    d = state.decision()
    if d is not None:
        yield d.prompt
        for c in d.choices:
            yield c.label
            yield c.hint
        for _shortcut, label, why in d.unavailable:
            yield label
            yield why
    for e in events:
        yield e.text


def messages(text):
    """Every message inside a text (its parameters' too)."""
    if isinstance(text, Msg):
        yield text
        for v in text.args.values():
            yield from messages(v)
    elif isinstance(text, tuple):
        for v in text:
            yield from messages(v)


def untranslated(msg: Msg, lang: str) -> bool:
    tr = i18n.catalog(lang)
    if msg.plural is None:
        return tr.gettext(msg.id) == msg.id and re.search("[A-Za-z]{2}", re.sub(r"\{\w*\}", "", msg.id)) is not None
    return tr.ngettext(msg.id, msg.plural, 2) in (msg.id, msg.plural)


def english_words(said: str, names: list[str]) -> list[str]:
    for name in names:
        said = said.replace(name, "")
    said = MARKS.sub("", said)
    return re.findall(r"[A-Za-z]{2,}", said)


@pytest.mark.parametrize("game", games(shipped=True))  # a game the tests add is not translated
@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_a_random_game_reads_in_the_language(game, lang):
    spec = GAMES[game]
    seats = SEATS[:max(spec.min_players, min(3, spec.max_players))]
    state = new_game(game, seats, seed=11)
    rng = random.Random(11)
    missing: dict[str, str] = {}
    english: dict[str, str] = {}
    events: list = []
    for step in range(400):
        said_now = list(texts_of(state, events))
        if step % INSPECT_EVERY == 0 or state.is_over:
            said_now += inspect_texts(state, lang)
        if state.is_over:
            said_now += result_texts(state, lang)
        for text in said_now:
            for m in messages(text):
                if untranslated(m, lang):
                    missing[m.id] = render(m, lang)
            said = render(text, lang)
            if words := english_words(said, seats):
                english[said] = " ".join(words)
            if ": " in said:  # the languages' own colon, "：" (a text made as an English string)
                english[said] = ": "
        if state.is_over:
            break
        events = state.apply(rng.choice(state.decision().choices).key)
    assert not missing, f"untranslated in {lang}: {missing}"
    assert not english, f"English words in {lang}: {english}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_terms_name_content_in_the_language(game):
    """A content item's name in a message is the language's own (words.<lang>.json)."""
    state = new_game(game, SEATS[:GAMES[game].min_players], seed=3)
    rng = random.Random(3)
    terms: list[Term] = []
    while not terms and not state.is_over and len(state.record.choices) < 300:
        terms = [v for c in state.decision().choices for m in messages(c.label) for v in m.args.values()
                 if isinstance(v, Term)]
        state.apply(rng.choice(state.decision().choices).key)
    if not terms:
        pytest.skip(f"{game}'s first choices name no content item")
    for t in terms:
        assert t.render("en") == t.english
        assert t.render("zh") != t.english or t.render("ja") != t.english, t
