"""Player-given text is text on every screen: names that look like markup, hold
control or bidi characters, are very long, wide or emoji, go through the title's
Continue line, the game (status, prompt, log, since-your-last-turn, hand-off,
inspect), the game-over screen, the replay, watching and the setup form of every
registered game, and come out as written. The names get there through saves, which
no door checks (an old save, or a hand-edited one)."""
from __future__ import annotations

import time

import pytest
from rich.text import Text

from inkterm.app import InktermApp
from inkterm.bots import make_bot
from inkterm.engine import GAMES, new_game
from inkterm.engine.saves import save_dir, save_game
from inkterm.screens.game import GameScreen
from inkterm.screens.gameover import GameOverScreen
from inkterm.screens.handoff import HandoffScreen
from inkterm.screens.inspect import InspectScreen
from inkterm.screens.log import LogScreen
from inkterm.screens.replay import ReplayScreen
from inkterm.screens.setup import SetupScreen
from inkterm.screens.title import TitleScreen
from inkterm.screens.watch import WatchScreen
from inkterm.widgets.event_log import EventLog
from inkterm.widgets.plain import Plain, _drawable, plain_rich, plain_text
from shown import screen_text
from test_flows import settle, until

from tests.seeds import SLOW, run_seed

# The first three run always; the rest with the slow sweeps (INKTERM_SLOW=1).
HOSTILE = [
    "[/]",
    "[bold]X",
    "A\x1b[31mB",           # an escape sequence
    *[pytest.param(h, marks=pytest.mark.slow) for h in (
        "[link=x]y[/link]",
        "[@click=app.quit]Q[/]",
        "Ann\u202eevil",        # a right-to-left override
        "Zero\u200bwidth",      # a zero-width space
        "W" * 60,               # longer than any door allows
        "李小龍",                # wide
        "🎲Dice",               # emoji
    )],
]
IDS = [repr(getattr(h, "values", [h])[0])[1:12] for h in HOSTILE]
GAME_IDS = sorted(GAMES)


def name_and_game() -> list:
    """The (name, game) pairs a whole-game test plays: in a plain run each game with one
    of the first three names and each of those names on some game, turning with the
    run's seed (every pair over a few runs); every name on every game with
    INKTERM_SLOW=1."""
    if SLOW:
        return [pytest.param(getattr(h, "values", [h])[0], game, marks=getattr(h, "marks", ()),
                             id=f"{i}-{game}") for h, i in zip(HOSTILE, IDS) for game in GAME_IDS]
    first = [h for h in HOSTILE if isinstance(h, str)]
    turn = run_seed()
    return [pytest.param(first[(g + turn) % len(first)], game,
                         id=f"{IDS[(g + turn) % len(first)]}-{game}") for g, game in enumerate(GAME_IDS)]
SIZE = (160, 50)  # room for the longest name on one line


def seats_for(game: str, name: str) -> list[str]:
    """The hostile name and another person (so the table changes hands), then bots."""
    spec = GAMES[game]
    return [name, "Bob", *["bot"] * (max(spec.min_players, 2) - 2)][: max(spec.max_players, 2)]


def played(game: str, name: str, choices: int) -> object:
    """An unfinished game of ``choices`` choices (fewer in a short game)."""
    whole = finished(game, name).record.choices
    state = new_game(game, seats_for(game, name), seed=5)
    for key in whole[: min(choices, len(whole) - 1)]:
        state.apply(key)
    return state


def finished(game: str, name: str):
    state = new_game(game, seats_for(game, name), seed=5)
    bot = make_bot("random", seed=3)
    while not state.is_over:
        state.apply(bot.choose(state))
    return state


def plain_widgets_text(screen) -> str:
    """Everything the screen's text lines hold (read from what they render), whole
    even where the screen clips it."""
    out = []
    for widget in screen.query(Plain):
        content = widget.render()
        out.append(getattr(content, "plain", str(content)))
    return "\n".join(out)


def forms(name: str) -> list[str]:
    """The name as written, with hidden characters as the stand-ins a line of text,
    a styled line or a board draws."""
    return [plain_text(name), plain_rich(Text(name)).plain, _drawable(name)]


def shows(app, name: str) -> bool:
    """The name as written is on the screen or in its text lines; markup is never
    read (a bold "[bold]X" would show X)."""
    seen = screen_text(app) + "\n" + plain_widgets_text(app.screen)
    return any(form in seen for form in forms(name))


def no_hidden_characters_drawn(app) -> None:
    """Nothing on the screen is a control or a bidi override (they would reach the
    terminal as commands)."""
    text = screen_text(app) + plain_widgets_text(app.screen)
    assert "\x1b" not in text and "\u202e" not in text and "\u200b" not in text


