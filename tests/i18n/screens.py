"""The screens this session translated, opened in a language at a size, and a check
that every text on them is drawn whole: inside the screen, inside its widget, no
wide character cut in half (widths as Rich measures them, in terminal cells)."""
from __future__ import annotations

import re
import unicodedata
from functools import cache

from rich.cells import cell_len
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.geometry import Region
from textual.widgets import Button, Input, Static

from inkterm import i18n
from inkterm.app import InktermApp
from inkterm.widgets.fit import FirstThatFits

#: What a title, setup, language and quit screen may show in Latin letters in Chinese
#: and Japanese: inkterm's name, keys, the level words a seat is typed with, and the
#: Language button's English (the way back for one who cannot read the language shown).
ALLOWED_LATIN = {
    "inkterm", "i", "n", "k", "t", "e", "r", "m", "Enter", "ctrl", "p", "c", "l", "q", "L", "y",
    "esc", "g", "Language", "English", "bot", "easy", "normal", "hard",
}
#: Beyond those, on the game's and the tables' screens: the players' names the tests
#: seat, key names (the footer's and the help lines'), and the table codes' letters.
ALLOWED_NAMES = {"Ann", "Bob", "Cy", "Dee", "Eve", "ann", "bob",
                 "You"}  # a lesson's learner, named by the lesson's data (lang-content)
ALLOWED_KEYS = {
    "tab", "space", "PgUp", "PgDn", "Home", "End", "Esc", "Escape", "s", "u", "v", "b", "w",
    "a", "d", "f", "h", "j", "o", "x", "z", "shift", "enter", "escape", "home", "end", "pgup",
    "pgdn", "super",
}

#: Regions of a game's screens that still hold English where the game's rules still
#: make plain English strings (not yet messages through ``engine/text.py``: its
#: events, prompts, choices, board words, inspect texts and game-over lines). They are
#: left out of the "no English word" check for such a game only, by widget id or class
#: (each is still checked for being drawn whole); a game whose rules speak in messages
#: is checked everywhere. The set empties itself as each game is translated.
NOT_YET_TRANSLATED: set[str] = {
    "#board",  # the game's board
    "LegendLine",  # the glyph legend under the board
    "#prompt",  # the decision's prompt, made by the game
    "ActionMenu",  # the choices' labels and closed places' reasons
    "#hint",  # the highlighted choice's hint
    "EventLog",  # events, made by the games
    "#gameover-title",  # its headline names a game's own opponent
    "#tiebreak",  # the game's tie-break lines
    "#breakdown",  # the game's score labels
    "#swings",  # the moments, in the game's event words
    "#inspect-text",  # what a choice touches, in the game's words (state.describe)
    "#inspect-list",  # the lookups, named by the game (state.lookups)
    "#panel-text",  # a demo's narration: the game's prompt and choice, the bot's reason
}


@cache
def still_english(game: str | None) -> bool:
    """Whether ``game``'s rules still make plain English strings (its first prompt is
    one), so its own regions are not checked for English yet."""
    if game is None:
        return False
    from inkterm.engine import GAMES, new_game

    spec = GAMES[game]
    return isinstance(new_game(game, [f"P{i}" for i in range(spec.min_players)], seed=1).decision().prompt, str)


@cache
def kept_latin(game: str | None, lang: str) -> frozenset[str]:
    """Abbreviations a game's rules in ``lang`` keep in Latin capitals (points called
    "OK" in every language): the rulebook's own words, allowed on its screens."""
    from inkterm.translated import has_rules, rules_path

    if game is None or not has_rules(game, lang):
        return frozenset()
    return frozenset(re.findall(r"\b[A-Z]{2,}\b", rules_path(game, lang).read_text(encoding="utf-8")))


#: One capital letter: a seat's letter on a board, or a glyph's (the games' own glyphs
#: are kept in every language).
MARK = re.compile(r"^[A-Z]$")
#: Boxes that cut a long text on purpose, saying where it is whole: the hint box ends
#: with "… i shows it all" (inspect shows it). Still checked against the edge (Rich
#: cuts them by cells, so no wide character is halved).
CUT_ON_PURPOSE = {
    "hint",
    "legend",  # one line ending in "…" where it is cut; the rules' end holds every glyph (g)
}
#: The since panel holds the game's events (indented lines) under its own headings:
#: for a game whose events are still English, only the headings are checked.
EVENT_LINES = re.compile(r"^  .*$", re.M)
LATIN_WORD = re.compile(r"[A-Za-z]+")
#: Box and block characters: a widget's border, a scroll bar, the select's arrow.
FRAME = re.compile(r"[\u2500-\u259f\u25b2-\u25bc\s]")


