"""The rules of a game as Markdown, optionally opened at one section."""
from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import MarkdownViewer

from inkterm import rules_topics
from inkterm.rules_topics import find_section, slug  # noqa: F401  (their old home)
from inkterm.screens import SCREENS_CSS
from inkterm.screens.host import HostedScreen
from inkterm.widgets.footer import KeyFooter
from inkterm.i18n import gettext
from inkterm.widgets.legend import GLYPHS_HEADING, legend_markdown
from inkterm.widgets.plain import Plain

ASSETS = Path(__file__).resolve().parent.parent / "assets"


def rules_text(game: str) -> str | None:
    """The game's rules as the screen shows them: closed by every glyph on the screen,
    in words (plain mode, which draws none, reads ``rules_topics.rules_text``)."""
    text = rules_topics.rules_text(game)
    return None if text is None else text + legend_markdown(game)


class RulesScreen(HostedScreen):
    CSS_PATH = SCREENS_CSS
    BINDINGS = [
        Binding("escape", "close", "Back", id="rules.back"),
        Binding("q", "close", "Back", show=False),
        Binding("question_mark", "close", "Back", show=False),
        Binding("t", "toggle_toc", "Contents", id="rules.contents"),
        Binding("s", "show_me", "Show me", id="rules.show-me"),
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

    def section_at_top(self) -> str | None:
        """The heading of the section read now: the last one at or above the top (a
        heading's margin may leave it a line or two below the top it was scrolled to)."""
        viewer = self.query_one(MarkdownViewer)
        top, found = viewer.scroll_y + 3, None
        for title, header_id in getattr(self, "_headers", []):
            header = viewer.document.query_one(f"#{header_id}")
            if header.virtual_region.y <= top:
                found = title
        return found

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "show_me":
            from inkterm.scenes import has_scenes

            return has_scenes(self.game)
        return True

    def action_show_me(self) -> None:
        """Play the scene of the section read now, or choose one among the game's scenes."""
        from inkterm.scenes import load_scenes, scene_for
        from inkterm.screens.picker import Picker

        section = self.section_at_top()
        scene = scene_for(self.game, section) if section else None
        if scene is not None:
            self.host.show_scene(self.game, scene.topic, rule_read=True)
            return
        scenes = load_scenes(self.game)

        def chosen(topic: str | None) -> None:
            if topic:
                self.host.show_scene(self.game, topic)

        self.app.push_screen(Picker("Show which rule?", [(s.topic, s.title) for s in scenes]), chosen)

    def action_glyphs(self) -> None:
        """Every glyph on the game's screen, in words (the end of the rules)."""
        self.goto(gettext(GLYPHS_HEADING))  # the heading as legend_markdown wrote it

    def action_toggle_toc(self) -> None:
        viewer = self.query_one(MarkdownViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents

    def action_close(self) -> None:
        self.dismiss()
