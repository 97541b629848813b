import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import toy_game  # noqa: E402,F401  (registers the "toy" game)


@pytest.fixture(autouse=True)
def inkterm_home(tmp_path, monkeypatch):
    """Every UI test gets its own empty save directory."""
    monkeypatch.setenv("INKTERM_HOME", str(tmp_path / "home"))
    return tmp_path / "home"
