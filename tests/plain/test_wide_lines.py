"""Plain mode's lines in Chinese and Japanese: wrapped by terminal cells (a wide
character takes two), never past the width, never a wide character cut in half and
nothing lost, whatever the mix of wide text, spaces and Latin words."""
from __future__ import annotations

import random

import pytest
from rich.cells import cell_len

from inkterm.plain.lines import Lines

PIECES = ["强度", "的主要行动", "（2）", "abc", "xyzw", "你", "、", "。", "2 颗", " ", " ", "「规则」",
          "ﾊﾝｶｸ", "見開きを開く", "😀", "长长长长长长长长长长长长长长长长长长长长长长"]


@pytest.mark.parametrize("width", [12, 21, 80])
def test_wide_text_wraps_whole_within_the_width(width):
    rng = random.Random(width)
    lines = Lines(width=width)
    for _ in range(400):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 40)))
        for indent in (0, 3):
            out = lines.wrapped(text, indent)
            assert all(cell_len(line) <= width for line in out), out
            assert "".join(out).replace(" ", "") == text.replace(" ", ""), (text, out)
