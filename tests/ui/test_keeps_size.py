"""A line of text is laid out again only when its size may change (``show_in_place``):
one held at its max-height keeps that height whatever more it holds, one held at its
min-height keeps that. A hint longer than its box (in Japanese most of them) laid the
whole screen out on every key press, as if the box were about to grow."""
from __future__ import annotations

from rich.text import Text
from textual.app import App

from inkterm.widgets.part import TextBox, keeps_size, show_in_place


class Box(TextBox):
    # three lines of content at most, two at least (the border takes a line of each)
    DEFAULT_CSS = "Box { width: 20; height: auto; min-height: 3; max-height: 4; border-top: hkey red; }"


class Holder(App):
    def compose(self):
        yield Box()


async def test_a_box_held_at_its_max_or_min_height_keeps_its_size():
    app = Holder()
    async with app.run_test(size=(40, 12)) as pilot:
        box = app.query_one(Box)
        show_in_place(box, Text("word " * 30))  # eight lines' worth
        await pilot.pause()
        assert box.content_size.height == 3
        box.update(Text("other " * 30), layout=False)
        assert keeps_size(box)
        box.update(Text("two\nlines"), layout=False)
        assert not keeps_size(box)
        show_in_place(box, Text("two\nlines"))
        await pilot.pause()
        assert box.content_size.height == 2
        box.update(Text("one"), layout=False)
        assert keeps_size(box)
        show_in_place(box, Text("word " * 30))
        await pilot.pause()
        assert box.content_size.height == 3
