"""A board's part keeps its height while what it shows keeps its shape, and is measured
again when a line of the same width holds other words: padded cells ("×3○      ") and
full ones ("×3R¶2✓ ×4R¶1✓") of one width wrap into a different number of lines (a
board's recipes row lost its last cell below the part's edge)."""
from __future__ import annotations

from rich.text import Text
from textual.app import App

from inkterm.widgets.part import BoardPart


class Part(BoardPart):
    DEFAULT_CSS = "Part { width: 12; height: auto; }"


class Holder(App):
    def compose(self):
        yield Part()


async def test_a_line_of_other_words_is_measured_again():
    app = Holder()
    async with app.run_test(size=(40, 10)) as pilot:
        part = app.query_one(Part)
        part.show_lines([Text("ab" + " " * 18)])
        await pilot.pause()
        assert part.region.height == 1
        full = Text("abcdefghi abcdefghij")
        assert full.cell_len == 20
        part.show_lines([full])
        await pilot.pause()
        assert part.region.height == 2
        part.show_lines([Text("abcdefghi abcdefghij", style="bold")])  # a highlight: the same words
        await pilot.pause()
        assert part.region.height == 2
