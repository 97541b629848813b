"""The language a player reads: English, Simplified Chinese (zh) or Japanese (ja).

Every message goes through gettext: ``_("New game")``, ``ngettext("{n} table",
"{n} tables", n)``; text that must be written down before the language is known
(class attributes, module constants) is marked with ``N_()`` for extraction and
translated where it is shown; ``lazy_gettext()`` gives text that translates itself
each time it is turned into a string. Key bindings' descriptions are extracted as
they are written (``Binding(key, action, "Undo")``: see babel.cfg's keywords) and
translated where the footer shows them.

The catalogs are ``assets/locale/<lang>/LC_MESSAGES/inkterm.po`` (``make messages``
extracts and updates them). A .po is compiled to a .mo the first time a language is
used and kept under the data folder's ``cache/``, named by the .po's hash: nothing
generated is committed, a clean checkout or an editable install works without a
build step, and a changed .po is compiled again by itself. English needs no catalog,
so an English start loads nothing (start-up speed).

One language is active per process. That is per session too: every SSH login and
every browser tab runs the app in a process of its own (inkterm/serve), so the
client's ``LANG`` or the player's saved setting picks the language of that session
alone.

Which language: ``--lang``, else the player's saved choice (``settings.json`` in the
data folder, set on the title screen), else ``LC_ALL``/``LC_MESSAGES``/``LANG``, else
English. A choice made on purpose outlasts a terminal's default locale, which most
systems set whether or not anyone chose it.
"""
from __future__ import annotations

import gettext as _gettext
import hashlib
import os
from collections.abc import Mapping
from pathlib import Path

DOMAIN = "inkterm"
LOCALE_DIR = Path(__file__).parent / "assets" / "locale"
#: The languages, each by its own name (as the Language setting lists them).
LANGUAGES: dict[str, str] = {"en": "English", "zh": "中文（简体）", "ja": "日本語"}
DEFAULT = "en"
#: The environment's locale variables, strongest first (as POSIX orders them).
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")

_active = DEFAULT
_catalog: _gettext.NullTranslations = _gettext.NullTranslations()


def language() -> str:
    """The active language's code: ``en``, ``zh`` or ``ja``."""
    return _active


def gettext(message: str) -> str:
    return _catalog.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _catalog.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` as meant in ``context``: one English word with two meanings ("Start"
    the button, "Start" the favour track's first space) is two messages."""
    return _catalog.pgettext(context, message)


_ = gettext


def N_(message: str) -> str:
    """Marks ``message`` for extraction only: translated later, where it is shown."""
    return message


class LazyText:
    """A message translated each time it is used as text, in the language active then."""

    __slots__ = ("message",)

    def __init__(self, message: str) -> None:
        self.message = message

    def __str__(self) -> str:
        return gettext(self.message)

    def __repr__(self) -> str:
        return f"LazyText({self.message!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __eq__(self, other: object) -> bool:
        return str(self) == str(other)

    def __hash__(self) -> int:
        return hash(self.message)


def lazy_gettext(message: str) -> LazyText:
    return LazyText(message)


def from_locale(value: str | None) -> str | None:
    """The language a locale value names (``zh_CN.UTF-8`` → ``zh``, ``ja_JP`` → ``ja``,
    ``en_GB`` → ``en``); None for one we do not translate into, or "C"/"POSIX"."""
    if not value:
        return None
    code = value.split(".", 1)[0].split("@", 1)[0].replace("-", "_").split("_", 1)[0].lower()
    return code if code in LANGUAGES else None


def from_environment(env: Mapping[str, str] | None = None) -> str | None:
    """The language of the first locale variable that is set (POSIX's order: an
    ``LC_ALL`` of another language wins over ``LANG``)."""
    env = os.environ if env is None else env
    for name in LOCALE_VARIABLES:
        value = env.get(name)
        if value:
            return from_locale(value)
    return None


def from_accept_language(header: str | None) -> str | None:
    """The language a browser asks pages in (its ``Accept-Language``: ``ja,en;q=0.8``
    → ``ja``): the first of its languages by weight that we have, English included;
    None if it names none of them."""
    weighted: list[tuple[float, int, str]] = []
    for i, part in enumerate((header or "")[:1000].split(",")):
        tag, _sep, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        code = from_locale(tag.strip())
        if code is not None and weight > 0:
            weighted.append((-weight, i, code))
    return min(weighted)[2] if weighted else None


def choose(flag: str | None = None, env: Mapping[str, str] | None = None) -> str:
    """The language to use: the flag, else the saved setting, else the locale, else English."""
    if flag:
        return flag
    from inkterm.home import read_settings

    saved = read_settings().get("language")
    if isinstance(saved, str) and saved in LANGUAGES:
        return saved
    return from_environment(env) or DEFAULT


_catalogs: dict[str, _gettext.NullTranslations] = {DEFAULT: _gettext.NullTranslations()}


def catalog(lang: str | None = None) -> _gettext.NullTranslations:
    """The catalog of ``lang`` (the active one if not given), loaded once, without
    making it active: for rendering a text in a language other than the reader's
    (e.g. English, where a text is compared with the rules' own words)."""
    if lang is None or lang == _active:
        return _catalog
    if lang not in _catalogs:
        _catalogs[lang] = _load(lang)
    return _catalogs[lang]


def use(lang: str) -> None:
    """Make ``lang`` the active language of this process."""
    global _active, _catalog
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    _catalog = _gettext.NullTranslations() if lang == DEFAULT else _load(lang)
    _active = lang


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


#: Each .mo as compiled, by language and .po hash: a process compiles or reads a .po
#: once however many data folders it serves (a test suite's every test has its own).
_compiled: dict[tuple[str, str], bytes] = {}


def _load(lang: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``lang``: from this process's memory or the cache if it
    was compiled from this very .po, else compiled now (and cached when the data
    folder is writable)."""
    import io

    source = po_path(lang).read_bytes()
    digest = hashlib.sha256(source).hexdigest()[:16]
    data = _compiled.get((lang, digest))
    if data is None:
        data = _compiled[lang, digest] = _cached_mo(lang, digest, source)
    return _gettext.GNUTranslations(io.BytesIO(data))


def _cached_mo(lang: str, digest: str, source: bytes) -> bytes:
    """The .mo of ``source`` from the data folder's cache, else compiled and cached."""
    from inkterm.home import home_dir

    cached = home_dir() / "cache" / "locale" / f"{lang}-{digest}.mo"
    try:
        return cached.read_bytes()
    except OSError:
        pass
    data = compile_po(source, lang)
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, cached)  # two sessions compiling at once each write whole files
    except OSError:
        pass  # a read-only data folder: compiled again next time
    return data


def compile_po(source: bytes, lang: str) -> bytes:
    """A .po's bytes compiled to .mo bytes (Babel); fuzzy entries are left out, as
    msgfmt leaves them, so a guess is never shown as a translation."""
    import io

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    catalog = read_po(io.BytesIO(source), locale=lang, domain=DOMAIN)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()
