"""The words for every glyph on a game's screen, as data: the shell's own
(``assets/glyphs.json``: the menu's mark, separators) and each game's
(``assets/<game>/glyphs.json``), validated by pydantic. One line of them shows under
the board (the entries marked for the view in front), and all of them close the
rules that ``?`` opens (``legend_markdown``). A board that draws a new glyph adds an
entry to its game's file; a test renders every game's screens and fails on a glyph
that no entry explains."""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field
from rich.cells import cell_len
from rich.text import Text

from inkterm.content_texts import in_language
from inkterm.i18n import N_, _, language

from .plain import Plain

#: Where the legend line says the rest is (translated where it is shown).
MORE = N_("? all glyphs")
#: The heading of the full legend at the end of the rules (the rules screen's `g` goes there).
GLYPHS_HEADING = N_("Glyphs on the screen")


class Glyph(BaseModel):
    model_config = ConfigDict(extra="forbid")

    #: What is drawn: one character, or a short token ("+N", "3+", "×B").
    glyph: str = Field(min_length=1, max_length=12)
    #: What it means, in words (the full legend).
    words: str = Field(min_length=1)
    #: Its words on the one-line legend, where they are shorter ("" : ``words``).
    short: str = ""
    #: The board views whose legend line shows it ("*": every view); empty: only the full legend.
    line: list[str] = []


class Legend(BaseModel):
    model_config = ConfigDict(extra="forbid")

    glyphs: list[Glyph]

    def chars(self) -> set[str]:
        """Every character some entry explains."""
        return {ch for g in self.glyphs for ch in g.glyph}


def _read(lang: str, *parts: str) -> Legend:
    """A glyphs file in ``lang`` (its words from ``glyphs.<lang>.json``: see content_texts)."""
    file = resources.files("inkterm.assets").joinpath(*parts)
    if not file.is_file():
        return Legend(glyphs=[])
    return in_language(Path(str(file)), Legend, lang)


def legend_for(game: str) -> Legend:
    """The game's glyphs, then the shell's (a game without a file has only the shell's),
    in the player's language."""
    return _legend(game, language())


@lru_cache(maxsize=None)
def _legend(game: str, lang: str) -> Legend:
    own, shell = _read(lang, game, "glyphs.json"), _read(lang, "glyphs.json")
    return Legend(glyphs=own.glyphs + shell.glyphs)


def legend_line(game: str, view: str, width: int | None = None) -> str:
    """One line: the glyphs marked for ``view`` (or every view), then where the rest is
    told, if it fits ``width`` (the glyphs' words come first)."""
    shown = "  ".join(f"{g.glyph} {g.short or g.words}" for g in legend_for(game).glyphs
                      if "*" in g.line or (view and view in g.line))
    more = f"  ({_(MORE)})" if shown else _(MORE)
    return shown + more if width is None or cell_len(shown) + cell_len(more) <= width else shown


def legend_markdown(game: str) -> str:
    """The full legend as a rules section."""
    rows = "\n".join(f"| `{g.glyph}` | {g.words} |" for g in legend_for(game).glyphs)
    head = "| " + _("glyph") + " | " + _("means") + " |"
    return f"\n\n## {_(GLYPHS_HEADING)}\n\n{head}\n| --- | --- |\n{rows}\n"


class LegendLine(Plain):
    """The legend line under the board, for the view in front."""

    DEFAULT_CSS = """
    LegendLine {
        height: 1;
        padding: 0 1;
        color: $text-muted;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    def __init__(self, game: str, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.game = game
        self._view: tuple[str, int] | None = None

    def follow(self, board) -> None:
        """The line for the view in front of ``board`` (a GameBoard); none under a
        board that draws its legend itself."""
        self.display = not board.DRAWS_LEGEND
        self.show_view(board.view_name if board.has_views else "whole")

    def show_view(self, view: str) -> None:
        if (view, self.size.width) != self._view:
            self._view = (view, self.size.width)
            self.update(Text(legend_line(self.game, view, self.size.width - 2 or None)))
