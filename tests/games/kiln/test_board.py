"""Kiln's board widgets against hand-made views: what shows, what never shows, and
what a choice's ``touches`` highlight."""
from __future__ import annotations

import re

from textual.app import App

from inkterm.app import ASSETS
from inkterm.engine import new_game
from inkterm.widgets.board import GenericBoard
from inkterm.widgets.kiln import BOARD
from inkterm.widgets.kiln.board import KilnBoard
from inkterm.widgets.kiln.cards import card_type
from inkterm.widgets.kiln.parts import blank_slots, seat_tags

from shown import screen_text

from tests.seeds import game_seed, seeds, size


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
                   extra=0, tableau=[{"id": "T4", "name": "Glaze Vat 釉缸", "type": "tap", "tapped": True,
                                      "cost": 1, "pip": None, "text": "Pay 1 clay: +2 glaze."},
                                     {"id": "C2", "name": "Washing Pool 淘洗池", "type": "persistent",
                                      "tapped": False, "cost": 2, "pip": 1,
                                      "text": "Your Materials action: +1 material of your choice."}]),
            player("Bob", money=2, favour=6, blanks=20, rows=5, score=30, extra=5, tokens=[0, 4, 0, 0, 1, 0]),
        ],
        "tiebreaks": [], "winner": None,
    }


def ann_view(studio=False):
    v = summary()
    v["you"] = 0
    v["players"][0]["hand_cards"] = [card("P1", "Tribute 入贡"), card("A3", "Harvest 五谷丰登", "achievement", 4)]
    if studio:
        v["studio"] = [card("P7", "Merchant Guild 商帮", cost=0)]
    return v


class BoardApp(App):
    CSS_PATH = [ASSETS / "app.tcss", BOARD.css_path]

    def __init__(self, board):
        super().__init__()
        self.board = board

    def compose(self):
        yield self.board


text = screen_text


def folded(app) -> str:
    return text(app)


async def test_folded_table_shows_tiles_and_seats():
    app = BoardApp(KilnBoard(id="board"))
    async with app.run_test(size=(48, 24)) as pilot:
        app.board.show(ann_view(), frozenset())
        await pilot.pause()
        out = text(app)
        for zone in ["⚀1 Materials", "⚁2 Bank", "⚂3 Favour Hall", "⚃4 Studio", "⚄5 Shop", "⚅6 Imperial Kiln"]:
            assert zone in out
        assert "●●●●" in out and "+4 money" not in out  # Shop: four pips, its own gain
        assert "−4 card cost" in out and "+3 clay/glaze" in out and "closed" in out
        assert "A5 B·" in out  # Imperial Kiln: Ann's initial and five tokens, Bob none
        assert "Round 4/10" in out and "▶Table" in out
        assert "★9 $7 ♦4 Glaze" in out
        assert "■■■■■■|■■□□□|□□□□|□□□|□□ 8/20 rows 1" in out
        assert "■■■■■■|■■■■■|■■■■|■■■|■■ 20/20 rows 5 +5" in out
        assert "⚑" in next(l for l in out.splitlines() if "Bob" in l and "★30" in l)
        assert "⚑ starts" in out and "+N extra points" in out  # the legend
        assert "Tribute 入贡" not in out  # the hand is a view of its own


async def test_folded_views_cycle_boards_hand_cards():
    app = BoardApp(KilnBoard(id="board"))
    async with app.run_test(size=(48, 24)) as pilot:
        app.board.show(ann_view(), frozenset())
        app.board.next_view()
        await pilot.pause()
        out = text(app)
        assert "▶Boards" in out and "Imperial Kiln" not in out
        assert "♦ 4 Prepare glaze" in out and "supply 40 hand 5" in out
        assert "■■■■■■✓favour twice" in out and "□□□□   play a card" in out
        assert "B Bob ⚑ ★30 +5" in out and "+N extra points" in out
        assert "dice this round 0" in out
        app.board.next_view()
        await pilot.pause()
        out = text(app)
        assert "Ann's hand (secret)" in out and "Tribute 入贡  $2" in out
        assert "play: Does a thing." in out and "achievement: Does a thing." in out
        # Ann's place on one view: her board and the cards in front of her over her hand
        assert "▶A Ann ★9" in out and "■■■■■■✓favour twice" in out and "♦ 4 Prepare glaze" in out
        assert "In front" in out and "Glaze Vat 釉缸 · tap" in out and "tapped" in out
        assert "Washing Pool 淘洗池" in out and "Bob" not in out
        assert app.board.max_scroll_y == 0
        app.board.next_view()
        await pilot.pause()
        out = text(app)
        assert "Glaze Vat 釉缸  $1  ↷ tapped" in out and "tap: Pay 1 clay: +2 glaze." in out
        assert "ongoing · Materials: Your Materials action" in out
        app.board.next_view()
        await pilot.pause()
        assert "▶Table" in text(app)


