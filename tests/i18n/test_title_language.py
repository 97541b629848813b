"""The Language setting on the title screen: listed in each language's own words,
the title drawn again in the one picked, the choice kept for the next start."""
from __future__ import annotations

from inkterm import i18n
from inkterm.app import InktermApp
from inkterm.home import read_settings
from inkterm.screens.picker import Picker
from inkterm.widgets.plain import PlainButton

from tests.languages import lang  # noqa: F401  (fixture)


def button_text(app, button_id: str) -> str:
    return str(app.screen.query_one(f"#{button_id}", PlainButton).label)


async def test_picking_a_language_on_the_title(inkterm_home):
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert button_text(app, "new").startswith("New game")
        assert button_text(app, "language").startswith("Language: English")
        await pilot.press("L")
        await pilot.pause()
        assert isinstance(app.screen, Picker)
        await pilot.press("3")  # 日本語, the third in the list
        await pilot.pause()
        assert i18n.language() == "ja"
        assert button_text(app, "new").startswith("新しいゲーム")
        assert button_text(app, "language").startswith("言語：日本語 · Language")
        assert read_settings() == {"language": "ja"}
        # Back to English from Japanese: the way back is labelled in English too.
        await pilot.press("L")
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert button_text(app, "new").startswith("New game")
    assert read_settings() == {"language": "en"}


async def test_the_kept_choice_opens_the_next_start(inkterm_home):
    from inkterm.home import save_setting

    save_setting("language", "zh")
    i18n.use(i18n.choose(None, {"LANG": "ja_JP.UTF-8"}))
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert button_text(app, "new").startswith("新游戏")


async def test_the_footer_speaks_the_language():
    from inkterm.screens.setup import SetupScreen

    i18n.use("zh")
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(SetupScreen(seed=1))
        await pilot.pause()
        keys = [getattr(w, "description", "") for w in app.screen.query("FooterKey")]
        assert "返回" in keys and "开始" in keys and "Back" not in keys


async def test_the_setups_first_seat_is_the_reader_in_any_language(inkterm_home, lang):  # noqa: F811
    """The setup's first seat reads "you" in the player's words; started as it is, it is
    the reader (the seat "You"), not a person named あなた: the status line says
    "あなたが選択中", not "あなたさんが選択中" (a stranger's honorific)."""
    from textual.widgets import Input

    from inkterm.screens.setup import SetupScreen

    from tests.i18n.screens import drawn_text

    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.push_screen(SetupScreen(seed=1))
        await pilot.pause()
        assert app.screen.query_one("#seat0", Input).value == i18n.gettext("You")
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert app.screen.state.seats[0] == "You"
        status = drawn_text(app.screen.query_one("#status"))
        assert {"zh": "轮到你选择", "ja": "あなたが選択中"}[lang] in status, status
        from inkterm.widgets.event_log import EventLog

        log = drawn_text(app.screen.query_one(EventLog))  # its first line names the seats
        assert i18n.gettext("you") in log and "You" not in log, log


async def test_textuals_own_words_on_screen_speak_the_language(inkterm_home, lang):  # noqa: F811
    """Words Textual itself shows: the palette's search field, and the key that closes
    an open list on the setup screen (both read in English)."""
    from textual.command import CommandInput

    from inkterm.screens.setup import SetupScreen

    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        placeholder = app.screen.query_one(CommandInput).placeholder
        assert placeholder == i18n.gettext("Search for commands…") != "Search for commands…"
        await pilot.press("escape")
        await pilot.pause()
        await app.push_screen(SetupScreen(seed=1))
        await pilot.pause()
        app.screen.query_one("#game").focus()
        await pilot.press("enter")  # the game list opens
        await pilot.pause()
        keys = [str(getattr(w, "description", "")) for w in app.screen.query("FooterKey")]
        assert i18n.gettext("Dismiss menu") in keys and "Dismiss menu" not in keys, keys


async def test_the_palette_says_no_match_in_the_language(inkterm_home, lang):  # noqa: F811
    """A search in the palette that matches no command says so in the reader's words
    (Textual writes "No matches found" itself)."""
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.press(*"zzqx")
        # Textual lists every command first (the empty search) and the no-match line half
        # a second after the search ends; on a loaded machine the first list is still up
        # when the keys are in, so wait for the one line.
        for _ in range(100):
            await pilot.pause(0.05)
            shown = [str(getattr(o.prompt, "renderable", o.prompt)) for o in app.screen.query_one("CommandList").options]
            if len(shown) == 1:
                break
        assert shown == [i18n.gettext("No matches found")] and "No matches found" not in shown, shown
        assert {"zh": "没有", "ja": "見つかりません"}[lang] in shown[0]
        lines = app.screen.query_one("CommandList").render_lines(app.screen.query_one("CommandList").region.reset_offset)
        assert shown[0] in "".join(strip.text for strip in lines)
