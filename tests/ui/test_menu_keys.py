"""A key for every choice, and keys that mean one thing (every registered game).

Within one seat's chain of prompts a choice offered again keeps its key, so a key
pressed by habit does not suddenly name another choice (after "1 Turn the goat" the
card's other actions keep 2 and 3; the cube placed on B1 leaves B2 on its key). At
80×24 the menu shows at least seven rows, and the highlighted one is always on screen."""
from __future__ import annotations

import random
import re

import pytest

from inkterm.app import InktermApp
from inkterm.bots import make_bot
from inkterm.engine import GAMES, new_game
from inkterm.screens.game import GameScreen
from inkterm.widgets.action_menu import MARK, ActionMenu, chain_keys, merge_rows, row_keys

from tests.registered import game_params
from tests.ui.shown import screen_lines

SEEDS = (1, 2, 3)


def seats(game: str) -> list[str]:
    spec = GAMES[game]
    return ["Ann", "Bob", "Cy"][:max(spec.min_players, min(3, spec.max_players))]


def moved_keys(game: str, seed: int) -> list[tuple]:
    """Each choice whose key changed between two prompts of one seat's chain, as the
    menu keys them (its shortcut, else what the chain kept, else its place)."""
    st = new_game(game, seats(game), seed=seed)
    rng = random.Random(seed)
    moved, prev = [], None
    for _ in range(400):
        d = st.decision()
        if d is None:
            break
        rows = merge_rows(d.choices, d.unavailable)
        kept = chain_keys(*prev[1:]) if prev is not None and prev[0].seat == d.seat else {}
        keys = row_keys(rows, kept)
        moved += [(prev[0].prompt, d.prompt, r.key, kept[r.key], k)
                  for r, k in zip(rows, keys) if getattr(r, "key", None) in kept and kept[r.key] != k]
        prev = (d, rows, keys)
        st.apply(rng.choice(d.keys))
    return moved


@pytest.mark.parametrize("game", game_params(shipped=True))
def test_a_choice_offered_again_in_a_chain_keeps_its_key(game):
    moved = [m for seed in SEEDS for m in moved_keys(game, seed)]
    assert not moved, "\n".join(map(str, moved[:10])) + f"\n({len(moved)} in all)"


async def settle(pilot) -> None:
    for _ in range(3):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


@pytest.mark.parametrize("game", game_params(shipped=True))
async def test_the_menu_keeps_a_choices_key_through_the_chain(game):
    """The real menu, played by keys against a bot: whenever Ann's next prompt offers
    a choice she was offered just before, its key is the one it had."""
    st = new_game(game, ["Ann"] + ["easy"] * (len(seats(game)) - 1), seed=4)  # quick bots: their play is not checked
    app = InktermApp(start=("state", st, None), bot_delay=0)
    rng = random.Random(4)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        menu = screen.query_one(ActionMenu)
        before: dict[str, str] = {}
        chains = 0
        moved = []
        for _ in range(120):  # until chains enough were seen: how soon depends on the game's path
            if chains >= 2:
                break
            d = screen.decision
            if d is None or d.seat != 0:
                break
            now = chain_keys(menu.rows, menu._keys)
            moved += [(d.prompt, k, before[k], key) for k, key in now.items() if before.get(k, key) != key]
            chains += bool(set(now) & set(before))
            key = rng.choice(list(now.values()))
            count = len(screen.state.record.choices)
            await pilot.press(key)
            await settle(pilot)
            assert len(screen.state.record.choices) > count, key  # every key played a choice
            played_by_bots = len(screen.state.record.choices) > count + 1
            before = {} if played_by_bots else now
        assert chains, "no prompt of a chain offered a choice again"
        assert not moved, moved[:10]


def busiest_position(game: str):
    """A position with Ann (a person) to choose among the most choices in a few
    seeded games against bots."""
    best, most = None, 0
    for seed in (1, 2):
        st = new_game(game, ["Ann"] + [f"bot {i}" for i in range(1, len(seats(game)))], seed=seed)
        bot = make_bot("random", seed=seed)
        for _ in range(300):
            d = st.decision()
            if d is None:
                break
            if d.seat == 0 and len(d.choices) + len(d.unavailable) > most:
                best, most = st.clone(), len(d.choices) + len(d.unavailable)
            st.apply(bot.choose(st))
    return best


def rows_shown(app, menu) -> list[str]:
    """The menu's rows on screen whole: a key and its label (a long label's second line
    is not another row)."""
    box = menu.scrollable_content_region
    lines = [line[box.x:box.right] for line in screen_lines(app)[box.y:box.bottom]]
    return [line for line in lines if re.match(rf"[ {MARK}]\S ", line)]


@pytest.mark.parametrize("game", game_params(shipped=True))
async def test_at_80x24_the_menu_shows_seven_rows_and_always_the_highlighted_one(game):
    st = busiest_position(game)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        menu = app.screen.query_one(ActionMenu)
        rows = len(menu.rows)
        assert rows >= 8, rows  # the position is busy enough to test the fold
        assert len(rows_shown(app, menu)) >= 7, rows_shown(app, menu)
        menu.focus()
        for step in range(rows + 2):  # down past the end, then back to the top
            await pilot.press("down" if step <= rows else "home")
            await pilot.pause()
            row = menu.current
            marked = [line for line in screen_lines(app) if f"{MARK}{menu._keys[menu.highlighted]} " in line]
            assert row is not None and marked and row.label[:12] in marked[0], (step, row, "\n".join(screen_lines(app)))
