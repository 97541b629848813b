"""A game's texts in one language, for tests that hold them to the rulebook's terms:
its data in the language (words, lessons, scenes, glyphs, rules) and the catalog's
translations of the messages made by its rules and its board."""
from __future__ import annotations

from babel.messages.pofile import read_po

from inkterm.lessons import ASSETS


def texts_in(game: str, lang: str) -> list[str]:
    texts = [p.read_text(encoding="utf-8") for p in sorted((ASSETS / game).glob(f"*.{lang}.*"))]
    with open(ASSETS / "locale" / lang / "LC_MESSAGES" / "inkterm.po", "rb") as po:
        ours = (f"games/{game}/", f"widgets/{game}/")
        texts += [str(m.string) for m in read_po(po)
                  if any(part in path for path, _line in m.locations for part in ours)]
    return texts


def saying(texts: list[str], word: str) -> list[str]:
    """The texts that use ``word``, each cut to the words around it."""
    return [t[max(0, t.index(word) - 20):t.index(word) + 20] for t in texts if word in t]