async def test_a_studio_swap_brings_the_hand_and_the_drawn_cards_forward():
    app = BoardApp(KilnBoard(id="board"))
    async with app.run_test(size=(48, 24)) as pilot:
        app.board.show(ann_view(), frozenset())
        await pilot.pause()
        assert "▶Table" in text(app)
        app.board.show(ann_view(studio=True), frozenset())
        await pilot.pause()
        out = text(app)
        assert "▶Hand" in out and "Tribute 入贡  $2" in out
        assert "Drawn in the Studio" in out and "Merchant Guild 商帮  $0" in out
        app.board.next_view()  # and `v` still leaves it while the swap goes on
        app.board.show(ann_view(studio=True), frozenset())
        await pilot.pause()
        assert "▶Cards" in text(app)


async def test_pending_bellows_and_rush_order_show_in_the_header():
    app = BoardApp(KilnBoard(id="board"))
    async with app.run_test(size=(100, 50)) as pilot:
        app.board.show({**summary(), "bellows": 1, "extra_actions": 1}, frozenset())
        await pilot.pause()
        head = next(l for l in text(app).splitlines() if "Round 4/10" in l)
        assert "Bellows +1" in head and "+1 main action" in head
        app.board.show(summary(), frozenset())
        await pilot.pause()
        assert "Bellows" not in text(app)


async def test_summary_shows_no_hand():
    app = BoardApp(KilnBoard(id="board"))
    async with app.run_test(size=(48, 24)) as pilot:
        app.board.view_name = "hand"
        app.board.show(summary(), frozenset())
        await pilot.pause()
        out = text(app)
        assert "Hands are hidden" in out and "Tribute 入贡" not in out


async def test_touches_are_marked_and_bring_their_view_forward():
    """Each show is a new decision (its touches as what it concerns): its view comes forward."""
    app = BoardApp(KilnBoard(id="board"))
    async with app.run_test(size=(48, 24)) as pilot:
        app.board.show(ann_view(), frozenset({"zone:3"}), frozenset({"zone:3"}))
        await pilot.pause()
        out = text(app)
        assert "▶⚂3 Favour Hall" in out and "▶⚀" not in out
        assert "▶A Ann" in out  # whose turn
        app.board.show(ann_view(), frozenset({"card:P1"}), frozenset({"card:P1"}))
        await pilot.pause()
        out = text(app).splitlines()
        assert next(l for l in out if "Tribute 入贡" in l).lstrip().startswith("▶")
        app.board.show(ann_view(), frozenset({"card:T4"}), frozenset({"card:T4"}))  # a card in front: the cards view
        await pilot.pause()
        assert "▶Cards" in text(app)
        app.board.show(ann_view(), frozenset({"zone:1"}), frozenset({"zone:1"}))
        await pilot.pause()
        assert "▶Table" in text(app) and "▶⚀1 Materials" in text(app)


