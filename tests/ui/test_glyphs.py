"""A legend for every glyph (every game): each game's screens, at 80×24 and 120×40, in
every board view, from random states of play, show no glyph that its legend (the
game's ``assets/<game>/glyphs.json`` and the shell's ``assets/glyphs.json``) leaves
unexplained.

A glyph is a character of the rendered screen that is not ASCII, not a letter of any
script (names, CJK card titles: Unicode category L*), not a combining mark and not a
space (categories M*, Z*). The shell's own frames are not glyphs: the characters of
the border styles that the game screen's widgets outside the board are drawn with
(read from their styles at run time), and Textual's scrollbars and tab underline. A
board that draws a frame of its own (Kiln's seats' boards) explains it in its legend."""
from __future__ import annotations

import random
import unicodedata

import pytest
from textual._border import BORDER_CHARS
from textual.renderables.bar import Bar
from textual.scrollbar import ScrollBarRender

from inkterm.app import InktermApp
from inkterm.engine import GAMES, new_game
from inkterm.screens.game import GameScreen
from inkterm.widgets.legend import MORE, legend_for, legend_line

from shown import screen_text

SIZES = ((80, 24), (120, 40))
#: (seed, random choices before the screen opens): an opening and a game well on.
STATES = ((1, 12), (2, 90))


def glyphs(text: str) -> set[str]:
    return {ch for ch in text if ord(ch) > 127 and not unicodedata.category(ch).startswith(("L", "M", "Z"))}


def shell_frames(screen) -> set[str]:
    """What the shell draws around things: its widgets' border characters (outside the
    board), and Textual's scrollbars and tab underline."""
    board = screen.query_one("#board")
    chars: set[str] = set()
    for widget in screen.walk_children():
        if widget is board or board in widget.ancestors:
            continue
        styles = widget.styles
        for kind, _colour in (styles.border_top, styles.border_right, styles.border_bottom, styles.border_left):
            for row in BORDER_CHARS.get(kind, ()):
                chars.update("".join(row))
    chars.update(ScrollBarRender.VERTICAL_BARS + ScrollBarRender.HORIZONTAL_BARS)
    chars.update((Bar.BAR, Bar.HALF_BAR_LEFT, Bar.HALF_BAR_RIGHT))
    return chars - {" "}


def played(game: str, seed: int, steps: int):
    spec = GAMES[game]
    seats = ["Ann"] + [f"random {i}" for i in range(1, max(2, spec.min_players))]
    st = new_game(game, seats, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        d = st.decision()
        if d is None:
            break
        st.apply(rng.choice(d.keys))
    return st


@pytest.mark.parametrize("game", list(GAMES))
async def test_every_glyph_on_screen_is_in_the_legend(game):
    explained = legend_for(game).chars()
    unexplained: dict[str, str] = {}
    for seed, steps in STATES:
        for size in SIZES:
            st = played(game, seed, steps)
            app = InktermApp(start=("state", st, None), bot_delay=0)
            async with app.run_test(size=size) as pilot:
                for _ in range(4):
                    await pilot.pause()
                screen = app.screen
                if not isinstance(screen, GameScreen):
                    continue  # the bots ended the game
                frames = shell_frames(screen)
                board = screen.board
                for _view in board.VIEWS if board.has_views else ("whole",):
                    await pilot.pause()
                    text = screen_text(app)
                    for ch in glyphs(text) - frames - explained:
                        line = next(line for line in text.splitlines() if ch in line)
                        unexplained.setdefault(ch, f"{size} {board.view_name}: {line.strip()[:90]}")
                    if board.has_views:
                        board.next_view()
    assert not unexplained, "\n".join(f"{ch!r} {unicodedata.name(ch, '?')}: {where}"
                                      for ch, where in unexplained.items())


@pytest.mark.parametrize("game", list(GAMES))
def test_the_legend_line_says_where_every_glyph_is(game):
    assert MORE in legend_line(game, "whole") and MORE not in legend_line(game, "whole", 10)
    for g in legend_for(game).glyphs:
        if "*" in g.line:
            assert f"{g.glyph} {g.short or g.words}" in legend_line(game, "any view")
