import pytest


@pytest.fixture(autouse=True)
def inkterm_home(tmp_path, monkeypatch):
    """Every UI test gets its own empty save directory."""
    monkeypatch.setenv("INKTERM_HOME", str(tmp_path / "home"))
    return tmp_path / "home"
