"""Plain mode's lines in Chinese and Japanese: wrapped by terminal cells (a wide
character takes two), never past the width, never a wide character cut in half and
nothing lost, whatever the mix of wide text, spaces and Latin words."""
from __future__ import annotations

import random
import re

import pytest
from rich.cells import cell_len

from inkterm.plain.lines import Lines, _pieces

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


def test_chinese_breaks_between_characters_not_inside_a_word():
    """A long Chinese sentence is broken between two characters, filling the line,
    never through a Latin word that fits one ("searc|h" before), and a line never
    begins with closing punctuation."""
    said = ("谁来玩？按座位顺序，用逗号分隔：玩家名字，或电脑玩家（bot、random、greedy、search）。"
            "直接按 Enter：guest2 对一个电脑玩家。" * 3)
    for width in range(16, 81, 7):
        out = Lines(width=width).wrapped(said)
        words = [w for line in out for w in re.findall(r"[A-Za-z0-9]+", line)]
        assert set(words) <= {"bot", "random", "greedy", "search", "Enter", "guest2"}, out
        assert not any(line[:1] in "、。，：）" for line in out), out
        # Each line is full: the next line's first piece (after the space broken at, if
        # any) would not have fitted on it.
        assert all(cell_len(a) + 1 + cell_len(_pieces(b)[0]) > width for a, b in zip(out, out[1:])), out
