"""Textual screens. Import each from its own module (kept apart so the title screen
loads without the engine or the game screens)."""

from pathlib import Path

#: Styles of every screen but the title; each such screen lists it in CSS_PATH, so the
#: title's first frame parses only app.tcss.
SCREENS_CSS = Path(__file__).resolve().parent.parent / "assets" / "screens.tcss"
#: The shared tables' screens (the lobby's and the table's own: chat).
TABLES_CSS = SCREENS_CSS.parent / "tables.tcss"
