"""Every registered game's board in Chinese and Japanese: drawn from seeded random states
at 80×24 and 120×40, in every board view, it shows no English word (names, the game's
glyphs and letters aside) and nothing past the edge of the screen."""
from __future__ import annotations

import re

import pytest
from rich.cells import cell_len

from inkterm import i18n
from inkterm.app import InktermApp
from inkterm.engine import GAMES
from inkterm.screens.game import GameScreen

from shown import screen_lines

from ..random_play import after_random_steps
from ..registered import games

SIZES = ((80, 24), (120, 40))
#: (seed, random choices before the screen opens): an opening and a game well on.
STATES = ((3, 10), (4, 40))
SEATS = ["Ann", "Bob", "Cy", "Dee"]
#: Latin on a board that is no English: the seats' names, and what the games draw as
#: glyphs (a seat's or a colour's letter is one letter, and not a word).
#: Names and the games' own codes: gold's "Au", the board sections' "Bo As Ba Wr" (the
#: rulebooks and the translated rules use them as they are).
ALLOWED = {*SEATS, "Au", "Bo", "As", "Ba", "Wr"}
WORD = re.compile(r"[A-Za-z]{2,}")
#: Capitals run together are letters side by side (seats' "RB", cubes "BKKY", "III", "OK"), not words.
LETTERS = re.compile(r"[A-Z]{2,}")


def played(game: str, seed: int, steps: int):
    spec = GAMES[game]
    return after_random_steps(game, SEATS[:max(2, spec.min_players)], seed, steps, bot_seed=seed)


def board_lines(app, board) -> list[str]:
    """The board's part of the screen, line by line."""
    r = board.region
    out = []
    for line in screen_lines(app)[r.y:r.bottom]:
        # columns to cells: screen_lines pads each line to the screen's width in cells
        cells, at = [], 0
        for ch in line:
            w = cell_len(ch)
            if r.x <= at < r.right:
                cells.append(ch)
            at += w
        out.append("".join(cells))
    return out


@pytest.mark.parametrize("lang", ["zh", "ja"])
@pytest.mark.parametrize("game", games(board=True))
async def test_the_board_is_in_the_language_and_on_the_screen(game, lang):
    english: dict[str, str] = {}
    outside: list[str] = []
    i18n.use(lang)
    try:
        for seed, steps in STATES:
            st = played(game, seed, steps)
            app = InktermApp(start=("state", st, None), bot_delay=0, handoff="never")
            async with app.run_test(size=SIZES[0]) as pilot:
                for size in SIZES:
                    await pilot.resize_terminal(*size)
                    for _ in range(4):
                        await pilot.pause()
                    screen = app.screen
                    assert isinstance(screen, GameScreen), screen  # people only: no bot ends it
                    board = screen.board
                    for _view in board.VIEWS if board.has_views else ("whole",):
                        await pilot.pause()
                        where = f"{size} {board.view_name}"
                        if board.region.right > size[0] or board.max_scroll_x > 0:
                            outside.append(f"{where}: the board is wider than the screen")
                        for part in board.walk_children():
                            if part.display and part.region.area and part.region.right > size[0]:
                                outside.append(f"{where}: {part} reaches column {part.region.right}")
                        for line in board_lines(app, board):
                            for word in {w for w in WORD.findall(line) if not LETTERS.fullmatch(w)} - ALLOWED:
                                english.setdefault(word, f"{where}: {line.strip()[:100]}")
                        if board.has_views:
                            board.next_view()
    finally:
        i18n.use("en")
    assert not outside, "\n".join(outside)
    said = "\n".join(f"{w!r} in {where}" for w, where in sorted(english.items()))
    assert not english, said


@pytest.mark.parametrize("lang", ["zh", "ja"])
@pytest.mark.parametrize("game", games(board=True))
async def test_the_board_names_a_seat_called_you_as_the_reader(game, lang):
    """The reader's own seat (the setup's first, named You) reads 你 / あなた on the
    board, as in the status line and the log; the board read 'You'."""
    from inkterm.engine import new_game
    from inkterm.engine.text import seat_name

    spec = GAMES[game]
    seats = ["You", *SEATS[1:max(2, spec.min_players)]]
    # a game the reader begins, so that their seat is in front on every board
    st = next(s for s in (new_game(game, seats, seed=n) for n in range(1, 40)) if s.decision().seat == 0)
    i18n.use(lang)
    try:
        app = InktermApp(start=("state", st, None), bot_delay=0, handoff="never")
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(4):
                await pilot.pause()
            board = app.screen.board
            lines = "\n".join(board_lines(app, board))
            assert "You" not in lines, lines
            assert seat_name("You") in lines, lines
    finally:
        i18n.use("en")
