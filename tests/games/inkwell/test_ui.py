"""Inkwell at the table: the board widgets fed real game states, a whole game played
by keys at 80×24, and screenshots at 80×24 and 120×40 for 2 and 5 players.

Update the screenshots after an intended change with
``pytest tests/ui/test_inkwell_ui.py --snapshot-update`` and look at the report first.
"""
from __future__ import annotations

import random
import re
from contextlib import AsyncExitStack

import pytest
from textual.app import App

from inkterm.app import ASSETS, InktermApp
from inkterm.engine import new_game
from inkterm.games.inkwell.content import COLOURS, content
from inkterm.games.inkwell.content import bottle_name
from inkterm.screens.game import GameScreen
from inkterm.screens.gameover import GameOverScreen
from inkterm.widgets.inkwell import BOARD
from inkterm.widgets.inkwell.board import InkwellBoard, short_reason

from shown import screen_colours, screen_ink, screen_lines

from .helpers import why_not


# --------------------------------------------------------------------------- helpers
# States are built with the engine alone (no bot code): a seeded random pick among the
# choices, or always the first choice, so these tests follow only the rules and the UI.
def chooser(how="random", seed=1):
    if how == "first":
        return lambda st: st.decision().keys[0]
    rng = random.Random(seed)
    return lambda st: rng.choice(st.decision().keys)


def inkwell(seats, seed=3, steps=0, how="random", pick_seed=1):
    """An Inkwell game with ``steps`` choices already made."""
    st = new_game("inkwell", seats, seed=seed)
    pick = chooser(how, pick_seed)
    for _ in range(steps):
        if st.is_over:
            break
        st.apply(pick(st))
    return st


def play_until(st, wanted, how="random", pick_seed=1, limit=3000):
    """Advance (``"first"`` always takes the first choice, which keeps taking until
    the Abbot forces a Turn) until ``wanted(state)`` holds."""
    pick = chooser(how, pick_seed)
    for _ in range(limit):
        if wanted(st):
            return st
        assert not st.is_over, "the game ended before the wanted moment"
        st.apply(pick(st))
    raise AssertionError("never reached the wanted moment")




class BoardApp(App):
    """Just the Inkwell board, fed by the test (no screen logic in between). Wide is
    the whole table (120×40 and above); otherwise the board folds into views."""

    CSS_PATH = [ASSETS / "app.tcss", BOARD.css_path]

    def __init__(self, seats, wide=False):
        super().__init__()
        self.seats = seats
        self.wide = wide

    def compose(self):
        yield InkwellBoard(id="board")

    def on_mount(self):
        if self.wide:
            self.screen.add_class("-wide", "-tall")


class Board:
    """One running board app for several drawings: ``async with Board() as b:
    lines = await b.text(view, touches)``."""

    def __init__(self, seats=("Ann", "Bob"), size=(60, 90), wide=False):
        self.app = BoardApp(list(seats), wide=wide)
        self.size = size

    async def __aenter__(self):
        self._run = self.app.run_test(size=self.size)
        self.pilot = await self._run.__aenter__()
        return self

    async def __aexit__(self, *exc):
        return await self._run.__aexit__(*exc)

    async def text(self, view, touches=()) -> list[str]:
        """The board drawn for ``view`` in a tall terminal, as lines of plain text:
        folded, every view in turn (each under the strip), in the order `v` shows them."""
        board = self.app.query_one(InkwellBoard)
        board.show(view, frozenset(touches))
        await self.pilot.pause()
        if board.whole:
            return await self._lines(board)
        out = []
        for name in board.VIEWS:
            board.view_name = name
            board.show(view, frozenset(touches))
            out += await self._lines(board)
        return out

    async def _lines(self, board) -> list[str]:
        await self.pilot.pause()
        body = board.query_one("#inkwell-body")
        body.scroll_home(animate=False)
        await self.pilot.pause()
        assert body.virtual_size.height <= body.size.height, "the test terminal is too short"
        assert body.virtual_size.width <= body.size.width, "the board overflows sideways"
        return screen_lines(self.app)


async def board_text(view, touches=(), seats=("Ann", "Bob"), size=(60, 90), wide=False) -> list[str]:
    async with Board(seats, size, wide) as b:
        return await b.text(view, touches)


def line_with(lines, *needles) -> str:
    for line in lines:
        if all(n in line for n in needles):
            return line
    raise AssertionError(f"no line with {needles!r} in:\n" + "\n".join(lines))


def section(lines, start: str, stop: str) -> list[str]:
    i = next(k for k, l in enumerate(lines) if start in l)
    j = next(k for k in range(i + 1, len(lines)) if stop in lines[k])
    return lines[i:j]


def page_cells(lines) -> dict[str, str]:
    """``{space id: cell}`` from the drawn page (``1·R`` → ``A1: '·R'``)."""
    out = {}
    for line in section(lines, "Page: ", "Turn now"):
        m = re.match(r"\s*(?:illus )?([A-Z])\s+\d+pt\s", line)
        if m:
            for num, rest in re.findall(r"(\d+)([·■+▶].)", line[m.end():]):
                out[f"{m.group(1)}{num}"] = rest
        elif "margin" in line or "multiplier" in line:  # margin 1·? ┊ multiplier M·R: spaces S1, M
            for sid, rest in re.findall(r"(?:margin |\b)(\d|M)([·■+▶].)", line):
                out[sid if sid == "M" else f"S{sid}"] = rest
    return out


def main_decision(st):
    d = st.decision()
    return d is not None and any(k.startswith("take:") for k in d.keys)


SHAPES = {"star": "☆", "circle": "○", "diamond": "◊"}
NAMES = ("black", "red", "yellow", "green", "blue", "gold")


def written(counts: dict) -> str:
    """A pile of cubes as the board writes it everywhere: ``K×3 R Y×2 ★``."""
    return " ".join(L + (f"×{counts[n]}" if counts[n] > 1 else "")
                    for L, n in zip("KRYGB★", NAMES) if counts.get(n))


def mid_game_states(seats, n=4, seed=0):
    """Seeded random states at a Take-or-Turn decision, at different points of a game."""
    rng = random.Random(seed)
    out = []
    for k in range(n):
        st = inkwell(seats, seed=rng.randrange(100), steps=rng.randrange(5, 60),
                     pick_seed=rng.randrange(100))
        if not st.is_over:
            out.append(play_until(st, lambda s: s.is_over or main_decision(s), pick_seed=k)
                       if not main_decision(st) else st)
    return [s for s in out if not s.is_over]