async def open_screen(pilot, screen: str) -> None:
    app = pilot.app
    await app.workers.wait_for_complete()
    await pilot.pause()
    if screen == "setup":
        from inkterm.screens.setup import SetupScreen

        await app.push_screen(SetupScreen(seed=4242))
        for field in app.screen.query(Input):
            field.cursor_blink = False
    elif screen == "language":
        await pilot.press("L")
    elif screen == "quit":
        from inkterm.screens.confirm import QUIT_DETAILS, QUIT_QUESTION, ConfirmScreen

        await app.push_screen(ConfirmScreen(QUIT_QUESTION, QUIT_DETAILS[0]))
    for _ in range(100):  # the title's save scan, off the UI thread
        if getattr(app.get_default_screen(), "scanned", True) is not False:
            break
        await pilot.pause(0.02)
    await pilot.pause()


def widget_content(widget):
    content = getattr(widget, "content", None)
    return getattr(content, "renderable", content)  # Plain's wrapper (widgets/plain.py)


def shown_text(widget) -> str:
    """The text a widget shows; "" for a drawing that is not one text (a board's part
    built of Rich renderables), whose cells the edge check still covers."""
    label = widget.label if isinstance(widget, Button) else widget.render()
    if isinstance(label, (str, Text)) or isinstance(widget, Button):
        return str(getattr(label, "plain", label))
    content = widget_content(widget)
    if isinstance(content, (str, Text)):
        return str(getattr(content, "plain", content))
    if isinstance(content, FirstThatFits):  # the form shown at the widget's width
        return content.forms[content.index(widget.content_size.width)].plain
    if isinstance(content, Table):  # the game-over's ranking and score breakdown
        return table_text(content)
    if isinstance(content, Group):  # a demo's narration: its lines of text (its rule is data, read by the rules' tests)
        return "\n".join(part.plain for part in content.renderables if isinstance(part, Text))
    return ""


def table_text(table: Table) -> str:
    """A Rich table's words: its title and every cell of text, one per line (a table is
    drawn to fit its widget, so its cells are read, not its drawing)."""
    cells = [table.title, *(c.header for c in table.columns), *(cell for c in table.columns for cell in c.cells)]
    # Words only: a grid laying out panels (a board's boxes) is drawn, not read, here.
    return "\n".join(str(getattr(cell, "plain", cell)) for cell in cells if isinstance(cell, (str, Text)) and cell)


def drawn_text(widget) -> str:
    lines = widget.render_lines(Region(0, 0, widget.outer_size.width, widget.outer_size.height))
    return "".join(strip.text for strip in lines)


def bare(text: str) -> str:
    return FRAME.sub("", text)


def whole_or_cut(piece: str, drawn: str) -> bool:
    """``piece`` is drawn whole, or (a table's cell that keeps to one line) cut by Rich
    with "…" where its column ends: by cells, so no wide character is halved."""
    return piece in drawn or any(piece[:n] + "…" in drawn for n in range(1, len(piece)))


def texts_shown(app, kinds: tuple[type, ...] = (Static, Button)):
    """Each widget of ``kinds`` shown on the screen with text: (widget, where, text)."""
    for widget in app.screen.query("*"):
        if not isinstance(widget, kinds) or not widget.display or not widget.region:
            continue
        if any(not a.display for a in widget.ancestors if hasattr(a, "display")):
            continue
        text = shown_text(widget)
        if text.strip():
            yield widget, f"#{widget.id}" if widget.id else type(widget).__name__, text


def problems(app) -> list[str]:
    """Each text of the screen that is not drawn whole, in words."""
    width, height = app.size
    found = []
    for widget, where, text in texts_shown(app):
        region = widget.region
        if region.right > width:
            found.append(f"{where}: reaches column {region.right} of {width}: {text!r}")
        drawn = bare(drawn_text(widget))
        # A table's cells (a group's texts) are each drawn whole in its drawing.
        pieces = text.splitlines() if isinstance(widget_content(widget), (Table, Group)) else [text]
        if widget.id not in CUT_ON_PURPOSE and not all(whole_or_cut(bare(piece), drawn) for piece in pieces):
            found.append(f"{where}: drawn as {drawn_text(widget).strip()!r}, not whole: {text!r}")
        for char in text:
            if unicodedata.east_asian_width(char) in "WF" and cell_len(char) != 2:
                found.append(f"{where}: {char!r} measured {cell_len(char)} cells")
    found += footer_problems(app) + kinsoku_problems(app)
    return found


