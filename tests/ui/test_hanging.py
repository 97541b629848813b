"""A line whose wrapped lines go on under its body (widgets/hanging.py)."""
from rich.console import Console, Group
from rich.text import Text

from inkterm.widgets.hanging import Hanging, indented
from inkterm.widgets.plain import plain


def _lines(renderable, width: int) -> list[str]:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return [line.rstrip() for line in console.export_text().rstrip("\n").split("\n")]


def test_wrapped_lines_go_on_under_the_body_not_at_the_edge():
    line = Hanging(Text("Botany 2  "), Text("a leaf onto Botany or a drop onto a root"))
    assert _lines(line, 31) == ["Botany 2  a leaf onto Botany or", "          a drop onto a root"]
    assert _lines(indented(Text("needs one token in a group"), 4), 16) == [
        "    needs one", "    token in a", "    group"]
    assert _lines(line, 80) == ["Botany 2  a leaf onto Botany or a drop onto a root"]  # fits: one line


def test_double_width_text_wraps_by_cells_under_its_body():
    line = Hanging(Text("植物 2 "), Text("一片叶子放到植物区或一滴水放到根上"))
    shown = _lines(line, 20)
    assert shown[0].startswith("植物 2 ") and all(s.startswith(" " * 7) for s in shown[1:])
    assert len(shown) > 1


def test_a_hidden_character_in_a_hanging_line_is_shown_as_a_picture():
    safe = plain(Group(Hanging(Text("Ann "), Text("says \x1b[31mhi"))))
    assert "\x1b" not in "".join(str(r) for r in safe.renderables)
    assert "␛" in str(safe.renderables[0])


def test_a_heads_style_stays_on_the_head():
    """A dim ``R3 `` dims only itself: the body it heads is drawn in its own style."""
    first = Hanging(Text("R3 ", style="dim"), Text("Ann opens Botany")).lines(Console(), 40)[0]
    assert first.style == "" and first.get_style_at_offset(Console(), 0).dim
    assert not first.get_style_at_offset(Console(), 3).dim


def test_a_line_hangs_after_its_label_when_the_label_is_short():
    from inkterm.widgets.hanging import after_label

    step = after_label(Text("ステップ 2 ●●○○：さらに植物学に葉。得点 ×1。"), 20)
    assert isinstance(step, Hanging) and step.head.plain == "ステップ 2 ●●○○："
    assert after_label(Text("Ann: Fresh Ink"), 20).head.plain == "Ann: "
    prose = Text("Holds 2 red (R×2).")
    assert after_label(prose, 20) is prose  # no label: wraps as prose
    long = Text("Beside it lies the technique Fresh Ink, taken with the cubes: text")
    assert after_label(long, 20) is long  # a label this long would leave a sliver
    assert isinstance(after_label(Text("Ann: "), 20), Text)  # nothing after it
    assert after_label(Text("12:30 is not a label"), 20).plain == "12:30 is not a label"


def test_a_wide_head_may_set_the_continuation_in_by_less():
    """A Japanese round's label in a narrow log: the words go on two cells in rather
    than in a sliver under them; where the log is wide, under them."""
    said = Text("botが 1 OK を得る（4 行目のテキスト）、さらに 2 OK を得る")
    line = Hanging(Text("第2ラウンド "), said, wide_head_indent=2)
    narrow = _lines(line, 29)
    assert narrow[0].startswith("第2ラウンド bot") and len(narrow) > 1
    assert all(s.startswith("  ") and s[2] != " " for s in narrow[1:]), narrow
    assert "".join(s.strip() for s in [narrow[0][len("第2ラウンド "):], *narrow[1:]]).replace(" ", "") == \
        said.plain.replace(" ", "")
    wide = _lines(line, 50)
    assert len(wide) > 1 and all(s.startswith(" " * 12) and s[12] != " " for s in wide[1:]), wide
    assert _lines(indented(line, 2), 29)[1].startswith("    ") and _lines(indented(line, 2), 29)[1][4] != " "