async def test_whole_table_at_120x40():
    app = BoardApp(KilnBoard(id="board"))
    async with app.run_test(size=(76, 40)) as pilot:
        app.screen.add_class("-wide", "-tall")  # what the breakpoints do on a GameScreen
        app.board.show(ann_view(), frozenset({"favour:6"}))
        await pilot.pause()
        out = text(app)
        assert "⚄ 5 Shop" in out and "●●●●  4 dice" in out and "a card 4 cheaper" in out
        assert "0·1·2·3·[4]·5·6 Prepare glaze" in out
        assert "supply 40  dice this round 0" in out
        assert "✓ favour space twice" in out and "start player" in out
        assert "Glaze Vat 釉缸 · tap ↷ tapped" in out and "Washing Pool 淘洗池 · ongoing" in out
        assert "Ann's hand (secret)" in out and "⚑ starts" in out
        assert "1 Select materials · 2 Blank · 3 Reward" in out  # the track's space names
        assert "v:" not in out  # nothing folded


async def test_real_view_never_shows_another_hand():
    st = new_game("kiln", ["Ann", "Bob"], seed=3)
    bob_cards = [c["name"] for c in st.view(1)["players"][1]["hand_cards"]]
    ann_cards = [c["name"] for c in st.view(0)["players"][0]["hand_cards"]]
    app = BoardApp(KilnBoard(id="board"))
    async with app.run_test(size=(120, 50)) as pilot:
        app.board.view_name = "hand"
        app.board.show(st.view(0), frozenset())
        await pilot.pause()
        out = text(app)
        assert all(n in out for n in ann_cards)
        assert not any(n in out for n in bob_cards if n not in ann_cards)


def test_helpers():
    assert blank_slots(0) == ["□" * 6, "□" * 5, "□" * 4, "□" * 3, "□" * 2]
    assert blank_slots(12) == ["■" * 6, "■" * 5, "■□□□", "□□□", "□□"]
    assert card_type({"type": "persistent", "pip": 4}) == "ongoing · Studio"
    assert card_type({"type": "persistent", "pip": None}) == "ongoing · always on"
    assert card_type({"type": "achievement"}) == "achievement"
    assert seat_tags(("Ann", "Bob")) == ("A", "B")
    assert seat_tags(("random", "random", "Rita")) == ("R", "A", "I")  # always distinct
    # one cell: not the name again, nor a digit (beside a count of tokens: "118")
    assert seat_tags(("你", "bot", "张三")) == ("A", "B", "C")


async def test_generic_board_for_other_games():
    st = new_game("toy", ["Ann", "Bob"], seed=1)
    app = BoardApp(GenericBoard(id="board"))
    async with app.run_test(size=(80, 24)) as pilot:
        app.board.show(st.view(0), frozenset({"cell:3"}))
        await pilot.pause()
        out = text(app)
        assert "counter: 0" in out and "secret: " in out and "Ann" in out and "▶ cell:3" in out


def probe(cls, calls):
    """A part of class ``cls`` minus the widget: its redraw decisions, recording draws."""
    class Probe:
        _drawn = _data = None
        READS, changed, redraw = cls.READS, cls.changed, cls.redraw
        KEYS, data = getattr(cls, "KEYS", None), getattr(cls, "data", None)

        def draw(self, view, touches, detail):
            calls.append((cls.__name__, touches))

    return Probe()


def test_board_parts_redraw_only_when_their_touches_change():
    """Moving the highlight between zones must not rebuild the players or the hand."""
    from inkterm.widgets.kiln.cards import HandView
    from inkterm.widgets.kiln.players import PlayersView
    from inkterm.widgets.kiln.table import ZonesView

    calls: list = []
    for cls in (ZonesView, PlayersView, HandView):
        part = probe(cls, calls)
        view = ann_view()
        part.redraw(view, frozenset({"zone:1"}), False)
        part.redraw(view, frozenset({"zone:2"}), False)
        part.redraw(view, frozenset({"zone:2", "card:P1"}), False)
    names = [n for n, _ in calls]
    assert names.count("ZonesView") == 2  # zone:1, then zone:2
    assert names.count("PlayersView") == 2  # first draw, then card:P1
    assert names.count("HandView") == 2


