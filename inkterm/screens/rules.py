"""The rules of a game as Markdown, optionally opened at one section."""
from __future__ import annotations

import re
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import MarkdownViewer

from inkterm.screens import SCREENS_CSS
from inkterm.widgets.footer import KeyFooter
from inkterm.widgets.legend import GLYPHS_HEADING
from inkterm.widgets.plain import Plain

ASSETS = Path(__file__).resolve().parent.parent / "assets"


def slug(text: str) -> str:
    """A heading's slug as Decision.topic names it: lowercase, every run of
    characters other than a–z/0–9 becomes "-", stripped of "-" at both ends."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _unicode_slug(text: str) -> str:
    # The same, but keeping letters of any script (a heading in Chinese).
    return re.sub(r"[\W_]+", "-", text.lower()).strip("-")


def rules_text(game: str) -> str | None:
    """The game's rules Markdown, with the parts made from its data (Kiln's card list)."""
    from inkterm.engine import GAMES

    from inkterm.widgets.legend import legend_markdown

    try:
        text = GAMES[game].rules_text()
    except (KeyError, OSError):
        return None
    return text + legend_markdown(game)  # every glyph on the screen, in words


def find_section(headings: list[str], topic: str) -> int | None:
    """Index of the heading ``topic`` names: exact slug first, then a heading whose
    slug starts with or contains it (topics may drop a number prefix)."""
    if not topic:
        return None
    t = slug(topic) or _unicode_slug(topic)
    slugs = [slug(h) for h in headings]
    uslugs = [_unicode_slug(h) for h in headings]
    for pool in (slugs, uslugs):
        if t in pool:
            return pool.index(t)
    for i, s in enumerate(slugs):
        if s.endswith("-" + t) or s.startswith(t + "-"):
            return i
    for i, s in enumerate(slugs):
        if t and t in s:
            return i
    return None


class RulesScreen(Screen):
    CSS_PATH = SCREENS_CSS
    BINDINGS = [
        Binding("escape", "close", "Back", id="rules.back"),
        Binding("q", "close", "Back", show=False),
        Binding("question_mark", "close", "Back", show=False),
        Binding("t", "toggle_toc", "Contents", id="rules.contents"),
        Binding("g", "glyphs", "Glyphs", id="rules.glyphs"),
    ]

    def __init__(self, game: str, topic: str = "") -> None:
        super().__init__()
        self.game = game
        self.topic = topic
        #: The heading the screen opened at (None: the top).
        self.section: str | None = None

    def compose(self) -> ComposeResult:
        yield Plain(self._title(), id="rules-title", classes="screen-title")
        yield MarkdownViewer(show_table_of_contents=False, id="rules-viewer")
        yield KeyFooter()

    def _title(self) -> str:
        from inkterm.engine.registry import GAMES

        spec = GAMES.get(self.game)
        name = spec.title if spec else self.game
        text = f"Rules — {name}"
        if self.section:
            text += f"  ·  § {self.section}"
        return text

    async def on_mount(self) -> None:
        viewer = self.query_one(MarkdownViewer)
        text = rules_text(self.game)
        if text is None:
            text = f"# {self.game}\n\nThe rules text for this game is not written yet."
        await viewer.document.update(text)
        viewer.show_table_of_contents = self.app.size.width >= 110
        # (title, widget id) of every heading, from the public table of contents.
        self._headers = [(title, header_id) for _, title, header_id in viewer.document.table_of_contents]
        self.goto(self.topic)
        viewer.focus()

    def on_screen_resume(self) -> None:
        # The screen is kept between visits (parsing the rules takes a moment): open
        # it at the topic asked for this time.
        if getattr(self, "_headers", None) is not None:
            self.goto(self.topic)

    def goto(self, topic: str) -> None:
        """Scroll to the section ``topic`` names (the top if none matches)."""
        self.topic = topic
        index = find_section([title for title, _ in self._headers], topic)
        self.section = self._headers[index][0] if index is not None else None
        self.query_one("#rules-title", Plain).update(self._title())
        if index is not None:
            self.call_after_refresh(self._scroll_to_header, self._headers[index][1])
        else:
            self.query_one(MarkdownViewer).scroll_home(animate=False)

    def _scroll_to_header(self, header_id: str) -> None:
        # By the id the table of contents gives, not goto_anchor(): that one matches
        # Textual's GitHub-style slugs, which a Decision topic need not equal.
        viewer = self.query_one(MarkdownViewer)
        viewer.scroll_to_widget(viewer.document.query_one(f"#{header_id}"), top=True, animate=False)

    def action_glyphs(self) -> None:
        """Every glyph on the game's screen, in words (the end of the rules)."""
        self.goto(GLYPHS_HEADING)

    def action_toggle_toc(self) -> None:
        viewer = self.query_one(MarkdownViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents

    def action_close(self) -> None:
        self.dismiss()
