"""Bounds a save's text must keep before it is parsed at all. Plain Python (no
pydantic), so listing saves stays cheap."""
from __future__ import annotations

import re

from inkterm.i18n import gettext as _

#: A long game's save is about 30 KB; anything far larger is not one of ours.
MAX_SAVE_BYTES = 2_000_000
#: Real saves nest 7 deep; a bound keeps the JSON parser (and its recursion) safe.
MAX_DEPTH = 32

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"?')  # an unterminated string runs to the end
_BRACKETS = re.compile(r"[\[\]{}]")


def shape_problem(text: str) -> str | None:
    """Why ``text`` is too big or too deeply nested to parse, or None. The nesting is
    counted on the raw text (strings skipped), so it costs a scan, not a parse."""
    if len(text) > MAX_SAVE_BYTES:
        return _("too large ({n} characters; a save is at most {most})").format(
            n=f"{len(text):,}", most=f"{MAX_SAVE_BYTES:,}")
    depth = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        if bracket in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return _("nested more than {n} deep").format(n=MAX_DEPTH)
        else:
            depth -= 1
    return None
