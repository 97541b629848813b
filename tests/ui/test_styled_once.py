"""A game screen is styled once as it opens: Textual styles a screen's every node again
when it comes to the front, which for a game screen just composed (and given its size
classes before it mounted) changed nothing and cost a third of opening a game.
Counted with Textual's own stylesheet, spied on, at both promised sizes."""
from __future__ import annotations

import pytest
from textual.css.stylesheet import Stylesheet

from inkterm.app import InktermApp
from inkterm.engine import GAMES, new_game
from inkterm.screens.game import GameScreen

from tests.registered import game_params


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("game", game_params())
async def test_opening_a_game_styles_its_screen_once(game, size, monkeypatch):
    styled: dict[int, int] = {}
    apply = Stylesheet.apply

    def counted(self, node, *args, **kwargs):
        styled[id(node)] = styled.get(id(node), 0) + 1
        return apply(self, node, *args, **kwargs)

    monkeypatch.setattr(Stylesheet, "apply", counted)
    seats = ["Ann"] + ["easy"] * (GAMES[game].min_players - 1)
    app = InktermApp(start=("state", new_game(game, seats, seed=3), None), bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        nodes = list(app.screen.walk_children(with_self=True))
        again = [n for n in nodes if styled.get(id(n), 0) > 1]
        # A few are styled again for a reason of their own (the focused menu, a
        # class a widget sets as it mounts); the whole screen was, every node.
        assert len(again) < len(nodes) / 2, (len(again), len(nodes))