def test_board_parts_redraw_only_when_what_they_show_of_a_new_view_changed():
    """A shared table sends a new view on every move, equal to the last but for what
    the move changed: a part is drawn again only if that is something it shows."""
    from inkterm.widgets.kiln.cards import HandView, PlayedView
    from inkterm.widgets.kiln.parts import HeadView, LegendView
    from inkterm.widgets.kiln.players import PlayersView
    from inkterm.widgets.kiln.table import SeatsView, ZonesView

    def money(v):
        v["players"][0]["money"] += 1

    def token(v):
        v["players"][1]["tokens"][2] += 1

    def hand(v):
        v["players"][0]["hand_cards"].pop()

    def played(v):
        v["players"][1]["tableau"].append({"id": "T1", "name": "Kiln", "type": "tap", "tapped": False, "cost": 2,
                                           "pip": None, "text": "Reroll the zone with the most dice."})

    def deck(v):
        v["deck"] -= 1

    # part: (a change it shows, a change it does not)
    cases = {ZonesView: (token, money), SeatsView: (money, token), PlayersView: (money, deck),
             HandView: (hand, played), PlayedView: (played, money), HeadView: (deck, money),
             LegendView: (None, deck)}
    for cls, (shown, other) in cases.items():
        calls: list = []
        part = probe(cls, calls)
        part.redraw(ann_view(), frozenset(), False)
        part.redraw(ann_view(), frozenset(), False)  # equal, but a new object
        assert len(calls) == 1, cls.__name__
        view = ann_view()
        other(view)
        part.redraw(view, frozenset(), False)
        assert len(calls) == 1, (cls.__name__, other.__name__)
        if shown is not None:
            view = ann_view()
            shown(view)
            part.redraw(view, frozenset(), False)
            assert len(calls) == 2, (cls.__name__, shown.__name__)
        part.redraw(view, frozenset(), True)  # the whole table instead of folded
        assert len(calls) == (3 if shown else 2), cls.__name__


REDRAW_VIEWS = size(20, 45)  # consecutive views of one game (45 at the nightly size)


async def test_a_board_drawn_only_where_it_changed_shows_what_a_full_redraw_shows():
    """Through a game, parts skip what did not change and keep their layout when their
    size did not: the screen is the same as with every part drawn and laid out anew."""
    import random

    from inkterm.bots import make_bot

    seed = seeds(1, "kiln-board-redraw")[0]
    st = new_game("kiln", NAMES, seed=seed)
    bot, rng = make_bot("random", seed=seed), random.Random(seed)
    views = []
    for _ in range(REDRAW_VIEWS):
        if st.is_over:
            break
        views.append(st.view(st.decision().seat))
        st.apply(bot.choose(st))
    for size, whole in (((66, 30), False), ((116, 60), True)):
        app = BoardApp(KilnBoard(id="board"))
        async with app.run_test(size=size) as pilot:
            if whole:
                app.screen.add_class("-wide", "-tall")
            parts = list(app.board.query("KilnPart"))
            for i, view in enumerate(views):
                if not whole and i % 6 == 0:
                    app.board.next_view()
                app.board.show(view, frozenset({f"zone:{rng.randrange(1, 7)}"} if i % 3 else ()))
                await pilot.pause()
                seen = text(app)
                for part in parts:
                    part._drawn = None
                app.board.show(view, app.board.touches)
                for part in parts:
                    part.refresh(layout=True)
                await pilot.pause()
                assert text(app) == seen, (f"game seed {seed}", size, i)


# --- the board against summary() for random mid-game states ------------------------------
NAMES = ["Ann", "Bob", "Cy", "Dee"]
FACES = "⚀⚁⚂⚃⚄⚅"
INTERNAL = ("zone:", "card:", "favour:", "row:", "persistent", "None", "[C", "[P]", "[T]", "[A]",
            "_", "{", "}")


STATES = size(16, 50)  # random states a run (new ones each run); 50 at the nightly size


def mid_game_states(n=STATES):
    """``n`` states of 2-4 seats, each a random number of random-bot choices in (their
    game seeds are in their records: a failure shows ``st.record.seed``)."""
    import random

    from inkterm.bots import make_bot

    rng = random.Random(seeds(1, "kiln-board-states")[0])
    for i in range(n):
        seats = NAMES[: 2 + i % 3]
        st = new_game("kiln", seats, seed=rng.randrange(10_000))
        bot = make_bot("random", seed=i)
        for _ in range(rng.randrange(10, 160)):
            if st.is_over:
                break
            st.apply(bot.choose(st))
        if not st.is_over:
            yield st


