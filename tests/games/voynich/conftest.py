import pytest


def pytest_collection_modifyitems(config, items):
    """The 300-game sweep runs only when asked for (``-m slow``)."""
    if "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="slow sweep: run with -m slow")
    for item in items:
        if "voynich" in str(item.fspath) and "slow" in item.keywords:
            item.add_marker(skip)
