"""Text the rules make, in the reader's language: a message as data, rendered late.

At a shared table the server makes every event, prompt and label once, and each
player reads them in their own language (one language per process: every SSH login
and browser tab is its own process, the table server another). So the engine never
makes the final string. It makes a ``Msg``: a gettext msgid (with its plural, when
it counts something) and its named parameters. ``str(msg)`` renders it with the
catalog active in the process that reads it, so:

- ``str(event.text)``, ``str(choice.label)``, ``str(decision.prompt)`` are the one
  render function every front end uses (screens, plain mode, the log);
- a bot never pays for words: a message is formatted only when someone reads it;
- equality and hashing are by the data (msgid and parameters), never by a language.

Parameters are rendered by kind: a ``Msg`` (a message inside a message: a zone's
name, a reward's words); a ``Term`` (a content item's name, from
``assets/<game>/words.<lang>.json``); a tuple (a list, joined by the language's own
separator); a number; any other string as it is (a player's name). A seat named
"You" is the reader: English turns "{who} gains" into "You gain" and "{who}'s" into
"your", other languages use their word for "you".

Messages travel as data (``to_data``/``from_data``; pydantic validates them through
the same pair, so ``Choice``/``Decision``/``Event`` stay the one schema on the wire),
and a plain string is still a valid text everywhere: old saves, old table files and
texts nobody translates yet keep working.

Build messages with ``Msg(N_-style literal, **params)``, ``nmsg(singular, plural,
n, **params)`` and ``pmsg(context, literal, **params)``; all are extraction keywords
(see ``make messages``).
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Union

from inkterm import i18n
from inkterm.engine.words import is_you, verb

#: How a list parameter is joined (translated: Chinese and Japanese use "、").
LIST_SEPARATOR = i18n.N_(", ")
#: The reader, where a seat named "You" is named in a language other than English.
YOU = i18n.N_("you")

_WHO_VERB = re.compile(r"\{(\w+)\} (\w+)")
_WHO_POSSESSIVE = re.compile(r"\{(\w+)\}'s\b")
#: A space no line wraps at, for words a wrap must not part ("margin 1", a bottle's
#: "K×2 R"): every wrap on screen goes through widgets/line_breaks.py, which keeps it.
NO_BREAK = "\u00a0"
#: A template of placeholders alone (no word of any language in it).
_WORDLESS = re.compile(r"^(?:\{\w+\}|[^A-Za-z{}])*$")


class Term:
    """A content item's name (a card, a technique, a page), or its text (``field``
    "text"), looked up in the reader's language from ``assets/<game>/words.<lang>.json``;
    ``english`` where none. Of kind "topic", a rules section a decision's topic names:
    its heading in the reader's rules; of kind "game", the game's title."""

    __slots__ = ("game", "kind", "id", "english", "field")

    def __init__(self, game: str, kind: str, id: str, english: str, field: str = "name") -> None:
        self.game, self.kind, self.id, self.english, self.field = game, kind, id, english, field

    def __str__(self) -> str:
        return self.render()

    def render(self, lang: str | None = None) -> str:
        lang = lang or i18n.language()
        if lang == i18n.DEFAULT:
            return self.english
        from inkterm.translated import translation

        if self.kind == "topic":  # a rules section, by its heading in the reader's rules
            from inkterm.rules_topics import heading_in

            return heading_in(self.game, self.id, lang) or self.english
        words = translation(self.game, lang)
        if self.kind == "game":  # the game's own title
            return words.game.title if words else self.english
        item = words.items.get(self.kind, {}).get(self.id) if words else None
        said = (item.text if self.field == "text" else item.name) if item else None
        return said or self.english

    def _data(self) -> tuple:
        return (self.game, self.kind, self.id, self.english, self.field)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Term):
            return self._data() == other._data()
        if isinstance(other, str):  # read as a string: in the reader's language
            return str(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.english)  # equal to its English string while reading English

    def __repr__(self) -> str:
        return f"Term({self.kind}:{self.id})"

    def to_data(self) -> dict[str, Any]:
        return {"term": list(self._data())}


class Msg:
    """A message: its msgid, the plural and the count that picks the form (``n`` among
    the parameters), and named parameters. Immutable; renders with ``str()``.

    It also answers the common questions asked of a string (``in``, ``len``,
    ``startswith`` … through ``__getattr__``), in the language active now, so code and
    tests that read a text as a string keep working; those are for reading only.
    """

    __slots__ = ("id", "plural", "args", "context")

    def __init__(self, id: str, /, plural: str | None = None, **args: Any) -> None:
        self.id = id
        self.plural = plural
        self.args = args
        #: What the msgid means where one English word has two meanings (``pmsg``).
        self.context: str | None = None

    # --- rendering ---------------------------------------------------------------
    def __str__(self) -> str:
        return self.render()

    def render(self, lang: str | None = None) -> str:
        """The message in ``lang`` (default: the language active in this process)."""
        tr = i18n.catalog(lang)
        if self.context is not None:
            template = tr.pgettext(self.context, self.id)
            english = template == self.id
        elif self.plural is None:
            template = tr.gettext(self.id)
            english = template == self.id
        else:
            n = self.args.get("n", 1)
            template = tr.ngettext(self.id, self.plural, n)
            english = template in (self.id, self.plural)
        args = self.args
        if not args:
            return template
        values = {k: _render(v, lang) for k, v in args.items()}
        if english and (i18n.language() if lang is None else lang) != i18n.DEFAULT and _WORDLESS.match(template):
            english = False  # "{name} {score}": no words to translate, the names are the reader's
        if english:
            template = _second_person(template, args)
        else:
            for k, v in args.items():
                if isinstance(v, str):
                    values[k] = seat_name(v, lang)
        try:
            return template.format_map(values)
        except (KeyError, IndexError, ValueError):
            # A translation whose placeholders are wrong must not lose the event: the
            # catalog test catches it; here the English still says what happened.
            return (self.id if self.plural is None or args.get("n", 1) == 1 else self.plural).format_map(values)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Msg({self.id!r}{', ' if self.args else ''}{', '.join(f'{k}={v!r}' for k, v in self.args.items())})"

    # --- equality by data, never by language -------------------------------------
    def _key(self) -> tuple:
        return (self.id, self.plural, self.context, tuple(sorted(self.args.items())))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Msg):
            return (self.id == other.id and self.plural == other.plural and self.args == other.args
                    and self.context == other.context)
        if isinstance(other, str):
            return str(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        # The msgid's own hash: a message without parameters equals its English string
        # (``"Make a blank" in {Msg("Make a blank"): …}`` holds while reading English).
        return hash(self.id)

    def __bool__(self) -> bool:
        return bool(self.id)

    # --- reading it as a string (for reading only) -------------------------------
    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(str(self), name)

    def __contains__(self, part: str) -> bool:
        return part in str(self)

    def __len__(self) -> int:
        return len(str(self))

    def __iter__(self):
        return iter(str(self))

    def __getitem__(self, index):
        return str(self)[index]

    def __add__(self, other: object) -> str:
        return str(self) + str(other)

    def __radd__(self, other: object) -> str:
        return str(other) + str(self)

    def __lt__(self, other: object) -> bool:
        return str(self) < str(other)

    # --- as data: saves, table files, the table protocol -------------------------
    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"msg": self.id}
        if self.plural is not None:
            data["plural"] = self.plural
        if self.context is not None:
            data["ctx"] = self.context
        if self.args:
            data["args"] = {k: _to_data(v) for k, v in self.args.items()}
        return data

    @classmethod
    def from_data(cls, data: Any) -> "Text":
        """A text from its data: a plain string stays a string (old saves and files)."""
        if isinstance(data, (str, Msg, Term)):
            return data
        if isinstance(data, dict) and isinstance(data.get("term"), list) and 4 <= len(data["term"]) <= 5:
            return Term(*map(str, data["term"]))
        if not isinstance(data, dict) or not isinstance(data.get("msg"), str):
            raise ValueError(f"not a text: {data!r:.60}")
        args = data.get("args") or {}
        if not isinstance(args, dict):
            raise ValueError("a text's args must be an object")
        made = cls(data["msg"], data.get("plural"), **{k: _from_data(v) for k, v in args.items()})
        if isinstance(data.get("ctx"), str):
            made.context = data["ctx"]
        return made

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        return core_schema.no_info_plain_validator_function(
            cls.from_data,
            serialization=core_schema.plain_serializer_function_ser_schema(to_data),
        )


Term.__get_pydantic_core_schema__ = Msg.__get_pydantic_core_schema__  # type: ignore[attr-defined]

#: What the rules give wherever words are read: a message, a content item's name, or
#: a plain string (a name, an old save's text, words no catalog holds).
Text = Union[Msg, Term, str]


def nmsg(singular: str, plural: str, n: int, /, **args: Any) -> Msg:
    """A message that counts: ``nmsg("{n} token", "{n} tokens", n)``."""
    return Msg(singular, plural, n=n, **args)


def pmsg(context: str, id: str, /, **args: Any) -> Msg:
    """A message in a context, for an English word with two meanings:
    ``pmsg("favour track", "Start")`` is the track's first space, not the button."""
    made = Msg(id, **args)
    made.context = context
    return made