# --------------------------------------------------------------------------- widgets
async def test_mat_shows_every_bottle_with_its_cubes_written_one_way():
    early = play_until(inkwell(["Ann", "Bob"]), main_decision)
    late = play_until(inkwell(["Ann", "Bob", "Cy"]),
                      lambda s: main_decision(s) and max(sum(c) for c in s.bottles.values()) > 6,
                      how="first")
    async with AsyncExitStack() as boards:
        drawn: dict[tuple[int, bool], Board] = {}  # one board a seat count and width, each state in turn
        for st in (early, late, *mid_game_states(["Ann", "Bob", "Cy", "Di"], seed=5)):
            view = st.view(st.decision().seat)
            for wide in (False, True):
                if (len(st.seats), wide) not in drawn:
                    drawn[len(st.seats), wide] = await boards.enter_async_context(
                        Board(st.seats, (76 if wide else 46, 90), wide))
                check_mat(view, await drawn[len(st.seats), wide].text(view), wide)


def check_mat(view, lines, wide):
    for b in view["mat"]:
        row = line_with(lines, f"{SHAPES[b['shape']]} {b['name']} ")
        rest = row.split(f"{SHAPES[b['shape']]} {b['name']} ", 1)[1]
        if b["min_players"] > 1:  # the 3–5-player bottles are marked
            assert rest.startswith(f"{b['min_players']}+"), row
            rest = rest[3:]
        if not b["active"]:
            assert "out of play" in row, row
            continue
        assert rest.startswith(written(b["cubes"]) or "empty"), (b["id"], row)
        if b["technique"]:  # the technique card beside its diamond, else below it
            card = f"{b['slot']} {b['technique']['name'][:8]}"
            below = lines[lines.index(row) + 1]
            beside = row.split(b["name"], 1)[1]
            assert card in beside or card in below, (row, below)


def track_tokens(lines) -> tuple[list[str], str]:
    """Walk the mat's frame clockwise from ``A``: the marks met on the way (``A``,
    ``●``, the arrows' numbers, ``end``) and the frame's own characters in order."""
    y0 = next(y for y, row in enumerate(lines) if re.search(r"A[━─●I]", row))
    x0 = lines[y0].index("A")
    x1 = len(lines[y0].rstrip()) - 1
    y1 = next(y for y in range(y0 + 1, len(lines)) if lines[y][x1] not in "│┃▲▼◆")
    cells = [(x, y0) for x in range(x0, x1 + 1)] + [(x1, y) for y in range(y0 + 1, y1)]
    cells += [(x, y1) for x in range(x1, x0 - 1, -1)] + [(x0, y) for y in range(y1 - 1, y0, -1)]
    tokens: list[str] = []
    chars = ""
    for x, y in cells:
        ch = lines[y][x]
        chars += ch
        if ch in "▲▼◆":  # a mark on a side: its words are inside the frame beside it
            inside = lines[y][x0 + 1:x0 + 5] if x == x0 else lines[y][x1 - 4:x1]
            tokens.append(inside.strip())
        elif ch == "I" and tokens and set(tokens[-1]) == {"I"} and chars[-2:-1] == "I":
            tokens[-1] += ch
        elif ch in "A●I":
            tokens.append(ch)
    return tokens, chars


async def test_track_runs_round_the_mat_and_the_supply_matches_the_summary():
    seen = 0
    for seats, seed in ((["Ann", "Bob"], 1), (["Ann", "Bob", "Cy"], 2), (["Ann", "Bob", "Cy", "Di", "Eve"], 3)):
        async with Board(seats, (76, 90), wide=True) as whole, Board(seats, (46, 90)) as folded:
            for st in mid_game_states(seats, seed=seed):
                view = st.view(st.decision().seat)
                a, end = view["abbot"], view["end_space"]
                k = view["arrows_crossed"]
                steps = view["arrows"][k] - a if k < 3 else None
                roman = ("I", "II", "III")
                # Whole table: the track round the mat's edge, clockwise from A at the top
                # left, the Abbot among the arrows, the end space last (next to A again).
                wide = await whole.text(view)
                if steps is not None:
                    want = f"Abbot on {a} of {end}: {steps} step{'s' if steps != 1 else ''} to arrow {roman[k]}"
                    assert want in line_with(wide, "Abbot on")
                if min(abs(a - x) for x in view["arrows"]) < 3:
                    continue  # the Abbot stands on an arrow's number: checked at the others
                tokens, chars = track_tokens(wide)
                marks = sorted([(0, "A"), (a, "●"), (end, "end")]
                               + [(p - 0.5, roman[i]) for i, p in enumerate(view["arrows"])])
                assert tokens == [m for _at, m in marks], (tokens, a, view["arrows"])
                walked, ahead = chars[1:].split("●")
                assert set(walked) <= set("━┃┏┓┛┗I▲▼"), walked  # the walked part heavy
                assert set(ahead) <= set("─│╭╮╯╰I▲▼◆"), ahead
                seen += 1
                # Folded (80×24): the same mat drawn tighter, inside the same track, the
                # star bottle at the heart with the rings' bottles above and below it.
                narrow = await folded.text(view)
                assert track_tokens(narrow)[0] == tokens, "\n".join(narrow)
                star = narrow.index(line_with(narrow, "☆ S1 "))
                rows = [y for y, row in enumerate(narrow) if re.search(r"[○◊] [CD]\d ", row)]
                assert min(rows) < star < max(rows), "\n".join(narrow)
                strip = line_with(narrow, f"Abbot {a}/{end}:")
                if steps is not None:
                    assert f"{steps} step" in strip and f"arrow {roman[k]}" in strip
                assert f"gold ★{view['gold']}" in strip
                bag = line_with(narrow, "Bag ")
                assert f"Bag {view['bag_total']}: {written(view['bag'])}" in bag
                assert f"Gold ★ {view['gold']} left" in line_with(narrow, "Gold ★")
    assert seen >= 6


