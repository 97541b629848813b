"""Names people give themselves, checked the same way at every door (the command
line's seats, the setup screen, an SSH login, a browser tab's name, a table's
seats), and any text a person typed made safe to show.

A name is printable text: letters, digits, marks, punctuation, symbols and single
spaces, NFKC-normalised (fullwidth ``Ｚｏｅ`` is ``Zoe``), with at least one letter or
digit, at most ``MAX_NAME`` characters and as many terminal cells. Control, format
(bidirectional overrides, zero-width characters), line-separator, private-use,
surrogate and unassigned characters are refused: on a screen they hide, reorder or
forge what others read.

Two names *clash* when they look alike: the same Unicode TR39 skeleton over NFKC,
case-folded (``Zоe`` with a Cyrillic о and ``Zoe``; ``ANN`` and ``ann``; ``Z0E`` and
``ZOE``). The confusables data is the maintained ``disarm`` library's; it is loaded
only when two names are compared. Accents are not confusable: ``Zoë`` and ``Zoe``
are different names (the diaeresis shows, and both are real names).

A leaf module (no inkterm imports, no Textual; the library only when comparing),
so every layer and door uses it, and the title screen shows text through it
without loading the engine.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any

from rich.cells import cell_len

from inkterm.i18n import N_, _, catalog

#: The longest name, in characters and in terminal cells (an SSH login's limit).
MAX_NAME = 32
#: Characters that never belong in a name or on a screen as they are: controls,
#: formats (bidi overrides, zero-width), line and paragraph separators, private-use,
#: surrogates, unassigned.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Co", "Cs", "Cn"})
#: Letters that draw nothing (the Hangul fillers): a name of them looks empty.
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0")


class BadName(ValueError):
    """Why a name is refused, in one line for the person who chose it, in *their*
    language: a marked message and its parameters (``words``, ``params``; a parameter
    may be a BadName too), rendered where it is read. ``str()`` renders it in this
    process's language; a server that refuses a name for someone reading another
    language renders it with ``render(lang)`` or passes the words on (``engine.text.Msg``)."""

    def __init__(self, words: str, /, **params: Any) -> None:
        super().__init__(words)
        self.words = words
        self.params = params

    def render(self, lang: str | None = None) -> str:
        values = {k: v.render(lang) if isinstance(v, BadName) else v for k, v in self.params.items()}
        return catalog(lang).gettext(self.words).format(**values)

    def __str__(self) -> str:
        return self.render()


def visible(text: str) -> str:
    """``text`` with every hidden character shown as a visible stand-in (C0 controls
    as their control pictures, e.g. ESC as ␛; DEL as ␡; the others as <U+XXXX>), so
    what a person typed (or a file holds) cannot reach a terminal as a command."""
    if text.isprintable():  # the usual case, and cheap (no space is hidden either)
        return text
    out = []
    for ch in text:
        code = ord(ch)
        if code < 0x20:
            out.append(chr(0x2400 + code))
        elif code == 0x7F:
            out.append("␡")
        elif unicodedata.category(ch) in HIDDEN_CATEGORIES:
            out.append(f"<U+{code:04X}>")
        else:
            out.append(ch)
    return "".join(out)


def hidden_character(text: str) -> str | None:
    """The first hidden character of ``text``, described ("U+202E RIGHT-TO-LEFT
    OVERRIDE"), or None."""
    for ch in text:
        if unicodedata.category(ch) in HIDDEN_CATEGORIES or ch in BLANK_LETTERS:
            return _described(ch)
    return None


def _described(ch: str) -> str:
    """"U+043E CYRILLIC SMALL LETTER O"; a control character has no name."""
    return f"U+{ord(ch):04X} {unicodedata.name(ch, '(a control character)')}"


def cells(text: str) -> int:
    """Terminal cells ``text`` takes, as Rich (so every screen) measures them: wide
    and fullwidth characters two, combining marks none."""
    return cell_len(text)


def clean_name(text: str, limit: int = MAX_NAME) -> str:
    """``text`` as a name: NFKC-normalised, runs of spaces made one, trimmed.
    BadName says what is wrong with it."""
    bad = hidden_character(text)
    if bad is not None:
        raise BadName(N_("a name cannot hold {char}: control and invisible characters are refused"), char=bad)
    name = " ".join(unicodedata.normalize("NFKC", text).split())
    if not name:
        raise BadName(N_("a name cannot be empty"))
    bad = hidden_character(name)  # NFKC of a printable character is printable, but be sure
    if bad is not None:
        raise BadName(N_("a name cannot hold {char}"), char=bad)
    if not any(unicodedata.category(ch)[0] in "LN" for ch in name):
        raise BadName(N_("{name!r} has no letter or digit; a name needs one"), name=name)
    if len(name) > limit or cells(name) > limit:
        raise BadName(N_("a name is at most {limit} characters, and {start!r}… is longer"),
                      limit=limit, start=name[:limit])
    return name


def skeleton(name: str) -> str:
    """What ``name`` looks like: its TR39 skeleton over NFKC, case-folded and with
    digits folded as TR39 folds them (0 as O, 1 as l). Equal skeletons: names a
    reader cannot tell apart."""
    from disarm import skeleton_key  # the confusables data: loaded at the first comparison

    return skeleton_key(unicodedata.normalize("NFKC", name), digit_policy="tr39")


def clash(name: str, others: Iterable[str]) -> str | None:
    """The first of ``others`` that ``name`` cannot be told apart from (the same
    name, case aside, or a lookalike), or None."""
    others = [o for o in others if o]
    if not others:
        return None
    mine = skeleton(name)
    return next((o for o in others if skeleton(o) == mine), None)


def clash_words(name: str, other: str) -> tuple[str, dict[str, str]]:
    """Why ``name`` cannot sit beside ``other``: a marked message and its parameters,
    for a server that says it in each reader's language (``engine.text.Msg``)."""
    if name == other:
        return N_("{name!r} is taken"), {"name": name}
    if name.casefold() == other.casefold():
        return N_("{name!r} is taken (as {other!r})"), {"name": name, "other": other}
    differ = next((a for a, b in zip(name, other) if a != b and a.casefold() != b.casefold()), None)
    if differ and ord(differ) > 0x7F:
        return (N_("{name!r} looks the same as {other!r} (its {char!r} is {described})"),
                {"name": name, "other": other, "char": differ, "described": _described(differ)})
    return N_("{name!r} looks the same as {other!r}"), {"name": name, "other": other}


def clash_reason(name: str, other: str) -> str:
    """One line: why ``name`` cannot sit beside ``other``."""
    words, params = clash_words(name, other)
    return _(words).format(**params)


def check_name(text: str, taken: Iterable[str] = (), limit: int = MAX_NAME) -> str:
    """``text`` as a name (see clean_name) that clashes with none of ``taken`` (the
    names already seated, or bound to a key). BadName says why not."""
    name = clean_name(text, limit)
    other = clash(name, taken)
    if other is not None:
        words, params = clash_words(name, other)
        raise BadName(N_("{reason}; choose a name that looks different"), reason=BadName(words, **params))
    return name
