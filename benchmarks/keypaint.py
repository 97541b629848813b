"""Key press → repaint on a game screen ÷ the same on a bare Textual app: the Kiln
and Inkwell screens at 80×24, and the Voynich board at 120×40 (the busiest screen: the
whole board at once, mid-game).

Both apps run headless in this process at the same size. Each sample presses ↓ or ↑ (which
moves the highlight: on the game screen that re-renders the hint and the board's
highlight) and waits until the app has processed the key and refreshed. Samples
alternate between the two apps; the ratio of the medians is reported.
"""
from __future__ import annotations

import asyncio
import statistics
import time


def bare_app():
    from textual.app import App, ComposeResult
    from textual.widgets import OptionList

    class Bare(App):
        def compose(self) -> ComposeResult:
            yield OptionList(*[f"Option {i}" for i in range(10)])

    return Bare()


def kiln_app():
    from inkterm.app import InktermApp

    return InktermApp(start=("play", "kiln", ["Ann", "bot"], 7), bot_delay=0)


def voynich_app():
    """Mid-game, on a decision of several choices for the human seat."""
    from inkterm.app import InktermApp
    from inkterm.bots import make_bot
    from inkterm.engine import new_game

    st = new_game("voynich", ["Ann", "bot"], seed=3)
    bot = make_bot("random", seed=1)
    while not (len(st.record.choices) > 120 and st.decision().seat == 0 and len(st.decision().choices) > 2):
        st.apply(bot.choose(st))
    return InktermApp(start=("state", st, None), bot_delay=0)


def inkwell_app():
    """Ann at a Take or Turn with several bottles on offer: each key moves the
    highlight to another bottle, which redraws the mat and the page's room marks."""
    from inkterm.app import InktermApp
    from inkterm.engine import new_game

    st = new_game("inkwell", ["Ann", "bot"], seed=7)
    while True:
        d = st.decision()
        if d.seat == 0 and sum(k.startswith("take:") for k in d.keys) >= 3:
            break
        st.apply(d.keys[0])
    return InktermApp(start=("state", st, None), bot_delay=0)


async def _samples(app, n: int, out: list[float], ready: asyncio.Event, turn: asyncio.Queue,
                   done: asyncio.Queue, size: tuple[int, int]) -> None:
    async with app.run_test(size=size) as pilot:
        await pilot.pause(0.2)
        ready.set()
        for i in range(n):
            await turn.get()
            start = time.perf_counter()
            await pilot.press("down" if i % 2 == 0 else "up")
            await pilot.pause()
            out.append(time.perf_counter() - start)
            await done.put(None)


async def _measure(n: int, make_app=kiln_app, size: tuple[int, int] = (80, 24)) -> tuple[float, float]:
    a_times: list[float] = []
    b_times: list[float] = []
    qa, qb, da, db = asyncio.Queue(), asyncio.Queue(), asyncio.Queue(), asyncio.Queue()
    ra, rb = asyncio.Event(), asyncio.Event()
    ta = asyncio.create_task(_samples(make_app(), n, a_times, ra, qa, da, size))
    tb = asyncio.create_task(_samples(bare_app(), n, b_times, rb, qb, db, size))
    await ra.wait()
    await rb.wait()
    for _ in range(n):  # strictly alternate, one sample at a time
        await qa.put(None)
        await da.get()
        await qb.put(None)
        await db.get()
    await asyncio.gather(ta, tb)
    return statistics.median(a_times), statistics.median(b_times)


def run(n: int = 40) -> list[dict]:
    from inkterm import i18n

    i18n.use(i18n.from_environment() or i18n.DEFAULT)  # LC_ALL=ja_JP.UTF-8: in Japanese
    rows = []
    for name, make_app, size in (("Kiln game screen, 80x24", kiln_app, (80, 24)),
                                 ("Inkwell game screen, 80x24", inkwell_app, (80, 24)),
                                 ("Voynich board, 120x40", voynich_app, (120, 40))):
        a, b = asyncio.run(_measure(n, make_app, size))
        r = a / b
        rows.append({"figure": f"key press -> repaint, {name} / bare app", "value": round(r, 2),
                     "goal": "<= 2", "ok": r <= 2})
    return rows


if __name__ == "__main__":
    for r in run():
        print(r)