async def test_dimmed_bottles_are_exactly_those_no_take_offers():
    """At every Take or Turn: a bottle is drawn dimmed, with why in words, exactly
    when no Take choice offers it."""
    seen_reasons = set()
    states = mid_game_states(["Ann", "Bob"], n=6, seed=3) + mid_game_states(["Ann", "Bob", "Cy"], n=6, seed=4)
    forced = play_until(inkwell(["Ann", "Bob"]), lambda s: s.must_turn(s.decision().seat), how="first")
    states.append(forced)  # only Turn is offered: every bottle dimmed
    # One small board a seat count draws each of its states in turn (a fresh app a state
    # cost 0.15 CPU-s to start, 13 times).
    async with Board(size=(76, 90), wide=True) as whole, AsyncExitStack() as boards:
        small: dict[int, Board] = {}
        for st in states:
            d = st.decision()
            offered = {k[5:] for k in d.keys if k.startswith("take:")}
            view = st.view(d.seat)
            assert {b["id"] for b in view["mat"] if b["takeable"]} == offered
            if len(st.seats) not in small:
                small[len(st.seats)] = await boards.enter_async_context(Board(st.seats, (46, 40)))
            app, pilot = small[len(st.seats)].app, small[len(st.seats)].pilot
            app.query_one(InkwellBoard).show(view)
            await pilot.pause()
            ink = {}  # bottle id -> the colour its id is drawn in
            for text, runs in screen_ink(app):
                for b in view["mat"]:
                    at = text.find(f"{SHAPES[b['shape']]} {b['name']} ")
                    if at < 0:
                        continue
                    for x, run, colour in runs:
                        if x <= at + 2 < x + len(run):
                            ink[b["id"]] = colour
            # small, each reason in few words under the rings (a long one wraps)
            narrow = " ".join(" ".join(row.replace("│", " ").split()) for row in screen_lines(app))
            for b in view["mat"]:
                if b["why_not"] and b["active"]:
                    why = short_reason(b["why_not"])
                    held = re.search(rf"✗ ([A-Z0-9 ]+): {re.escape(why)}", narrow)
                    assert held and b["name"] in held.group(1).split(), (b["name"], why, narrow)
                    assert why != why_not(b) or why_not(b) == "empty"
                    seen_reasons.add(why_not(b).split()[0])
            assert set(ink) == {b["id"] for b in view["mat"]}
            # The whole table gives each reason in full, once, with every bottle it holds for.
            wide = await whole.text(view)
            for why in {why_not(b) for b in view["mat"] if b["active"] and b["why_not"]}:
                row = line_with(wide, "✗ ", f": {why}")
                held = [b["name"] for b in view["mat"] if b["active"] and why_not(b) == why]
                assert row.split("✗ ")[1].split(":")[0].split() == held, row
            dim = {ink[b] for b in ink if b not in offered}
            assert not dim & {ink[b] for b in offered}, ink
    assert {"its", "the"} <= seen_reasons  # would not fit; the Abbot forces a Turn


async def test_page_shows_every_space_accept_and_filling():
    st = play_until(inkwell(["Ann", "Bob"], steps=30), main_decision)
    seat = st.decision().seat
    view = st.view(seat)
    page = view["players"][seat]["page"]
    assert any(sp["cube"] for sp in page["spaces"]), "want a page with cubes on it"
    lines = await board_text(view)
    cells = page_cells(lines)
    assert set(cells) == {sp["id"] for sp in page["spaces"]}
    symbol = {"K": "K", "R": "R", "Y": "Y", "G": "G", "B": "B", "?": "?", "*": "★"}
    letter = {"black": "K", "red": "R", "yellow": "Y", "green": "G", "blue": "B", "gold": "★"}
    for sp in page["spaces"]:
        if sp["cube"]:
            assert cells[sp["id"]] == "■" + letter[sp["cube"]], sp
        else:
            assert cells[sp["id"]] == "·" + symbol[sp["accept"]], sp
    for ill in page["illustrations"]:
        row = line_with(lines, f"{ill['id']} ", f"{ill['points']}pt")
        assert ("pt ✓" in row) if ill["complete"] else (f"{ill['filled']}/{ill['size']}" in row)
    # What a Turn would score now, part by part, with the total.
    preview = view["players"][seat]["turn_preview"]
    turn = " ".join(section(lines, "Turn now", "Desk "))
    assert f"Turn now scores {sum(v for _l, v in preview)}:" in turn
    for label, v in preview[2:]:
        assert f"{label} {v}" in turn


async def test_whole_table_frames_each_illustration_in_a_box():
    """At full size an illustration is a box: its id, points and progress (✓ when
    complete) on the top edge, its spaces inside, each showing the colour it takes or
    the cube on it; the standalone spaces and the multiplier set apart."""
    seen_complete = False
    def complete(s):
        page = main_decision(s) and s.summary()["players"][s.decision().seat]["page"]
        return page and any(i["complete"] for i in page["illustrations"])

    states = [play_until(inkwell(["Ann", "Bob"], steps=10), complete, how="first"),
              *mid_game_states(["Ann", "Bob", "Cy"], n=4, seed=7)]
    # One whole-table board a seat count draws its states in turn (not an app each).
    async with Board(["Ann", "Bob"], (76, 90), wide=True) as two, \
            Board(["Ann", "Bob", "Cy"], (76, 90), wide=True) as three:
        boards = {2: two, 3: three}
        for st in states:
            seat = st.decision().seat
            view = st.view(seat)
            page = view["players"][seat]["page"]
            lines = section(await boards[len(st.seats)].text(view), "Page: ", "Turn now")
            spaces = {sp["id"]: sp for sp in page["spaces"]}
            for ill in page["illustrations"]:
                title = f"{ill['id']} {ill['points']}pt " + ("✓" if ill["complete"] else f"{ill['filled']}/{ill['size']}")
                y = lines.index(line_with(lines, title))
                x = lines[y].index(title)
                left, right = lines[y].rfind("╭", 0, x), lines[y].index("╮", x)
                inside = ""
                for row in lines[y + 1:]:
                    if row[left] == "╰":
                        assert row[left:right + 1] == "╰" + "─" * (right - left - 1) + "╯", row
                        break
                    assert row[left] == "│" and row[right] == "│", row
                    inside += row[left + 1:right] + " "
                cells = dict(re.findall(r"(\d+)([·■]\S)", inside))
                assert {f"{ill['id']}{n}" for n in cells} == set(ill["spaces"]), (ill, inside)
                for n, cell in cells.items():
                    sp = spaces[f"{ill['id']}{n}"]
                    assert cell == ("■" + LETTERS[sp["cube"]] if sp["cube"] else "·" + GLYPHS[sp["accept"]]), (sp, cell)
                seen_complete |= ill["complete"]
            apart = " ".join(lines)
            assert "multiplier M" in apart and ("margin 1" in apart) == any(sp["name"] == "margin\u00a01" for sp in page["spaces"])
    assert seen_complete


LETTERS = {"black": "K", "red": "R", "yellow": "Y", "green": "G", "blue": "B", "gold": "★"}
GLYPHS = {"K": "K", "R": "R", "Y": "Y", "G": "G", "B": "B", "?": "?", "*": "★"}


