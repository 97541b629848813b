"""The rules texts render as written: no wrapped line turns into a list.

Markdown starts a list wherever a line begins with "- ", "* ", "+ " or "1." / "1)",
even in the middle of a sentence that was merely wrapped there ("(north is row" /
"1) or any direction" became a numbered list). Our texts start every intended list
after a heading, a blank line or a line that ends a sentence or a clause, so a list
whose previous line does not is an accident. Both renderers are checked: the app's
(Textual) and ``inkterm rules`` (Rich)."""
import re

import pytest
from markdown_it import MarkdownIt
from rich.markdown import Markdown

from inkterm.engine import GAMES
from inkterm.screens.rules import rules_text

WRITTEN = sorted(g for g in GAMES if rules_text(g) is not None)  # every game, the toy game too

ENDS_A_CLAUSE = re.compile(r"[.:!?][)*_`]*$")
RENDERERS = {
    "app": lambda text: MarkdownIt("gfm-like").parse(text),
    "cli": lambda text: Markdown(text).parsed,
}


def accidental_lists(text: str, tokens) -> list[str]:
    lines = text.splitlines()
    found = []
    for tok in tokens:
        if tok.type not in ("bullet_list_open", "ordered_list_open"):
            continue
        start = tok.map[0]
        before = lines[start - 1].rstrip() if start else ""
        if before.strip() and not before.lstrip().startswith("#") and not ENDS_A_CLAUSE.search(before):
            found.append(f"line {start + 1}: {before.strip()[-40:]!r} / {lines[start].strip()[:40]!r}")
    return found


@pytest.mark.parametrize("renderer", sorted(RENDERERS))
@pytest.mark.parametrize("game", WRITTEN)
def test_no_wrapped_line_becomes_a_list(game, renderer):
    text = GAMES[game].rules_text()
    assert accidental_lists(text, RENDERERS[renderer](text)) == []


def test_the_check_finds_a_wrapped_number():
    text = "- **Move**: one cell, in the printed direction (north is row\n  1) or any direction.\n"
    assert accidental_lists(text, RENDERERS["cli"](text))
