"""Words for narration: a seat named "You" is addressed in the second person, and
counts agree with their nouns ("1 die", "2 dice").

Game code writes the third person, as it reads for any other name
(``act(name, "gains 3 money")``); these helpers turn it into "You gain 3 money"
for a seat called You. They run only where a text is built anyway, so the rules'
hot path does no extra work.
"""
from __future__ import annotations

import re

#: Third-person verb forms whose base form does not follow the spelling rules.
_IRREGULAR_VERBS = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}
#: Endings after which the third person adds "es" (reaches, passes, fixes).
_ES_ENDINGS = ("ches", "shes", "sses", "xes", "zes")

#: Plurals that are not the singular plus "s"; uncountable nouns map to themselves.
_IRREGULAR_PLURALS = {
    "die": "dice",
    "leaf": "leaves",
    "money": "money",
    "favour": "favour",
    "clay": "clay",
    "glaze": "glaze",
    "gold": "gold",
    "OK": "OK",
}


def is_you(name: str) -> bool:
    """Whether a seat's name is the reader: "You" (any case) reads in the second person."""
    return name.strip().casefold() == "you"


_SAYS_BOT = re.compile(r"\bbot\b", re.IGNORECASE)


def says_bot(name: str) -> bool:
    """Whether a seat's name says it is a bot already ("bot", "bot 2": the setup's
    default bot): "(bot)" after it would say so twice."""
    return _SAYS_BOT.search(name) is not None


def verb(name: str, third_person: str) -> str:
    """The verb agreeing with ``name``: "gains" for Ann, "gain" for You."""
    if not is_you(name):
        return third_person
    if third_person in _IRREGULAR_VERBS:
        return _IRREGULAR_VERBS[third_person]
    if third_person.endswith("ies") and len(third_person) > 4:
        return third_person[:-3] + "y"  # carries -> carry
    if third_person.endswith(_ES_ENDINGS):
        return third_person[:-2]
    if third_person.endswith("s"):
        return third_person[:-1]
    return third_person


def act(name: str, predicate: str) -> str:
    """``name`` followed by ``predicate`` whose first word is a third-person verb:
    "Ann gains 3 money", "You gain 3 money". Later verbs in the predicate are the
    caller's, through :func:`verb`."""
    first, space, rest = predicate.partition(" ")
    return f"{name} {verb(name, first)}{space}{rest}"


def possessive(name: str, *, start: bool = False) -> str:
    """"Ann's"; for You "your", or "Your" at the start of a sentence."""
    if is_you(name):
        return "Your" if start else "your"
    return f"{name}'s"


def plural(n: int, singular: str, plural_form: str | None = None) -> str:
    """The noun that agrees with ``n``: "die" for 1, "dice" otherwise."""
    if n == 1:
        return singular
    return plural_form or _IRREGULAR_PLURALS.get(singular) or singular + "s"


def count(n: int, singular: str, plural_form: str | None = None) -> str:
    """A count with its noun: "1 die", "3 dice", "0 tokens"."""
    return f"{n} {plural(n, singular, plural_form)}"