async def test_highlighted_bottle_marks_the_spaces_its_cubes_could_take():
    st = play_until(inkwell(["Ann", "Bob"], steps=12), lambda s: len(takes(s)) >= 4)
    view = st.view(st.decision().seat)
    async with Board() as b:
        for c in takes(st):
            bid = c.key.split(":")[1]
            lines = await b.text(view, c.touches)
            assert "▶" in line_with(lines, f" {bottle_name(bid, st.shape[bid])} ")
            # The engine's own accept masks: empty spaces that take a cube of the bottle.
            cells = page_cells(lines)
            assert {sid for sid, cell in cells.items() if cell[0] == "+"} == room(st, bid), bid
            assert "+ = room" in line_with(lines, "Page: ")
        # Nothing highlighted: no + marks at all.
        assert "+" not in "".join(page_cells(await b.text(view)).values())
    # The whole table spells out the highlighted technique under the mat.
    c = next((c for c in takes(st) if any(t.startswith("slot:") for t in c.touches)), None)
    if c is not None:
        slot = next(t[5:] for t in c.touches if t.startswith("slot:"))
        text = st.C.techniques[st.slots[slot]].text
        lines = await board_text(view, c.touches, size=(76, 90), wide=True)
        assert text[:20] in " ".join(" ".join(lines).split())


def room(st, bid, by_mask=True) -> set[str]:
    """Empty spaces of the deciding player's page that take a cube of bottle ``bid``:
    by the engine's accept masks, or by printed colour alone."""
    me = st.players[st.decision().seat]
    page = st.C.pages[me.page]
    kinds = [t for t in range(6) if st.bottles[bid][t]]
    if by_mask:
        return {sp.sid for sp in page.spaces
                if me.cubes[sp.index] < 0 and any(me.masks[sp.index] & (1 << t) for t in kinds)}
    return {sp.sid for sp in page.spaces if me.cubes[sp.index] < 0 and any(
        t == 5 or (sp.accept in ("?", "KRYGB"[t])) for t in kinds)}


def takes(st) -> list:
    return [c for c in st.decision().choices if c.key.startswith("take:")]


async def test_room_marks_follow_a_wash_technique():
    """A wash lets a colour go on another colour's spaces: the + marks follow the
    engine's own accept masks for such a player too."""
    def washed(s):
        return [c for c in takes(s) if room(s, c.key[5:]) != room(s, c.key[5:], by_mask=False)]

    st = play_until(inkwell(["Ann", "Bob", "Cy"], seed=4), washed, pick_seed=4)
    p = st.players[st.decision().seat]
    assert any(st.C.techniques[t].effect.kind == "wash" for t, _ in p.techs + p.under)
    view = st.view(st.decision().seat)
    async with Board() as b:
        for c in takes(st):
            cells = page_cells(await b.text(view, c.touches))
            assert {sid for sid, cell in cells.items() if cell[0] == "+"} == room(st, c.key[5:]), c.key


async def test_placement_choice_marks_its_space_and_cubes_in_hand():
    st = play_until(inkwell(["Ann", "Bob"], steps=4),
                    lambda s: any(k.startswith("place:") for k in s.decision().keys)
                    and s.stage != "start")
    d = st.decision()
    view = st.view(d.seat)
    c = next(c for c in d.choices if c.key.startswith("place:"))
    sid = c.key.split(":")[1]
    lines = await board_text(view, c.touches)
    assert page_cells(lines)[sid][0] == "▶"
    hand = line_with(lines, "To place:")
    assert hand.split("To place:")[1].strip() == written(view["hand"])


async def test_scraper_marks_the_cube_to_move_then_where_it_may_go():
    def asks(prefix):
        return lambda s: s.decision() is not None and any(k.startswith(prefix) for k in s.decision().keys)

    st = play_until(inkwell(["Ann", "Bob", "Cy"], seed=4), asks("move:"), pick_seed=4)
    d = st.decision()
    view = st.view(d.seat)
    async with Board() as b:
        for c in d.choices:
            if not c.key.startswith("move:"):
                continue
            sid = c.key.split(":")[1]
            lines = await b.text(view, c.touches)
            marked = [l for l in section(lines, "Page: ", "Turn now") if "▶" in l]
            assert len(marked) == 1
            # A placed cube: ▶ before its cell, which still shows it is filled (■).
            if sid[0] in "ABCS":  # an illustration's cell, or the margin's, by its number
                assert re.search(rf"▶{sid[1:]}■", marked[0]), marked[0]
            else:
                assert f"▶{sid}■" in marked[0]
        st.apply(d.choices[0].key)
        d = st.decision()
        assert all(k.startswith("place:") for k in d.keys)
        view = st.view(d.seat)
        c = d.choices[0]
        cells = page_cells(await b.text(view, c.touches))
        assert cells[c.key.split(":")[1]][0] == "▶"


async def test_side_choice_shows_both_sides_then_the_chosen_one():
    st = new_game("inkwell", ["Ann", "Bob"], seed=5)
    d = st.decision()
    ws = st.C.workspaces[st.players[d.seat].ws]
    async with Board() as b:  # one board draws each seat's view in turn
        lines = await b.text(st.view(d.seat), d.choices[0].touches)
        text = "\n".join(lines)
        assert "choose a side" in text and ws.a.name in text and ws.b.name in text
        st.apply("side:B")
        # Sides are secret until all are chosen: Ann's own view shows hers, Bob's does not.
        assert f"side B: {ws.b.name}" in "\n".join(await b.text(st.view(0)))
        bob_lines = await b.text(st.view(1))
        assert ws.b.name not in "\n".join(bob_lines)
        assert re.search(r"Ann: [KRYGB] desk, side secret ", line_with(section(bob_lines, "Players", "Pages to choose"), "Ann"))
        # Once every side is chosen, every desk is called by its name, as the players call it.
        st.apply(st.decision().keys[0])
        if st.decision() and st.decision().keys[0].startswith("side:"):
            st.apply(st.decision().keys[0])
        bob_lines = await b.text(st.view(1))
        assert re.search(rf"Ann: .*[KRYGB] {ws.b.name} ", line_with(section(bob_lines, "Players", "Pages to choose"), "Ann"))


async def test_desk_counts_the_slots_used_and_free_this_page():
    states = mid_game_states(["Ann", "Bob", "Cy"], n=4, seed=9)
    async with Board(["Ann", "Bob", "Cy"]) as b:  # one board draws the states in turn
        for st in states:
            seat = st.decision().seat
            p = st.view(seat)["players"][seat]
            placed = sum(1 for x in p["techniques"] if x["where"] == "workspace")
            lines = await b.text(st.view(seat))
            want = f"Techniques: {placed} of {p['capacity']} slots used this page, {p['capacity'] - placed} free"
            assert want in line_with(lines, "Techniques:")
            for x in p["techniques"]:
                row = line_with(section(lines, "Techniques:", "Players"), x["name"])
                assert row.lstrip().startswith("under ") == (x["where"] == "under"), row


