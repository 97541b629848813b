"""Shared test settings.

Seeded random tests (sweeps, the conformance suite) play new games each run from the
run's seed (``INKTERM_SEED``, printed in the header and under any failure; set it to
repeat a run), at the quick sizes, or at the nightly sizes with ``INKTERM_SLOW=1``
(see tests/seeds.py). Tests marked ``slow`` run only then, or with ``-m slow``."""
import functools
import gc
import os
import random
import sys
from pathlib import Path

import pytest

from inkterm.engine.registry import register_package

from .seeds import SEED_VARIABLE, SLOW, TABLE_BOT_ITERATIONS
from .slow_first import slow_first

# --cpu-durations=N: the tests that cost the most CPU (tests/cpu_durations.py).
pytest_plugins = ["tests.cpu_durations"]

# The nightly sizes play whole games where a plain run plays a stretch: a longer limit
# per test than pyproject's (pytest-timeout reads it before the ini file's).
if SLOW:
    os.environ.setdefault("PYTEST_TIMEOUT", "1800")

# The collector's full passes less often (every ~50 million allocations, not ~70
# thousand): a test process keeps many long-lived objects (every
# module a test imports, Textual's caches, games kept for comparison), and walking all
# of them at every full pass was a quarter of a Pilot test's CPU. Cycles are still
# found, by the young generations' passes and the full ones; a worker's memory peak
# grows by about half (156 -> 234 MB over two UI files). Tests that count live objects
# call gc.collect() themselves.
gc.set_threshold(10_000, 50, 100)

# The toy game joins the registry the way every game package does, for every test
# (the conformance suite and the UI tests play it).
sys.path.insert(0, str(Path(__file__).parent / "ui"))
register_package("toy_game")


def pytest_configure(config):
    # Chosen once, before any worker starts: the workers inherit it with the environment.
    os.environ.setdefault(SEED_VARIABLE, str(random.SystemRandom().randrange(1, 1_000_000)))


def pytest_unconfigure(config):
    # After this, pytest looks for exceptions raised where nobody could catch them
    # (in __del__ and the like) by five full collections over the worker's heap: about
    # a CPU-second each by then, at the very end of the run. One collection here finds
    # them as well (the young cycles a test leaves); the rest of the heap is frozen, so
    # pytest's five passes walk only what is left.
    gc.collect()
    gc.freeze()


def pytest_report_header(config):
    return (f"inkterm: the random games of this run come from {SEED_VARIABLE}={os.environ[SEED_VARIABLE]}; "
            f"sizes {'nightly (INKTERM_SLOW=1)' if SLOW else 'quick (INKTERM_SLOW=1 for nightly)'}")


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if terminalreporter.stats.get("failed") or terminalreporter.stats.get("error"):
        terminalreporter.write_line(
            f"inkterm: repeat this run's random games with {SEED_VARIABLE}={os.environ[SEED_VARIABLE]}")


def pytest_collection_modifyitems(config, items):
    # Under xdist (each worker collects the same order): the costliest tests first.
    workers = getattr(config, "workerinput", {}).get("workercount")
    if workers:
        slow_first(items, workers)
    if SLOW or "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="slow: set INKTERM_SLOW=1 (the nightly run) or use -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """Every test starts in English whatever the machine's locale, and a test that
    switches the language (``inkterm --lang``, the title's setting) leaves none behind."""
    from inkterm import i18n

    for name in i18n.LOCALE_VARIABLES + ("LANGUAGE",):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    i18n.use(i18n.DEFAULT)
    yield
    i18n.use(i18n.DEFAULT)


@pytest.fixture(autouse=True)
def inkterm_home(tmp_path, monkeypatch):
    """Every test gets its own empty data directory (saves, keys, lessons' progress):
    no test reads or writes the user's, and tests running side by side share none."""
    monkeypatch.setenv("INKTERM_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture(autouse=True)
def quick_table_bots(monkeypatch):
    """In a plain run, a table manager given no bot limits caps its bots' search at a
    few iterations a move (the server's own setting, ``--bot-iterations``): the table
    tests check what a table does with a bot's choice, not how good it is, and whole
    games of full-budget moves took minutes. The nightly run (INKTERM_SLOW=1) keeps the
    server's default; the tests of the bots' budgets give their limits themselves."""
    if TABLE_BOT_ITERATIONS is None:
        return
    from inkterm.tables import manager
    from inkterm.tables.table_bots import BotLimits

    monkeypatch.setattr(manager, "BotLimits", functools.partial(BotLimits, iterations=TABLE_BOT_ITERATIONS))


@pytest.fixture(autouse=True)
def quick_local_bots(monkeypatch):
    """The same for a game at one keyboard (``TableDriver.local``: the app's games, the
    CLI's): a search bot seated by level (``bot``, ``normal``, ``hard``) searches as few
    iterations a move as a table's in a plain run. Its level and kind stay what the seat
    says; a test that needs its strength or its budget makes its bot itself
    (``make_bot``, ``SearchBot``), which this leaves alone; the nightly run seats the
    real ones."""
    if TABLE_BOT_ITERATIONS is None:
        return
    from inkterm import table_driver
    from inkterm.bots import SearchBot, make_bot

    def quick(spec: str, seed: int = 0):
        bot = make_bot(spec, seed=seed)
        if isinstance(bot, SearchBot) and bot.iterations is None:
            bot.iterations = TABLE_BOT_ITERATIONS
        return bot

    monkeypatch.setattr(table_driver, "make_bot", quick)


from .postgres import postgres, postgres_cluster  # noqa: E402,F401  (fixtures)
