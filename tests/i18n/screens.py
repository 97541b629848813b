"""The screens this session translated, opened in a language at a size, and a check
that every text on them is drawn whole: inside the screen, inside its widget, no
wide character cut in half (widths as Rich measures them, in terminal cells)."""
from __future__ import annotations

import re
import unicodedata

from rich.cells import cell_len
from textual.geometry import Region
from textual.widgets import Button, Input, Static

from inkterm import i18n
from inkterm.app import InktermApp

#: What a title, setup, language and quit screen may show in Latin letters in Chinese
#: and Japanese: inkterm's name, keys, the level words a seat is typed with, and the
#: Language button's English (the way back for one who cannot read the language shown).
ALLOWED_LATIN = {
    "inkterm", "i", "n", "k", "t", "e", "r", "m", "Enter", "ctrl", "p", "c", "l", "q", "L", "y",
    "esc", "g", "Language", "English", "bot", "easy", "normal", "hard",
}
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


def shown_text(widget) -> str:
    label = widget.label if isinstance(widget, Button) else widget.render()
    return str(getattr(label, "plain", label))


def drawn_text(widget) -> str:
    lines = widget.render_lines(Region(0, 0, widget.outer_size.width, widget.outer_size.height))
    return "".join(strip.text for strip in lines)


def bare(text: str) -> str:
    return FRAME.sub("", text)


def problems(app) -> list[str]:
    """Each text of the screen that is not drawn whole, in words."""
    width, height = app.size
    found = []
    for widget in app.screen.query("*"):
        if not isinstance(widget, (Static, Button)) or not widget.display or not widget.region:
            continue
        if any(not a.display for a in widget.ancestors if hasattr(a, "display")):
            continue
        text = shown_text(widget)
        if not text.strip():
            continue
        where = f"#{widget.id}" if widget.id else type(widget).__name__
        region = widget.region
        if region.right > width:
            found.append(f"{where}: reaches column {region.right} of {width}: {text!r}")
        if not bare(text) in bare(drawn_text(widget)):
            found.append(f"{where}: drawn as {drawn_text(widget).strip()!r}, not whole: {text!r}")
        for char in text:
            if unicodedata.east_asian_width(char) in "WF" and cell_len(char) != 2:
                found.append(f"{where}: {char!r} measured {cell_len(char)} cells")
    return found


def english_words(app) -> set[str]:
    """Latin words on the screen beyond the allowed names and keys."""
    words: set[str] = set()
    for widget in app.screen.query("*"):
        if isinstance(widget, (Static, Button)) and widget.display:
            words |= set(LATIN_WORD.findall(shown_text(widget)))
    for key in app.screen.query("FooterKey"):
        words |= set(LATIN_WORD.findall(getattr(key, "description", "")))
    return words - ALLOWED_LATIN


def app_in(lang: str) -> InktermApp:
    i18n.use(lang)
    return InktermApp(bot_delay=0)