async def test_board_for_others_is_the_same_whichever_side_a_scholar_chose():
    """Scholar's Desk (W-K side B) raises the technique capacity: until the sides are
    revealed the board drawn for the other seat, or for the table, must not tell."""
    st = new_game("inkwell", ["Ann", "Bob"], seed=23)
    scholar = st.cur
    assert st.players[scholar].ws == "W-K"
    drawn = {}
    async with Board() as board:
        for side in "AB":
            s = st.clone()
            s.apply(f"side:{side}")
            assert s.stage == "side"
            drawn[side] = (await board.text(s.view(1 - scholar)), await board.text(s.summary()))
    assert drawn["A"] == drawn["B"]
    assert "Techniques: 0 placed this page" in "\n".join(drawn["A"][1])


async def test_page_choice_draws_the_highlighted_display_page():
    st = play_until(inkwell(["Ann", "Bob"], steps=8),
                    lambda s: s.decision() is not None and s.decision().keys[0].startswith("page:"))
    d = st.decision()
    view = st.view(d.seat)
    async with Board(size=(60, 110)) as b:
        for c in d.choices:
            pid = c.key.split(":")[1]
            pg = st.C.pages[pid]
            lines = await b.text(view, c.touches)
            level = pid.split("-")[0]
            assert f"choosing a page {level} " in line_with(lines, "Page: ")
            # On its level's line, or a line of its own under it when a level's do not fit
            at = lines.index(line_with(lines, f"▶{pid} {pg.name}"))
            heads = [ln for ln in lines[:at + 1] if re.match(r"\s*I{1,3} ", ln)]
            assert heads and heads[-1].strip().startswith(f"{level} "), lines[at]
            # The highlighted page in full, below the display: every illustration.
            at = lines.index(line_with(lines, f"{pid} {pg.name}: {len(pg.spaces)} spaces"))
            below = lines[at:]
            for iid, idx, pts in pg.illustrations:
                row = line_with(below, f"{iid} {pts}pt 0/{len(idx)}")
                assert row.count("·") >= min(len(idx), 8), row
            assert "+gold)" in line_with(below, "multiplier") or "(its colour)" in line_with(below, "multiplier")


def seat_cells(p) -> list[str]:
    """What the players table says of a seat, cell by cell: points, page and its
    filling, pages turned, what a Turn would score now, desk colour and side's name."""
    page = p["page"]
    where = [page["id"], f"{len(page['spaces']) - page['empty']}/{len(page['spaces'])}"] if page \
        else ["finished" if p["finished"] else "choosing"]
    turn = [f"+{sum(v for _l, v in p['turn_preview'])}"] if p["turn_preview"] else []
    ws = p["workspace"]  # the desk by colour and the name of the side it shows
    desk = ["KRYGB"["black red yellow green blue".split().index(ws["colour"])],
            *(ws[ws["side"].lower()]["name"].split() if ws["side"] else "?")]
    return [str(p["score"]), *where, str(p["pages_turned"]), *turn, *desk,
            str(len(p["techniques"]))]


def strip_cells(p) -> list[str]:
    page = p["page"]
    where = [page["id"], f"{len(page['spaces']) - page['empty']}/{len(page['spaces'])}"] if page \
        else ["finished" if p["finished"] else "choosing"]
    return [f"{p['score']}pt", *where, str(p["pages_turned"]), "turned"]


async def test_seat_table_and_strip_match_the_summary():
    """For random mid-game states with 1 to 5 seats: the strip (folded) and the
    players table (every size) say of every seat what summary() says."""
    for n in (1, 2, 3, 5):
        seats = ["Ann", "Bob", "Cy", "Di", "Eve"][:n]
        async with Board(seats, (46, 90)) as folded, Board(seats, (76, 90), wide=True) as whole:
            for st in mid_game_states(seats, n=2, seed=n):
                view = st.summary()
                narrow = await folded.text(view)
                wide = await whole.text(view)
                strip = narrow[:n + 2]
                for i, p in enumerate(view["players"]):
                    srow = line_with(strip, f" {p['name']} ")
                    assert srow.split(p["name"], 1)[1].split()[:len(strip_cells(p))] == strip_cells(p), srow
                    row = line_with(section(wide, "Player", "Bag "), f" {p['name']} ")
                    assert row.split(p["name"], 1)[1].split()[:len(seat_cells(p))] == seat_cells(p), row
                    # Folded, the players view adds what the strip leaves out.
                    more = " ".join(" ".join(section(narrow, "Players", "Bag ")).split())
                    more = more.split(f" {p['name']}: ", 1)[1]  # its lines, up to the next seat's
                    for other in view["players"][i + 1:]:
                        more = more.split(f" {other['name']}: ")[0]
                    if p["turn_preview"]:
                        assert f"Turn now +{sum(v for _l, v in p['turn_preview'])}" in more, more
                    ws = p["workspace"]
                    assert (ws[ws["side"].lower()]["name"] if ws["side"] else "desk, side secret") in more
                    assert f"{len(p['techniques'])} technique" in more
                    for r in (row, srow):
                        assert r.lstrip().startswith("▶") == (i == view["current"]), r
                        assert ("⚑" in r) == (i == view["first_player"]), r
                        assert ("!must Turn" in r) == (p["must_turn"] and not p["finished"]), r
                        assert ("✓" in r) == p["finished"], r
                if view.get("rival"):
                    assert f"Rival {view['rival']['score']}pt" in " ".join(line_with(strip, "Rival").split())


async def test_players_at_a_glance_forced_and_finished():
    seats = ["Ann", "Bob", "Cy", "Di", "Eve"]
    st = play_until(inkwell(seats), lambda s: any(s.must_turn(i) for i in range(5)), how="first")
    view = st.summary()
    forced = [p["name"] for p in view["players"] if p["must_turn"]]
    wide = await board_text(view, seats=seats, size=(76, 90), wide=True)
    assert f"must Turn: {', '.join(forced)}" in line_with(wide, "Abbot on")
    narrow = await board_text(view, seats=seats, size=(46, 90))
    for name in forced:
        assert "!must Turn" in line_with(section(wide, "Player", "Bag "), f" {name} ")
        assert "!must Turn" in line_with(narrow[:7], f" {name} ")  # the strip
    # Later on someone has finished and is ranked.
    st = play_until(st, lambda s: s.finish_order, how="first")
    view = st.summary()
    first = view["players"][view["finish_order"][0]]
    lines = await board_text(view, seats=seats)
    wide = await board_text(view, seats=seats, size=(76, 90), wide=True)
    assert "✓1st" in line_with(section(wide, "Player", "Bag "), f" {first['name']} ")
    assert "✓1st" in line_with(lines[:7], f" {first['name']} ")  # the strip too
    # The end phase has begun: the board gives the finished players' points from the data.
    points = content().mat.end_phase_points
    assert f"finished players score +{points} a turn" in line_with(lines, "End phase")


