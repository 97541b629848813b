"""The 500-game sweep is marked slow: it runs with ``-m slow`` (or INKTERM_SLOW=1)
and is skipped otherwise, so the default Inkwell run stays well under a minute."""
import os
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    markexpr = config.getoption("-m", default="") or ""
    if "slow" in markexpr or os.environ.get("INKTERM_SLOW") == "1":
        return
    skip = pytest.mark.skip(reason="slow sweep: run with -m slow")
    for item in items:
        if "slow" in item.keywords and HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(skip)