#: Two whole sentences one after the other (Chinese and Japanese join them without a space).
SENTENCES = i18n.N_("{first} {second}")


def sentences(*parts: "Text") -> "Text":
    """Whole sentences one after another (a hint and what a choice brings beside it);
    empty parts are left out."""
    given = [p for p in parts if p]
    if not given:
        return ""
    out = given[0]
    for p in given[1:]:
        out = Msg(SENTENCES, first=out, second=p)
    return out


def render(text: Any, lang: str | None = None) -> str:
    """Any text in ``lang`` (default: the reader's, the same as ``str``)."""
    return _render(text, lang)


def english(text: Any) -> str:
    """A text in English: where the rules compare a text with their own words."""
    return _render(text, i18n.DEFAULT)


def one_of(items: Sequence[Any]) -> Any:
    """Texts as a choice among them, in the reader's words: "A", "A or B", "A, B or C"."""
    items = list(items)
    return items[0] if len(items) == 1 else Msg("{items} or {last}", items=tuple(items[:-1]), last=items[-1])


def to_data(text: Any) -> Any:
    """A text as JSON-able data: a string stays a string."""
    return _to_data(text)


def from_data(data: Any) -> Text:
    return Msg.from_data(data)


def seat_name(name: str, lang: str | None = None) -> str:
    """A seat's name as the reader reads it: a seat named "You" is the reader, said with
    the language's own word for you outside English; any other name as it is."""
    if is_you(name) and (lang or i18n.language()) != i18n.DEFAULT:
        return i18n.catalog(lang).gettext(YOU)
    return name