async def test_forced_turn_line_tells_a_blessed_player_of_the_gold():
    st = play_until(inkwell(["Ann", "Bob"], steps=6), main_decision)
    seat = st.decision().seat
    st.crossed = 1  # the Abbot has just passed arrow I: a forced Turn
    st._decided = False
    def turn_line(lines):  # the "Turn now" line with what wraps onto the next
        i = lines.index(line_with(lines, "Turn now"))
        return " ".join(" ".join(lines[i:i + 2]).split())

    async with Board() as board:
        assert "(forced: no gold bonus)" in turn_line(await board.text(st.view(seat)))
        st.players[seat].under.append([20, "up"])  # Abbot's Blessing, from an earlier page
        st._decided = False
        blessed = turn_line(await board.text(st.view(seat)))
    assert "(forced: + gold bonus of 1 gold cube)" in blessed and "no gold bonus" not in blessed


async def test_solo_shows_the_rival():
    st = play_until(inkwell(["Ann"]), lambda s: s.rival_score > 0, how="first")
    view = st.view(0)
    lines = await board_text(view, seats=["Ann"])
    assert f"Rival {st.rival_score}pt" in " ".join(line_with(lines[:4], "Rival").split())
    wide = await board_text(view, seats=["Ann"], size=(76, 90), wide=True)
    row = line_with(section(wide, "Player", "Bag "), "Rival")
    assert row.split()[:3] == ["Rival", str(st.rival_score), view["rival"]["label"]]
    assert f"Rival ({view['rival']['label']}): {st.rival_score} points" in "\n".join(wide)


async def test_board_shows_the_page_of_whoever_is_to_choose():
    """During another seat's turn the board draws that seat's page (what the log is
    narrating), and the viewer's own once it is theirs again."""
    st = play_until(inkwell(["Ann", "Bob"], steps=10), lambda s: main_decision(s) and s.decision().seat == 1)
    async with Board() as b:  # one board, drawn again as the turn comes back
        lines = await b.text(st.view(0))
        bob, ann = st.summary()["players"][1], st.summary()["players"][0]
        assert f"Page: Bob {bob['page']['id']}" in line_with(lines, "Page: Bob")
        others = section(lines, "Players", "Pages to choose")
        assert f"Page: Ann {ann['page']['id']}" in line_with(others, "Page: Ann")
        st = play_until(st, lambda s: main_decision(s) and s.decision().seat == 0)
        lines = await b.text(st.view(0))
        assert "Page: Ann" in lines[lines.index(line_with(lines, "Page: ")) ]


async def test_wide_board_adds_detail_and_fits():
    st = play_until(inkwell(["Ann", "Bob", "Cy"], steps=20), main_decision)
    view = st.view(st.decision().seat)
    narrow = await board_text(view, seats=st.seats, size=(46, 90))
    wide = await board_text(view, seats=st.seats, size=(76, 90), wide=True)
    # The mat in rings inside the track: the star at the heart, a row of its own.
    assert "Abbot on" in " ".join(wide) and "Abbot on" not in " ".join(narrow)
    star = line_with(wide, "☆ S1")
    assert star.strip("│ ").startswith("☆ S1") and "○" not in star and "◊" not in star
    assert "illustrations" in line_with(wide, "Turn now")
    assert "illus" in line_with(narrow, "Turn now")


async def test_a_choice_redraws_only_the_parts_whose_data_changed():
    """Every choice brings a new view, but a part is drawn again only when what it
    shows changed: a cube placed redraws the page and the standing, not the mat, the
    supply, the displays or the key; a highlight moving among the bottles redraws the
    mat and the page only."""
    from inkterm.widgets.inkwell.common import InkPart

    st = play_until(inkwell(["Ann", "Bob"], steps=4),
                    lambda s: any(k.startswith("place:") for k in s.decision().keys) and s.stage != "start"
                    and sum(s.summary()["hand"].values()) >= 2)  # not the last cube: no refill
    async with Board(size=(76, 90), wide=True) as b:
        board = b.app.query_one(InkwellBoard)
        drawn: list[str] = []
        for part in board.query(InkPart):
            def counted(*a, _part=part, _draw=part.draw):
                drawn.append(type(_part).__name__)
                return _draw(*a)
            part.draw = counted
        await b.text(st.view(st.decision().seat))
        assert set(drawn) == {p.__name__ for p in InkwellBoard.PARTS}  # the first drawing: all
        drawn.clear()
        await b.text(st.view(st.decision().seat))  # the same facts in a new view: nothing
        assert drawn == []
        key = next(k for k in st.decision().keys if k.startswith("place:"))
        st.apply(key)
        await b.text(st.view(st.decision().seat))
        assert {"PageView", "PlayersView"} <= set(drawn), drawn
        assert not {"MatView", "SupplyView", "DisplayView", "LegendView"} & set(drawn), drawn
        st = play_until(st, lambda s: len(takes(s)) >= 3)
        view = st.view(st.decision().seat)
        await b.text(view, takes(st)[0].touches)
        drawn.clear()
        await b.text(view, takes(st)[1].touches)
        assert sorted(drawn) == ["MatView", "PageView"], drawn


async def test_no_color_keeps_every_signal(monkeypatch):
    st = play_until(inkwell(["Ann", "Bob"], steps=12), main_decision)
    d = st.decision()
    take = next(c for c in d.choices if c.key.startswith("take:"))
    monkeypatch.setenv("NO_COLOR", "1")
    app = BoardApp(st.seats)
    assert app.no_color
    async with app.run_test(size=(60, 90)) as pilot:
        board = app.query_one(InkwellBoard)
        board.show(st.view(d.seat), frozenset(take.touches))
        await pilot.pause()
        for colour in screen_colours(app):
            r, g, b = colour[1:3], colour[3:5], colour[5:7]
            assert r == g == b, colour
        lines = screen_lines(app)
    assert "▶" in line_with(lines, f" {take.key.split(':')[1]} ")
    assert any(c[0] == "+" for c in page_cells(lines).values())
    assert any(L in "".join(lines) for L in COLOURS)