#: What no wrapped line of Chinese or Japanese may start with (kinsoku shori): closing
#: marks, small kana, the prolonged sound mark.
NO_LINE_START = set("、。，．・：；？！）」』】〉》〕］｝”’ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々")


def kinsoku_problems(app) -> list[str]:
    """Each text wrapped so that a line it did not start itself starts with a closing
    mark or a small kana (a line of the text as written may: a "・" list)."""
    found = []
    for widget, where, text in texts_shown(app, (Static,)):
        written = {line.strip()[:3] for line in text.splitlines()}
        for strip in widget.render_lines(Region(0, 0, widget.outer_size.width, widget.outer_size.height)):
            line = bare(strip.text).strip()
            if line[:1] in NO_LINE_START and line[:3] not in written:
                found.append(f"{where}: a wrapped line starts with {line[:1]!r}: {line!r}")
    return found


def footer_problems(app) -> list[str]:
    """Footer keys cut off: each key's words whole, left of the palette's key."""
    found = []
    for footer in app.screen.query("Footer"):
        keys = [k for k in footer.query("FooterKey") if k.display]
        right = footer.region.right
        palette = [k for k in keys if k.has_class("-command-palette")]
        if palette:
            right = min(right, palette[0].region.x)
        for key in keys:
            if key not in palette and key.region.right > right:
                found.append(f"footer: {key.key_display} {key.description!r} cut at column {right}")
    return found


def game_of(app) -> str | None:
    """The game the screens show (None on the title and other screens of no game)."""
    for screen in reversed(app.screen_stack):
        for attr in ("table", "state", "driver"):
            held = getattr(screen, attr, None)
            for obj in (held, getattr(held, "state", None)):
                record = getattr(obj, "record", None)
                game = getattr(record, "game", None) or getattr(obj, "game", None)
                if isinstance(game, str):
                    return game
    return None


def not_yet_translated(widget, game: str | None) -> bool:
    """Whether ``widget`` is (inside) a region ``game`` still draws in English."""
    regions = NOT_YET_TRANSLATED if still_english(game) else set()
    for node in (widget, *widget.ancestors):
        if getattr(node, "id", None) and f"#{node.id}" in regions:
            return True
        if any(cls.__name__ in regions for cls in type(node).__mro__):
            return True
    return False


@cache
def glyph_run(game: str | None) -> re.Pattern[str]:
    """A run of the game's own Latin glyphs with nothing between ("OKN": OK and a
    neutral piece; "YG": a yellow and a green cube), kept in every language."""
    if game is None:
        return re.compile(r"(?!)")
    from inkterm.widgets.legend import legend_for

    marks = {m for g in legend_for(game).glyphs for m in g.glyph.split() if re.fullmatch(r"[A-Z]{1,2}", m)}
    return re.compile("(?:" + "|".join(sorted(marks, key=len, reverse=True)) + ")+") if marks else re.compile(r"(?!)")


def english_words_in(text: str, game: str | None = None) -> set[str]:
    words = set(LATIN_WORD.findall(text)) - ALLOWED_LATIN - ALLOWED_NAMES - ALLOWED_KEYS
    return {w for w in words if not MARK.match(w) and not glyph_run(game).fullmatch(w)} - kept_latin(game, i18n.language())


def english_words(app, engine_words: str = "") -> set[str]:
    """Latin words on the screen beyond the allowed names, keys and marks (and beyond
    ``engine_words``: text a translated line carries as it is, such as a table's code)."""
    game = game_of(app)
    words: set[str] = set()
    for widget in app.screen.query("*"):
        if not isinstance(widget, (Static, Button)) or not widget.display or not_yet_translated(widget, game):
            continue
        if any(not a.display for a in widget.ancestors if hasattr(a, "display")):
            continue
        text = shown_text(widget)
        if widget.id == "since-text" and still_english(game):
            text = EVENT_LINES.sub("", text)
        words |= set(LATIN_WORD.findall(text))
    for key in app.screen.query("FooterKey"):
        words |= set(LATIN_WORD.findall(getattr(key, "description", "")))
    return english_words_in(" ".join(words), game) - set(LATIN_WORD.findall(engine_words))


def app_in(lang: str) -> InktermApp:
    i18n.use(lang)
    return InktermApp(bot_delay=0)
