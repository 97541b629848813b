"""Inspect sets a line's wrapped words in under what follows its label: a Voynich
card's step (``Step 2 ●●○○: …``) went on at the left edge, where its continuation read
as the next step; the list's ``Ann: card`` entries likewise (Japanese, 80×24)."""
from __future__ import annotations

from rich.cells import cell_len
from textual.geometry import Region

from inkterm import i18n
from inkterm.app import InktermApp
from inkterm.engine import new_game
from inkterm.screens.inspect import InspectScreen


def _lines(widget) -> list[str]:
    return ["".join(seg.text for seg in strip).rstrip()
            for strip in widget.render_lines(Region(0, 0, *widget.outer_size))]


def _indent(line: str) -> int:
    return cell_len(line) - cell_len(line.lstrip())


async def test_a_cards_steps_go_on_under_their_words_in_japanese_at_80x24():
    st = new_game("voynich", ["Ann", "bot"], seed=3)
    i18n.use("ja")
    try:
        step = i18n.gettext("Step {step} {dots}: adds {actions}; {score}.").split("{step}")[0]
        app = InktermApp(start=("state", st, None), bot_delay=0, handoff="never")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
            await pilot.press("i")
            await pilot.pause()
            assert isinstance(app.screen, InspectScreen)
            await pilot.press("down")  # the first card in a book
            await pilot.pause()
            text = _lines(app.screen.query_one("#inspect-text"))
    finally:
        i18n.use("en")
    steps = [i for i, line in enumerate(text) if line.startswith(step)]
    assert len(steps) == 4, text
    went_on, col = 0, 0
    for line in text[steps[0]:]:
        if line.startswith(step):
            col = cell_len(line.split("：", 1)[0] + "：")
        elif line.startswith("Ann"):  # "In Ann's book, on step 1.": the steps are done
            break
        else:
            assert _indent(line) == col, text
            went_on += 1
    assert went_on, text  # the steps are too long for the text's width