# --------------------------------------------------------------------------- the app
async def test_whole_game_by_keys_at_80x24():
    """Ann presses 1 every time against a bot: sides, takes, placements, page choices,
    Turns, to the end. The board never needs horizontal room it does not have. (The
    quick bot: what it plays is not what is checked.)"""
    st = new_game("inkwell", ["Ann", "easy"], seed=3)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    seen = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for n in range(300):
            if isinstance(app.screen, GameOverScreen):
                break
            assert isinstance(app.screen, GameScreen)  # one human: never a hand-off
            board = app.screen.query_one(InkwellBoard)
            assert board.virtual_size.width <= board.size.width
            if n % 8 == 0:  # a full screen capture is slow: now and then
                text = "\n".join(screen_lines(app))
                assert "Ann:" in text and "Abbot " in text  # the prompt and the strip
                # the part of the board the decision concerns
                assert "Page: Ann" in text or "Pages to choose" in text or "Desk " in text
            seen.add(st.decision().keys[0].split(":")[0])
            await pilot.press("1")
        assert isinstance(app.screen, GameOverScreen)
        assert st.is_over and st.players[0].finished
        assert {"side", "take", "place", "turn"} <= seen
        text = "\n".join(screen_lines(app))
        assert "Game over" in text and f"{st.seats[st.ranking()[0]]} wins" in text


async def test_solo_game_over_names_the_rival_and_the_board_keeps_its_score():
    """You presses 1 at every decision of seed 4 and loses to the Rival: the board's
    Rival score is the engine's, its unscored pile shown beside it, all game long; the
    game-over screen ranks the Rival first with its score and how it was made."""
    st = new_game("inkwell", ["You"], seed=4)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seen = set()
        for _ in range(200):
            if isinstance(app.screen, GameOverScreen):
                break
            if "turn" in st.decision().keys:  # a main decision: the board shows the top
                pile = sum(st.rival_pile)
                row = " ".join(line_with(screen_lines(app), " Rival ").split())
                assert f"Rival {st.rival_score}pt" in row
                assert (f"pile {pile} " in row) == bool(pile), row
                seen.add(st.rival_score)
            await pilot.press("1")
        assert len(seen) >= 3  # checked before and after arrows the Rival scored at
        assert isinstance(app.screen, GameOverScreen) and st.is_over
        await pilot.resize_terminal(80, 50)  # the whole breakdown, no scrolling
        await pilot.pause()
        lines = screen_lines(app)
    you, rival = st.players[0].score, st.rival_score
    assert rival > you
    assert f"Game over — the Rival wins by {rival - you}" in line_with(lines, "Game over")
    assert line_with(lines, "1st").split()[-3:] == ["the", "Rival", str(rival)]
    assert line_with(lines, "2nd").split()[-2:] == ["You", str(you)]
    assert line_with(lines, "Scored at arrow I").split()[-1] == str(st.rival_log[0][1])