def _render(value: Any, lang: str | None = None) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (Msg, Term)):
        return value.render(lang)
    if isinstance(value, (tuple, list)):  # a list of names says the reader's own in its word too
        return i18n.catalog(lang).gettext(LIST_SEPARATOR).join(
            seat_name(v, lang) if isinstance(v, str) else _render(v, lang) for v in value)
    return str(value)


def _to_data(value: Any) -> Any:
    if isinstance(value, (Msg, Term)):
        return value.to_data()
    if isinstance(value, (tuple, list)):
        return {"list": [_to_data(v) for v in value]}
    return value


def _from_data(value: Any) -> Any:
    if isinstance(value, dict):
        if "msg" in value or "term" in value:
            return Msg.from_data(value)
        if "list" in value:
            return tuple(_from_data(v) for v in value["list"])
        raise ValueError(f"not a text's parameter: {value!r:.60}")
    return value


def _second_person(template: str, args: dict[str, Any]) -> str:
    """English for a seat named You: "{who} gains" → "You gain", "{who}'s" → "your"
    ("Your" at the start)."""
    yous = {k for k, v in args.items() if isinstance(v, str) and is_you(v)}
    if not yous:
        return template

    def possessive(m: re.Match) -> str:
        if m[1] not in yous:
            return m[0]
        return "Your" if m.start() == 0 else "your"

    def conjugate(m: re.Match) -> str:
        return f"{{{m[1]}}} {verb('You', m[2])}" if m[1] in yous else m[0]

    return _WHO_VERB.sub(conjugate, _WHO_POSSESSIVE.sub(possessive, template))