def tiles(out: str, width: int) -> dict[int, list[str]]:
    """Each zone tile's four lines, cut from the screen by where its die face stands."""
    lines = [l[:width] for l in out.splitlines()]
    found = {}
    for z, face in enumerate(FACES):
        row = next(i for i, l in enumerate(lines) if face in l)
        start = lines[row].index(face) - 1
        ends = [lines[row].index(f) - 1 for f in FACES if f in lines[row] and lines[row].index(f) > start + 1]
        end = min(ends) if ends else width
        found[z] = [lines[row + k][start:end] for k in range(4)]
    return found


def assert_tiles_match(out: str, width: int, summ: dict) -> None:
    for z, (title, dice, gain, tokens) in tiles(out, width).items():
        assert summ["zones"][z] in title
        assert dice.count("●") == summ["dice"][z], (z, dice)
        shown = re.findall(r"([A-Z])(\d+|·)", tokens)
        assert [t for t, _ in shown] == [n[0] for n in NAMES[: len(summ["players"])]]
        assert [0 if k == "·" else int(k) for _, k in shown] == [p["tokens"][z] for p in summ["players"]]


def assert_folded_seats_match(out: str, summ: dict) -> None:
    lines = out.splitlines()
    for s, p in enumerate(summ["players"]):
        i = next(i for i, l in enumerate(lines) if f"{NAMES[s][0]} {NAMES[s]}" in l)
        head = re.search(r"★(\d+) \$(\d+) ♦(\d) \w+ clay (\d+) glaze (\d+)", lines[i])
        assert head and [int(g) for g in head.groups()] == [
            p["score"], p["money"], p["favour"], p["clay"], p["glaze"]], lines[i]
        slots = lines[i + 1]
        assert slots.count("■") == p["blanks"] and f"rows {p['rows']}" in slots
        extra = re.search(r"rows \d \+(\d+)", slots)
        assert (int(extra.group(1)) if extra else 0) == p["score"] - p["blanks"] - p["rows"]
        assert ("⚑" in lines[i]) == (s == summ["start_seat"])


def assert_whole_boards_match(out: str, summ: dict) -> None:
    players = summ["players"]
    heads = re.findall(r"([A-Z]) (Ann|Bob|Cy|Dee)( ⚑ starts)? ★(\d+)", out)
    assert [(n, bool(f), int(sc)) for _, n, f, sc in heads] == [
        (NAMES[s], s == summ["start_seat"], p["score"]) for s, p in enumerate(players)]
    money = re.findall(r"\$(\d+)  clay (\d+)  glaze (\d+)  hand (\d+)", out)
    assert [tuple(map(int, m)) for m in money] == [
        (p["money"], p["clay"], p["glaze"], p["hand"]) for p in players]
    supply = re.findall(r"supply (\d+)  dice this round (\d+)", out)
    assert [tuple(map(int, m)) for m in supply] == [(p["supply"], p["taken_dice"]) for p in players]
    assert [int(f) for f in re.findall(r"\[(\d)\]·?", out)] == [p["favour"] for p in players]


async def test_board_matches_summary_for_random_states():
    """The zone tiles and every seat's figures, folded and whole, read back as summary()."""
    states = list(mid_game_states())
    assert len(states) >= 0.8 * STATES
    for size, whole in (((47, 40), False), ((76, 90), True)):
        app = BoardApp(KilnBoard(id="board"))
        async with app.run_test(size=size) as pilot:
            if whole:
                app.screen.add_class("-wide", "-tall")
            for st in states:
                summ = st.summary()
                app.board.view_name = "table"
                app.board.show(summ, frozenset())
                await pilot.pause()
                out = text(app)
                with game_seed(st.record.seed):
                    assert_tiles_match(out, size[0], summ)
                    if whole:
                        assert_whole_boards_match(out, summ)
                    else:
                        assert_folded_seats_match(out, summ)


FIT_STATES = size(10, 30)