async def test_clicks_on_the_board_pick_choices():
    """A click on a bottle highlights its Take; a second click takes it. Then a click
    on a space highlights the placement there."""
    st = at_anns_take(["Ann", "bot"], 14)
    app = InktermApp(start=("state", st, None), bot_delay=0)

    def where(text):
        for y, line in enumerate(screen_lines(app)):
            x = line.find(text)
            if x >= 0:
                return x, y
        raise AssertionError(f"{text!r} is not on screen")

    async with app.run_test(size=(100, 40)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        game = app.screen
        take = takes(st)[-1]
        bid = take.key.split(":")[1]
        shape = {"star": "☆", "circle": "○", "diamond": "◊"}[st.shape[bid]]
        await pilot.click(offset=where(f"{shape} {bottle_name(bid, st.shape[bid])}"))
        await pilot.pause()
        assert game.query_one("#menu").current.key == take.key
        assert st.record.choices[-1] != take.key
        await pilot.click(offset=where(f"{shape} {bottle_name(bid, st.shape[bid])}"))
        await pilot.pause()
        assert st.record.choices[-1] == take.key
        d = st.decision()
        target = d.choices[1]
        sid = target.key.split(":")[1]
        assert target.key.startswith("place:") and sid[0] in "ABC", d
        lines = screen_lines(app)
        y = next(i for i, l in enumerate(lines) if re.match(rf"\s*(?:illus )?{sid[0]} \d+pt", l))
        # the space's number, whatever marks the row's edge before it (a space, or the
        # cursor's bar when it is the first)
        m = re.search(rf"(?<![0-9]){sid[1:]}·", lines[y][lines[y].index("pt") + 2:])
        x = lines[y].index("pt") + 2 + m.start()
        await pilot.click(offset=(x, y))
        await pilot.pause()
        assert game.query_one("#menu").current.key == target.key
        assert len(st.record.choices) == 1 + len(at_anns_take(["Ann", "bot"], 14).record.choices)


async def test_resize_between_sizes_keeps_the_layout():
    st = inkwell(["Ann", "bot", "bot", "bot", "bot"], steps=0)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        board = app.screen.query_one(InkwellBoard)
        assert "Abbot on" in "\n".join(screen_lines(app))  # the mat in its track
        for size in ((80, 24), (120, 40), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            assert board.virtual_size.width <= board.size.width
        assert "Abbot on" not in "\n".join(screen_lines(app))


@pytest.mark.parametrize("seats, steps, pick_seed", [
    (["Ann"], 14, 1), (["Ann", "bot", "bot"], 30, 1), (["Ann", "bot", "bot", "bot", "bot"], 40, 2)])
async def test_120x40_shows_the_whole_table_without_scrolling(seats, steps, pick_seed):
    """Solo, 3 and 5 seats at 120×40: the mat, the page, the desk, every seat, the
    others' pages, the supply and the displays all on screen at once (only the key
    may run below)."""
    from inkterm.widgets.inkwell.common import InkPart
    from inkterm.widgets.inkwell.panels import LegendView

    st = at_anns_take(seats, steps, pick_seed)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await _settle(pilot)
        board = app.screen.query_one(InkwellBoard)
        body = board.query_one("#inkwell-body")
        assert board.whole and body.scroll_y == 0
        room = body.scrollable_content_region.height
        for part in board.query(InkPart):
            if part.display and not isinstance(part, LegendView):
                assert part.virtual_region.bottom <= room, (type(part).__name__, part.virtual_region, room)
        text = "\n".join(screen_lines(app))
        view = st.view(0)
        assert "Abbot on" in text and "Page: Ann" in text and "Techniques:" in text
        for s, p in enumerate(view["players"]):
            if s and p["page"]:
                assert f"{p['name']} {p['page']['id']} {p['page']['name']}" in text
        assert ("Rival" in text) == (len(seats) == 1)


async def test_80x24_keeps_the_standing_in_sight_in_every_view():
    """At 80×24, whichever view `v` brings: the Abbot and the steps to the next arrow,
    the gold left and every seat's points, page, Turns and first player stay on screen;
    the views come in turn and back to the mat."""
    st = at_anns_take(["Ann", "bot", "bot"], 30)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        view = st.view(0)
        a, end, k = view["abbot"], view["end_space"], view["arrows_crossed"]
        heads = []
        for n in range(6):
            lines = screen_lines(app)
            strip = line_with(lines, f"Abbot {a}/{end}:")
            assert f"arrow {('I', 'II', 'III')[k]}" in strip and f"gold ★{view['gold']}" in strip
            top = lines.index(strip)
            for i, p in enumerate(view["players"]):
                row = " ".join(lines[top + 1 + i].split())
                assert f"{p['name']} {' '.join(strip_cells(p))}" in row, row
                if i == view["first_player"]:
                    assert "⚑" in row
            heads.append(next(h for h in ("☆ S1", "Players", "Desk ", "Pages to choose", "Key ")
                              if any(h in line for line in lines)))
            await pilot.press("v")
            await pilot.pause()
        assert heads == ["☆ S1", "Desk ", "Players", "Pages to choose", "Key ", "☆ S1"]


async def test_80x24_dims_the_bottles_the_menu_does_not_offer():
    st = play_until(inkwell(["Ann", "bot"], steps=20),
                    lambda s: s.decision().seat == 0 and main_decision(s)
                    and any(b["why_not"] for b in s.summary()["mat"] if b["active"]))
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        lines = screen_lines(app)
        menu = app.screen.query_one("#menu")
        offered = {c.key[5:] for c in menu.choices if c.key.startswith("take:")}
        for b in st.summary()["mat"]:
            if not b["active"]:
                continue
            row = line_with(lines, f"{SHAPES[b['shape']]} {b['name']} ")
            assert bool(b["why_not"]) == (b["id"] not in offered)
            if b["why_not"]:  # why, beside it or on the mat's line for that reason
                why = line_with(lines, "✗ ", f"{short_reason(b['why_not'])}")
                assert short_reason(b["why_not"]) in row or re.search(rf"✗ .*\b{b['name']}\b.*:", why), (row, why)


async def test_a_bots_turn_shows_the_bots_page_then_yours():
    st = play_until(inkwell(["Ann", "bot"], steps=10), lambda s: main_decision(s) and s.decision().seat == 1)
    app = InktermApp(start=("state", st, None), bot_delay=60)  # the bot waits: look first
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bot_page = st.players[1].page
        assert f"Page: bot {bot_page}" in "\n".join(screen_lines(app))
        app.bot_delay = 0
        app.screen.bot_step()  # the bot plays its turn; Ann is next
        await _settle(pilot)
        assert st.decision().seat == 0
        assert f"Page: Ann {st.players[0].page}" in "\n".join(screen_lines(app))


async def test_solo_never_speaks_of_secrets():
    st = new_game("inkwell", ["You"], seed=2)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        text = "\n".join(screen_lines(app))
        assert "choose a side of your" in text and "secret" not in text
        assert "Desk " in text  # the side choice brings the desk forward


async def test_page_choice_brings_the_pages_on_offer_forward():
    st = play_until(inkwell(["Ann", "bot"], steps=8),
                    lambda s: s.decision().seat == 0 and s.decision().keys[0].startswith("page:"),
                    how="first")
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        lines = screen_lines(app)
        pid = st.decision().keys[0][5:]
        assert "Pages to choose" in "\n".join(lines)
        assert f"▶{pid} " in "\n".join(lines)


async def test_wide_but_short_keeps_the_mat_as_a_list_under_the_strip():
    """120×30: wide enough for detail, too short for the rings and the page at once."""
    st = at_anns_take(["Ann", "bot", "bot"], 30)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    async with app.run_test(size=(120, 30)) as pilot:
        await _settle(pilot)
        text = "\n".join(screen_lines(app))
        assert "Abbot on" not in text and f"Abbot {st.abbot}/{st.end}:" in text
        assert "Page: Ann" in text and "☆ S1" in text


# --------------------------------------------------------------------------- screenshots
async def _settle(pilot):
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def at_anns_take(seats, steps, pick_seed=1):
    """A game opened where Ann (seat 0) is to Take or Turn, so no bot moves before
    the screenshot: it shows the rules and the widgets, not a bot's taste."""
    st = inkwell(seats, steps=steps, pick_seed=pick_seed)
    return play_until(st, lambda s: s.decision().seat == 0 and "turn" in s.decision().keys
                      and len(takes(s)) >= 3, pick_seed=pick_seed)


def snap_game(snap_compare, seats, steps, size, press=(), pick_seed=1):
    st = at_anns_take(seats, steps, pick_seed)
    app = InktermApp(start=("state", st, None), bot_delay=0)
    return snap_compare(app, press=list(press), terminal_size=size, run_before=_settle)


def test_snapshot_2p_80x24(snap_compare):
    # The third choice highlighted: its bottle, and + where its cubes could go.
    assert snap_game(snap_compare, ["Ann", "bot"], 14, (80, 24), press=["down", "down"])


def test_snapshot_2p_120x40(snap_compare):
    assert snap_game(snap_compare, ["Ann", "bot"], 14, (120, 40), press=["down", "down"])


def test_snapshot_5p_80x24(snap_compare):
    assert snap_game(snap_compare, ["Ann", "bot", "bot", "bot", "bot"], 40, (80, 24), pick_seed=2)


def test_snapshot_5p_120x40(snap_compare):
    assert snap_game(snap_compare, ["Ann", "bot", "bot", "bot", "bot"], 40, (120, 40),
                     press=["down"], pick_seed=2)


def test_snapshot_3p_120x40(snap_compare):
    # The whole table at once with three seats (it scrolled before).
    assert snap_game(snap_compare, ["Ann", "bot", "bot"], 30, (120, 40), press=["down"])


def test_snapshot_solo_80x24(snap_compare):
    assert snap_game(snap_compare, ["Ann"], 14, (80, 24), press=["down"])


def test_snapshot_solo_120x40(snap_compare):
    assert snap_game(snap_compare, ["Ann"], 14, (120, 40), press=["down"])


@pytest.mark.parametrize("views", [1, 2, 3, 4])
def test_snapshot_3p_80x24_each_view(snap_compare, views):
    # v once: the desk; twice: the players; three times: the pages on offer; four: the key.
    assert snap_game(snap_compare, ["Ann", "bot", "bot"], 30, (80, 24), press=["v"] * views)
