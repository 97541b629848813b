"""The gettext catalogs: every message the code marks is in the Chinese and Japanese
catalogs (``make messages`` was run), translated (no empty or fuzzy entry), and its
placeholders kept (``{name}`` fields, and Babel's own checks of %-formats and plural
forms)."""
from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

from inkterm import i18n

LANGS = ("zh", "ja")
ROOT = Path(i18n.__file__).parent
#: As babel.cfg and `make messages` extract them.
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "lazy_gettext": None, "Binding": (3,)}


def catalog(lang: str):
    with open(i18n.po_path(lang), "rb") as fh:
        return read_po(fh, locale=lang)


def fields(text: str) -> set[str]:
    """The ``{…}`` fields of a str.format text (with their conversions and specs)."""
    return {f"{name}!{conv or ''}:{spec or ''}" for _, name, spec, conv in string.Formatter().parse(text)
            if name is not None}


def marked_in_code() -> set[str]:
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
            str(ROOT), method_map=[("**.py", "python")], keywords=KEYWORDS):
        found.add(message[0] if isinstance(message, tuple) else message)
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_every_marked_message_is_in_the_catalog(lang):
    ids = {m.id[0] if isinstance(m.id, tuple) else m.id for m in catalog(lang) if m.id}
    missing = marked_in_code() - ids
    assert not missing, f"run `make messages` and translate: {sorted(missing)[:10]}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated_with_its_placeholders(lang):
    cat = catalog(lang)
    problems = []
    for m in cat:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy or not all(strings):
            problems.append(f"not translated: {ids[0]!r}")
            continue
        wanted = set().union(*(fields(i) for i in ids))
        for s in strings:
            if fields(s) != wanted:
                problems.append(f"{ids[0]!r}: placeholders {sorted(fields(s))} instead of {sorted(wanted)}")
    for message, errors in cat.check():  # Babel's checkers: %-formats, plural forms
        problems += [f"{message.id!r}: {e}" for e in errors]
    assert problems == []


def test_the_check_sees_a_lost_placeholder(tmp_path, monkeypatch):
    """The check itself: a translation that drops ``{n}`` is reported."""
    po = i18n.po_path("zh").read_text(encoding="utf-8")
    broken = po.replace('msgstr "座位 {n}"', 'msgstr "座位"')
    assert broken != po
    target = tmp_path / "zh" / "LC_MESSAGES" / "inkterm.po"
    target.parent.mkdir(parents=True)
    target.write_text(broken, encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    with pytest.raises(AssertionError, match=r"Seat \{n\}"):
        test_every_message_is_translated_with_its_placeholders("zh")
