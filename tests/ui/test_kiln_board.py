"""Kiln's board widgets against hand-made views: what shows, what never shows, and
what a choice's ``touches`` highlight."""
from __future__ import annotations

from textual.app import App

from inkterm.app import ASSETS
from inkterm.engine import new_game
from inkterm.widgets.board import GenericBoard
from inkterm.widgets.kiln.board import KilnBoard, blank_slots, card_tag

from shown import screen_text


def player(name, **kw):
    p = {
        "name": name, "score": 0, "money": 1, "favour": 0, "claims": 0, "clay": 0,
        "glaze": 0, "blanks": 0, "rows": 0, "extra": 0, "hand": 5,
        "tokens": [0] * 6, "supply": 40, "taken_dice": 0, "cards": [], "tableau": [],
        "breakdown": [],
    }
    p.update(kw)
    return p


def card(cid, name, type_="play", cost=2, pip=None, text="Does a thing."):
    return {"id": cid, "name": name, "type": type_, "cost": cost, "pip": pip, "text": text}


def summary():
    return {
        "game": "kiln", "round": 4, "start_seat": 1, "over": False, "order": [1, 0, 0, 1],
        "turn": 1, "current": 0, "phase": "before the main action",
        "dice": [3, 0, 2, 1, 4, 0], "deck": 22, "discard": ["Tribute"],
        "zones": ["Materials", "Bank", "Favour Hall", "Studio", "Shop", "Imperial Kiln"],
        "players": [
            player("Ann", money=7, favour=4, blanks=8, rows=1, score=9, tokens=[3, 0, 1, 2, 0, 5],
                   tableau=[{"id": "T4", "name": "Glaze Vat 釉缸", "type": "tap", "tapped": True},
                            {"id": "C2", "name": "Washing Pool 淘洗池", "type": "persistent", "tapped": False}]),
            player("Bob", money=2, favour=6, blanks=20, rows=5, score=30, tokens=[0, 4, 0, 0, 1, 0]),
        ],
        "tiebreaks": [], "winner": None,
    }


def ann_view():
    v = summary()
    v["you"] = 0
    v["players"][0]["hand_cards"] = [card("P1", "Tribute 入贡"), card("A3", "Harvest 五谷丰登", "achievement", 4)]
    v["studio"] = [card("P7", "Merchant Guild 商帮", cost=0)]
    return v


class BoardApp(App):
    CSS_PATH = [ASSETS / "app.tcss", ASSETS / "kiln.tcss"]

    def __init__(self, board):
        super().__init__()
        self.board = board

    def compose(self):
        yield self.board


text = screen_text


async def test_zones_players_hand_and_studio():
    app = BoardApp(KilnBoard(["Ann", "Bob"], id="board"))
    async with app.run_test(size=(100, 50)) as pilot:
        app.board.show(ann_view(), frozenset())
        await pilot.pause()
        out = text(app)
        for zone in ["1 Materials", "2 Bank", "3 Favour Hall", "4 Studio", "5 Shop", "6 Imperial Kiln"]:
            assert zone in out
        shop = next(l for l in out.splitlines() if "5 Shop" in l)
        assert " 4 " in shop  # dice count
        kiln = next(l for l in out.splitlines() if "6 Imperial Kiln" in l)
        assert kiln.split()[-2:] == ["5", "·"]  # Ann has five tokens there, Bob none
        assert "Round 4/10" in out and "deck 22" in out
        assert "★9" in out and "$7" in out and "♦4 Glaze" in out
        assert "▣▣▣▣▣▣|▣▣□□□|□□□□|□□□|□□ 8/20" in out
        assert "▣▣▣▣▣▣|▣▣▣▣▣|▣▣▣▣|▣▣▣|▣▣ 20/20" in out
        assert "[T]Glaze Vat ↷" in out  # tapped is marked by a glyph, not only a colour
        assert "[C]Washing Pool" in out
        assert "Ann's hand" in out and "Tribute 入贡" in out and "Harvest 五谷丰登" in out
        assert "Drawn in the Studio" in out and "Merchant Guild" in out
        assert "⚑" in next(l for l in out.splitlines() if "Bob" in l and "★30" in l)


