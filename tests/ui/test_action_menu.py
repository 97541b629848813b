"""The action menu: what a new set of choices costs (layouts of the screen) and what
it then shows."""
from __future__ import annotations

from textual.app import App
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Static

from inkterm.engine.types import Choice
from inkterm.widgets.action_menu import ActionMenu

from shown import screen_text


class MenuApp(App):
    CSS = "#menu { height: 1fr; } #below { height: 1; }"

    def compose(self):
        with Vertical():
            yield ActionMenu(id="menu")
            yield Static("below", id="below")


def choices(n: int, shortcut: bool = False) -> list[Choice]:
    return [Choice(f"k{i}", f"Choice number {i}", shortcut=str(i + 1) if shortcut else None)
            for i in range(n)]


def recording_layouts(monkeypatch) -> list:
    asked: list = []
    refresh = Widget.refresh

    def recording(self, *regions, **kw):
        if kw.get("layout"):
            asked.append(self.id)
        return refresh(self, *regions, **kw)

    monkeypatch.setattr(Widget, "refresh", recording)
    return asked


async def test_new_choices_that_fit_ask_for_no_layout_and_show_at_once(monkeypatch):
    """The menu's height is the side's rest: emptying it and filling it with another
    number of rows keeps its size, so the screen is not laid out (it was, twice, on
    every new set of choices)."""
    app = MenuApp()
    async with app.run_test(size=(60, 16)) as pilot:
        menu = app.query_one(ActionMenu)
        menu.set_choices(choices(2))
        await pilot.pause()
        asked = recording_layouts(monkeypatch)
        for n in (5, 0, 3):
            menu.set_choices(choices(n, shortcut=True))
            assert asked == [], n
            await pilot.pause()
        shown = screen_text(app)
        assert "▶1 Choice number 0" in shown and " 3 Choice number 2" in shown
        assert "Choice number 3" not in shown  # the five of before are gone
        assert menu.current.key == "k0" and menu.row_for_key("2").key == "k1"


async def test_choices_beyond_the_menu_still_bring_their_scrollbar():
    """A scrollbar coming is a layout of its own (not the rows' count)."""
    app = MenuApp()
    async with app.run_test(size=(60, 10)) as pilot:
        menu = app.query_one(ActionMenu)
        menu.set_choices(choices(2))
        await pilot.pause()
        menu.set_choices(choices(30))
        await pilot.pause()
        assert menu.show_vertical_scrollbar and menu.max_scroll_y == 30 - menu.scrollable_content_region.height
        menu.focus()
        await pilot.press("end")
        await pilot.pause()
        assert "Choice number 29" in screen_text(app)


async def test_the_first_choice_is_marked_and_the_mark_follows_the_keys():
    app = MenuApp()
    async with app.run_test(size=(60, 16)) as pilot:
        menu = app.query_one(ActionMenu)
        menu.focus()
        menu.set_choices(choices(3))
        await pilot.pause()
        await pilot.press("down")
        await pilot.pause()
        shown = screen_text(app)
        assert " 1 Choice number 0" in shown and "▶2 Choice number 1" in shown
        assert shown.count("▶") == 1 and menu.current.key == "k1"


async def test_every_row_has_a_key_past_nine_and_beside_shortcuts():
    """A key for every choice: 1–9, then letters the game screen does not bind; in a
    menu of board numbers, a row without one ("Back", "Copy nothing") gets a letter."""
    from inkterm.widgets.action_menu import POSITION_LETTERS

    app = MenuApp()
    async with app.run_test(size=(60, 30)) as pilot:
        menu = app.query_one(ActionMenu)
        menu.set_choices(choices(15))
        await pilot.pause()
        assert [menu.row_for_key(k).key for k in "123456789"] == [f"k{i}" for i in range(9)]
        assert [menu.row_for_key(k).key for k in POSITION_LETTERS[:6]] == [f"k{i}" for i in range(9, 15)]
        assert not set(POSITION_LETTERS) & set("ulviqscerxbt")  # the screen's keys, and free actions' letters
        numbered = [Choice("zone:3", "Favour Hall", shortcut="3"), Choice("zone:4", "Studio", shortcut="4"),
                    Choice("none", "Copy nothing"), Choice("back", "Back")]
        menu.set_choices(numbered, [("5", "Shop", "no dice")])
        await pilot.pause()
        assert menu.row_for_key("3").key == "zone:3"
        assert menu.row_for_key("a").key == "none" and menu.row_for_key("d").key == "back"
        assert menu.row_for_key("5").label == "Shop"  # the dimmed place keeps its number
        shown = screen_text(app)
        assert " a Copy nothing" in shown and " d Back" in shown


async def test_the_highlighted_rows_wrapped_lines_go_on_under_its_label():
    """The highlighted choice shows whole: its wrapped lines go on under its label, not
    under ``▶1`` at the menu's edge (where they read as the next choice), and a line
    of Japanese wraps between characters there too."""
    app = MenuApp()
    async with app.run_test(size=(24, 10)) as pilot:
        menu = app.query_one(ActionMenu)
        menu.set_choices([Choice("a", "めくるとき：ページ上の赤のキューブごとに +1（金も数える）"),
                          Choice("b", "締め切り")])
        await pilot.pause()
        lines = screen_text(app).split("\n")
        assert lines[0].startswith("▶1 めくるとき")
        more = lines[1:lines.index(next(line for line in lines if line.startswith(" 2 ")))]
        assert len(more) >= 2, lines
        assert all(line.startswith("   ") and line[3] != " " for line in more), lines
        said = "".join(line.strip() for line in [lines[0][3:], *more])
        assert said.replace(" ", "") == "めくるとき：ページ上の赤のキューブごとに+1（金も数える）"
