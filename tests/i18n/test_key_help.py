"""The keys' words in the player's language: ``inkterm keys`` (which keys can be
rebound)."""
from __future__ import annotations

import re

import pytest

from inkterm import cli


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_inkterm_keys_in_the_language(lang, capsys):
    assert cli.main(["--lang", lang, "keys"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "TOML" in lines[0] and not re.search(r"Keys you can", lines[0])
    rows = [line.split(None, 2) for line in lines[2:] if line.strip()]
    assert rows
    # Every key's words are translated ("+10" is the same in every language).
    assert [row for row in rows if re.search(r"[A-Za-z]{2,}", row[2])] == []
