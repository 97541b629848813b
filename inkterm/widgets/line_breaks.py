"""Where a line of Chinese or Japanese may wrap. Rich and Textual wrap at spaces only,
so a run of CJK text (which has none) moved whole to the next line, or was folded at
the width wherever it fell: a line could start with "。" or "」". Both wrap through
one function, Rich's ``divide_line`` (called by Rich's ``Text.wrap`` and by Textual's
``Content``: every Plain, PlainLabel, PlainButton, PlainOptionList, Hanging line, and
the Text in a board's tables and panels); ``install()`` puts ``divide_line`` below in
its place in both modules. It is the one seam all of them share (a Text subclass or a
Visual of our own would miss the Text that Rich and Textual make themselves);
tests/ui/test_line_breaks.py fails if a Rich or Textual release stops wrapping
through it.

The break opportunities are Unicode's (UAX #14 line-break classes from ``uniseg``'s
data), as far as they concern CJK: a break may fall between two characters when one
of them is CJK, except before a closing mark, a small kana, a prolonged sound mark or
other non-starter, and after an opening bracket (kinsoku shori). Latin words still
break at spaces only, and never at a no-break space (U+00A0, U+202F: class GL, glue),
which Rich breaks at like any other: "margin 1" and a bottle's "K×2 R" keep together.
A line with neither is wrapped by Rich's own function, so English is laid out exactly
as before.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache

import rich.text
from rich.cells import cell_len, chop_cells

#: Scripts set without spaces: Hangul Jamo, CJK radicals to Unified Ideographs (with
#: kana, CJK punctuation and Bopomofo), Hangul syllables, compatibility ideographs,
#: vertical and small forms, full- and half-width forms, the supplementary ideographs.
_CJK = re.compile(
    "[\u1100-\u11ff\u2e80-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\ufe10-\ufe1f"
    "\ufe30-\ufe4f\uff00-\uffef\U00020000-\U0003ffff]"
)
#: Line-break classes a line may not start with: closing marks (、。，．）」』】〉》),
#: ！？, ：；・ and other non-starters (々 ゝ), small kana and ー (CJ, kept with the
#: kana before it as strict Japanese line breaking does), ellipses, and the classes
#: that glue to what precedes them (combining marks, joiners, hyphens, spaces).
_NO_START = frozenset({"CL", "CP", "EX", "IS", "NS", "CJ", "IN", "SY", "HY", "BA", "GL", "WJ",
                       "ZW", "CM", "ZWJ", "SP"})
#: ... nor end with: opening brackets （「『【〈《, and glue.
_NO_END = frozenset({"OP", "GL", "WJ", "ZWJ", "SP"})

#: Rich's own wrapper: what a line without CJK goes through, as before.
_rich_divide_line: Callable[..., list[int]] = rich.text.divide_line  # type: ignore[attr-defined]
#: Spaces that glue the words either side of them (UAX #14 class GL): never a break.
GLUE = "\u00a0\u202f"
_GLUED = re.compile(f"[{GLUE}]")
#: Our words: a run of non-spaces (glue spaces count as part of a word) with the
#: spaces after it (and before, at the start): Rich's ``\s*\S+\s*``, but for glue.
_WORD = re.compile(rf"[^\S{GLUE}]*(?:\S|[{GLUE}])+[^\S{GLUE}]*")


@lru_cache(maxsize=8192)
def _breaks_before(char: str) -> tuple[bool, bool]:
    """Whether ``char`` may start a line and may end one, by its line-break class
    (an opening quote “‘ ends no line, a closing one ”’ starts none)."""
    # Imported when a CJK line first wraps, not at start-up (its import is about 8% of a start).
    from uniseg.linebreak import line_break  # type: ignore[import-untyped]

    cls = str(line_break(char))
    category = unicodedata.category(char)
    return (cls not in _NO_START and category not in ("Pe", "Pf"),
            cls not in _NO_END and category not in ("Ps", "Pi"))


def _cjk_breaks(text: str) -> list[int]:
    """Indices inside ``text``'s runs of non-space characters where a line may break
    because one side is CJK (spaces are break opportunities already)."""
    found = []
    cjk = _CJK.match
    for i in range(1, len(text)):
        before, after = text[i - 1], text[i]
        if before.isspace() or after.isspace() or not (cjk(before) or cjk(after)):
            continue
        if _breaks_before(after)[0] and _breaks_before(before)[1]:
            found.append(i)
    return found


@lru_cache(maxsize=4096)
def _pieces(text: str) -> tuple[tuple[int, str], ...]:
    """``text`` cut at every break opportunity: Rich's words (a word with the spaces
    after it; not before a mark that starts no line) cut again where CJK may break.
    Each piece with its start index."""
    words = {m.start() for m in _WORD.finditer(text)}
    starts = sorted({s for s in words if not s or _breaks_before(text[s])[0]} | set(_cjk_breaks(text)))
    ends = [*starts[1:], len(text)]
    return tuple((start, text[start:end]) for start, end in zip(starts, ends))


@lru_cache(maxsize=4096)
def _divide_cjk(text: str, width: int, fold: bool) -> tuple[int, ...]:
    """Rich's greedy fill (a piece goes to the next line when it does not fit, a piece
    wider than a line is folded or cropped) over the pieces of ``text``."""
    breaks: list[int] = []
    offset = 0
    for start, piece in _pieces(text):
        length = cell_len(piece.rstrip())
        if width - offset >= length:
            offset += cell_len(piece)
        elif length > width:  # no line holds it
            if fold:
                folded = chop_cells(piece, width=width)
                for part in folded[:-1]:
                    if start:
                        breaks.append(start)
                    start += len(part)
                if start:
                    breaks.append(start)
                offset = cell_len(folded[-1])
            else:
                if start:
                    breaks.append(start)
                offset = cell_len(piece)
        elif offset and start:
            breaks.append(start)
            offset = cell_len(piece)
    return tuple(breaks)


def divide_line(text: str, width: int, fold: bool = True) -> list[int]:
    """The indices where ``text`` wraps at ``width`` cells (Rich's ``divide_line``'s
    contract): at spaces but glue, and in Chinese and Japanese between characters where
    kinsoku allows."""
    if text.isascii() or not (_CJK.search(text) or _GLUED.search(text)):
        return _rich_divide_line(text, width, fold)
    if cell_len(text) <= width:  # it fits (most lines): no break
        return []
    return list(_divide_cjk(text, width, fold))


def install() -> None:
    """Wrap every Rich Text and Textual Content through ``divide_line`` (both look the
    function up in their own module when they wrap)."""
    import textual.content

    rich.text.divide_line = divide_line  # type: ignore[attr-defined]
    textual.content.divide_line = divide_line  # type: ignore[attr-defined]
