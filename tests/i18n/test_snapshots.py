"""Pictures of the title and setup screens in Chinese and Japanese (80×24), as the
shell's own snapshots are taken (tests/ui/test_shell_snapshots.py). Update after an
intended change with ``pytest tests/i18n/test_snapshots.py --snapshot-update`` and look
at the report before committing the new SVGs."""
from __future__ import annotations

import pytest

from .screens import app_in, open_screen


def run_before(screen: str):
    async def run(pilot):
        await open_screen(pilot, screen)

    return run


@pytest.mark.parametrize("lang", ["zh", "ja"])
@pytest.mark.parametrize("screen", ["title", "setup"])
def test_screen_in_the_language(snap_compare, screen, lang):
    assert snap_compare(app_in(lang), run_before=run_before(screen))
