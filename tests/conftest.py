"""Shared test settings.

Tests marked ``slow`` (the big seeded sweeps of Inkwell and Voynich) run when
``INKTERM_SLOW=1`` is set — ``make test`` and CI set it — or with ``-m slow``; a
plain ``pytest`` skips them for a quick run while developing."""
import os
import sys
from pathlib import Path

import pytest

from inkterm.engine.registry import register_package

# The toy game joins the registry the way every game package does, for every test
# (the conformance suite and the UI tests play it).
sys.path.insert(0, str(Path(__file__).parent / "ui"))
register_package("toy_game")


def pytest_collection_modifyitems(config, items):
    if os.environ.get("INKTERM_SLOW") == "1" or "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="slow sweep: set INKTERM_SLOW=1 (make test does) or use -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
