"""A legend for every glyph (every game): each game's screens, at 80×24 and 120×40, in
every board view, from random states of play, show no glyph that its legend (the
game's ``assets/<game>/glyphs.json`` and the shell's ``assets/glyphs.json``) leaves
unexplained.

A glyph is a character of the rendered screen that is not ASCII, not a letter of any
script (names, CJK card titles: Unicode category L*), not a combining mark and not a
space (categories M*, Z*). The shell's own frames are not glyphs: the characters of
the border styles that the game screen's widgets outside the board are drawn with
(read from their styles at run time), and Textual's scrollbars and tab underline. A
board that draws a frame of its own (a seat's own board, say) explains it in its legend."""
from __future__ import annotations

import random
import unicodedata

import pytest
from rich.cells import cell_len
from textual.renderables.bar import Bar
from textual.scrollbar import ScrollBarRender

from inkterm.app import InktermApp
from inkterm.engine import GAMES, new_game
from inkterm.screens.game import GameScreen
from inkterm.widgets.legend import MORE, legend_for, legend_line

from shown import screen_lines

SIZES = ((80, 24), (120, 40))
#: (seed, random choices before the screen opens): an opening and a game well on.
STATES = ((1, 12), (2, 90))


def glyphs(text: str) -> set[str]:
    return {ch for ch in text if ord(ch) > 127 and not unicodedata.category(ch).startswith(("L", "M", "Z"))}


def shell_frames(screen, lines: list[str]) -> set[str]:
    """What the shell draws around things: the frame characters (box drawing and block
    elements) on the border cells of its widgets outside the board, read from the
    screen where each widget's style says it has a border, and Textual's scrollbars
    and tab underline."""
    board = screen.query_one("#board")
    chars: set[str] = set()

    def take(x: int, y: int) -> None:
        if 0 <= y < len(lines) and (ch := cell_at(lines[y], x)) and FRAME_MIN <= ord(ch) <= FRAME_MAX:
            chars.add(ch)

    for widget in screen.walk_children():
        if widget is board or board in widget.ancestors or not widget.display:
            continue
        styles, r = widget.styles, widget.region
        if not r.area:
            continue
        if styles.border_top[0]:
            for x in range(r.x, r.right):
                take(x, r.y)
        if styles.border_bottom[0]:
            for x in range(r.x, r.right):
                take(x, r.bottom - 1)
        if styles.border_left[0]:
            for y in range(r.y, r.bottom):
                take(r.x, y)
        if styles.border_right[0]:
            for y in range(r.y, r.bottom):
                take(r.right - 1, y)
    chars.update(ScrollBarRender.VERTICAL_BARS + ScrollBarRender.HORIZONTAL_BARS)
    chars.update((Bar.BAR, Bar.HALF_BAR_LEFT, Bar.HALF_BAR_RIGHT))
    return chars - {" "}


#: Unicode's Box Drawing and Block Elements: what a frame is drawn with.
FRAME_MIN, FRAME_MAX = 0x2500, 0x259F


def cell_at(line: str, x: int) -> str:
    """The character at terminal cell ``x`` of ``line`` (wide characters take two)."""
    at = 0
    for ch in line:
        width = cell_len(ch)
        if at <= x < at + width:
            return ch
        at += width
    return ""


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
        st = played(game, seed, steps)
        app = InktermApp(start=("state", st, None), bot_delay=0)
        async with app.run_test(size=SIZES[0]) as pilot:  # one app, resized to each size
            for size in SIZES:
                await pilot.resize_terminal(*size)
                for _ in range(4):
                    await pilot.pause()
                assert tuple(app.size) == size
                screen = app.screen
                if not isinstance(screen, GameScreen):
                    break  # the bots ended the game
                board = screen.board
                for _view in board.VIEWS if board.has_views else ("whole",):
                    await pilot.pause()
                    lines = screen_lines(app)  # one screenshot for the text and the frames
                    text = "\n".join(lines)
                    frames = shell_frames(screen, lines)
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