async def test_pending_bellows_and_rush_order_show_in_the_header():
    app = BoardApp(KilnBoard(["Ann", "Bob"], id="board"))
    async with app.run_test(size=(100, 50)) as pilot:
        app.board.show({**summary(), "bellows": 1, "extra_actions": 1}, frozenset())
        await pilot.pause()
        head = next(l for l in text(app).splitlines() if "Round 4/10" in l)
        assert "Bellows +1" in head and "+1 main action" in head
        app.board.show(summary(), frozenset())
        await pilot.pause()
        assert "Bellows" not in text(app)


async def test_summary_shows_no_hand():
    app = BoardApp(KilnBoard(["Ann", "Bob"], id="board"))
    async with app.run_test(size=(100, 50)) as pilot:
        app.board.show(summary(), frozenset())
        await pilot.pause()
        out = text(app)
        assert "Hands are hidden" in out and "Tribute 入贡" not in out


async def test_touches_are_marked():
    app = BoardApp(KilnBoard(["Ann", "Bob"], id="board"))
    async with app.run_test(size=(100, 50)) as pilot:
        app.board.show(ann_view(), frozenset({"zone:3", "card:P1"}))
        await pilot.pause()
        out = text(app).splitlines()
        assert next(l for l in out if "3 Favour Hall" in l).lstrip().startswith("▶")
        assert not next(l for l in out if "1 Materials" in l).lstrip().startswith("▶")
        assert next(l for l in out if "Tribute 入贡" in l).lstrip().startswith("▶")
        assert next(l for l in out if "Ann" in l and "★9" in l).lstrip().startswith("▶")  # current


async def test_detail_layout_names_every_favour_space():
    app = BoardApp(KilnBoard(["Ann", "Bob"], id="board"))
    async with app.run_test(size=(120, 60)) as pilot:
        app.screen.add_class("-wide", "-tall")  # what the breakpoints do on a GameScreen
        app.board.show(ann_view(), frozenset({"favour:6"}))
        await pilot.pause()
        out = text(app)
        assert "0 Start" in out and "[4 Glaze]" in out and "6 Tribute" in out
        assert "supply 40" in out and "claims 0" in out
        assert "dice taken 0" in out  # the taken-dice area: this round's dice


async def test_real_view_never_shows_another_hand():
    st = new_game("kiln", ["Ann", "Bob"], seed=3)
    bob_cards = [c["name"] for c in st.view(1)["players"][1]["hand_cards"]]
    ann_cards = [c["name"] for c in st.view(0)["players"][0]["hand_cards"]]
    app = BoardApp(KilnBoard(["Ann", "Bob"], id="board"))
    async with app.run_test(size=(120, 50)) as pilot:
        app.board.show(st.view(0), frozenset())
        await pilot.pause()
        out = text(app)
        assert all(n in out for n in ann_cards)
        assert not any(n in out for n in bob_cards if n not in ann_cards)


def test_helpers():
    assert blank_slots(0) == ["□" * 6, "□" * 5, "□" * 4, "□" * 3, "□" * 2]
    assert blank_slots(12) == ["▣" * 6, "▣" * 5, "▣□□□", "□□□", "□□"]
    assert card_tag({"type": "persistent", "pip": 4}) == "[C4]"
    assert card_tag({"type": "achievement"}) == "[A]"


async def test_generic_board_for_other_games():
    st = new_game("toy", ["Ann", "Bob"], seed=1)
    app = BoardApp(GenericBoard(id="board"))
    async with app.run_test(size=(80, 24)) as pilot:
        app.board.show(st.view(0), frozenset({"cell:3"}))
        await pilot.pause()
        out = text(app)
        assert "counter: 0" in out and "secret: " in out and "Ann" in out and "▶ cell:3" in out


def test_board_parts_redraw_only_when_their_touches_change():
    """Moving the highlight between zones must not rebuild the players or the hand."""
    from inkterm.widgets.kiln.board import HandView, PlayersView, ZonesView

    calls = []

    class Probe:
        _drawn = None

    for cls in (ZonesView, PlayersView, HandView):
        part = Probe()
        part.READS = cls.READS
        part.draw = lambda v, t, d, name=cls.__name__: calls.append((name, t))
        view = {"players": []}
        cls.redraw(part, view, frozenset({"zone:1"}), False)
        cls.redraw(part, view, frozenset({"zone:2"}), False)
        cls.redraw(part, view, frozenset({"zone:2", "card:P1"}), False)
    names = [n for n, _ in calls]
    assert names.count("ZonesView") == 2  # zone:1, then zone:2
    assert names.count("PlayersView") == 2  # first draw, then card:P1
    assert names.count("HandView") == 2