async def test_folded_table_and_boards_fit_80x24_for_random_states():
    """The board's share of an 80×24 screen (48×22): the table view and the boards view
    never need scrolling, with two to four seats, whatever the state."""
    app = BoardApp(KilnBoard(id="board"))
    async with app.run_test(size=(48, 22)) as pilot:
        for st in mid_game_states(FIT_STATES):
            for name in ("table", "boards"):
                app.board.view_name = name
                app.board.show(st.summary(), frozenset())
                await pilot.pause()
                assert app.board.max_scroll_y == 0, (name, st.record.seed)
                assert "…" not in text(app), text(app)


async def test_no_internal_code_shows_in_any_view():
    states = list(mid_game_states(12))
    for size, whole in (((47, 60), False), ((76, 90), True)):
        app = BoardApp(KilnBoard(id="board"))
        async with app.run_test(size=size) as pilot:
            if whole:
                app.screen.add_class("-wide", "-tall")
            for st in states:
                view = st.view(st.decision().seat)
                for name in (["table"] if whole else ["table", "boards", "hand", "cards"]):
                    app.board.view_name = name
                    app.board.show(view, frozenset())
                    await pilot.pause()
                    out = text(app)
                    for code in INTERNAL:
                        assert code not in out, (name, code)
                    if name in ("hand", "cards"):
                        assert not re.search(r"\b[PTCA]\d{1,2}\b", out), out


async def test_80x24_four_seats_fit_and_v_cycles_the_views():
    """Tried as a newcomer at 80×24 with four seats: every zone and every seat's score,
    money, favour and blanks without scrolling; `v` brings the boards, hand and cards."""
    from inkterm.app import InktermApp

    st = new_game("kiln", ["Ann", "random", "random", "random"], seed=7)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(100):
            await pilot.pause(0.02)
            if app.screen.query("#menu") and app.screen.query_one("#menu").option_count:
                break
        board = app.screen.query_one(KilnBoard)
        assert board.has_views and board.max_scroll_y == 0
        out = text(app)
        assert all(f"{face}{z + 1} {name}" in out
                   for z, (face, name) in enumerate(zip(FACES, st.summary()["zones"])))
        for p in st.summary()["players"]:
            assert f"★{p['score']} ${p['money']} ♦{p['favour']}" in out
        assert out.count("□□□□□□|□□□□□|□□□□|□□□|□□ 0/20 rows 0") == 4
        hand = [c["name"] for c in st.view(0)["players"][0]["hand_cards"]]
        for view, seen in (("Boards", "dice this round"), ("Hand", hand[0]), ("Cards", "Cards in front")):
            for _ in range(3):  # a view taller than the screen pages down first
                await pilot.press("v")
                await pilot.pause()
                if f"▶{view}" in text(app):
                    break
            out = text(app)
            assert f"▶{view}" in out and seen in out
            assert board.max_scroll_y == 0 or view != "Boards"


async def test_120x40_four_seats_whole_table_and_v_reaches_the_hand():
    from inkterm.app import InktermApp

    st = new_game("kiln", ["Ann", "random", "random", "random"], seed=7)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(100):
            await pilot.pause(0.02)
            if app.screen.query("#menu") and app.screen.query_one("#menu").option_count:
                break
        board = app.screen.query_one(KilnBoard)
        out = text(app)
        assert "v:" not in out  # the whole table, not folded views
        assert all(f"{face} {z + 1} {name}" in out
                   for z, (face, name) in enumerate(zip(FACES, st.summary()["zones"])))
        assert out.count("favour space twice") >= 2  # the boards, under the hand
        hand = st.view(0)["players"][0]["hand_cards"]
        # the whole hand in sight without scrolling, over the boards
        assert board.scroll_offset.y == 0 and all(c["name"] in out for c in hand)
        assert hand[-1]["text"][:30] in out
        assert board.has_views  # four boards and the hand are taller than the screen
        await pilot.pause()
        assert "v View" in text(app)  # and the footer says so
        await pilot.press("v")
        await pilot.pause()
        assert board.scroll_offset.y > 0  # v reaches the boards below the fold
        assert "favour space twice" in text(app)