@pytest.mark.parametrize(("name", "game"), name_and_game())
async def test_a_hostile_name_is_text_from_the_title_through_the_game(game, name):
    state = played(game, name, 6)
    path = save_dir() / "hostile.save.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    save_game(state, path)
    app = InktermApp(bot_delay=0, handoff="always")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, TitleScreen)
        assert plain_text(name) in plain_widgets_text(app.screen)  # the Continue line
        no_hidden_characters_drawn(app)
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, (GameScreen, HandoffScreen)))
        deadline = time.monotonic() + 20  # a bound, not a guess: a busy machine is slow
        while time.monotonic() < deadline:  # through hand-offs until a person's turn shows its table
            if isinstance(app.screen, HandoffScreen):
                handoff = app.screen
                await until(pilot, lambda: shows(app, handoff.player))  # once drawn
                no_hidden_characters_drawn(app)
                await pilot.press("enter")
            elif isinstance(app.screen, GameScreen) and app.screen.human_to_move():
                break
            await pilot.pause(0.02)
        game_screen = app.screen
        assert isinstance(game_screen, GameScreen)
        assert shows(app, name), f"{name!r} is not on the game screen"
        no_hidden_characters_drawn(app)
        log_widget = game_screen.query_one(EventLog)
        for _ in range(3):  # a few choices: the log, the hint, the since panel follow
            # (each once the table is a person's or covered: not while a bot moves)
            await until(pilot, lambda: not (app.screen is game_screen and not game_screen.human_to_move()))
            if isinstance(app.screen, HandoffScreen) or app.screen is game_screen:
                await pilot.press("enter")
            await pilot.pause()

        def log() -> str:
            return "\n".join(line.plain for line in log_widget.entries)

        await until(pilot, lambda: plain_rich(Text(name)).plain in log())
        log = log()
        assert "\x1b" not in log and "\u202e" not in log
        if app.screen is game_screen:
            await pilot.press("l")
            await until(pilot, lambda: isinstance(app.screen, LogScreen))
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is game_screen)
            await pilot.press("i")
            await until(pilot, lambda: isinstance(app.screen, InspectScreen))
            no_hidden_characters_drawn(app)
            await pilot.press("escape")
        await pilot.press("q")
        await pilot.press("y")


@pytest.mark.parametrize(("name", "game"), name_and_game())
async def test_a_hostile_name_is_text_at_game_over_in_the_replay_and_watching(game, name):
    state = finished(game, name)
    app = InktermApp(start=("state", state, None), bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await until(pilot, lambda: shows(app, name))  # once drawn; else "not on the game-over screen"
        no_hidden_characters_drawn(app)
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("end")
        await until(pilot, lambda: shows(app, name))  # once drawn; else "not in the replay"
        no_hidden_characters_drawn(app)
        path = save_dir() / "watched.save.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        save_game(played(game, name, 4), path)
        app.watch_save(path)
        await until(pilot, lambda: isinstance(app.screen, WatchScreen))
        await pilot.press("end")
        no_hidden_characters_drawn(app)


@pytest.mark.parametrize("name", HOSTILE, ids=IDS)
async def test_a_hostile_name_typed_in_the_setup_form_is_refused_or_shown_as_typed(name):
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        app.screen.query_one("#seat0").value = name
        await pilot.press("ctrl+g")
        await pilot.pause(0.1)
        if isinstance(app.screen, SetupScreen):  # refused: the reason, in one line, as text
            error = plain_widgets_text(app.screen)  # (the field itself holds what was typed)
            assert "✗" in error and "\x1b" not in error and "\u202e" not in error
        else:
            assert isinstance(app.screen, (GameScreen, HandoffScreen))
            assert shows(app, name)


async def test_file_names_and_save_fields_that_look_like_markup_are_shown_as_they_are():
    """A save whose game is "[/]" and a save file named like markup: the title lists
    both (one as unreadable) and `q` still leaves."""
    folder = save_dir()
    folder.mkdir(parents=True, exist_ok=True)
    good = played(GAME_IDS[0], "Ann", 2)
    save_game(good, folder / "[bold]x[@click=app.bell].save.json")
    bad = good.to_dict()
    bad["game"] = "[/]"
    import json

    (folder / "[/b].save.json".replace("/", "")).write_text(json.dumps(bad))
    app = InktermApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        text = plain_widgets_text(app.screen)
        assert "[bold]x[@click=app.bell].save.json" in text
        assert "unknown game '[/]'" in text
        app.screen.notify("[/] [b]plain\x1b")  # a widget's toast goes through the app's
        await pilot.pause(0.1)
        (toast,) = [n for n in app.notices if "plain" in n.message]
        assert toast.message == "[/] [b]plain␛" and not toast.markup
        await pilot.press("q")
    assert app.return_code in (0, None)


def test_a_rich_table_cell_for_a_name_is_text():
    from inkterm.widgets.plain import plain_cell

    assert plain_cell("[/]").plain == "[/]"
    assert isinstance(plain_cell("A\x1bB"), Text) and "\x1b" not in plain_cell("A\x1bB").plain


def test_no_text_widget_of_inkterm_reads_markup():
    """The one mechanism stays the only one: inkterm makes its text lines, labels,
    buttons and option lists through widgets/plain.py, never Textual's markup-reading
    ones directly, and builds no styled text from markup."""
    import ast
    from pathlib import Path

    import inkterm

    root = Path(inkterm.__file__).parent
    raw = {"Static", "Label", "Button", "OptionList"}
    found = []
    for path in root.rglob("*.py"):
        if path.name == "plain.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in raw or name == "from_markup" or (
                    name == "notify" and any(k.arg == "markup" and getattr(k.value, "value", 1) is not False
                                             for k in node.keywords)):
                found.append(f"{path.relative_to(root)}:{node.lineno} {name}")
    assert not found, found
