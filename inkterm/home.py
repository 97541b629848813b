"""Where a player's inkterm keeps its files: ``$INKTERM_HOME`` if set (tests, per-user
SSH sessions), else the platform's user data directory. A leaf module (no inkterm
imports), so the app can read its settings before the engine is loaded."""
from __future__ import annotations

import os
from pathlib import Path


def home_dir() -> Path:
    home = os.environ.get("INKTERM_HOME")
    if home:
        return Path(home)
    from platformdirs import user_data_dir

    return Path(user_data_dir("inkterm", appauthor=False))