async def test_a_new_seat_starts_at_the_top():
    """Whole table or folded: the next seat to act does not inherit the last one's
    scroll position."""
    first = ann_view()
    first["players"][1]["tableau"] = [{**card(f"C{i}", f"Card {i}", "persistent", pip=1, text="Long. " * 9),
                                       "tapped": False} for i in range(2, 9)]
    second = {**first, "current": 1, "you": 1,
              "players": [first["players"][0], {**first["players"][1], "hand_cards": []}]}
    for size, whole in (((76, 20), True), ((48, 12), False)):
        app = BoardApp(KilnBoard(id="board"))
        async with app.run_test(size=size) as pilot:
            if whole:
                app.screen.add_class("-wide", "-tall")
            else:
                app.board.view_name = "cards"
            app.board.show(first, frozenset())
            await pilot.pause()
            app.board.scroll_end(animate=False)
            await pilot.pause()
            assert app.board.scroll_offset.y > 0, size
            app.board.show(first, frozenset())  # the same seat again: stays
            await pilot.pause()
            assert app.board.scroll_offset.y > 0, size
            app.board.show(second, frozenset())
            await pilot.pause()
            assert app.board.scroll_offset.y == 0, size


async def test_v_pages_through_a_long_view_before_moving_on():
    view = ann_view()
    many = [card(f"C{i}", f"Card {i}", "persistent", pip=1, text="A long effect. " * 4) for i in range(2, 9)]
    view["players"][1]["tableau"] = [{**c, "tapped": False} for c in many]
    app = BoardApp(KilnBoard(id="board"))
    async with app.run_test(size=(48, 12)) as pilot:
        app.board.view_name = "cards"
        app.board.show(view, frozenset())
        await pilot.pause()
        assert app.board.max_scroll_y > 0 and "Card 8" not in text(app)
        for _ in range(10):
            if "Card 8" in text(app):
                break
            app.board.next_view()
            await pilot.pause()
        assert "Card 8" in text(app)
        while app.board.view_name == "cards":
            app.board.next_view()
            await pilot.pause()
        assert app.board.view_name == "table" and app.board.scroll_offset.y == 0


async def test_whole_table_scrolls_a_highlighted_hand_card_into_sight():
    st = next(s for s in mid_game_states(12) if len(s.seats) == 4)
    view = st.view(st.decision().seat)
    me = view["players"][view["you"]]
    app = BoardApp(KilnBoard(id="board"))
    async with app.run_test(size=(76, 20)) as pilot:
        app.screen.add_class("-wide", "-tall")
        app.board.show(view, frozenset())
        for _ in range(200):  # laid out (taller than the screen) within 10 s, however busy
            await pilot.pause(0.05)
            if app.board.max_scroll_y > 0:
                break
        assert app.board.scroll_offset.y == 0 and app.board.max_scroll_y > 0
        last = me["hand_cards"][-1]
        app.board.show(view, frozenset({f"card:{last['id']}"}))
        # Scrolled after a refresh or two: at once on a quiet machine, later on a busy one
        # (refreshes come by the clock: a count of bare pauses can all pass before one).
        for _ in range(200):
            await pilot.pause(0.05)
            if app.board.scroll_offset.y > 0:
                break
        assert app.board.scroll_offset.y > 0
        assert f"▶{last['name']}" in text(app)


async def test_folded_hand_scrolls_the_highlighted_drawn_card_into_sight():
    view = ann_view(studio=True)
    view["studio"] = [card(f"P{i}", f"Drawn {i}", text="Something long to read. " * 3) for i in range(2, 8)]
    app = BoardApp(KilnBoard(id="board"))
    async with app.run_test(size=(48, 16)) as pilot:
        app.board.show(view, frozenset())
        await pilot.pause()
        assert "▶Hand" in text(app) and "Drawn 7" not in text(app)
        app.board.show(view, frozenset({"card:P7"}))
        await pilot.pause()
        await pilot.pause()
        assert "▶Drawn 7" in text(app)
        app.board.show(view, frozenset({"card:P1"}))  # back up to the hand's first card
        await pilot.pause()
        await pilot.pause()
        assert "▶Tribute 入贡" in text(app)
