"""Chinese and Japanese wrap between characters, with kinsoku: no line starts with a
closing mark or small kana, none ends with an opening bracket, nothing is cut mid
character, no line is wider than its width, Latin words stay whole; English wraps
exactly as Rich wraps it. Through Rich's Text.wrap and Textual's Content alike."""
from __future__ import annotations

import random
import re

import pytest
import rich.text
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.app import App, ComposeResult
from textual.content import Content
from textual.geometry import Region

from inkterm.widgets.line_breaks import _rich_divide_line, divide_line
from inkterm.widgets.plain import Plain

#: Marks no line may start with, and brackets no line may end with (kinsoku shori).
NO_START = set("、。，．・：；？！）」』】〉》〕］｝”’ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々…")
NO_END = set("（「『【〈《〔［｛“‘")
HAN = "窑炉瓷器烧制市场出售玩家获得回合需要然后把它放到牌桌离开了的一个"
KANA = "ここはいとちょこれーとっしゃきゅうのページをめくるカードチョコレート"
LATIN = ["Ann", "Cy", "bot", "OK", "Zoltan", "taro"]


def a_text(rng: random.Random) -> str:
    """A seeded sentence of Han, kana, Latin names, numbers and punctuation, as the
    games' texts are: brackets around words, marks after them."""
    out: list[str] = []
    for _ in range(rng.randint(3, 14)):
        kind = rng.random()
        if kind < 0.5:
            out.append("".join(rng.choice(HAN + KANA) for _ in range(rng.randint(1, 6))))
        elif kind < 0.65:
            word = rng.choice(LATIN)
            out.append(f" {word} " if rng.random() < 0.5 else word)
        elif kind < 0.75:
            out.append(str(rng.randint(1, 120)))
        elif kind < 0.9:
            open_, close = rng.choice(["（）", "「」", "『』", "【】", "《》", "“”"])
            out.append(open_ + "".join(rng.choice(HAN + KANA) for _ in range(rng.randint(1, 4))) + close)
        else:
            out.append(rng.choice("、。，！？：；・…"))
    for i in range(1, len(out)):  # Latin words and numbers apart, as written
        if out[i - 1][-1:].isascii() and out[i - 1][-1:].isalnum() and out[i][:1].isascii():
            out[i] = " " + out[i]
    return "".join(out).strip()


def lines_of(text: str, width: int) -> list[str]:
    """``text`` wrapped at ``width`` as a Plain shows it (Textual's Content)."""
    return [line.plain.rstrip() for line in Content(text).wrap(width)]


CASES = [(seed, width) for seed in range(40) for width in (12, 17, 20, 31, 40)]


@pytest.mark.parametrize("seed,width", CASES)
def test_kinsoku_widths_and_whole_words(seed, width):
    text = a_text(random.Random(seed))
    for lines in (lines_of(text, width), [t.plain.rstrip() for t in Text(text).wrap(Console(), width)]):
        assert "".join(lines).replace(" ", "") == text.replace(" ", ""), "nothing lost or cut"
        for i, line in enumerate(lines):
            assert cell_len(line) <= width, (line, width)
            if i:
                assert line[:1] not in NO_START, (text, width, lines)
            if i < len(lines) - 1:
                assert line[-1:] not in NO_END, (text, width, lines)
        joined = "\n".join(lines)
        for word in LATIN:
            if word in text:
                assert word in joined, (word, lines)


def test_cjk_breaks_between_characters():
    """A run of Chinese without a space fills the line instead of moving whole to the
    next one, and the line never starts with its full stop."""
    text = "玩家Ann获得了3分！然后把它放到市场上出售。"
    lines = [t.plain for t in Text(text).wrap(Console(), 10)]
    assert lines == ["玩家Ann获", "得了3分！", "然后把它放", "到市场上出", "售。"]
    lines = [t.plain for t in Text("彼はカードをめくった。「ここ」と言った。").wrap(Console(), 12)]
    assert all(line[0] not in NO_START for line in lines[1:]) and all(line[-1] not in NO_END for line in lines)
    assert "ー" not in (line[0] for line in Text("チョコレートのカードをめくる").wrap(Console(), 10))


@pytest.mark.parametrize("text", [
    "Fire the oven when three wares wait; the market buys what the season wants.",
    "A word-with-hyphens and a path/like/this — and an ellipsis… café naïve ×3 → ◆",
    "   leading spaces and a verylongwordthatmustbefoldedbecauseitisover the width",
    "tabs\tand  double  spaces ",
])
@pytest.mark.parametrize("width", [1, 5, 9, 16, 33, 80])
def test_english_wraps_as_rich_does(text, width):
    assert divide_line(text, width) == _rich_divide_line(text, width)
    assert divide_line(text, width, fold=False) == _rich_divide_line(text, width, fold=False)


@pytest.mark.parametrize("width", range(6, 41))
def test_no_line_breaks_at_a_no_break_space(width):
    """Words joined by a no-break space stay on one line wherever the wrap falls
    (Rich's own wrap breaks there as at any space), in English and in Chinese; only a
    glued run wider than the whole line is folded, as a long word is."""
    for text in ("Refill: S1+R, O1=R\u00a0Y\u00a0G, O2+K×2\u00a0B, D1+★. Bot places red on margin\u00a01.",
                 "补充：S1+R、O1=R\u00a0Y\u00a0G、O2+K×2\u00a0B。机器人把红色放在页边\u00a01。"):
        for lines in (lines_of(text, width), [t.plain for t in Text(text).wrap(Console(), width)]):
            def bare(t: str) -> str:
                return re.sub(r"\s", "", t)  # a fold may end a line at a glue space

            assert bare("".join(lines)) == bare(text), "nothing lost or cut"
            for glued in re.findall(r"\S*\u00a0\S*(?:\u00a0\S*)*", text):
                if cell_len(glued.rstrip(",.、。")) <= width:
                    assert any(glued.rstrip(",.、。") in line for line in lines), (glued, width, lines)


def test_rich_and_textual_wrap_through_it():
    """Both look the divider up where install() put it (a release that wraps some other
    way fails here rather than silently wrapping CJK by runs again)."""
    import textual.content

    assert rich.text.divide_line is divide_line  # type: ignore[attr-defined]
    assert textual.content.divide_line is divide_line  # type: ignore[attr-defined]


class _OnePlain(App):
    def compose(self) -> ComposeResult:
        yield Plain("在窑里烧制瓷器（需要三个回合），然后把它放到市场上出售。", id="p")


async def test_a_plain_widget_wraps_with_kinsoku():
    app = _OnePlain()
    async with app.run_test(size=(13, 8)) as pilot:
        await pilot.pause()
        widget = app.query_one("#p", Plain)
        strips = widget.render_lines(Region(0, 0, widget.size.width, widget.size.height))
        lines = [s.text.rstrip() for s in strips if s.text.strip()]
        assert lines == ["在窑里烧制瓷", "器（需要三个", "回合），然后", "把它放到市场", "上出售。"]
